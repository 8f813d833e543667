#!/usr/bin/env bash
# cli_edges.sh - the rough edges of issue 15, each as a user or an attacker
# met it: long paths, runs that check nothing, padded numbers, lost output,
# a jury with a worse answer, directories as input, huge outputs, stray
# processes after a signal, CPU burnt by unreaped children, report paths.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
PROGS=${PZ_PROGS:-$(dirname "$pb")/tests/progs}
FLIP=$PROGS/prog_flip

# 1. A corpus path longer than 512 bytes keeps its .ans: a wrong expected
# answer beside it must fail the run, as it does from a short path.
long=$tmp
while [ ${#long} -lt 600 ]; do long=$long/dddddddddddddddddddddddddddddddddddddddddddddddddd; done
mkdir -p "$long"
printf '1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 1\n' >"$long/x.in"
printf 'PUZZLE #1\nIMPOSSIBLE\n' >"$long/x.ans"
expect 1 "" -- "$pb" run lightsout --corpus "$long/x.in" --no-save
grep -q "^FAIL" "$tmp/out" && ok || bad "a wrong .ans beside a long path passed"
grep -q "$long/x.in" "$tmp/out" && ok || bad "the summary lacks the whole corpus path"
(cd "$long" && "$pb" run lightsout --corpus x.in --no-save >/dev/null 2>&1)
[ $? = 1 ] && ok || bad "run from inside the long directory did not fail"

# 4. A run where no solver took any instance checked nothing: not OK.
expect 1 "" -- "$pb" run lightsout --corpus lightsout:random:rows=61:cols=61:count=2 --no-save
grep -q "^FAIL: nothing was checked" "$tmp/out" && ok || bad "no 'nothing was checked' in: $(cat "$tmp/out")"
# An empty shard is still fine.
expect 0 "" -- "$pb" run lightsout --corpus lightsout:random:count=1 --shard 1/2 --no-save

# 5. The judge compares text: "04" is not "4", in check and in stress.
printf 'bwwb\nbbwb\nbwwb\nbwww\n' >"$tmp/one.in"
printf '4\n' >"$tmp/ok.out"
printf '04\n' >"$tmp/pad.out"
expect 0 "ok 1 answer" -- "$pb" check flip "$tmp/one.in" "$tmp/ok.out"
expect 1 "wrong answer on case 1" -- "$pb" check flip "$tmp/one.in" "$tmp/pad.out"
expect 1 "" -- "$pb" stress flip --exec "$FLIP zeropad" --corpus flip:exhaustive:rows=2:cols=2
grep -q "AC 0 " "$tmp/out" && ok || bad "stress gave AC to zero-padded answers: $(grep verdicts "$tmp/out")"

summary
