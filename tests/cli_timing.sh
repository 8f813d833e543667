#!/usr/bin/env bash
# cli_timing.sh BIN SRC - batches too short for the clocks are timed all the
# same: on tiny boards (batches of a few nanoseconds a board) and on a sweep
# (one board a batch), every time per instance a report gives is its
# solver's, not the clock's.  The yardstick is measured here, on the same
# boards in batches of 30000, long enough to time in one pass on any clock:
# no figure may be below a twentieth of their fastest batch (out of cache,
# a batch costs some three to ten times one in cache; a figure clamped to
# nothing is 1/256 ns), nor may a median be above twice their median (the
# clock's cost counted as the solver's).  The yardstick is measured again
# beside each run, and the run held to the slower of the two, so that the
# load of the tests running beside this one is not read as the clock's.
# The answers are the same on 1 thread and 16.
set -u
PB=$1 src=$2
source "$src/tests/cli.sh"

cd "$tmp" || exit 2
solvers=gf2,chase

# yardstick NAME SPEC: the batches of 30000 boards of SPEC, into NAME.json,
# or NAME.again.json if that is there (a yardstick measured again).
yardstick() {
    local out=$1.json
    [ ! -e "$out" ] || out=$1.again.json
    "$PB" run lightsout --corpus "$2:count=90000:seed=5" --solvers $solvers --batch 30000 \
        --threads 1 --json "$out" >"$1.txt" 2>&1 || bad "yardstick $2: $(cat "$1.txt")"
}

# every_figure REPORT YARD [SIZE]: each solver's times per instance in REPORT
# (of size SIZE of a sweep, or all of it), each as "solver figure value".
every_figure() {
    jq -r --arg size "${3:-}" '.solvers[] | .name as $n |
        (if $size == "" then . else .sizes[$size | tonumber] end) as $t |
        ($t | to_entries[] | select(.key | test("^(cpu_)?ns_") and (test("mad") | not)) |
            select(.value | type == "number") |
            "\($n) \(.key) \(.value)"),
        # the lowest class of each spread: 2^(class / 256 - 8) ns, at most its lower end
        ($t | to_entries[] | select(.key | test("spread$")) | select(.value | length > 0) |
            "\($n) \(.key)[0] \(pow(2; .value[0][0] / 256 - 8))")' "$1"
}

# hold REPORT YARD [SIZE]: every figure of REPORT (of SIZE, or a run of
# YARD's size: with medians) at least a twentieth of YARD's fastest batch,
# and with medians each median at most twice YARD's median, the yardstick
# YARD measured again just after the run (the faster and the slower of the two).
hold() {
    local name key value floor top medians=$4 yards
    rm -f "${2%.json}.again.json"
    yardstick "${2%.json}" "$(jq -r .corpus "$2" | sed 's/:count=.*//')"
    yards=("$2" "${2%.json}.again.json")
    while read -r name key value; do
        floor=$(jq -rs --arg n "$name" '[.[].solvers[] | select(.name == $n) | .cpu_ns_min] | min / 20' \
            "${yards[@]}")
        awk -v v="$value" -v f="$floor" 'BEGIN { exit !(v >= f) }' ||
            bad "$1: $name's $key is $value ns, below $floor ns (a twentieth of $2's fastest batch)"
        case $medians$key in
        medianscpu_ns_median)
            top=$(jq -rs --arg n "$name" '[.[].solvers[] | select(.name == $n) | .cpu_ns_median] | max * 2' \
                "${yards[@]}")
            awk -v v="$value" -v t="$top" 'BEGIN { exit !(v <= t) }' ||
                bad "$1: $name's median is $value ns, above $top ns (twice $2's median)"
            ;;
        esac
    done < <(every_figure "$1" "$2" "$3")
    ok
}

# Tiny boards: 1x1, in the default batches of 31.
yardstick y1 lightsout:random:rows=1:cols=1
for t in 1 16; do
    "$PB" run lightsout --corpus lightsout:random:rows=1:cols=1:count=2000:seed=5 --solvers $solvers \
        --threads $t --json tiny$t.json >tiny$t.txt || bad "tiny boards on $t threads: $(cat tiny$t.txt)"
    hold tiny$t.json y1.json '' medians
done
same tiny1.json tiny16.json

# Past a thread's first 32 warm batches, a batch too short for the clocks
# mostly stands in for a timed one (run.c's stands_in): 200000 tiny boards
# in batches of 1024 on one thread, held as above.
"$PB" run lightsout --corpus lightsout:random:rows=1:cols=1:count=2e5:seed=5 --solvers $solvers \
    --threads 1 --time-budget none --json many.json >many.txt || bad "many tiny boards: $(cat many.txt)"
hold many.json y1.json '' medians

# A sweep, one board a batch: its smallest size against 8x8 boards in long batches.
yardstick y8 lightsout:random:rows=8
for t in 1 16; do
    "$PB" run lightsout --corpus lightsout:random:rows=8..64:count=100:seed=2 --solvers $solvers \
        --threads $t --json sweep$t.json >sweep$t.txt || bad "a sweep on $t threads: $(cat sweep$t.txt)"
    jq -e '.batch == 1' sweep$t.json >/dev/null || bad "the sweep's batch is not one board"
    hold sweep$t.json y8.json '' ''
    hold sweep$t.json y8.json 0 medians
done
same sweep1.json sweep16.json

# A tight time budget samples cheap solvers on a big corpus, never drops
# them: a short pass is timed again in one batch of many, so what timing
# costs shrinks with the sample.  The budget is a third of what the whole
# run spends here (so the build and the load count alike): both solvers run
# on a sample of 1 in 10 or 100 (or whole); when each short batch was timed
# again, that alone was past each one's share, and both were dropped.
c4=lightsout:exhaustive:rows=4:cols=5
TIMEFORMAT='%U %S'
{ time "$PB" run lightsout --corpus $c4 --solvers gf2,rowenum --time-budget none --no-save \
    >whole.txt 2>&1; } 2>whole.time || bad "the whole run: $(cat whole.txt)"
budget=$(awk '{ print ($1 + $2) / 3 }' whole.time)
"$PB" run lightsout --corpus $c4 --solvers gf2,rowenum --time-budget "$budget" --plan \
    >plan.txt 2>plan.err || bad "a budget of $budget s: $(cat plan.txt plan.err)"
grep -qE "^--solvers gf2,rowenum( |$)" plan.txt && ok ||
    bad "a budget of $budget s (a third of the whole run's CPU) drops a cheap solver: $(cat plan.err)"
summary
