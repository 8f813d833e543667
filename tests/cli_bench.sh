#!/usr/bin/env bash
# cli_bench.sh - scripts/bench all on small data, in a copy of the checkout:
# without --update-results it writes the micro-benchmarks, the speed reports,
# the big boards' sweep and every chart drawn from them into results/run/
# and leaves the checkout clean; with it, it rewrites the committed charts of
# scripts/plot and their data, and nothing else.  The data covers every
# registered solver (micro.json with its repetitions), and each chart's
# caption names its data and the day it was measured and drawn; the big
# boards' chart is drawn from its sweep's rows by size.  Bad parts and
# options: exit 2 before any build.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
build=$(dirname "$pb")
today=$(date -u +%F)

expect 2 "unknown part 'nosuch': micro, speed, bigboards or all" -- \
    env PZ_BUILD="$tmp/no-build" "$src/scripts/bench" nosuch
expect 2 "--corpus is for the speed part" -- \
    env PZ_BUILD="$tmp/no-build" "$src/scripts/bench" --corpus flip:exhaustive
expect 2 "expected --max-side N with 8 <= N <= 10000, found '5'" -- \
    env PZ_BUILD="$tmp/no-build" "$src/scripts/bench" bigboards --max-side 5
[ ! -e "$tmp/no-build" ] && ok || bad "bench built on bad usage"

if ! copy_checkout "$tmp/co"; then
    echo "(not a git checkout: scripts/bench all not run)"
    summary
    exit
fi
export PZ_BUILD=$build
clean() { # clean WHAT: git status in the copy is empty
    local st
    st=$(g status --porcelain)
    [ -z "$st" ] && ok || { bad "$1 changed the checkout:"; echo "$st"; }
}
# Small: each puzzle's smallest sets and sizes, corpora every solver takes.
small=(--corpus flip:exhaustive:rows=3:cols=3 --corpus lightsout:exhaustive:rows=3:cols=3
       --corpus tetravex:random:n=3:digits=3:mode=tiles:count=40 --max-side 16
       '--benchmark_filter=^(set/[a-z]+/[a-z0-9]+/small|scale/[a-z]+/[a-z0-9]+/n:[23])$'
       --benchmark_min_time=0 --benchmark_repetitions=2)
PZ_PLOT_KEEP=$tmp/keep expect 0 "bench: micro speed bigboards charts in " -- \
    "$co/scripts/bench" all "${small[@]}"
[ ! -s "$tmp/out" ] && ok || bad "bench all wrote on stdout: $(head -3 "$tmp/out")"
run=$co/results/run
for f in micro.json micro.md bigboards.json speed/flip-exhaustive-3x3.json \
    speed/lightsout-exhaustive-3x3.json speed/tetravex-random-n-3-digits-3-mode-tiles-count-40.json \
    micro-sets.png micro-sets.svg scaling.png scaling.svg speed.png speed.svg bigboards.png bigboards.svg; do
    [ -s "$run/$f" ] && ok || bad "bench all wrote no results/run/$f"
done
clean "scripts/bench all"
# micro.json keeps every repetition (for compare), not its aggregates alone.
jq -e '([.benchmarks[] | select(.run_type == "iteration")] | length)
       == 2 * ([.benchmarks[] | select(.aggregate_name == "median")] | length)' "$run/micro.json" \
    >/dev/null && ok || bad "bench's micro.json does not keep the repetitions"

# Every registered solver is in the micro-benchmarks, in a speed report (where
# it ran) and in the charts' legends.
registry "$pb" >"$tmp/solvers"
jq -r '.benchmarks[].run_name | split("/") | "\(.[1])/\(.[2])"' "$run/micro.json" | sort -u >"$tmp/micro"
jq -r '.puzzle as $p | .solvers[] | select(.ran > 0) | "\($p)/\(.name)"' "$run"/speed/*.json |
    sort -u >"$tmp/speed"
for s in $(cat "$tmp/solvers"); do
    grep -qx "$s" "$tmp/micro" && ok || bad "$s is not in the micro-benchmarks of bench all"
    grep -qx "$s" "$tmp/speed" && ok || bad "$s did not run in the speed reports of bench all"
    for chart in micro-sets scaling speed; do
        grep -q "<title>${s#*/}</title>" "$run/$chart.svg" && ok || bad "${s#*/} is not in $chart.svg"
    done
done
# Each caption: the data, the day measured, the day drawn.
for chart in micro-sets:results/run/micro.json scaling:results/run/micro.json \
    speed:"results/run/speed/: flip-exhaustive-3x3.json" bigboards:"results/run/: bigboards.json"; do
    title=$(grep '^set multiplot' "$tmp/keep/${chart%%:*}.png.gp" | sed 's/\\n/ /g')
    grep -q "Drawn from [^\"]*${chart#*:}[^\"]*measured $today[^\"]*(drawn $today)" <<<"$title" &&
        ok || bad "${chart%%:*}: no caption with ${chart#*:} and the day: $title"
done
# The sweep's sizes 4, 8 and 16, 4 from the first batch, cold; 8 and 16 each a
# point of the chart, which leaves the cold one out.
[ "$(jq -r '[.solvers[] | select(.name == "chase") | .sizes[] | "\(.rows):\(.headline)"] | join(" ")' \
    "$run/bigboards.json")" = "4:cold batches 8:warm batches 16:warm batches" ] &&
    [ "$(cut -f1 "$tmp/keep/bigboards-lightsout-chase.dat" | paste -sd' ')" = "8 16" ] && ok ||
    bad "bigboards: sizes $(jq -c '[.solvers[].sizes[]?.rows]' "$run/bigboards.json"), points $(cat "$tmp/keep/bigboards-lightsout-chase.dat")"

# --update-results: the committed charts and their data, each rewritten, the
# old speed reports replaced by those of the corpora run; nothing else.
old=$(g ls-files 'results/speed/*.json')
expect 0 "" -- "$co/scripts/bench" --update-results all "${small[@]}"
g status --porcelain --untracked-files=all | sort >"$tmp/status"
for f in micro.json micro.md bigboards.json micro-sets.png scaling.png speed.png bigboards.png; do
    grep -qx " M results/$f" "$tmp/status" && ok || bad "bench --update-results all did not rewrite results/$f"
done
for f in $old; do
    grep -qx " D $f" "$tmp/status" && ok || bad "bench --update-results all left the old $f"
done
for f in flip-exhaustive-3x3 lightsout-exhaustive-3x3 tetravex-random-n-3-digits-3-mode-tiles-count-40; do
    grep -qx "?? results/speed/$f.json" "$tmp/status" && ok || bad "no results/speed/$f.json"
done
grep -v '^ [MD] results/\|^?? results/speed/' "$tmp/status" && bad "bench --update-results all changed more" || ok
[ "$(grep -c . "$tmp/status")" = $((7 + $(wc -w <<<"$old") + 3)) ] && ok ||
    bad "bench --update-results all: $(cat "$tmp/status")"
# The README gives the one command for each of these charts.
for chart in micro-sets scaling speed bigboards; do
    grep -F "| \`$chart.png\`" "$src/results/README.md" | grep -qF 'scripts/bench --update-results all' &&
        ok || bad "results/README.md: the row of $chart.png does not give scripts/bench --update-results all"
done
g checkout -q -- results && g clean -qfd -- results

summary
