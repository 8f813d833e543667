#!/usr/bin/env bash
# cli_run.sh - `puzzlebench run` and `gen` from the command line: usage errors,
# reports, shards, determinism, a wrong expected answer, gen read back, and an
# interrupted run.  $1: the puzzlebench binary; $2: the source directory.
set -u
PB=$1
SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# expect STATUS MESSAGE CMD...: exit status and the first line of stderr.
expect() {
    local want=$1 msg=$2 got
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    got=$?
    [ "$got" = "$want" ] || fail "$*: exit $got, expected $want"
    [ -z "$msg" ] || [ "$(head -1 "$T/err")" = "$msg" ] ||
        fail "$*: said '$(head -1 "$T/err")', expected '$msg'"
}

# The JSON without the lines that hold timings or the run's shape.
untimed() {
    grep -Ev '"(wall_s|seconds|ns_per_instance|ns_p10|spread|ns_per_answer|threads|batch)"' "$1"
}

# The histogram's counts, summed.
histsum() { grep -o '"count": [0-9]*' "$1" | awk '{ s += $2 } END { print s + 0 }'; }

# Usage errors: exit 2, a message that says what is accepted.
expect 2 "puzzlebench: run: which puzzle? (see puzzlebench list)" "$PB" run
expect 2 "puzzlebench: run: unknown puzzle 'chess' (see puzzlebench list)" "$PB" run chess
expect 2 "puzzlebench: run: --corpus SPEC is required (e.g. flip:exhaustive)" "$PB" run flip
expect 2 "puzzlebench: run: --solvers: flip has no solver 'dfs' (solvers: gf2, rowenum, bfs, iddfs)" \
    "$PB" run flip --corpus flip:random --solvers gf2,dfs
expect 2 "puzzlebench: run: --solvers: 'gf2' is listed twice" \
    "$PB" run flip --corpus flip:random --solvers gf2,gf2
expect 2 "puzzlebench: run: --slow bfs is not among the solvers run" \
    "$PB" run flip --corpus flip:random --solvers gf2 --slow bfs --sample 1/2
expect 2 "puzzlebench: expected --shard K/N with 0 <= K < N (shards count from 0), found '4/4'" \
    "$PB" run flip --corpus flip:random --shard 4/4
expect 2 "puzzlebench: expected --sample 1/R with R >= 1 (slow solvers take every R-th instance), found '1/0'" \
    "$PB" run flip --corpus flip:random --sample 1/0
expect 2 "puzzlebench: run: expected --threads T with 1 <= T <= 1024, found '0'" \
    "$PB" run flip --corpus flip:random --threads 0
expect 2 "puzzlebench: run: option '--json' requires an argument" \
    "$PB" run flip --corpus flip:random --json
expect 2 "puzzlebench: unknown corpus kind 'all': expected flip:exhaustive:rows=4:cols=4 (at most 40 cells), flip:random:rows=4:cols=4:count=1000:seed=1 (each piece black with p=1/2), or a file NAME.in" \
    "$PB" run flip --corpus flip:all
expect 2 "puzzlebench: corpus 'lightsout:random' is for lightsout, not flip" \
    "$PB" gen flip --corpus lightsout:random
expect 0 "" "$PB" run --help
grep -q "130 (SIGINT)" "$T/out" || fail "run --help does not give the exit status of an interrupted run"

# Issue 2's benchmark: every 4x4 board; 4096 solvable, none needs more than 6 moves.
expect 0 "" "$PB" run flip --corpus flip:exhaustive --solvers gf2,rowenum --json "$T/flip.json" \
    --csv "$T/flip.csv" --md "$T/flip.md"
[ "$(histsum "$T/flip.json")" = 65536 ] || fail "flip histogram does not sum to 65536"
grep -q '"answer": "Impossible", "count": 61440' "$T/flip.json" || fail "flip: not 61440 Impossible"
grep -q '"answer": "6", "count": 256}' "$T/flip.json" || fail "flip: not 256 boards of 6 moves"
grep -q '"answer": "7"' "$T/flip.json" && fail "flip: a board needs 7 moves"
[ "$(wc -l <"$T/flip.csv")" = 3 ] || fail "CSV: not a header and one row per solver"
grep -q '^flip,flip:exhaustive:rows=4:cols=4,0/1,65536,0,[0-9]*,gf2,0,65536,0,0,0,' "$T/flip.csv" ||
    fail "CSV row for gf2: $(sed -n 2p "$T/flip.csv")"
grep -q '^| rowenum | 65536 | 0 | 0 | 0 |' "$T/flip.md" || fail "Markdown table"
ls "$T" | grep -q tmp && fail "a temporary report file is left behind"

# A report to a pipe is written into it, not renamed over it.
mkfifo "$T/fifo"
cat "$T/fifo" >"$T/from-fifo" &
"$PB" run flip --corpus flip:random:count=10 --solvers gf2 --csv "$T/fifo" >/dev/null
wait $!
[ -p "$T/fifo" ] || fail "the pipe a report went to is no longer a pipe"
[ "$(wc -l <"$T/from-fifo")" = 2 ] || fail "the CSV did not come through the pipe"

# Shards: their counts add up to the whole, and gen's shards concatenate to it.
for k in 0 1 2; do
    "$PB" run flip --corpus flip:exhaustive --solvers gf2 --shard $k/3 --json "$T/s$k.json" \
        >/dev/null || fail "shard $k/3"
    "$PB" gen flip --corpus flip:exhaustive --shard $k/3 >>"$T/shards.in"
done
[ "$(cat "$T"/s?.json | histsum /dev/stdin)" = 65536 ] || fail "shards do not add up to 65536"
for a in 0 1 2 3 4 5 6 Impossible; do
    whole=$(grep -o "\"answer\": \"$a\", \"count\": [0-9]*" "$T/flip.json" | awk '{print $NF}')
    parts=$(cat "$T"/s?.json | grep -o "\"answer\": \"$a\", \"count\": [0-9]*" |
            awk '{ s += $NF } END { print s }')
    [ "$whole" = "$parts" ] || fail "shards: class $a: $parts, whole: $whole"
done
"$PB" gen flip --corpus flip:exhaustive >"$T/whole.in"
cmp -s "$T/shards.in" "$T/whole.in" || fail "gen: shards do not concatenate to the corpus"

# gen read back is the same corpus: the same answers, instance for instance.
spec=lightsout:random:rows=3:cols=7:count=500:seed=11
"$PB" gen lightsout --corpus $spec >"$T/lo.in"
"$PB" solve lightsout --solver gf2 "$T/lo.in" >"$T/lo.ans"
expect 0 "" "$PB" run lightsout --corpus "$T/lo.in" --solvers gf2,rowenum --json "$T/file.json"
expect 0 "" "$PB" run lightsout --corpus $spec --solvers gf2,rowenum --json "$T/spec.json"
diff <(grep '"class"' "$T/file.json") <(grep '"class"' "$T/spec.json") >/dev/null ||
    fail "gen read back: histograms differ"
grep -q '"reference": "expected"' "$T/file.json" || fail "a file's .ans is not the reference"

# Determinism: 1 and 2 threads, any batch: the same report but for timings.
spec=flip:random:rows=3:cols=4:count=3000:seed=2
"$PB" run flip --corpus $spec --threads 1 --batch 1000 --json "$T/t1.json" >/dev/null
"$PB" run flip --corpus $spec --threads 2 --batch 3 --json "$T/t2.json" >/dev/null
diff <(untimed "$T/t1.json") <(untimed "$T/t2.json") >&2 || fail "1 and 2 threads differ"
grep -q '"threads": 2' "$T/t2.json" || fail "--threads 2 is not reported"

# A wrong expected answer: a disagreement, listed, exit 1, no regression written.
head -8 "$SRC/corpus/flip/poj1753.in" >"$T/wrong.in"
printf '4\n3\n' >"$T/wrong.ans"
expect 1 "" "$PB" run flip --corpus "$T/wrong.in" --json "$T/wrong.json" --save "$T/reg"
grep -q '"failures": 1,' "$T/wrong.json" || fail "wrong .ans: not one failure"
grep -q '{"index": 1, "input": "bwbw\\nwwww\\nbbwb\\nbwwb\\n", "reference": "expected",' \
    "$T/wrong.json" || fail "wrong .ans: the disagreement is not listed"
grep -q '"answer": "Impossible\\n", "agrees": false' "$T/wrong.json" ||
    fail "wrong .ans: the solvers' answers are not listed"
grep -q "FAIL: 1 instance" "$T/out" || fail "wrong .ans: the summary does not say FAIL"
[ -e "$T/reg" ] && fail "a disagreement with a file's answer made a regression"

# Every corpus file in the tree passes (Tetravex's hard games with its two fast
# searches only: the classic backtrackers take minutes there; scripts/regress runs all).
for f in "$SRC"/corpus/*/*.in; do
    [ -e "$f" ] || continue
    d=$(basename "$(dirname "$f")")
    p=$d
    [ "$d" = regressions ] && p=$(basename "$f" | sed 's/-.*//')
    opts=()
    [ "$p" = tetravex ] && opts=(--solvers turns,mrv)
    expect 0 "" "$PB" run "$p" --corpus "$f" --no-save "${opts[@]}"
done

# Interrupted: the finished batches are reported, marked partial; exit 128+15.
"$PB" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --solvers rowenum --threads 2 \
    --json "$T/part.json" >"$T/part.out" 2>&1 &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 143 ] || fail "SIGTERM: exit $rc, expected 143"
# The partial report goes beside the path asked for (which may hold a complete
# report of an earlier run), not over it.
[ -e "$T/part.json" ] && fail "SIGTERM: a partial report was written over part.json"
grep -q '"partial": true' "$T/part.partial.json" || fail "SIGTERM: the report is not marked partial"
grep -q "the partial report is $T/part.partial.json" "$T/part.out" ||
    fail "SIGTERM: the message does not say where the partial report is"
grep -q "PARTIAL" "$T/part.out" || fail "SIGTERM: the summary does not say PARTIAL"
ls "$T" | grep -q tmp && fail "SIGTERM: a temporary report file is left behind"

[ $fails = 0 ] && echo "cli_run: all passed"
exit $((fails > 0))
