#!/usr/bin/env bash
# cli_corpus.sh BIN SRC - corpus specs from the outside: random:mode=solvable
# for Flip Game and Lights Out (every board solvable, the same on 1 and 2
# threads, big boards and sweeps too, the default mode unchanged).
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

summary
