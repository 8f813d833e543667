#!/usr/bin/env bash
# cli_run.sh - `puzzlebench run` and `gen` from the command line: usage errors,
# reports, shards, determinism, a wrong expected answer, gen read back, and an
# interrupted run.  $1: the puzzlebench binary; $2: the source directory.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# The histogram's counts, summed.
histsum() { jq -s '[.[].histogram[].count] | add // 0' "$1"; }
# The count of one answer class in a report, or of all reports given together.
classcount() { jq -s --arg a "$1" '[.[].histogram[] | select(.answer == $a) | .count] | add // 0' "${@:2}"; }

# Usage errors: exit 2, a message that says what is accepted.
expect_line 2 "puzzlebench: run: which puzzle? (see puzzlebench list)" "$pb" run
expect_line 2 "puzzlebench: run: unknown puzzle 'chess' (see puzzlebench list)" "$pb" run chess
expect_line 2 "puzzlebench: run: --corpus SPEC is required (e.g. flip:exhaustive)" "$pb" run flip
expect_line 2 "puzzlebench: run: --solvers: flip has no solver 'dfs'; did you mean 'bfs'? (solvers: gf2, rowenum, table, bfs, iddfs, chase, m4ri, dense)" \
    "$pb" run flip --corpus flip:random --solvers gf2,dfs
expect_line 2 "puzzlebench: run: --solvers: 'gf2' is listed twice" \
    "$pb" run flip --corpus flip:random --solvers gf2,gf2
expect_line 2 "puzzlebench: run: --slow bfs is not among the solvers run" \
    "$pb" run flip --corpus flip:random --solvers gf2 --slow bfs --sample 1/2
expect_line 2 "puzzlebench: expected --shard K/N with 0 <= K < N (shards count from 0), found '4/4'" \
    "$pb" run flip --corpus flip:random --shard 4/4
expect_line 2 "puzzlebench: expected --sample 1/R with R >= 1 (slow solvers take every R-th instance), found '1/0'" \
    "$pb" run flip --corpus flip:random --sample 1/0
expect_line 2 "puzzlebench: run: expected --threads T with 1 <= T <= 1024, found '0'" \
    "$pb" run flip --corpus flip:random --threads 0
expect_line 2 "puzzlebench: run: option '--json' requires an argument" \
    "$pb" run flip --corpus flip:random --json
expect_line 2 "puzzlebench: unknown corpus kind 'all': expected flip:exhaustive, flip:random or flip:ones (their keys: puzzlebench list flip), or a file NAME.in (a path that exists or has a '/' is read as a file: ./NAME)" \
    "$pb" run flip --corpus flip:all
# Flip Game's exhaustive corpora: at most 40 cells, and sides to 8 (1x40 is refused);
# the message ends with the kind's keys, as `list` gives them.
keys=$("$pb" list flip | sed -n 's/^    flip:exhaustive:\(.*\)/\1/p')
expect_line 2 "puzzlebench: flip:exhaustive:rows=1:cols=40: expected rows and cols from 1 to 8 (flip:exhaustive accepts $keys)" \
    "$pb" gen flip --corpus flip:exhaustive:rows=1:cols=40
expect_line 2 "puzzlebench: corpus 'lightsout:random' is for lightsout, not flip" \
    "$pb" gen flip --corpus lightsout:random
expect_line 0 "" "$pb" run --help
grep -q "130 (SIGINT)" "$tmp/out" || bad "run --help does not give the exit status of an interrupted run"
# The default batch as the help gives it: the shard / 64, but 1 on boards past
# the puzzle's own sizes (Flip Game's 8x8 here), and compare's statistic.
grep -q "or 1 on boards past Flip Game's 8x8 or Lights Out's 64x64" "$tmp/out" ||
    bad "run --help does not give the default batch of big boards"
grep -q "which takes its 5th percentile" "$tmp/out" || bad "run --help: what compare takes of a pass"
grep -q "fail among the solvers" "$tmp/out" && grep -q "themselves (not only against FILE.ans)" "$tmp/out" ||
    bad "run --help: which failures are shrunk and saved"
for spec in flip:random:rows=8:cols=8:count=6400:100 flip:random:rows=9:cols=9:count=6400:1 \
    lightsout:random:rows=60:cols=60:count=200:3 lightsout:random:rows=61:cols=61:count=200:1; do
    "$pb" run "${spec%%:*}" --corpus "${spec%:*}" --solvers chase --no-save --json "$tmp/b.json" \
        >/dev/null
    [ "$(jq .batch "$tmp/b.json")" = "${spec##*:}" ] ||
        bad "${spec%:*}: batch $(jq .batch "$tmp/b.json"), expected ${spec##*:}"
done

# Flip Game's benchmark: every 4x4 board; 4096 solvable, none needs more than 6 moves.
expect_line 0 "" "$pb" run flip --corpus flip:exhaustive --solvers gf2,rowenum --json "$tmp/flip.json" \
    --csv "$tmp/flip.csv" --md "$tmp/flip.md"
[ "$(histsum "$tmp/flip.json")" = 65536 ] || bad "flip histogram does not sum to 65536"
[ "$(classcount Impossible "$tmp/flip.json")" = 61440 ] || bad "flip: not 61440 Impossible"
[ "$(classcount 6 "$tmp/flip.json")" = 256 ] || bad "flip: not 256 boards of 6 moves"
[ "$(classcount 7 "$tmp/flip.json")" = 0 ] || bad "flip: a board needs 7 moves"
[ "$(wc -l <"$tmp/flip.csv")" = 3 ] || bad "CSV: not a header and one row per solver"
grep -q '^flip,flip:exhaustive:rows=4:cols=4,0/1,65536,0,[0-9]*,gf2,0,65536,0,0,0,' "$tmp/flip.csv" ||
    bad "CSV row for gf2: $(sed -n 2p "$tmp/flip.csv")"
grep -q '^| rowenum | 65536 | 0 | 0 | 0 |' "$tmp/flip.md" || bad "Markdown table"
# The context, in the summary (broken between words to its width, each line
# after the first indented by two) and in one line of the Markdown, as in
# the JSON.
date=$(jq -r .context.date "$tmp/flip.json")
context=$(context "$tmp/out")
[ "$context" = "$(sed -n 5p "$tmp/flip.md" | sed 's/\.$//')" ] &&
    echo "$context" | grep -q "^puzzlebench [0-9.]* at .*, $date\$" ||
    bad "the context line: '$context', Markdown '$(sed -n 5p "$tmp/flip.md")'"
ls "$tmp" | grep -q tmp && bad "a temporary report file is left behind"

# A report to a pipe is written into it, not renamed over it.
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/from-fifo" &
"$pb" run flip --corpus flip:random:count=10 --solvers gf2 --csv "$tmp/fifo" >/dev/null
wait $!
[ -p "$tmp/fifo" ] || bad "the pipe a report went to is no longer a pipe"
[ "$(wc -l <"$tmp/from-fifo")" = 2 ] || bad "the CSV did not come through the pipe"

# Shards: their counts add up to the whole, and gen's shards concatenate to it.
for k in 0 1 2; do
    "$pb" run flip --corpus flip:exhaustive --solvers gf2 --shard $k/3 --json "$tmp/s$k.json" \
        >/dev/null || bad "shard $k/3"
    "$pb" gen flip --corpus flip:exhaustive --shard $k/3 >>"$tmp/shards.in"
done
[ "$(cat "$tmp"/s?.json | histsum /dev/stdin)" = 65536 ] || bad "shards do not add up to 65536"
for a in 0 1 2 3 4 5 6 Impossible; do
    whole=$(classcount "$a" "$tmp/flip.json")
    parts=$(classcount "$a" "$tmp"/s?.json)
    [ "$whole" = "$parts" ] || bad "shards: class $a: $parts, whole: $whole"
done
"$pb" gen flip --corpus flip:exhaustive >"$tmp/whole.in"
cmp -s "$tmp/shards.in" "$tmp/whole.in" || bad "gen: shards do not concatenate to the corpus"

# gen read back is the same corpus: the same answers, instance for instance.
spec=lightsout:random:rows=3:cols=7:count=500:seed=11
"$pb" gen lightsout --corpus $spec >"$tmp/lo.in"
"$pb" solve lightsout --solver gf2 "$tmp/lo.in" >"$tmp/lo.ans"
expect_line 0 "" "$pb" run lightsout --corpus "$tmp/lo.in" --solvers gf2,rowenum --json "$tmp/file.json"
expect_line 0 "" "$pb" run lightsout --corpus $spec --solvers gf2,rowenum --json "$tmp/spec.json"
diff <(jq -c .histogram "$tmp/file.json") <(jq -c .histogram "$tmp/spec.json") >/dev/null ||
    bad "gen read back: histograms differ"
[ "$(jq -r .reference "$tmp/file.json")" = expected ] || bad "a file's .ans is not the reference"

# Determinism: 1 and 2 threads, any batch: the same report but for timings.
spec=flip:random:rows=3:cols=4:count=3000:seed=2
"$pb" run flip --corpus $spec --threads 1 --batch 1000 --json "$tmp/t1.json" >/dev/null
"$pb" run flip --corpus $spec --threads 2 --batch 3 --json "$tmp/t2.json" >/dev/null
diff <(untimed "$tmp/t1.json") <(untimed "$tmp/t2.json") >&2 || bad "1 and 2 threads differ"
[ "$(jq .threads "$tmp/t2.json")" = 2 ] || bad "--threads 2 is not reported"

# A wrong expected answer: a disagreement, listed, exit 1, no regression written.
head -8 "$src/corpus/flip/poj1753.in" >"$tmp/wrong.in"
printf '4\n3\n' >"$tmp/wrong.ans"
expect_line 1 "" "$pb" run flip --corpus "$tmp/wrong.in" --json "$tmp/wrong.json" --save "$tmp/reg"
[ "$(jq .failures "$tmp/wrong.json")" = 1 ] || bad "wrong .ans: not one failure"
[ "$(jq -c '.disagreements[0] | [.index, .input, .reference]' "$tmp/wrong.json")" = \
    '[1,"bwbw\nwwww\nbbwb\nbwwb\n","expected"]' ] ||
    bad "wrong .ans: the disagreement is not listed"
jq -e '.disagreements[0].answers | any(.answer == "Impossible\n" and .agrees == false)' \
    "$tmp/wrong.json" >/dev/null || bad "wrong .ans: the solvers' answers are not listed"
grep -q "FAIL: 1 instance" "$tmp/out" || bad "wrong .ans: the summary does not say FAIL"
[ -e "$tmp/reg" ] && bad "a disagreement with a file's answer made a regression"

# Every corpus file in the tree passes (Tetravex's hard games with its two fast
# searches only: the classic backtrackers take minutes there; scripts/regress runs all).
for f in "$src"/corpus/*/*.in; do
    [ -e "$f" ] || continue
    d=$(basename "$(dirname "$f")")
    p=$d
    [ "$d" = regressions ] && p=$(basename "$f" | sed 's/-.*//')
    opts=()
    [ "$p" = tetravex ] && opts=(--solvers turns,mrv)
    case $f in
    */tetravex/*-[6-9]x[6-9]-* | */tetravex/*-1[0-2]x1[0-2]-*) opts=(--solvers portfolio,mrv) ;;
    esac
    # A set past any search runs under the budget its .opts gives: every
    # game unknown, nothing checked (exit 1), no answer failed.
    budget=$(sed -n 's/.*--budget \([^ ]*\).*/\1/p' "${f%.in}.opts" 2>/dev/null)
    [ -z "$budget" ] || opts+=(--budget "$budget")
    "$pb" run "$p" --corpus "$f" --no-save "${opts[@]}" >"$tmp/out" 2>&1
    rc=$?
    if [ $rc = 0 ] || { [ -n "$budget" ] && [ $rc = 1 ] &&
        grep -q "^FAIL: nothing was checked: no answer to .* certified or agreed" "$tmp/out" &&
        ! grep -q "^Answers by class:.* failed" "$tmp/out"; }; then ok
    else bad "run $p --corpus $f ${opts[*]}: exit $rc"; tail -5 "$tmp/out"; fi
done

# An empty corpus checks nothing: exit 1 as the help says, with a line that
# says so and no report (it printed "OK: every answer checks and agrees", 0).
: >"$tmp/empty.in"
expect_line 1 "puzzlebench: run: no instance in the corpus flip:random:rows=4:cols=4:count=0:seed=1: nothing was checked" \
    "$pb" run flip --corpus flip:random:count=0 --no-save --json "$tmp/empty.json"
[ -s "$tmp/out" ] && bad "run on count=0 printed a report: $(head -3 "$tmp/out")"
[ -e "$tmp/empty.json" ] && bad "run on count=0 wrote a report"
expect_line 1 "puzzlebench: run: no instance in the corpus $tmp/empty.in: nothing was checked" \
    "$pb" run flip --corpus "$tmp/empty.in" --no-save
"$pb" run --help | grep -q 'the corpus has none: "no instance in the corpus"' ||
    bad "run --help does not say that an empty corpus exits 1"

# Interrupted: the finished batches are reported, marked partial; exit 128+15.
# (No pilot, --time-budget none: under load it could outlast the second.)
interrupt TERM 1 "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --solvers rowenum \
    --threads 2 --time-budget none --json "$tmp/part.json"
[ $rc = 143 ] || bad "SIGTERM: exit $rc, expected 143"
# The partial report goes beside the path asked for (which may hold a complete
# report of an earlier run), not over it.
[ -e "$tmp/part.json" ] && bad "SIGTERM: a partial report was written over part.json"
[ "$(jq .partial "$tmp/part.partial.json")" = true ] || bad "SIGTERM: the report is not marked partial"
grep -q "the partial report is $tmp/part.partial.json" "$tmp/int.out" ||
    bad "SIGTERM: the message does not say where the partial report is"
grep -q "PARTIAL" "$tmp/int.out" || bad "SIGTERM: the summary does not say PARTIAL"
ls "$tmp" | grep -q tmp && bad "SIGTERM: a temporary report file is left behind"

# A stop is seen between instances, not only between batches:
# inside one long batch (iddfs takes seconds on a batch of 1000 4x5 Lights Out
# boards, as run's pilot estimates), the run ends within a second of the signal,
# reports what it finished (here nothing: the batch in hand is dropped) as
# PARTIAL, and exits 128 + the signal.  Before, it finished the batch, then
# skipped the 10^15 / 1000 batches left one by one, for hours; or, where the
# batch was the whole corpus, ended complete with exit 0.  Job control (set -m)
# keeps SIGINT from being ignored in a background job of a script.  No pilot
# (--time-budget none): under load it could outlast the two seconds.
stop_in_batch() { # SIGNAL WANT COUNT: the run's exit status must be WANT
    local sig=$1 want=$2 count=$3 t0 t1 rc pid
    set -m
    "$pb" run lightsout --corpus "lightsout:random:rows=4:cols=5:count=$count" --solvers iddfs \
        --threads 1 --batch 1000 --time-budget none --no-save --json "$tmp/int.json" \
        >"$tmp/int.out" 2>&1 &
    pid=$!
    set +m
    sleep 2
    t0=$(date +%s%N)
    kill -"$sig" $pid
    wait $pid
    rc=$?
    t1=$(date +%s%N)
    [ $rc = "$want" ] || bad "SIG$sig in a long batch ($count): exit $rc, expected $want"
    # A second on a quiet machine; two allow for a shared one.
    [ $(((t1 - t0) / 1000000)) -lt 2000 ] ||
        bad "SIG$sig in a long batch ($count): took $(((t1 - t0) / 1000000)) ms to end"
    grep -q "PARTIAL" "$tmp/int.out" || bad "SIG$sig in a long batch ($count): not PARTIAL"
    [ "$(jq .partial "$tmp/int.partial.json")" = true ] || bad "SIG$sig ($count): the report is not partial"
}
stop_in_batch INT 130 1e15
stop_in_batch TERM 143 1e15
stop_in_batch INT 130 1000 # the whole corpus is the batch in hand: it used to end complete, 0

# Batches are clamped to the shard: a batch of 2^24 on 10
# instances needs buffers for 10, not 16 Mi (it died of out-of-memory, 134).
expect_line 0 "" "$pb" run flip --corpus flip:random:count=10 --batch 16777216 --json "$tmp/b.json"
grep -q '"batch": 10,' "$tmp/b.json" || bad "--batch 16777216 on 10 instances: not clamped to 10"
# A batch whose buffers would not fit is refused at once, with what would fit.
expect_line 2 "puzzlebench: run: --batch 16777216 needs 34960 MiB of buffers per thread here, more than the 1024 MiB allowed: give a smaller batch (at most 491415)" \
    "$pb" run lightsout --corpus lightsout:random:rows=64:cols=64:count=1e15 --solvers gf2 \
    --batch 16777216
expect_line 2 "puzzlebench: run: expected --batch B with 1 <= B <= 16777216, found '99999999'" \
    "$pb" run flip --corpus flip:random --batch 99999999

summary
