#!/usr/bin/env bash
# cli_corpus.sh BIN SRC - corpus specs from the outside: the grammar that
# `puzzlebench help corpus` gives (every kind as list gives it, the sweep as
# it steps), and random:mode=solvable for Flip Game and Lights Out (every
# board solvable, the same on 1 and 2 threads, big boards and sweeps too,
# the default mode unchanged).
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# No Impossible in the histogram of a solvable corpus, on 1 thread and on 2.
solvable() { # PUZZLE SPEC
    local p=$1 spec=$2
    "$pb" run "$p" --corpus "$spec" --solvers gf2,chase --threads 1 --no-save --json "$tmp/t1.json" >/dev/null &&
        "$pb" run "$p" --corpus "$spec" --solvers gf2,chase --threads 2 --no-save --json "$tmp/t2.json" >/dev/null ||
        { bad "$spec: run failed"; return; }
    jq -e '[.histogram[] | select(.answer | test("Impossible|no valid"))] | length == 0' \
        "$tmp/t1.json" >/dev/null && ok || bad "$spec: Impossible boards: $(jq -c .histogram "$tmp/t1.json")"
    [ "$(jq -c .histogram "$tmp/t1.json")" = "$(jq -c .histogram "$tmp/t2.json")" ] && ok ||
        bad "$spec: 1 and 2 threads differ"
}
solvable flip flip:random:mode=solvable:count=1000
solvable lightsout lightsout:random:rows=4:cols=4:mode=solvable:count=1000
solvable lightsout lightsout:random:rows=5:cols=5:mode=solvable:count=1000
solvable lightsout lightsout:random:rows=100:cols=95:mode=solvable:count=2
solvable flip flip:random:rows=70:cols=65:mode=solvable:count=2
solvable lightsout lightsout:random:rows=8..128:mode=solvable:count=2
# The default mode, for the contrast: mostly Impossible at 4x4 (both puzzles).
for p in flip lightsout; do
    "$pb" run $p --corpus $p:random:rows=4:cols=4:count=1000 --solvers gf2 --no-save --json "$tmp/d.json" >/dev/null
    jq -e '[.histogram[] | select(.answer == "Impossible") | .count] | add > 800' "$tmp/d.json" >/dev/null && ok ||
        bad "$p:random 4x4 is not mostly Impossible: $(jq -c .histogram "$tmp/d.json")"
done
# The same boards whatever the shard; gen writes them as a judge input.
"$pb" gen flip --corpus flip:random:mode=solvable:count=40 >"$tmp/all"
{ "$pb" gen flip --corpus flip:random:mode=solvable:count=40 --shard 0/2
  "$pb" gen flip --corpus flip:random:mode=solvable:count=40 --shard 1/2; } >"$tmp/shards"
cmp -s "$tmp/all" "$tmp/shards" && [ -s "$tmp/all" ] && ok || bad "gen: shards differ from the whole"
cmp -s "$tmp/all" <("$pb" gen flip --corpus flip:random:count=40) && bad "mode=solvable changed nothing" || ok
! "$pb" solve flip "$tmp/all" | grep -q Impossible && ok || bad "solve: an Impossible board"
expect 2 "expected mode=solvable, or no mode= (each cell at random), found mode=easy" -- \
    "$pb" gen flip --corpus flip:random:mode=easy
expect 2 "the all-on board takes no mode=" -- "$pb" gen lightsout --corpus lightsout:ones:mode=solvable
expect 2 "expected only rows=, cols=" -- "$pb" gen flip --corpus flip:exhaustive:mode=solvable
"$pb" list flip | grep -q 'mode=solvable' && ok || bad "list flip does not name mode=solvable"
"$pb" stress --help | grep -q 'mostly Impossible.*' && "$pb" stress --help | grep -q 'mode=solvable' &&
    ok || bad "stress --help does not name mode=solvable"
"$pb" stress --help | awk 'length > 100 { bad = 1 } END { exit bad }' && ok || bad "stress --help is too wide"

# help corpus: within 100 columns, every kind of every puzzle with the keys
# list gives (the same table), the numbers and the sweep it describes.
"$pb" help corpus >"$tmp/grammar" && [ -s "$tmp/grammar" ] && ok || bad "help corpus failed"
awk 'length > 100 { print; bad = 1 } END { exit bad }' "$tmp/grammar" >"$tmp/wide" && ok ||
    bad "help corpus has lines past 100 columns: $(cat "$tmp/wide")"
join_kinds() { # the kind lines, continuation lines joined, without their indent
    awk '/^ +[a-z]+:[a-z]+:/ { if (k != "") print k; sub(/^ +/, ""); k = $0; next }
         k != "" && /^      / { sub(/^ +/, ""); k = k " " $0; next }
         { if (k != "") print k; k = "" } END { if (k != "") print k }'
}
"$pb" list | join_kinds | sort >"$tmp/list-kinds"
join_kinds <"$tmp/grammar" | sort >"$tmp/help-kinds"
[ "$(wc -l <"$tmp/list-kinds")" -ge 8 ] && cmp -s "$tmp/list-kinds" "$tmp/help-kinds" && ok ||
    bad "help corpus's kinds differ from list's: $(diff "$tmp/list-kinds" "$tmp/help-kinds")"
grep -q 'flip:random:.*mode=solvable' "$tmp/help-kinds" && grep -q 'lightsout:random:.*mode=solvable' \
    "$tmp/help-kinds" && ok || bad "help corpus does not name mode=solvable"
for word in 'rows=A..B' 'count=C' '1e5' 'seed=S' 'mode=WORD' 'NAME.ans' \
    '9 18 36 72 144 288 576 1152 2304'; do
    grep -qF -- "$word" "$tmp/grammar" && ok || bad "help corpus lacks '$word'"
done
[ "$("$pb" gen flip --corpus flip:random:count=1e1 | grep -c .)" = 40 ] && ok || bad "count=1e1 is not 10"
# The sweep steps as the help says: doubling from A while below B, then B.
for sweep in 9..72:4 9..70:4 9..9:1 8..4096:10; do
    "$pb" run lightsout --corpus "lightsout:ones:rows=${sweep%:*}:count=1" --solvers chase --no-save \
        --json "$tmp/s.json" >/dev/null && jq -e ".instances == ${sweep#*:}" "$tmp/s.json" >/dev/null &&
        ok || bad "rows=${sweep%:*}: not ${sweep#*:} sizes"
done
# help COMMAND is COMMAND --help; a misspelt topic gets a suggestion.
for cmd in run list stress check; do
    cmp -s <("$pb" help $cmd) <("$pb" $cmd --help) && ok || bad "help $cmd differs from $cmd --help"
done
expect 2 "help: no topic 'corpsu'; did you mean 'corpus'?" -- "$pb" help corpsu
"$pb" --help | grep -q 'puzzlebench help corpus' && ok || bad "--help does not name help corpus"

summary
