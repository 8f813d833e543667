#!/usr/bin/env bash
# The time budget: a pilot of each solver estimates the corpus, a solver past
# its share runs on a sample (or is dropped), the others run whole with their
# exact answers, and a sharded run shares one plan.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
lo44=lightsout:exhaustive:rows=4:cols=4

# iddfs would take about 30 s on every 4x4 board: past its 2 s share of 4, so
# 1 in 100 (any estimate from 20 s to 200 s gives that: a slow or sanitized
# build does too).
"$pb" run lightsout --corpus $lo44 --solvers gf2,iddfs --time-budget 4 --plan >"$tmp/plan" 2>"$tmp/err"
if grep -qx -- '--solvers gf2,iddfs --sample 1/100 --slow iddfs --time-budget none' "$tmp/plan"; then ok
else bad "plan: $(cat "$tmp/plan" "$tmp/err")"; fi
grep -qE '^  iddfs .* in all: sampled, 1 in 100 \(656 instances\)$' "$tmp/err" && ok ||
    bad "the estimate table lacks iddfs's sample: $(cat "$tmp/err")"
grep -qE '^  gf2 .* in all: whole$' "$tmp/err" && ok || bad "gf2 is not whole: $(cat "$tmp/err")"
# --repeat 10: ten passes to pay for, so 1 in 100 where one pass would be 1 in
# 10 within a budget ten times as large.
"$pb" run lightsout --corpus $lo44 --solvers gf2,iddfs --time-budget 40 --repeat 10 --plan \
    >"$tmp/plan" 2>"$tmp/err"
grep -q -- '--sample 1/100 --slow iddfs' "$tmp/plan" && ok || bad "--repeat 10: $(cat "$tmp/plan" "$tmp/err")"
grep -q 'its answers checked, 10 passes (budget 40 s' "$tmp/err" && ok ||
    bad "the estimate does not say it counts 10 passes: $(cat "$tmp/err")"

# The run itself: gf2 whole (every one of the 65536 boards), iddfs on the sample.
expect 0 'sampled, 1 in 100' -- "$pb" run lightsout --corpus $lo44 --solvers gf2,iddfs \
    --time-budget 4 --json "$tmp/run.json"
[ "$(jq -r '.sample' "$tmp/run.json")" = 100 ] && ok || bad "the report's sample is not 100"
jq -r '.solvers[] | "\(.name) \(.sampled) \(.ran)"' "$tmp/run.json" >"$tmp/ran"
printf 'gf2 false 65536\niddfs true 656\n' | diff - "$tmp/ran" >/dev/null && ok ||
    bad "what ran: $(cat "$tmp/ran")"
# gf2's answers are the whole corpus's, as without a budget.
"$pb" run lightsout --corpus $lo44 --solvers gf2 --time-budget none --json "$tmp/whole.json" \
    >/dev/null 2>&1
[ "$(jq -c .histogram "$tmp/run.json")" = "$(jq -c .histogram "$tmp/whole.json")" ] && ok ||
    bad "the budget changed gf2's histogram"
grep -q 'estimated from a pilot' "$tmp/err" && ok || bad "no estimate table"
expect 0 '' -- "$pb" run lightsout --corpus $lo44 --solvers gf2 --time-budget none
grep -q 'estimated from a pilot' "$tmp/err" && bad "--time-budget none still ran a pilot" || ok

# A solver whose sample would hold under a hundred instances is dropped, with
# the options that run it whole; a small corpus always runs whole.
# (iddfs: 70 days for 5x5, on 1 in 10^6 boards 33 instances; under a sanitizer
# it may pass its 0.5 s cap instead, dropped too.)
expect 0 'dropped (' -- "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=5 \
    --solvers gf2,iddfs --time-budget 100 --plan
grep -qx -- '--solvers gf2 --time-budget none' "$tmp/out" && ok || bad "drop plan: $(cat "$tmp/out")"
# The plan writes the drop on a line of its own, after the options.
sed -n 2p "$tmp/out" | grep -qx -- '# dropped: iddfs' && ok || bad "the plan hides its drop: $(cat "$tmp/out")"
grep -q 'under 100 instances at any sample); --solvers iddfs' "$tmp/err" && ok ||
    grep -q 'too slow to estimate' "$tmp/err" && ok || bad "no drop line: $(cat "$tmp/err")"

# A pilot instance runs under a CPU cap (its share / 100, at least 10 ms): one
# past it drops the solver as too slow to estimate, at once (a 9x9 game takes
# kinds minutes).
s0=$(date +%s)
expect 0 'dropped (too slow to estimate: an instance passed 50 ms of CPU)' -- \
    "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=5 --solvers gf2,iddfs \
    --time-budget 10 --plan
grep -qx -- '# dropped: iddfs' "$tmp/out" && ok || bad "iddfs not dropped: $(cat "$tmp/out")"
expect 2 'too slow to estimate: an instance passed 10 ms' -- timeout 60 \
    "$pb" run tetravex --corpus tetravex:random:n=9:count=1000 --solvers kinds --time-budget 1
[ $(($(date +%s) - s0)) -lt 30 ] && ok || bad "the pilots ran past their cap"

# A plan that drops every solver runs nothing: a clear message and exit 2,
# never a run of no solver (it crashed) nor, with --plan, options that run
# them all.
drop_all='run: the time budget of 10 s drops every solver (iddfs), so nothing would run'
expect 2 "$drop_all" -- "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=5 \
    --solvers iddfs --time-budget 10
expect 2 "$drop_all" -- "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=5 \
    --solvers iddfs --time-budget 10 --plan
[ -s "$tmp/out" ] && bad "a plan of nothing printed options: $(cat "$tmp/out")" || ok
expect 2 'drops every solver (gf2,rowenum)' -- "$pb" run lightsout \
    --corpus lightsout:random:count=1e4 --solvers gf2,rowenum --time-budget 1e-300
grep -q '0 s a solver' "$tmp/err" && bad "the share reads 0 s: $(cat "$tmp/err")" || ok
expect 0 '' -- "$pb" run lightsout --corpus lightsout:random:count=999 --time-budget 0.001
grep -q 'estimated' "$tmp/err" && bad "a corpus of 999 was estimated" || ok

# Bad budgets and a plan beside a sample of the user's.
expect 2 "expected --time-budget S with S > 0 seconds, or 'none', found 'x'" -- \
    "$pb" run flip --corpus flip:exhaustive --time-budget x
expect 2 "expected --time-budget S" -- "$pb" run flip --corpus flip:exhaustive --time-budget 0
expect 2 'it takes no --sample or --slow' -- "$pb" run flip --corpus flip:exhaustive --plan --sample 1/2

# A sharded run makes the plan once and every shard runs with it; the merged
# report is the unsharded run's.
PUZZLEBENCH=$pb expect 0 '' -- "$src/scripts/shard" $lo44 --shards 3 --jobs 2 --solvers gf2,iddfs \
    --time-budget 4 --out "$tmp/sh"
grep -qx -- '--solvers gf2,iddfs --sample 1/100 --slow iddfs --time-budget none' "$tmp/sh/plan" && ok ||
    bad "shard plan: $(cat "$tmp/sh/plan" 2>&1)"
[ "$(jq -c '[.histogram, [.solvers[] | [.name, .sampled, .ran]]]' "$tmp/sh/merged.json")" = \
  "$(jq -c '[.histogram, [.solvers[] | [.name, .sampled, .ran]]]' "$tmp/run.json")" ] && ok ||
    bad "the merged shards differ from the unsharded run"
# scripts/shard starts no shard of a plan that drops everything, nor of a
# plan kept in DIR that names no solvers (it would run every one whole).
PUZZLEBENCH=$pb expect 2 'drops every solver (iddfs)' -- "$src/scripts/shard" \
    lightsout:exhaustive:rows=5:cols=5 --shards 2 --solvers iddfs --time-budget 10 --out "$tmp/sh0"
[ -e "$tmp/sh0" ] && bad "a plan of nothing made its DIR" || ok
mkdir -p "$tmp/sh1" && echo ' --time-budget none' >"$tmp/sh1/plan"
PUZZLEBENCH=$pb expect 2 "the plan ' --time-budget none' names no solvers" -- "$src/scripts/shard" \
    $lo44 --shards 2 --solvers gf2 --out "$tmp/sh1"
printf -- '--solvers gf2,iddfs --time-budget none\n# dropped: iddfs\n' >"$tmp/sh1/plan"
PUZZLEBENCH=$pb expect 2 "runs iddfs, which it dropped" -- "$src/scripts/shard" \
    $lo44 --shards 2 --solvers gf2 --out "$tmp/sh1"
[ -e "$tmp/sh1/joblog" ] && bad "shards of a bad plan started" || ok
# The estimate holds where the run's timers cost more than the solving: on a
# sweep each batch is one board, and a solve too short for the clock is timed
# again in a loop.  The plan's "in all" against the CPU the whole run then
# spent, within 2.5x either way (the loop left out, the estimate was 15x low).
seconds() { awk '{ u["ns"] = 1e-9; u["us"] = 1e-6; u["ms"] = 1e-3; u["s"] = 1; u["min"] = 60
                   print $1 * u[$2] }'; }
TIMEFORMAT='%U %S'
{ time "$pb" run lightsout --corpus lightsout:random:rows=2..4:count=10000 --solvers gf2 \
    --threads 1 --no-save >/dev/null 2>"$tmp/err"; } 2>"$tmp/time"
planned=$(sed -n 's/^  in all *\(.*\) of CPU for the run as planned, .*$/\1/p' "$tmp/err" | seconds)
spent=$(awk '{ print $1 + $2 }' "$tmp/time")
awk -v p="${planned:-0}" -v s="$spent" 'BEGIN { exit !(p > 0 && s / p < 2.5 && p / s < 2.5) }' &&
    ok || bad "a sweep of tiny boards planned ${planned:-nothing} s, spent $spent s: $(cat "$tmp/err")"
# A fast solver's estimate is timed on the run's own batches (the batch
# hooks, the checker's, the timers): one call each, its pilot read table's
# 4x6 boards at 64 ns each where the run spends under 10, and the estimate
# 7x what the run spent.  The run's part of the plan (its "in all" less what
# the process had spent by then, start and pilots) against the CPU the
# process spent after the plan, within 3x either way.
{ time "$pb" run lightsout --corpus lightsout:exhaustive:rows=4:cols=6 --solvers table \
    --threads 1 --no-save >/dev/null 2>"$tmp/err"; } 2>"$tmp/time"
line=$(sed -n 's/^  in all *\(.*\) of CPU for the run as planned, \(.*\) of it spent .*$/\1\n\2/p' "$tmp/err")
planned=$(echo "$line" | head -1 | seconds) before=$(echo "$line" | sed -n 2p | seconds)
spent=$(awk '{ print $1 + $2 }' "$tmp/time")
awk -v p="${planned:-0}" -v b="${before:-0}" -v s="$spent" \
    'BEGIN { p -= b; s -= b; exit !(p > 0 && s > 0 && s / p < 3 && p / s < 3) }' && ok ||
    bad "fast boards: the run planned ${planned:-nothing} s with ${before:-no} s spent before it, the process spent $spent s: $(cat "$tmp/err")"
# A stress's estimate counts stress itself (each run's input, its start,
# its output judged) beside its program: within 2.5x of the CPU the stress
# and its runs then spent.
P=$(dirname "$pb")/tests/progs
{ time (cd "$tmp" && "$pb" stress flip --corpus flip:random:mode=solvable:count=1000 --batch 10 \
    --exec "$P/prog_flip" --show 0 >/dev/null 2>"$tmp/err"); } 2>"$tmp/time"
grep -qE '^  stress itself .* each, .* for 1000 instances$' "$tmp/err" && ok ||
    bad "no estimate of stress itself: $(cat "$tmp/err")"
planned=$(sed -n 's/^  in all  *\([0-9.]* [a-z]*\): whole$/\1/p' "$tmp/err" | seconds)
spent=$(awk '{ print $1 + $2 }' "$tmp/time")
awk -v p="${planned:-0}" -v s="$spent" 'BEGIN { exit !(p > 0 && s / p < 2.5 && p / s < 2.5) }' &&
    ok || bad "a stress planned ${planned:-nothing} s, spent $spent s: $(cat "$tmp/err")"

# The progress line's time left comes from the plan: on a terminal (script
# gives one) its first "about X left", with the time gone by then, is within
# 3x of the run's wall time that the summary prints.
script -qfec "'$pb' run lightsout --corpus lightsout:random:rows=8..64:count=3000 \
    --solvers gf2 --no-save" "$tmp/tty" >/dev/null 2>&1
tr '\r' '\n' <"$tmp/tty" | sed -n 's/^.*instances ([^)]*), [^,]*, \([^,]*\), about \([^,]*\) left.*$/\1 \2/p' |
    head -1 | { read -r a u b v && echo "$a $u" | seconds && echo "$b $v" | seconds; } >"$tmp/left"
wall=$(sed -n 's/^[0-9]* instances, [0-9]* threads\{0,1\}, \([0-9.]*\) s.*$/\1/p' "$tmp/tty" | head -1)
awk -v w="${wall:-0}" '{ s += $1 } END { exit !(NR == 2 && w > 0 && s / w < 3 && w / s < 3) }' \
    "$tmp/left" && ok || bad "first time left $(tr '\n' ' ' <"$tmp/left")against a run of ${wall:-no} s"
# With --repeat 4 the line names the pass, and its time left is the run's
# (the plan is of every pass): in the last pass, the time gone in it and the
# first time left within 2.5x of a pass's share of the wall time (with the
# whole plan left in each pass, it was 4x).
script -qfec "'$pb' run lightsout --corpus lightsout:random:rows=8..64:count=2000 \
    --solvers gf2 --no-save --threads 1 --repeat 4" "$tmp/tty" >/dev/null 2>&1
tr '\r' '\n' <"$tmp/tty" |
    sed -n 's/^.*run, pass 4 of 4: .*instances ([^)]*), [^,]*, \([^,]*\), about \([^,]*\) left.*$/\1 \2/p' |
    head -1 | { read -r a u b v && echo "$a $u" | seconds && echo "$b $v" | seconds; } >"$tmp/left"
wall=$(sed -n 's/^[0-9]* instances, [0-9]* threads\{0,1\}, \([0-9.]*\) s.*$/\1/p' "$tmp/tty" | head -1)
awk -v w="${wall:-0}" '{ s += $1 } END { w /= 4; exit !(NR == 2 && w > 0 && s / w < 2.5 && w / s < 2.5) }' \
    "$tmp/left" && ok || bad "the last pass's time left $(tr '\n' ' ' <"$tmp/left")against passes of ${wall:-no}/4 s"
summary
