#!/usr/bin/env bash
# cli_stress.sh - `puzzlebench stress` and `puzzlebench check` against the
# judge-format programs of tests/progs: correct ones get AC, each faulty one its
# verdict, wrong answers a shrunk reproducer that really reproduces, batches
# attribute failures to the right instance, and nothing is left running.
# $1: the puzzlebench binary; PZ_PROGS: where tests/progs were built.
set -euo pipefail
PB=$1
PROGS=${PZ_PROGS:-$(dirname "$PB")/tests/progs}
FLIP=$PROGS/prog_flip
LO=$PROGS/prog_lightsout
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TAG=pz-stress-tag-$$                  # an argument the programs ignore, to find them with ps

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# stress WANT ARGS...: runs `puzzlebench stress ARGS`, which must exit WANT; output in $T/out.
stress() {
    local want=$1 rc=0
    shift
    "$PB" stress "$@" >"$T/out" 2>"$T/err" || rc=$?
    if [ "$rc" != "$want" ]; then
        cat "$T/out" "$T/err" >&2
        fail "stress $*: exit status $rc, expected $want"
    fi
    if grep -q "left the process group" "$T/out"; then
        fail "stress $*: a process escaped its group"
    fi
    if ps -eo args | grep -F -e "$TAG" | grep -v grep >&2; then
        fail "stress $*: processes left running"
    fi
}

# count V: how many instances the summary gives verdict V.
count() {
    awk -v v="$1" '/^verdicts:/ { for (i = 2; i < NF; i += 2) if ($i == v) print $(i + 1) }' "$T/out"
}

# want V N: the summary gives exactly N instances verdict V.
want() {
    local n
    n=$(count "$1")
    [ "$n" = "$2" ] || { cat "$T/out" >&2; fail "expected $1 $2, found $1 $n"; }
}

# has REGEX: the report says so.
has() {
    grep -qE -- "$1" "$T/out" || { cat "$T/out" >&2; fail "expected /$1/ in the report"; }
}

# block SECTION TITLE: a text of the report, after the line matching SECTION.
block() {
    awk -v s="$1" -v t="--- $2 ---" '
        $0 ~ s { in_s = 1; next }
        in_s && $0 == t { on = 1; next }
        on && /^--- / { exit }
        on && /^$/ { exit }
        on { print }' "$T/out"
}

# check WANT ARGS...: runs `puzzlebench check ARGS`, which must exit WANT; its line in $T/check.
check() {
    local want=$1 rc=0
    shift
    "$PB" check "$@" >/dev/null 2>"$T/check" || rc=$?
    [ "$rc" = "$want" ] || { cat "$T/check" >&2; fail "check $*: exit status $rc, expected $want"; }
}

# Correct programs: AC on the exhaustive 4x4 flip corpus (one huge run, then
# a sensible batch), on other flip sizes and on random Lights Out.
stress 0 flip --exec "$FLIP ok $TAG" --corpus flip:exhaustive --batch 65536
want AC 65536
stress 0 flip --exec "$FLIP ok $TAG" --corpus flip:exhaustive --batch 4096 --jobs 2
want AC 65536
has "16 runs of up to 4096"
stress 0 flip --exec "$FLIP ok $TAG" --corpus flip:random:rows=5:cols=7:count=2000 --batch 250
want AC 2000
stress 0 lightsout --exec "$LO ok $TAG" --corpus lightsout:random:count=3000 --batch 300 --jobs 2
want AC 3000
# Tetravex comes from another branch: its program is judged once it is registered.
if "$PB" list | grep -q '^tetravex'; then
    stress 0 tetravex --exec "$PROGS/prog_tetravex $TAG" --corpus tetravex:random:n=3:count=300 --batch 50
    want AC 300
fi

# A wrong program, judged against a count made without puzzlebench: the
# lines where its output differs from the correct program's.
RANDOM=7
for ((i = 0; i < 2000; i++)); do
    for ((r = 0; r < 4; r++)); do
        row=
        for ((c = 0; c < 4; c++)); do
            if ((RANDOM % 2)); then row+=b; else row+=w; fi
        done
        echo "$row"
    done
done >"$T/boards.in"
"$FLIP" ok <"$T/boards.in" >"$T/ok.out"
"$FLIP" wrong <"$T/boards.in" >"$T/wrong.out"
nwrong=$(paste -d' ' "$T/ok.out" "$T/wrong.out" | awk '$1 != $2' | wc -l)
first=$(paste -d' ' "$T/ok.out" "$T/wrong.out" | awk '$1 != $2 && !n { n = NR } END { print n }')
[ "$nwrong" -gt 0 ] || fail "the wrong flip program is right on every board"
stress 1 flip --exec "$FLIP wrong $TAG" --corpus "$T/boards.in" --batch 64 --json "$T/wrong.json"
want WA "$nwrong"
want AC $((2000 - nwrong))
has "^failure 1: instance $((first - 1)): WA: expected [0-9]+, found [0-9]+"
[ "$(jq .verdicts.WA "$T/wrong.json")" = "$nwrong" ] || fail "the JSON report lacks WA $nwrong"
[ "$(jq -r '.context | [.commit, .version, .threads] | map(type) | join(",")' "$T/wrong.json")" = \
    string,string,number ] || fail "the JSON report has no context"
grep -q "^puzzlebench .*, $(jq -r .context.date "$T/wrong.json")\$" "$T/out" ||
    fail "the summary does not show the report's context in a line"
[ ! -e "$T/wrong.json.tmp.*" ] || fail "a temporary JSON file was left"
# The same with the expected answers beside the corpus file (NAME.ans).
cp "$T/ok.out" "$T/boards.ans"
stress 1 flip --exec "$FLIP wrong $TAG" --corpus "$T/boards.in" --batch 100 --jobs 2
want WA "$nwrong"
rm "$T/boards.ans"

# check: each of testlib's exit codes.
check 0 flip "$T/boards.in" "$T/ok.out"
grep -qx "ok 2000 answers" "$T/check" || fail "check: $(cat "$T/check")"
check 1 flip "$T/boards.in" "$T/wrong.out"
grep -qE "^wrong answer on case $first: expected [0-9]+, found [0-9]+$" "$T/check" ||
    fail "check: $(cat "$T/check")"
check 0 flip "$T/boards.in" "$T/ok.out" "$T/ok.out"
check 1 flip "$T/boards.in" "$T/wrong.out" "$T/ok.out"
sed 's/$/ /' "$T/ok.out" >"$T/pe.out"
check 2 flip "$T/boards.in" "$T/pe.out"
grep -q "^presentation error on case 1: " "$T/check" || fail "check: $(cat "$T/check")"
head -n 1999 "$T/ok.out" >"$T/short.out"
check 1 flip "$T/boards.in" "$T/short.out"
grep -q "^wrong answer on case 2000: the output ended" "$T/check" || fail "check: $(cat "$T/check")"
check 3 flip "$T/missing.in" "$T/ok.out"
check 3 flip "$T/boards.in" "$T/missing.out"
printf 'bwwb\nbxwb\nbwwb\nbwww\n' >"$T/bad.in"
check 3 flip "$T/bad.in" "$T/ok.out"
grep -q "bad.in:2: expected 'b' or 'w'" "$T/check" || fail "check: $(cat "$T/check")"
check 3 flip "$T/boards.in" "$T/ok.out" "$T/pe.out"
check 3 nosuchpuzzle "$T/boards.in" "$T/ok.out"

# A jury our reference refutes is the checker's failure (3), even where
# OUTPUT agrees with it (both said "ok"): IMPOSSIBLE for a 5x6 Lights Out
# board (every one is solvable), 0 presses for a Flip board whose fewest is 4.
printf '1\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n' >"$T/lo1.in"
printf 'PUZZLE #1\nIMPOSSIBLE\n' >"$T/lo1.ans"
check 3 lightsout "$T/lo1.in" "$T/lo1.ans" "$T/lo1.ans"
grep -q "^puzzlebench: checker failure: ANSWER $T/lo1.ans: the jury is wrong on case 1: ANSWER has PUZZLE #1 / IMPOSSIBLE, but the board is solvable: the reference solver's answer PUZZLE #1 / 1 0 1 0 0 1 / .* passes the checker$" \
    "$T/check" || fail "check, IMPOSSIBLE on 5x6: $(cat "$T/check")"
printf 'bwwb\nbbwb\nbwwb\nbwww\n' >"$T/four.in"
echo 0 >"$T/zero.ans"
check 3 flip "$T/four.in" "$T/zero.ans" "$T/zero.ans"
grep -qx "puzzlebench: checker failure: ANSWER $T/zero.ans: the jury is wrong on case 1: ANSWER has 0 (0), below the fewest, 4: the reference solver's answer 4, which passes the checker, is proven fewest" \
    "$T/check" || fail "check, 0 for 4: $(cat "$T/check")"
echo 4 >"$T/four.ans"
check 0 flip "$T/four.in" "$T/four.ans" "$T/four.ans"
# stress with a wrong NAME.ans (5 where the fewest is 4): the jury is wrong,
# not the correct program (it got "WA: expected 5, found 4"); the run fails.
cp "$T/four.in" "$T/jury.in"
echo 5 >"$T/jury.ans"
stress 1 flip --exec "$FLIP ok $TAG" --corpus "$T/jury.in" --json "$T/jury.json"
want AC 1
want WA 0
has "^the jury is wrong: our reference refutes the corpus's expected answer on 1$"
has "^the first, instance 0: $T/jury.ans has 5 \(5\), more than the fewest, 4: the reference solver's answer 4, which passes the checker$"
has "^FAILED: the jury is wrong on 1 instance$"
[ "$(jq '[.jury_refuted, .jury_first, .all_ac] | map(tostring) | join(" ")' -r "$T/jury.json")" = \
    "1 0 true" ] || fail "the JSON report does not say the jury is wrong"
echo 4 >"$T/jury.ans"
stress 0 flip --exec "$FLIP ok $TAG" --corpus "$T/jury.in"
rm "$T/jury.ans"

# The shrunk reproducer of a wrong answer reproduces: our solver prints the
# expected output on its input, the program the received one.
reproduces() {
    block "^smallest WA instance" input >"$T/repro.in"
    block "^smallest WA instance" "expected output" >"$T/repro.ans"
    block "^smallest WA instance" "received output" >"$T/repro.got"
    "$PB" solve "$1" "$T/repro.in" | cmp -s - "$T/repro.ans" || fail "the expected output is not ours"
    $2 <"$T/repro.in" | cmp -s - "$T/repro.got" || fail "the received output is not the program's"
    ! cmp -s "$T/repro.ans" "$T/repro.got" || fail "the reproducer does not fail"
}
printf 'bbbb\nbbbb\nbbbb\nbbbb\nwwww\nwwww\nwwww\nwwww\n' >"$T/black.in"
stress 1 flip --exec "$FLIP wrong $TAG" --corpus "$T/black.in" --shrink-any-size
has "^smallest WA instance: shrunk from instance 0 in [1-9][0-9]* steps"
reproduces flip "$FLIP wrong"
grep -qE '^[1-4] [1-4]$' "$T/repro.in" || fail "not shrunk below 4x4: $(cat "$T/repro.in")"
stress 1 lightsout --exec "$LO wrong $TAG" --corpus lightsout:random:count=300 --batch 50
has "^smallest WA instance: shrunk from instance [0-9]+ in [1-9][0-9]* steps"
reproduces lightsout "$LO wrong"

# Batches: a wrong answer is attributed to its instance whatever the batch.
stress 1 lightsout --exec "$LO wrong $TAG" --corpus lightsout:random:count=400 --batch 1 --jobs 2
grep -E '^(verdicts|failure)' "$T/out" | sed 's/: found PUZZLE #[0-9]*/: found/' >"$T/one"
stress 1 lightsout --exec "$LO wrong $TAG" --corpus lightsout:random:count=400 --batch 37
grep -E '^(verdicts|failure)' "$T/out" | sed 's/: found PUZZLE #[0-9]*/: found/' >"$T/many"
cmp -s "$T/one" "$T/many" || { diff "$T/one" "$T/many" >&2; fail "batches change the verdicts"; }

# A crash: RE, found by cutting the failing batches; the first culprit is the
# same alone or in a batch, and it shrinks to a first row of black pieces.
stress 1 flip --exec "$FLIP crash $TAG" --corpus flip:exhaustive --batch 4096 --show 1
has "^failure 1: instance 15: RE: killed by signal 11"
has "^smallest RE instance: shrunk from instance 15 in 0 steps"
stress 1 flip --exec "$FLIP crash $TAG" --corpus flip:random:count=300 --batch 1
n=$(count RE)
has "^smallest RE instance: shrunk from instance [0-9]+ in [1-9][0-9]* steps"
[ "$(block '^smallest RE instance' input | tr '\n' ' ')" = "bbbb wwww wwww wwww " ] ||
    fail "RE shrunk to: $(block '^smallest RE instance' input)"
stress 1 flip --exec "$FLIP crash $TAG" --corpus flip:random:count=300 --batch 30
[ "$(count RE)" -ge "$n" ] || fail "batches lost crashes"

# Every other way to fail.
small=(--corpus flip:random:count=6 --batch 3 --time-limit 200 --wall-limit 500 --show 1)
stress 1 flip --exec "$FLIP abort $TAG" "${small[@]}"
want RE 6
has "RE: killed by signal 6"
stress 1 flip --exec "$FLIP exit3 $TAG" "${small[@]}"
want RE 6
has "RE: exit status 3"
[ "$(block '^failure 1:' 'start of its stderr')" = "flip: giving up" ] || fail "no stderr shown"
stress 1 flip --exec "$FLIP pe $TAG" "${small[@]}"
want PE 6
stress 1 flip --exec "$FLIP garbage $TAG" "${small[@]}"
want WA 6
stress 1 flip --exec "$FLIP flood $TAG" "${small[@]}"
want OLE 6
stress 1 flip --exec "$FLIP hang $TAG" --corpus flip:random:count=1 --time-limit 200 --wall-limit 5000 --show 0
want TLE 1
stress 1 flip --exec "$FLIP hang $TAG" --corpus flip:random:count=1 --time-limit 200 --wall-limit 5000 --show 1
has "TLE: CPU time [0-9.]+ s, limit 0\.200 s \(killed\)"
stress 1 flip --exec "$FLIP sleep $TAG" --corpus flip:random:count=1 --time-limit 200 --wall-limit 400
want TLE 1
has "TLE: wall clock [0-9.]+ s, limit 0\.400 s \(killed; CPU time 0\.0"
stress 1 flip --exec "$FLIP alloc $TAG" --corpus flip:random:count=1 --memory-limit 64
want MLE 1
has "MLE: peak memory [0-9]+ MiB of the 64 MiB limit"
stress 1 flip --exec "$FLIP forkhang $TAG" --corpus flip:random:count=1 --time-limit 200 --wall-limit 400
want TLE 1
stress 0 flip --exec "$FLIP orphan $TAG" --corpus flip:random:count=20 --batch 4
want AC 20
# The program does not read while it floods: a big input must not deadlock us.
stress 1 flip --exec "$FLIP flood $TAG" --corpus flip:exhaustive --batch 65536 --show 0
want OLE 65536
# A child in a session of its own escapes the group kill, not the end.
rc=0
"$PB" stress flip --exec "$FLIP escape $TAG" --corpus flip:random:count=2 >"$T/out" 2>&1 || rc=$?
[ $rc = 0 ] || fail "escape: exit status $rc"
has "^ended 2 processes that had left the process group of its run"
! ps -eo args | grep -F -e "$TAG" | grep -v grep || fail "escaped processes left running"

# An empty corpus judges nothing: exit 1 with a line that says so (it printed
# "all AC" and exited 0), from a spec and from an empty file.
: >"$T/empty.in"
stress 1 flip --exec "$FLIP ok $TAG" --corpus flip:random:count=0
grep -qx "puzzlebench: stress: no instance in the corpus flip:random:rows=4:cols=4:count=0:seed=1: nothing was judged" \
    "$T/err" || fail "stress on count=0 said: $(cat "$T/err")"
grep -q "all AC" "$T/out" && fail "stress on count=0 says all AC"
stress 1 flip --exec "$FLIP ok $TAG" --corpus "$T/empty.in"
grep -qx "puzzlebench: stress: no instance in the corpus $T/empty.in: nothing was judged" "$T/err" ||
    fail "stress on an empty file said: $(cat "$T/err")"

# Interrupted, stress keeps what it found: the summary so far, marked
# PARTIAL, the first failures with their input and expected output, the
# report beside --json X as X.partial.json, and exit 128 + the signal.  (It
# exited 130 with nothing.)  A wrong program on many boards, a run each, so
# it is still running when the signal comes; a second signal ends it at once.
interrupted() { # SIGNAL WANT
    local sig=$1 want=$2 rc=0 pid t0 t1 judged
    rm -f "$T/int.json" "$T/int.partial.json"
    set -m # a background job of a shell without job control ignores SIGINT
    "$PB" stress flip --exec "$FLIP wrong $TAG" --corpus flip:random:count=1000000 --jobs 2 \
        --time-budget none \
        --json "$T/int.json" >"$T/out" 2>"$T/err" &
    pid=$!
    set +m
    sleep 1.5
    t0=$(date +%s%N)
    kill -"$sig" $pid
    wait $pid || rc=$?
    t1=$(date +%s%N)
    [ $rc = "$want" ] || { cat "$T/out" "$T/err" >&2; fail "SIG$sig: exit status $rc, expected $want"; }
    [ $(((t1 - t0) / 1000000)) -lt 3000 ] || fail "SIG$sig: took $(((t1 - t0) / 1000000)) ms to end"
    has "^interrupted by SIG$sig: [0-9]+ of the 1000000 instances judged"
    has "^PARTIAL: interrupted after [0-9]+ of 1000000 instances\. FAILED$"
    has "^failure 1: instance [0-9]+: WA: expected [0-9]+, found [0-9]+$"
    [ -n "$(block '^failure 1:' input)" ] || fail "SIG$sig: failure 1 has no input"
    [ -n "$(block '^failure 1:' 'expected output')" ] || fail "SIG$sig: failure 1 has no expected output"
    grep -q "^smallest WA\|^first WA" "$T/out" && fail "SIG$sig: shrinking went on after the signal"
    [ ! -e "$T/int.json" ] || fail "SIG$sig: the partial report was written over int.json"
    grep -qx "puzzlebench: interrupted: the partial report is $T/int.partial.json ($T/int.json is as it was)" \
        "$T/err" || fail "SIG$sig: stderr: $(cat "$T/err")"
    judged=$(jq .judged "$T/int.partial.json")
    [ "$(jq '[.partial, .signal, .instances] | map(tostring) | join(" ")' -r "$T/int.partial.json")" = \
        "true $((want - 128)) 1000000" ] || fail "SIG$sig: the JSON report is not marked partial"
    [ "$judged" -gt 0 ] && [ "$judged" -lt 1000000 ] || fail "SIG$sig: judged $judged"
    [ "$(jq '[.verdicts[]] | add' "$T/int.partial.json")" = "$judged" ] ||
        fail "SIG$sig: the verdicts do not add up to the $judged instances judged"
    [ "$(jq '.failures | length > 0' "$T/int.partial.json")" = true ] || fail "SIG$sig: no failures kept"
    ! ps -eo args | grep -F -e "$TAG" | grep -v grep || fail "SIG$sig: programs left running"
}
interrupted INT 130
interrupted TERM 143
# A run under way finishes after the first signal (here a program that
# sleeps, up to its wall limit of 60 s); a second signal ends everything now.
rc=0
set -m
"$PB" stress flip --exec "$FLIP sleep $TAG" --corpus flip:random:count=4 --wall-limit 60000 \
    >"$T/out" 2>&1 &
pid=$!
set +m
sleep 1
kill -INT $pid
sleep 0.5
kill -0 $pid 2>/dev/null || fail "the first signal did not wait for the run under way"
t0=$(date +%s%N)
kill -INT $pid
wait $pid || rc=$?
t1=$(date +%s%N)
[ $rc = 130 ] || fail "a second SIGINT: exit status $rc, expected 130"
[ $(((t1 - t0) / 1000000)) -lt 3000 ] || fail "a second SIGINT took $(((t1 - t0) / 1000000)) ms"
sleep 0.2
! ps -eo args | grep -F -e "$TAG" | grep -v grep || fail "a second SIGINT left programs running"

# Bad usage: exit status 2.
stress 2 flip --exec "$FLIP 'ok" --corpus flip:exhaustive
stress 2 flip --exec "$T/no-such-program" --corpus flip:exhaustive
stress 2 flip --exec "$FLIP" --corpus flip:random:rows=9
stress 2 flip --exec "$FLIP" --corpus flip:exhaustive --batch 0
stress 2 flip --corpus flip:exhaustive
stress 2 flip --exec "$FLIP" --corpus flip:exhaustive --solver nosuch
# Whole, then searched: grep -q would stop reading early, and the help (longer
# than a pipe's buffer) would die of SIGPIPE under pipefail.
help=$("$PB" stress --help)
grep -q "^  MLE  the run failed" <<<"$help" || fail "stress --help lacks the verdict rules"
echo "cli_stress: ok"
