#!/usr/bin/env bash
# cli_list.sh BIN SRC - `puzzlebench list` shows every registered solver once
# with the flags of its registry line (solvers/registry.h).
set -u
bin=$1 src=$2
source "$src/tests/cli.sh"

"$bin" list >"$tmp/list"
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
