#!/usr/bin/env bash
# cli_edges.sh - the rough edges, each as a user or an attacker
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
# A bad .ans there is named in full in the message.
printf 'PUZZLE #2\n' >"$long/y.ans"; cp "$long/x.in" "$long/y.in"
expect 2 "^$long/y.ans:1: expected \"PUZZLE #1\"" -- "$pb" run lightsout --corpus "$long/y.in" --no-save
rm "$long/y.ans" "$long/y.in"
(cd "$long" && "$pb" run lightsout --corpus x.in --no-save >/dev/null 2>&1)
[ $? = 1 ] && ok || bad "run from inside the long directory did not fail"

# 4. A run where no solver took any instance checked nothing: not OK.
expect 1 "" -- "$pb" run lightsout --corpus lightsout:random:rows=61:cols=61:count=2 --solvers gf2,rowenum --no-save
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

# 7. The jury's answer (5) is worse than the output's valid 4: the checker
# fails (testlib's FAIL, exit 3), it does not call the contestant wrong.  Our
# reference refutes the jury whatever OUTPUT holds.
printf '5\n' >"$tmp/worse.ans"
expect 3 "the jury is wrong on case 1: ANSWER has 5 (5), more than the fewest, 4" -- \
    "$pb" check flip "$tmp/one.in" "$tmp/ok.out" "$tmp/worse.ans"
printf '3\n' >"$tmp/three.out"
expect 3 "the jury is wrong on case 1: ANSWER has 5 (5), more than the fewest, 4" -- \
    "$pb" check flip "$tmp/one.in" "$tmp/three.out" "$tmp/worse.ans"
printf '4\n' >"$tmp/right.ans"
expect 1 "wrong answer on case 1: expected 4, found 3" -- \
    "$pb" check flip "$tmp/one.in" "$tmp/three.out" "$tmp/right.ans"
# A jury answer the checker rejects (presses that do not solve the board).
printf '1\n1 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n' >"$tmp/lo.in"
"$pb" solve lightsout "$tmp/lo.in" >"$tmp/lo.out"
printf 'PUZZLE #1\n1 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n' >"$tmp/lo.ans"
expect 3 "case 1 fails the checker" -- "$pb" check lightsout "$tmp/lo.in" "$tmp/lo.out" "$tmp/lo.ans"

# 12. A directory is not an empty input.
expect 2 "cannot read: Is a directory" -- "$pb" solve flip "$tmp"
expect 2 "stdin: cannot read: Is a directory" -- sh -c '"$1" solve flip <"$2"' sh "$pb" "$tmp"
expect 3 "cannot read: Is a directory" -- "$pb" check lightsout "$tmp" "$tmp/lo.out"
expect 3 "cannot read OUTPUT .*: Is a directory" -- "$pb" check lightsout "$tmp/lo.in" "$tmp"
expect 3 "Is a directory" -- "$pb" check lightsout "$tmp/lo.in" "$tmp/lo.out" "$tmp"

# 13. check streams OUTPUT: a 64 GiB (sparse) output after the answer is
# judged in a moment, never read whole; OUTPUT from a pipe works too.
{ printf '4\n'; } >"$tmp/huge.out"
truncate -s 64G "$tmp/huge.out"
expect 1 "extra output after the last answer" -- timeout 60 "$pb" check flip "$tmp/one.in" "$tmp/huge.out"
expect 0 "ok 1 answer" -- sh -c '"$1" check flip "$2" /dev/stdin <"$3"' sh "$pb" "$tmp/one.in" "$tmp/ok.out"
printf '4 \n' >"$tmp/pe.out"
expect 2 "presentation error" -- sh -c 'cat "$3" | "$1" check flip "$2" /dev/stdin' sh "$pb" "$tmp/one.in" "$tmp/pe.out"
# A bad .ans beside a corpus file: exit 2, and nothing leaks (LeakSanitizer
# would turn the 2 into 1).
printf 'PUZZLE #7\n' >"$tmp/lo.ans"
cp "$tmp/lo.in" "$tmp/lo2.in"; printf 'PUZZLE #7\n' >"$tmp/lo2.ans"
expect 2 "expected \"PUZZLE #1\"" -- "$pb" run lightsout --corpus "$tmp/lo2.in" --no-save

# 6. Lost output is an error for every writer: a full disk, or stdout closed.
for cmd in "solve flip $src/corpus/flip/poj1753.in" "gen flip --corpus flip:random:count=100000" \
    "list" "info flip:rows=4:cols=4" "--help" "solve --help" \
    "run flip --corpus flip:random:count=10 --no-save" \
    "stress flip --exec $FLIP --corpus flip:random:count=3"; do
    expect 2 "cannot write the output: No space left on device" -- sh -c "$pb $cmd >/dev/full"
    expect 2 "cannot write the output" -- sh -c "$pb $cmd >&-"
done
# A closed stdout never makes a report file take its place.
expect 2 "cannot write the output" -- sh -c "$pb run flip --corpus flip:random:count=10 --no-save --json $tmp/r.json >&-"
grep -q '"puzzle"' "$tmp/r.json" && ! grep -q '^flip  ' "$tmp/r.json" && ok || bad "the summary went into r.json"

# 9. CPU burnt by a child its parent never reaps counts: the run's tree is
# charged, so the 1 s the child burns breaks a 300 ms limit (it was AC).
expect 1 "" -- "$pb" stress flip --exec "$FLIP burn" --corpus flip:random:count=1 \
    --time-limit 300 --wall-limit 60000 --show 0
grep -q "TLE: CPU time" "$tmp/out" && ok || bad "burn: $(grep -E 'verdicts|failure' "$tmp/out")"
# Where a cgroup v2 can be made, each run gets one, and its CPU time is that of
# every process in it: 100 grandchildren that outlive their parents and end
# after 10 ms of CPU each (1 s) break a 300 ms limit there; the process tree
# polled from /proc (PZ_CGROUP=none, the fallback) sees a grandchild only when
# a poll falls while its parent lives, which rests on the scheduler (under load
# it sees enough of them for a TLE), though it always charges the unreaped
# child of burn.  Both paths run where both can.
charged() { sed -n 's/^CPU time charged to a run: //p' "$tmp/out"; }
relay=(stress flip --exec "$FLIP relay" --corpus flip:random:count=1 --time-limit 300
       --wall-limit 60000 --show 0)
PZ_CGROUP=none expect 1 "" -- "$pb" stress flip --exec "$FLIP burn" --corpus flip:random:count=1 \
    --time-limit 300 --wall-limit 60000 --show 0
grep -q "TLE: CPU time" "$tmp/out" && ok || bad "burn without a cgroup: $(grep verdicts "$tmp/out")"
[ "$(charged)" = "the process tree's, polled from /proc (no cgroup: PZ_CGROUP=none)" ] && ok ||
    bad "PZ_CGROUP=none charged: $(charged)"
PZ_CGROUP=none "$pb" "${relay[@]}" >"$tmp/out" 2>"$tmp/err"
case "$?:$(grep -o 'AC 1 \|TLE: CPU time' "$tmp/out")" in
0:"AC 1 " | 1:"TLE: CPU time") ok ;;
*) bad "relay without a cgroup: $(grep -E 'verdicts|failure' "$tmp/out")" ;;
esac
PZ_CGROUP=$tmp expect 1 "" -- "$pb" stress flip --exec "$FLIP burn" --corpus flip:random:count=1 \
    --time-limit 300 --wall-limit 60000 --show 0
[ "$(charged)" = "the process tree's, polled from /proc (no cgroup: $tmp is not a cgroup v2 directory)" ] &&
    ok || bad "PZ_CGROUP=$tmp charged: $(charged)"
expect 1 "" -- "$pb" "${relay[@]}"
cgroup=$(charged | sed -n "s/^each run's cgroup's, in //p")
if [ -n "$cgroup" ]; then
    grep -q "TLE: CPU time 0\.3" "$tmp/out" && ok || bad "relay in a cgroup: $(grep verdicts "$tmp/out")"
    cgleft() { find "$1" -maxdepth 1 -name "puzzlebench-$2-*" | wc -l; }
    # Under a cgroup of our own making (PZ_CGROUP, as a delegated one would be),
    # two jobs at once, every run's cgroup removed after it.
    mine=$cgroup/pz-edges-$$
    mkdir "$mine"
    PZ_CGROUP=$mine expect 1 "" -- "$pb" stress flip --exec "$FLIP relay" \
        --corpus flip:random:count=4 --batch 1 --jobs 2 --time-limit 300 --wall-limit 60000 --show 0
    [ "$(charged)" = "each run's cgroup's, in $mine" ] && ok || bad "PZ_CGROUP=$mine charged: $(charged)"
    grep -q "TLE 4 " "$tmp/out" && ok || bad "relay, 2 jobs: $(grep verdicts "$tmp/out")"
    rmdir "$mine" && ok || { bad "cgroups left in $mine: $(ls "$mine")"; }
else
    grep -q "AC 1 " "$tmp/out" && ok || bad "relay without a cgroup: $(grep verdicts "$tmp/out")"
    echo "SKIPPED: the cgroup v2 path (CPU time charged to a run: $(charged))"
fi

# 8. SIGINT or SIGTERM to stress ends every process its programs made, also
# those that started sessions of their own (and their children).
for sig in TERM INT; do
    tag=pz-edges-$sig-$$
    "$pb" stress flip --exec "$FLIP swarm $tag" --corpus flip:random:count=100000 \
        --time-limit 60000 >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 100); do
        [ "$(ps -eo args | grep -F -e "$tag" | grep -v grep | wc -l)" -ge 6 ] && break
        sleep 0.1
    done
    kill -$sig $pid
    wait $pid
    rc=$?
    sleep 0.5
    left=$(ps -eo pid,args | grep -F -e "$tag" | grep -v grep)
    if [ -n "$left" ]; then
        bad "SIG$sig to stress left processes: $(echo "$left" | wc -l)"
        echo "$left" | awk '{print $1}' | xargs -r kill -9
    else
        ok
    fi
    [ $rc -gt 128 ] && ok || bad "SIG$sig: stress exited $rc"
    if [ -n "$cgroup" ]; then
        [ "$(cgleft "$cgroup" $pid)" = 0 ] && ok || bad "SIG$sig left cgroups in $cgroup"
    fi
done

# 15. An empty corpus goes through gen | solve for every puzzle whose input
# says how many games it holds; Flip Game's, an empty file, is no judge
# input to solve (exit 2, saying so); messages name the real caps and why a
# file cannot be opened.
for corpus in flip:random:count=0 flip:random:rows=5:cols=5:count=0 lightsout:random:count=0 \
    tetravex:random:n=3:count=0; do
    puzzle=${corpus%%:*}
    if [ "$puzzle" = flip ]; then
        expect 2 "stdin: expected a flip board, found an empty input" -- \
            sh -c '"$1" gen "$2" --corpus "$3" | "$1" solve "$2"' sh "$pb" "$puzzle" "$corpus"
    else
        expect 0 "" -- sh -c '"$1" gen "$2" --corpus "$3" | "$1" solve "$2"' sh "$pb" "$puzzle" "$corpus"
    fi
    [ ! -s "$tmp/out" ] && ok || bad "solve of an empty $corpus printed: $(cat "$tmp/out")"
    expect 1 "no instance in the corpus /dev/stdin" -- \
        sh -c '"$1" gen "$2" --corpus "$3" | "$1" run "$2" --corpus /dev/stdin --no-save' sh "$pb" "$puzzle" "$corpus"
done
expect 2 "count= a whole number from 0 to 1e15" -- "$pb" gen flip --corpus flip:random:count=2e15
expect 2 "rows= a whole number from 0 to 10000 (or a sweep A..B)" -- "$pb" gen flip --corpus flip:random:rows=10001
expect 2 "cannot open $tmp/nothing.in: No such file or directory" -- "$pb" solve flip "$tmp/nothing.in"
chmod 000 "$tmp/one.in"
if ! cat "$tmp/one.in" >/dev/null 2>&1; then # root reads anything
    expect 2 "Permission denied" -- "$pb" solve flip "$tmp/one.in"
fi
chmod 644 "$tmp/one.in"

# 20. Report paths are checked before the run, not after it.
start=$(date +%s)
expect 2 "run: cannot write --json /nonexistent/x.json: No such file or directory" -- \
    "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --json /nonexistent/x.json
expect 2 "run: cannot write --csv $tmp: Is a directory" -- \
    "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --csv "$tmp"
expect 2 "run: cannot write --md $tmp/one.in/x.md: Not a directory" -- \
    "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --md "$tmp/one.in/x.md"
expect 2 "stress: cannot write --json /nonexistent/x.json" -- \
    "$pb" stress flip --exec "$FLIP" --corpus flip:exhaustive --json /nonexistent/x.json
[ $(($(date +%s) - start)) -lt 10 ] && ok || bad "bad report paths were found only after the run"
# An interrupted run leaves a complete report of an earlier run as it was.
"$pb" run flip --corpus flip:random:count=10 --json "$tmp/keep.json" >/dev/null
cp "$tmp/keep.json" "$tmp/keep.before"
interrupt INT 1 "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --solvers rowenum \
    --threads 2 --json "$tmp/keep.json" --no-save
[ $rc = 130 ] && ok || bad "SIGINT: run exited $rc"
cmp -s "$tmp/keep.json" "$tmp/keep.before" && ok || bad "SIGINT replaced a complete report"
grep -q '"partial": true' "$tmp/keep.partial.json" && ok || bad "no keep.partial.json marked partial"

# 21. The terminal's histogram of a 20x20 run: the top classes, on lines a
# terminal does not cut, and how many more the JSON has.
expect 0 "" -- "$pb" run lightsout --corpus lightsout:random:rows=20:cols=20:count=2000 --solvers gf2 --no-save
grep -q "^  [0-9]* more (see --json)" "$tmp/out" && ok || bad "no 'N more (see --json)': $(grep -A3 Answers "$tmp/out")"
awk '/^Answers/,/more \(see/ { if (length($0) > 80) exit 1 }' "$tmp/out" && ok || bad "an Answers line is over 80 columns"
# A few classes are all shown, on one line as before.
expect 0 "" -- "$pb" run flip --corpus flip:exhaustive --solvers gf2 --no-save
grep -q "^Answers: 0: 2, 1: 32, 2: 228, 3: 880, 4: 1562, 5: 1136, 6: 256, Impossible: 61440$" "$tmp/out" && ok || bad "flip's histogram changed"

# 19. A correct POJ 1753 program reads one board: stress's default batch of 1
# gives it AC (the README's example); a batch of several boards is another
# format, which --help explains per puzzle.
expect 0 "" -- "$pb" stress flip --exec "$FLIP one" --corpus flip:random:count=200 --jobs 2 --show 0
expect 1 "" -- "$pb" stress flip --exec "$FLIP one" --corpus flip:random:count=20 --batch 10 --show 0
"$pb" stress --help | grep -q "judge such a program with --batch 1 (the default)" && ok || bad "stress --help does not explain a batch"
# README's example: our own solve as the program, on the POJ 1753 file.
grep -q "stress flip --exec 'build/puzzlebench solve flip' --corpus corpus/flip/poj1753.in" \
    "$src/README.md" && ok || bad "README's example"
# (An ASan build of solve needs more address space than --memory-limit allows.)
nolimit=(); sanitized "$pb" && nolimit=(--memory-limit 0)
expect 0 "" -- "$pb" stress flip --exec "$pb solve flip" --corpus "$src/corpus/flip/poj1753.in" \
    "${nolimit[@]}"
# Progress on a terminal (script gives one), none in a pipe.
script -qc "$pb stress flip --exec $FLIP --corpus flip:exhaustive:rows=3:cols=3" /dev/null >"$tmp/tty" 2>&1
grep -aq "stress: [0-9]*/512 instances" "$tmp/tty" && ok || bad "no progress line on a terminal"
grep -q "stress: " "$tmp/err" && bad "a progress line in a pipe" || ok

summary
