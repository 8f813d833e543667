#!/usr/bin/env bash
# cli_budget.sh - run and solve --budget: a game its search does not finish
# within its budget is "unknown" with its tree estimated, counted apart in the
# table, the JSON, merge and compare, and never a failure; a budget ends a
# 10x10 game in time and changes no answer that was found; without one,
# judge mode is complete.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
corpus=$src/corpus/tetravex

# Two 10x10 games with 10 numbers, far past any budget here.
"$pb" gen tetravex --corpus tetravex:random:n=10:digits=10:mode=perturbed:count=2:seed=7 \
    >"$tmp/t10.in"

# solve: "Game k: unknown" on stdout, on stderr the nodes spent (within the
# budget) and the tree by the search's estimate; exit 0.
expect 0 "game 2: unknown, cut by --budget 2e5n after" -- \
    "$pb" solve tetravex --budget 2e5n "$tmp/t10.in"
printf 'Game 1: unknown\n\nGame 2: unknown\n' | cmp -s - "$tmp/out" && ok || bad "solve: $(cat "$tmp/out")"
awk '/cut by --budget/ { n++; if ($11 + 0 > 200000 || $11 + 0 < 150000) bad = 1
                         if (!/its tree by the search.s estimate: [0-9.e+]+ nodes/) bad = 1 }
     END { exit n != 2 || bad }' "$tmp/err" && ok || bad "solve's notes: $(cat "$tmp/err")"

# CPU seconds: the game ends within its budget (and the start-up).
cpu=$( { TIMEFORMAT=%U; time "$pb" solve tetravex --budget 0.3s "$tmp/t10.in" >/dev/null 2>&1; } 2>&1)
awk -v t="$cpu" 'BEGIN { exit !(t < 2 * 0.3 + 0.3) }' && ok || bad "solve --budget 0.3s: $cpu s of CPU"

# run: each solver's games cut, counted apart, the estimates summed; the
# histogram's class "unknown"; every game cut, nothing was checked: exit 1.
expect 1 "" -- "$pb" run tetravex --corpus "$tmp/t10.in" --budget 2e5n --solvers portfolio,square \
    --json "$tmp/cut.json" --csv "$tmp/cut.csv"
grep -q "^FAIL: nothing was checked: no answer to the 2 instances was certified or agreed (4 unknown" \
    "$tmp/out" && ok || bad "run's status: $(cat "$tmp/out")"
grep -q "^  solver .* disagree  unknown  *cpu" "$tmp/out" && ok || bad "run's table: no column"
grep -q "^Unknown, no answer within --budget 2e5n a game: portfolio 2, trees of .* nodes by estimate; square 2" \
    "$tmp/out" && ok || bad "run's note: $(grep ^Unknown "$tmp/out")"
jq -e '.budget == "2e5n" and .histogram == [{"class": 4100, "answer": "unknown", "count": 2}]
       and ([.solvers[] | .unknown == 2 and .estimated == 2 and .tree > 4e5] | all)' \
    "$tmp/cut.json" >/dev/null && ok || bad "run's JSON: $(jq -c '[.budget, .histogram, .solvers]' "$tmp/cut.json" | cut -c1-300)"
head -1 "$tmp/cut.csv" | grep -q ",unknown,estimated,tree" && ok || bad "CSV: $(head -1 "$tmp/cut.csv")"

# A budget changes no answer found: where the search ends in time, the
# answer is the expected one; where it does not, unknown.  Both happen here.
in=$corpus/hard-6x6-d10.in
expect 0 "" -- "$pb" run tetravex --corpus "$in" --budget 2e4n --solvers portfolio,mrv,square,count \
    --json "$tmp/mix.json"
jq -e '([.solvers[].unknown] | add) as $u | $u > 0 and $u < 20' "$tmp/mix.json" >/dev/null && ok ||
    bad "hard-6x6-d10 at 2e4n: $(jq -c '[.solvers[] | [.name, .unknown]]' "$tmp/mix.json")"
jq -e '.failures == 0 and ([.solvers[] | .disagree + .invalid] | add) == 0' "$tmp/mix.json" \
    >/dev/null && ok || bad "hard-6x6-d10 at 2e4n: answers differ"
for s in portfolio count; do
    "$pb" solve tetravex --solver $s --budget 2e4n "$in" 2>/dev/null >"$tmp/mix.out"
    paste -d'|' "$tmp/mix.out" "${in%.in}.ans" |
        awk -F'|' '$1 != $2 { if ($1 !~ /: unknown$/) bad = 1; cut++ } END { exit bad || !cut }' &&
        ok || bad "solve --solver $s --budget 2e4n: $(paste -d'|' "$tmp/mix.out" "${in%.in}.ans")"
done
# Without a budget, every game is answered (judge mode is complete).
"$pb" solve tetravex "$in" | cmp -s - "${in%.in}.ans" && ok || bad "solve without a budget"

# merge: shards of one budget add up; shards of two budgets are two runs.
for k in 0 1; do
    "$pb" run tetravex --corpus "$tmp/t10.in" --budget 2e5n --solvers portfolio --shard $k/2 \
        --json "$tmp/s$k.json" >/dev/null 2>&1
done
# (every game cut: the merge, as each shard, checked nothing and exits 1)
expect 1 "" -- "$pb" merge "$tmp/s0.json" "$tmp/s1.json" --json "$tmp/m.json"
jq -e '.solvers[0].unknown == 2 and .budget == "2e5n" and .histogram[0].count == 2' "$tmp/m.json" \
    >/dev/null && ok || bad "merge: $(jq -c '[.budget, .histogram, .solvers[0].unknown]' "$tmp/m.json")"
"$pb" run tetravex --corpus "$tmp/t10.in" --budget 1e5n --solvers portfolio --shard 1/2 \
    --json "$tmp/s1.json" >/dev/null 2>&1
expect 2 "expected --budget 2e5n as in" -- "$pb" merge "$tmp/s0.json" "$tmp/s1.json"

# compare: another budget, and other games cut, are said; the games cut are
# no difference of answers.
"$pb" run tetravex --corpus "$in" --budget 1e9n --solvers portfolio,count --json "$tmp/all.json" \
    >/dev/null 2>&1
"$pb" run tetravex --corpus "$in" --budget 2e4n --solvers portfolio,count --json "$tmp/few.json" \
    >/dev/null 2>&1
"$pb" compare "$tmp/all.json" "$tmp/few.json" >"$tmp/cmp.out" 2>&1
grep -q "Differs: budget: 1e9n (base), 2e4n (new)." "$tmp/cmp.out" && ok || bad "compare: $(cat "$tmp/cmp.out")"
grep -q "Differs: count's games cut by the budget (unknown): 0 (base), 1 (new)" "$tmp/cmp.out" &&
    ok || bad "compare: $(cat "$tmp/cmp.out")"
grep -q "^Answers: the same" "$tmp/cmp.out" && ok || bad "compare: $(cat "$tmp/cmp.out")"

# Bad budgets: one line, exit 2, for run and solve.
for b in 3x 0s -1n 1.5n 2s,3s 1e7 inf ''; do
    expect_line 2 "puzzlebench: expected --budget as CPU seconds a game (2s, 0.5s), nodes a game (1e7n), both (2s,1e7n), or none, found '$b'" \
        "$pb" run tetravex --corpus "$tmp/t10.in" --budget "$b"
done
expect 2 "solve: expected --budget as CPU seconds a game" -- "$pb" solve tetravex --budget 3x "$in"
# A budget is recorded as it was given.
"$pb" run tetravex --corpus tetravex:random:count=3 --budget 1234567s --no-save --json "$tmp/big.json" \
    >/dev/null
jq -e '.budget == "1234567s"' "$tmp/big.json" >/dev/null && ok || bad "budget 1234567s recorded as $(jq .budget "$tmp/big.json")"

summary
