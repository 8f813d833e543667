#!/usr/bin/env bash
# cli_list.sh BIN SRC - `puzzlebench list` shows every registered solver once
# with the flags of its registry line (solvers/registry.h), within 100 columns;
# `list PUZZLE` shows that puzzle alone.
set -u
bin=$1 src=$2
source "$src/tests/cli.sh"

"$bin" list >"$tmp/wrapped"
# Every line fits 100 columns, with or without a puzzle named.
for p in "" flip lightsout tetravex; do
    "$bin" list $p | awk 'length > 100 { print; bad = 1 } END { exit bad }' >"$tmp/wide" && ok ||
        bad "list $p has lines past 100 columns: $(cat "$tmp/wide")"
done
awk 'length > 99' "$tmp/wrapped" | grep -q . && ok || bad "list wraps nothing near 100 columns"
# A long line goes on under its own text: the pieces joined again.
awk '/^        / && prev != "" { sub(/^ +/, ""); prev = prev " " $0; next }
     { if (NR > 1) print prev; prev = $0 } END { print prev }' "$tmp/wrapped" >"$tmp/list"
grep -q '^ \{8\}' "$tmp/list" && bad "list: a continuation line left unjoined" || ok
# list PUZZLE: that puzzle alone; an unknown one is refused.
"$bin" list flip >"$tmp/flip"
[ "$(awk '/^[a-z]/ { print $1 }' "$tmp/flip")" = flip ] && ok || bad "list flip shows other puzzles"
grep -q '^    flip:random:' "$tmp/flip" && ! grep -q 'lightsout' "$tmp/flip" && ok ||
    bad "list flip: not flip's corpora alone"
"$bin" list flip | cmp -s - <(awk '/^flip /, /^$/' "$tmp/wrapped") && ok ||
    bad "list flip differs from flip's part of list"
expect 2 "^puzzlebench: list: unknown puzzle 'chess'" -- "$bin" list chess
# A plug-in's solver of a long name: its text below it, still within 100 columns.
long=$tmp/a_plug_in_under_a_long_file_name_that_fills_the_line.so
if cc -I"$src/include" -O1 -shared -fPIC "$src/examples/flip/flip.c" -o "$long" 2>"$tmp/cc.log"; then
    "$bin" list flip --plugin "$long" >"$tmp/long"
    awk 'length > 100 || / $/ { print; bad = 1 } END { exit bad }' "$tmp/long" >"$tmp/wide" && ok ||
        bad "list with a long plug-in name: $(cat "$tmp/wide")"
    grep -q '^    a_plug_in_under_a_long_file_name_that_fills_the_line.so:[a-z]*$' "$tmp/long" && ok ||
        bad "list: the long name is not on a line of its own"
else
    bad "examples/flip/flip.c does not build:"; cat "$tmp/cc.log"
fi
# Each puzzle's limits in its own words: Lights Out's big boards say nothing of Flip Game.
awk '/^lightsout /, /^$/' "$tmp/list" | grep -q 'Flip Game' && bad "lightsout's limits speak of Flip Game" || ok
grep -q '^    chase .*proven where the kernel is searched' <(awk '/^lightsout /, /^$/' "$tmp/list") &&
    ok || bad "lightsout chase's limits do not say where the fewest is proven"
grep -q '^    chase .*where the kernel can be searched' "$tmp/flip" <(awk '/^flip /, /^$/' "$tmp/list") &&
    ok || bad "flip chase's limits do not say the kernel is searched"
# The flags as the registry lines give them: "puzzle/solver [reference]".
sed -n 's/^ *X(\([a-z0-9_]*\), *\([a-z0-9_]*\), *\(.*\)) *\\\?$/\1\/\2 \3/p' \
    "$src/solvers/registry.h" |
    sed 's/PZ_REF/[reference]/; s/PZ_SLOW/[slow]/; s/PZ_EXPONENTIAL/[exponential]/' |
    sed 's/ | / /g; s/ 0$//' | sort >"$tmp/want"
awk '/^[a-z]/ { puzzle = $1 }
     /^  solvers/ { in_solvers = 1; next }
     /^  [a-z]/ { in_solvers = 0 }
     in_solvers && /^    [a-z]/ {
         name = $1; flags = ""
         while (match($0, / \[(reference|slow|exponential)\]/)) {
             flags = flags substr($0, RSTART, RLENGTH)
             $0 = substr($0, RSTART + RLENGTH)
         }
         print puzzle "/" name flags }' "$tmp/list" | sort >"$tmp/got"
if diff "$tmp/want" "$tmp/got" >"$tmp/diff"; then ok; else bad "list flags differ:"; cat "$tmp/diff"; fi
[ -s "$tmp/got" ] && ok || bad "list shows no solvers"
# Every puzzle has a reference.
for p in $(awk '/^[a-z]/ { print $1 }' "$tmp/list"); do
    grep -q "^$p/.*\[reference\]" "$tmp/got" && ok || bad "$p has no [reference] solver"
done
# The limits shown are those fits() holds: gf2 and rowenum take no side past
# 64 (the big boards are chase's, m4ri's and dense's), and their lines say so.
grep -q '^    gf2 .*\[nullity <= 32: every size to 64x64 but ' "$tmp/list" && ok ||
    bad "list: gf2's limits do not say 64x64"
grep -q '^    rowenum .*\[the shorter side <= 20, the longer <= 64\]' "$tmp/list" && ok ||
    bad "list: rowenum's limits do not say the longer side's 64"
"$bin" run flip --corpus flip:random:rows=10:cols=100:count=2 --solvers gf2,rowenum,chase \
    --no-save --json "$tmp/wide.json" >/dev/null
jq -e '[.solvers[] | [.name, .skipped]] == [["gf2", 2], ["rowenum", 2], ["chase", 0]]' \
    "$tmp/wide.json" >/dev/null && ok || bad "gf2 and rowenum took a 10x100 board"
summary
