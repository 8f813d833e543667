#!/usr/bin/env bash
# cli_tetravex.sh - Gnome Tetravex through the binary: judge output byte for
# byte from every solver, the corpus files' answers, bad input, the checker.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
corpus=$src/corpus/tetravex

# The sample from every solver, from a file and from stdin.
for s in $(registry "$pb" | sed -n 's|^tetravex/||p'); do
    "$pb" solve tetravex --solver "$s" "$corpus/zoj1008.in" | cmp -s - "$corpus/zoj1008.ans" &&
        ok || bad "tetravex/$s differs from zoj1008.ans"
done
"$pb" solve tetravex <"$corpus/zoj1008.in" | cmp -s - "$corpus/zoj1008.ans" && ok || bad "stdin"

# One game on several threads (split.c, corners.c): the answers of one thread, from
# solve and from run (fewer games than threads: each game gets its share).
"$pb" solve tetravex --threads 3 "$corpus/hard-8x8-d10.in" | cmp -s - "$corpus/hard-8x8-d10.ans" &&
    ok || bad "solve --threads 3: wrong answers"
expect 0 "" -- "$pb" run tetravex --corpus "tetravex:random:n=8:digits=10:mode=perturbed:count=1:seed=7" \
    --solvers portfolio,split,corners,pairs --threads 2
expect 2 "expected --threads T with 1 <= T <= 1024, found '0'" -- \
    "$pb" solve tetravex --threads 0 "$corpus/zoj1008.in"

# Every corpus file from the fast searches; the hard ones from sat too.
for in in "$corpus"/*.in; do
    solvers="portfolio turns mrv count"
    case $in in */hard-5x5-*|*/zoj1008.in) solvers="$solvers sat" ;; esac
    # The sets from 6x6 up (scripts/tetravex-corpora sizes): count alone runs for
    # minutes on a 9x9 and a 12x12 game, turns for seconds on the 8x8 ones.
    case $in in */*-[6-9]x[6-9]-*|*/*-1[0-2]x1[0-2]-*) solvers="portfolio mrv" ;; esac
    # A set past any search (scripts/tetravex-corpora budget, peak) is solved under
    # the budget its .opts gives: each game its .ans's answer, or unknown (and
    # where the .ans says unknown, whatever the run's checks let through).
    budget=$(sed -n 's/.*--budget \([^ ]*\).*/\1/p' "${in%.in}.opts" 2>/dev/null)
    for s in $solvers; do
        if [ -n "$budget" ]; then
            "$pb" solve tetravex --solver "$s" --budget "$budget" "$in" 2>/dev/null |
                paste -d'|' - "${in%.in}.ans" |
                awk -F'|' '$1 != $2 && $1 !~ /: unknown$/ && $2 !~ /: unknown$/ { bad = 1 } END { exit bad || NR == 0 }' &&
                ok || bad "$(basename "$in")/$s --budget $budget: wrong answers"
            continue
        fi
        "$pb" solve tetravex --solver "$s" "$in" | cmp -s - "${in%.in}.ans" &&
            ok || bad "$(basename "$in")/$s: wrong answers"
    done
done

# Bad input: file:line: what was expected, exit status 2.
printf '2\n1 2 3 4\n5 6 7 8\n9 9 9\n' >"$tmp/x.in"
expect 2 "x.in:4: expected 4 numbers (top right bottom left) for tile 3 of 4, found 3" -- \
    "$pb" solve tetravex "$tmp/x.in"
printf '1\n1 2 3 4\n' | expect 2 "stdin:2: expected a line 0 to end the input" -- "$pb" solve tetravex
printf '6\n' | expect 2 "stdin:1: expected 36 tiles in this game, the input ended after 0" -- \
    "$pb" solve tetravex
printf '13\n' | expect 2 "stdin:1: expected a board size n from 1 to 12" -- "$pb" solve tetravex
printf '5\n' >"$tmp/big.in"
for ((i = 0; i < 25; i++)); do echo "1 2 3 4"; done >>"$tmp/big.in"
echo 0 >>"$tmp/big.in"
expect 2 "solver naive does not take tetravex boards of size n=5 (it takes n <= 4)" -- \
    "$pb" solve tetravex --solver naive "$tmp/big.in"

# The checker: right, wrong, and the right words in the wrong layout.
in=$corpus/zoj1008.in
expect 0 "" -- "$pb" check tetravex "$in" "$corpus/zoj1008.ans"
printf 'Game 1: Possible\n\nGame 2: Possible\n' >"$tmp/wa.out"
expect 1 "" -- "$pb" check tetravex "$in" "$tmp/wa.out"
printf 'Game 1: Possible\nGame 2: Impossible\n' >"$tmp/pe.out"
expect 2 "" -- "$pb" check tetravex "$in" "$tmp/pe.out"
printf 'Game 1: Possible\n\nGame 2: Impossible\n\n' >"$tmp/trail.out"
expect 0 "" -- "$pb" check tetravex "$in" "$tmp/trail.out"

# tetravex-nodes (the ablation of scripts/tetravex-bench): count's nodes on the
# sample's two games; solving the 2x2 one takes at least a node a cell.
row=$("$(dirname "$pb")/tetravex-nodes" both "$in")
[[ $row =~ ^\|\ both\ \|\ .*\ \|\ 2\ \|\ ([0-9]+)\ \| ]] && [ "${BASH_REMATCH[1]}" -ge 4 ] &&
    ok || bad "tetravex-nodes: $row"

# tetravex-nodes --search portfolio (the portfolio's bar in nodes): a line for each
# game outside the bar, then the row; on the 6x6 games with 10 numbers the
# portfolio is within it on all five.
out=$("$(dirname "$pb")/tetravex-nodes" --search portfolio p "$corpus/hard-6x6-d10.in")
row=$(tail -1 <<<"$out")
[[ $row =~ ^\|\ p\ \|\ .*\ \|\ 5\ \|\ 5\ \|\ [0-9.]+x\ \|\ [0-4]\ \|\ [0-9]+\ \|\ [0-9]+\ \|$ ]] &&
    [ "$(wc -l <<<"$out")" -eq 1 ] && ok || bad "tetravex-nodes --search portfolio: $out"

# tetravex-nodes --search mrv with a cap: a cut game gets the estimate of its
# last run's tree, which holds at least the nodes that run spent (20000 of 30000:
# runs of 10000 and 20000).
out=$("$(dirname "$pb")/tetravex-nodes" --search mrv --cap 30000 m "$corpus/hard-8x8-d10.in")
est=$(sed -n "s/^game [0-4]: cut at 30000 nodes; its last run's tree about \([0-9.e+]*\) nodes .*/\1/p" <<<"$out")
[ "$(wc -w <<<"$est")" -eq 5 ] && awk '$1 < 20000 { exit 1 }' <<<"$est" &&
    ok || bad "tetravex-nodes --search mrv --cap: $out"

# tetravex-threads --estimate: the model, on a 2x2 game whose every number is
# 0 (every edge matches), is every ordered choice of tiles: 4 + 12 + 24 + 24.
tt=$(dirname "$pb")/tetravex-threads
printf '2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0\n' >"$tmp/same.in"
model=$("$tt" --estimate "$tmp/same.in" | awk -F'\t' 'NR == 2 { print $7 }')
[ "$model" = 64 ] && ok || bad "tetravex-threads --estimate: model '$model', expected 64"

# info tetravex: the hardness peak, d* and digits=peak's number, for every n or one;
# a random corpus with digits=peak spells its number out.
[ "$("$pb" info tetravex:n=7 | tail -1 | awk '{ print $1, $2, $3 }')" = "7 5.59 6" ] &&
    [ "$("$pb" info tetravex | grep -c '^ *[0-9]')" -eq 11 ] && ok || bad "info tetravex"
expect 2 "expected tetravex or tetravex:n=N with 2 <= N <= 12, found 'tetravex:n=1'" -- \
    "$pb" info tetravex:n=1
"$pb" run tetravex --corpus tetravex:random:n=5:digits=peak:count=2 --solvers portfolio --threads 1 \
    --json "$tmp/peak.json" >/dev/null &&
    grep -q '"corpus": "tetravex:random:n=5:digits=4:mode=solvable:count=2:seed=1"' "$tmp/peak.json" &&
    ok || bad "digits=peak: $(head -c 300 "$tmp/peak.json")"

summary
