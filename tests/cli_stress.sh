#!/usr/bin/env bash
# cli_stress.sh - `puzzlebench stress` and `puzzlebench check` against the
# judge-format programs of tests/progs: correct ones get AC, each faulty one its
# verdict, wrong answers a shrunk reproducer that really reproduces, batches
# attribute failures to the right instance, and nothing is left running.
# (The user's generator and brute force, --gen and --against: cli_stress_loop.)
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
PROGS=${PZ_PROGS:-$(dirname "$pb")/tests/progs}
FLIP=$PROGS/prog_flip
LO=$PROGS/prog_lightsout
TAG=pz-stress-tag-$$                  # an argument the programs ignore, to find them with ps

# stress WANT ARGS...: runs `puzzlebench stress ARGS`, which must exit WANT
# (output in $tmp/out and $tmp/err), end every process it started and see
# none leave its group.
stress() {
    local want=$1
    shift
    expect "$want" "" -- "$pb" stress "$@"
    grep -q "left the process group" "$tmp/out" && bad "stress $*: a process escaped its group"
    ps -eo args | grep -F -e "$TAG" | grep -v grep >&2 && bad "stress $*: processes left running"
}

# count V: how many instances the summary gives verdict V.
count() {
    awk -v v="$1" '/^verdicts:/ { for (i = 2; i < NF; i += 2) if ($i == v) print $(i + 1) }' "$tmp/out"
}

# want V N: the summary gives exactly N instances verdict V.
want() {
    local n
    n=$(count "$1")
    [ "$n" = "$2" ] && ok || { cat "$tmp/out"; bad "expected $1 $2, found $1 $n"; }
}

# has REGEX: the report says so.
has() {
    grep -qE -- "$1" "$tmp/out" && ok || { cat "$tmp/out"; bad "expected /$1/ in the report"; }
}

# check WANT ARGS...: runs `puzzlebench check ARGS`, which must exit WANT; its line in $tmp/err.
check() {
    local want=$1
    shift
    expect "$want" "" -- "$pb" check "$@"
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
if "$pb" list | grep -q '^tetravex'; then
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
done >"$tmp/boards.in"
"$FLIP" ok <"$tmp/boards.in" >"$tmp/ok.out"
"$FLIP" wrong <"$tmp/boards.in" >"$tmp/wrong.out"
nwrong=$(paste -d' ' "$tmp/ok.out" "$tmp/wrong.out" | awk '$1 != $2' | wc -l)
first=$(paste -d' ' "$tmp/ok.out" "$tmp/wrong.out" | awk '$1 != $2 && !n { n = NR } END { print n }')
[ "$nwrong" -gt 0 ] && ok || bad "the wrong flip program is right on every board"
stress 1 flip --exec "$FLIP wrong $TAG" --corpus "$tmp/boards.in" --batch 64 --json "$tmp/wrong.json"
want WA "$nwrong"
want AC $((2000 - nwrong))
has "^failure 1: instance $((first - 1)): WA: expected [0-9]+, found [0-9]+"
[ "$(jq .verdicts.WA "$tmp/wrong.json")" = "$nwrong" ] && ok || bad "the JSON report lacks WA $nwrong"
[ "$(jq -r '.context | [.commit, .version, .threads] | map(type) | join(",")' "$tmp/wrong.json")" = \
    string,string,number ] && ok || bad "the JSON report has no context"
# (the line wrapped to the text's width, as run's)
awk '/^puzzlebench / { l = $0; while ((getline n) > 0 && n ~ /^  /) l = l " " substr(n, 3); print l }' \
    "$tmp/out" | grep -q "^puzzlebench .*, $(jq -r .context.date "$tmp/wrong.json")\$" && ok ||
    bad "the summary does not show the report's context in a line"
[ ! -e "$tmp/wrong.json.tmp.*" ] && ok || bad "a temporary JSON file was left"
# The same with the expected answers beside the corpus file (NAME.ans).
cp "$tmp/ok.out" "$tmp/boards.ans"
stress 1 flip --exec "$FLIP wrong $TAG" --corpus "$tmp/boards.in" --batch 100 --jobs 2
want WA "$nwrong"
rm "$tmp/boards.ans"

# check: each of testlib's exit codes.
check 0 flip "$tmp/boards.in" "$tmp/ok.out"
grep -qx "ok 2000 answers" "$tmp/err" && ok || bad "check: $(cat "$tmp/err")"
check 1 flip "$tmp/boards.in" "$tmp/wrong.out"
grep -qE "^wrong answer on case $first: expected [0-9]+, found [0-9]+$" "$tmp/err" && ok ||
    bad "check: $(cat "$tmp/err")"
check 0 flip "$tmp/boards.in" "$tmp/ok.out" "$tmp/ok.out"
check 1 flip "$tmp/boards.in" "$tmp/wrong.out" "$tmp/ok.out"
sed 's/$/ /' "$tmp/ok.out" >"$tmp/pe.out"
check 2 flip "$tmp/boards.in" "$tmp/pe.out"
grep -q "^presentation error on case 1: " "$tmp/err" && ok || bad "check: $(cat "$tmp/err")"
head -n 1999 "$tmp/ok.out" >"$tmp/short.out"
check 1 flip "$tmp/boards.in" "$tmp/short.out"
grep -q "^wrong answer on case 2000: the output ended" "$tmp/err" && ok || bad "check: $(cat "$tmp/err")"
check 3 flip "$tmp/missing.in" "$tmp/ok.out"
check 3 flip "$tmp/boards.in" "$tmp/missing.out"
printf 'bwwb\nbxwb\nbwwb\nbwww\n' >"$tmp/bad.in"
check 3 flip "$tmp/bad.in" "$tmp/ok.out"
grep -q "bad.in:2: expected 'b' or 'w'" "$tmp/err" && ok || bad "check: $(cat "$tmp/err")"
check 3 flip "$tmp/boards.in" "$tmp/ok.out" "$tmp/pe.out"
check 3 nosuchpuzzle "$tmp/boards.in" "$tmp/ok.out"

# A jury our reference refutes is the checker's failure (3), even where
# OUTPUT agrees with it (both said "ok"): IMPOSSIBLE for a 5x6 Lights Out
# board (every one is solvable), 0 presses for a Flip board whose fewest is 4.
printf '1\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n' >"$tmp/lo1.in"
printf 'PUZZLE #1\nIMPOSSIBLE\n' >"$tmp/lo1.ans"
check 3 lightsout "$tmp/lo1.in" "$tmp/lo1.ans" "$tmp/lo1.ans"
grep -q "^puzzlebench: checker failure: ANSWER $tmp/lo1.ans: the jury is wrong on case 1: ANSWER has PUZZLE #1 / IMPOSSIBLE, but the board is solvable: the reference solver's answer PUZZLE #1 / 1 0 1 0 0 1 / .* passes the checker$" \
    "$tmp/err" && ok || bad "check, IMPOSSIBLE on 5x6: $(cat "$tmp/err")"
printf 'bwwb\nbbwb\nbwwb\nbwww\n' >"$tmp/four.in"
echo 0 >"$tmp/zero.ans"
check 3 flip "$tmp/four.in" "$tmp/zero.ans" "$tmp/zero.ans"
grep -qx "puzzlebench: checker failure: ANSWER $tmp/zero.ans: the jury is wrong on case 1: ANSWER has 0 (0), below the fewest, 4: the reference solver's answer 4, which passes the checker, is proven fewest" \
    "$tmp/err" && ok || bad "check, 0 for 4: $(cat "$tmp/err")"
echo 4 >"$tmp/four.ans"
check 0 flip "$tmp/four.in" "$tmp/four.ans" "$tmp/four.ans"
# stress with a wrong NAME.ans (5 where the fewest is 4): the jury is wrong,
# not the correct program (it got "WA: expected 5, found 4"); the run fails.
cp "$tmp/four.in" "$tmp/jury.in"
echo 5 >"$tmp/jury.ans"
stress 1 flip --exec "$FLIP ok $TAG" --corpus "$tmp/jury.in" --json "$tmp/jury.json"
want AC 1
want WA 0
has "^the jury is wrong: our reference refutes the corpus's expected answer on 1$"
has "^the first, instance 0: $tmp/jury.ans has 5 \(5\), more than the fewest, 4: the reference solver's answer 4, which passes the checker$"
has "^FAILED: the jury is wrong on 1 instance$"
[ "$(jq '[.jury_refuted, .jury_first, .all_ac] | map(tostring) | join(" ")' -r "$tmp/jury.json")" = \
    "1 0 true" ] && ok || bad "the JSON report does not say the jury is wrong"
# run says so too (it said nothing of it), in its summary, its failure and its JSON.
expect 1 "" -- "$pb" run flip --corpus "$tmp/jury.in" --no-save --json "$tmp/run-jury.json"
has "^The jury is wrong: our reference refutes 1 of the expected answers \(REFUTED$"
has "^    expected: 5  REFUTED: $tmp/jury.ans has 5 \(5\), more than the fewest, 4: the reference solver's answer 4, which passes the checker$"
[ "$(jq -r '[.jury_refuted, .disagreements[0].refuted != null] | map(tostring) | join(" ")' \
    "$tmp/run-jury.json")" = "1 true" ] && ok || bad "run's JSON report does not say the jury is wrong"
echo 4 >"$tmp/jury.ans"
stress 0 flip --exec "$FLIP ok $TAG" --corpus "$tmp/jury.in"
rm "$tmp/jury.ans"

# The shrunk reproducer of a wrong answer reproduces: our solver prints the
# expected output on its input, the program the received one.
reproduces() {
    block "^smallest WA instance" input >"$tmp/repro.in"
    block "^smallest WA instance" "expected output" >"$tmp/repro.ans"
    block "^smallest WA instance" "received output" >"$tmp/repro.got"
    "$pb" solve "$1" "$tmp/repro.in" | cmp -s - "$tmp/repro.ans" && ok || bad "the expected output is not ours"
    $2 <"$tmp/repro.in" | cmp -s - "$tmp/repro.got" && ok || bad "the received output is not the program's"
    ! cmp -s "$tmp/repro.ans" "$tmp/repro.got" && ok || bad "the reproducer does not fail"
}
printf 'bbbb\nbbbb\nbbbb\nbbbb\nwwww\nwwww\nwwww\nwwww\n' >"$tmp/black.in"
stress 1 flip --exec "$FLIP wrong $TAG" --corpus "$tmp/black.in" --shrink-any-size
has "^smallest WA instance: shrunk from instance 0 in [1-9][0-9]* steps"
reproduces flip "$FLIP wrong"
grep -qE '^[1-4] [1-4]$' "$tmp/repro.in" && ok || bad "not shrunk below 4x4: $(cat "$tmp/repro.in")"
stress 1 lightsout --exec "$LO wrong $TAG" --corpus lightsout:random:count=300 --batch 50
has "^smallest WA instance: shrunk from instance [0-9]+ in [1-9][0-9]* steps"
reproduces lightsout "$LO wrong"

# Batches: a wrong answer is attributed to its instance whatever the batch.
stress 1 lightsout --exec "$LO wrong $TAG" --corpus lightsout:random:count=400 --batch 1 --jobs 2
grep -E '^(verdicts|failure)' "$tmp/out" | sed 's/: found PUZZLE #[0-9]*/: found/' >"$tmp/one"
stress 1 lightsout --exec "$LO wrong $TAG" --corpus lightsout:random:count=400 --batch 37
grep -E '^(verdicts|failure)' "$tmp/out" | sed 's/: found PUZZLE #[0-9]*/: found/' >"$tmp/many"
cmp -s "$tmp/one" "$tmp/many" && ok || { diff "$tmp/one" "$tmp/many"; bad "batches change the verdicts"; }

# A crash: RE, found by cutting the failing batches; the first culprit is the
# same alone or in a batch, and it shrinks to a first row of black pieces.
stress 1 flip --exec "$FLIP crash $TAG" --corpus flip:exhaustive --batch 4096 --show 1
has "^failure 1: instance 15: RE: killed by signal 11"
has "^smallest RE instance: shrunk from instance 15 in 0 steps"
stress 1 flip --exec "$FLIP crash $TAG" --corpus flip:random:count=300 --batch 1
n=$(count RE)
has "^smallest RE instance: shrunk from instance [0-9]+ in [1-9][0-9]* steps"
[ "$(block '^smallest RE instance' input | tr '\n' ' ')" = "bbbb wwww wwww wwww " ] && ok ||
    bad "RE shrunk to: $(block '^smallest RE instance' input)"
stress 1 flip --exec "$FLIP crash $TAG" --corpus flip:random:count=300 --batch 30
[ "$(count RE)" -ge "$n" ] && ok || bad "batches lost crashes"

# Every other way to fail.
small=(--corpus flip:random:count=6 --batch 3 --time-limit 200 --wall-limit 500 --show 1)
stress 1 flip --exec "$FLIP abort $TAG" "${small[@]}"
want RE 6
has "RE: killed by signal 6"
stress 1 flip --exec "$FLIP exit3 $TAG" "${small[@]}"
want RE 6
has "RE: exit status 3"
[ "$(block '^failure 1:' 'start of its stderr')" = "flip: giving up" ] && ok || bad "no stderr shown"
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
# Its output cap, 64 x the expected output of the whole corpus, takes the flood
# about as long to reach as the default time limits: limits far above them
# leave OLE the only verdict, on a busy machine too.
stress 1 flip --exec "$FLIP flood $TAG" --corpus flip:exhaustive --batch 65536 --show 0 \
    --time-limit 10000 --wall-limit 60000
want OLE 65536
# A child in a session of its own escapes the group kill, not the end.
rc=0
"$pb" stress flip --exec "$FLIP escape $TAG" --corpus flip:random:count=2 >"$tmp/out" 2>&1 || rc=$?
[ $rc = 0 ] && ok || bad "escape: exit status $rc"
has "^ended 2 processes that had left the process group of its run"
! ps -eo args | grep -F -e "$TAG" | grep -v grep && ok || bad "escaped processes left running"

# An empty corpus judges nothing: exit 1 with a line that says so (it printed
# "all AC" and exited 0), from a spec and from an empty file.
: >"$tmp/empty.in"
stress 1 flip --exec "$FLIP ok $TAG" --corpus flip:random:count=0
grep -qx "puzzlebench: stress: no instance in the corpus flip:random:rows=4:cols=4:count=0:seed=1: nothing was judged" \
    "$tmp/err" && ok || bad "stress on count=0 said: $(cat "$tmp/err")"
grep -q "all AC" "$tmp/out" && bad "stress on count=0 says all AC" || ok
stress 1 flip --exec "$FLIP ok $TAG" --corpus "$tmp/empty.in"
grep -qx "puzzlebench: stress: no instance in the corpus $tmp/empty.in: nothing was judged" "$tmp/err" && ok ||
    bad "stress on an empty file said: $(cat "$tmp/err")"

# Interrupted, stress keeps what it found: the summary so far, marked
# PARTIAL, the first failures with their input and expected output, the
# report beside --json X as X.partial.json, and exit 128 + the signal.  (It
# exited 130 with nothing.)  A wrong program on many boards, a run each, so
# it is still running when the signal comes (solvable boards, so that one in
# two or so fails: a few are judged under ASan on a loaded machine); a second
# signal ends it at once.
interrupted() { # SIGNAL WANT
    local sig=$1 want=$2 rc=0 pid t0 t1 judged
    rm -f "$tmp/int.json" "$tmp/int.partial.json"
    set -m # a background job of a shell without job control ignores SIGINT
    "$pb" stress flip --exec "$FLIP wrong $TAG" --corpus flip:random:mode=solvable:count=1000000 --jobs 2 \
        --time-budget none \
        --json "$tmp/int.json" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    set +m
    sleep 1.5
    t0=$(date +%s%N)
    kill -"$sig" $pid
    wait $pid || rc=$?
    t1=$(date +%s%N)
    [ $rc = "$want" ] && ok || { cat "$tmp/out" "$tmp/err"; bad "SIG$sig: exit status $rc, expected $want"; }
    [ $(((t1 - t0) / 1000000)) -lt 3000 ] && ok || bad "SIG$sig: took $(((t1 - t0) / 1000000)) ms to end"
    has "^interrupted by SIG$sig: [0-9]+ of the 1000000 instances judged"
    has "^PARTIAL: interrupted after [0-9]+ of 1000000 instances\. FAILED$"
    has "^failure 1: instance [0-9]+: WA: expected [0-9]+, found [0-9]+$"
    [ -n "$(block '^failure 1:' input)" ] && ok || bad "SIG$sig: failure 1 has no input"
    [ -n "$(block '^failure 1:' 'expected output')" ] && ok || bad "SIG$sig: failure 1 has no expected output"
    grep -q "^smallest WA\|^first WA" "$tmp/out" && bad "SIG$sig: shrinking went on after the signal" || ok
    [ ! -e "$tmp/int.json" ] && ok || bad "SIG$sig: the partial report was written over int.json"
    grep -qx "puzzlebench: interrupted: the partial report is $tmp/int.partial.json ($tmp/int.json is as it was)" \
        "$tmp/err" && ok || bad "SIG$sig: stderr: $(cat "$tmp/err")"
    judged=$(jq .judged "$tmp/int.partial.json")
    [ "$(jq '[.partial, .signal, .instances] | map(tostring) | join(" ")' -r "$tmp/int.partial.json")" = \
        "true $((want - 128)) 1000000" ] && ok || bad "SIG$sig: the JSON report is not marked partial"
    [ "$judged" -gt 0 ] && [ "$judged" -lt 1000000 ] && ok || bad "SIG$sig: judged $judged"
    [ "$(jq '[.verdicts[]] | add' "$tmp/int.partial.json")" = "$judged" ] && ok ||
        bad "SIG$sig: the verdicts do not add up to the $judged instances judged"
    [ "$(jq '.failures | length > 0' "$tmp/int.partial.json")" = true ] && ok || bad "SIG$sig: no failures kept"
    ! ps -eo args | grep -F -e "$TAG" | grep -v grep && ok || bad "SIG$sig: programs left running"
}
interrupted INT 130
interrupted TERM 143
# A run under way finishes after the first signal (here a program that
# sleeps, up to its wall limit of 60 s); a second signal ends everything now.
rc=0
set -m
"$pb" stress flip --exec "$FLIP sleep $TAG" --corpus flip:random:count=4 --wall-limit 60000 \
    >"$tmp/out" 2>&1 &
pid=$!
set +m
sleep 1
kill -INT $pid
sleep 0.5
kill -0 $pid 2>/dev/null && ok || bad "the first signal did not wait for the run under way"
t0=$(date +%s%N)
kill -INT $pid
wait $pid || rc=$?
t1=$(date +%s%N)
[ $rc = 130 ] && ok || bad "a second SIGINT: exit status $rc, expected 130"
[ $(((t1 - t0) / 1000000)) -lt 3000 ] && ok || bad "a second SIGINT took $(((t1 - t0) / 1000000)) ms"
sleep 0.2
! ps -eo args | grep -F -e "$TAG" | grep -v grep && ok || bad "a second SIGINT left programs running"

# Bad usage: exit status 2.
stress 2 flip --exec "$FLIP 'ok" --corpus flip:exhaustive
stress 2 flip --exec "$tmp/no-such-program" --corpus flip:exhaustive
stress 2 flip --exec "$FLIP" --corpus flip:random:rows=9
stress 2 flip --exec "$FLIP" --corpus flip:exhaustive --batch 0
stress 2 flip --corpus flip:exhaustive
stress 2 flip --exec "$FLIP" --corpus flip:exhaustive --solver nosuch
# Whole, then searched: grep -q would stop reading early, and the help (longer
# than a pipe's buffer) would die of SIGPIPE.
help=$("$pb" stress --help)
grep -q "^  MLE  the run failed" <<<"$help" && ok || bad "stress --help lacks the verdict rules"
summary
