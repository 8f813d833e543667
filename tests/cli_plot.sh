#!/usr/bin/env bash
# cli_plot.sh BIN SRC - scripts/plot draws every chart, in PNG and SVG, from a
# short real micro-benchmark run (repeated, so from medians) and from a report
# shaped like the JSON of `puzzlebench run`.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
micro=$(dirname "$pb")/puzzlebench-micro

"$micro" --benchmark_filter='^(set/.*/small|scale/.*/n:[23])$' --benchmark_min_time=0.001 \
    --benchmark_repetitions=2 --benchmark_out_format=json --benchmark_out="$tmp/micro.json" \
    >/dev/null && ok || bad "the micro-benchmark run failed"
cat >"$tmp/run.json" <<'EOF'
{ "puzzle": "flip", "corpus": "flip:exhaustive:rows=4:cols=4", "instances": 65536,
  "solvers": [ { "name": "gf2", "ran": 65536, "ns_per_instance": 95.5 },
               { "name": "iddfs", "ran": 0, "skipped": 65536, "ns_per_instance": null },
               { "name": "rowenum", "ran": 65536, "ns_per_instance": 2.1e2 } ] }
EOF
"$src/scripts/plot" --micro "$tmp/micro.json" --out "$tmp/out" "$tmp/run.json" 2>/dev/null &&
    ok || bad "plot of micro.json and run.json failed"
for chart in micro-sets scaling speed; do
    for ext in png svg; do
        [ -s "$tmp/out/$chart.$ext" ] && ok || bad "no $chart.$ext"
    done
done
[ "$(head -c 4 "$tmp/out/scaling.png" | tail -c 3)" = PNG ] && ok || bad "scaling.png is not a PNG"
# Every solver measured is in the legends (<title>NAME</title>); one that did
# not run is not.
for s in $(jq -r '.benchmarks[].run_name | split("/")[2]' "$tmp/micro.json" | sort -u); do
    grep -q "<title>$s</title>" "$tmp/out/micro-sets.svg" && ok || bad "$s is not in micro-sets.svg"
    grep -q "<title>$s</title>" "$tmp/out/scaling.svg" && ok || bad "$s is not in scaling.svg"
done
grep -q '<title>rowenum</title>' "$tmp/out/speed.svg" && ok || bad "rowenum is not in speed.svg"
grep -q '<title>iddfs</title>' "$tmp/out/speed.svg" && bad "iddfs did not run but is in speed.svg" || ok
# No bar is lost under the axis: the floor of the log axis lies below the
# smallest time and the low end of its error bar (gf2 10.5 ns, p10 9 ns; a
# 10 ns floor hid such a bar), so the lowest tick drawn is 1 ns.
cat >"$tmp/fast.json" <<'EOF'
{ "puzzle": "lightsout", "corpus": "lightsout:exhaustive:rows=5:cols=6", "instances": 1073741824,
  "solvers": [ { "name": "gf2", "ran": 1073741824, "ns_median": 10.5, "ns_p10": 9, "ns_p90": 12 },
               { "name": "rowenum", "ran": 1073741824, "ns_median": 33.4, "ns_p10": 30, "ns_p90": 41 } ] }
EOF
"$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/fast" "$tmp/fast.json" 2>/dev/null &&
    ok || bad "plot of fast.json failed"
ticks=$(grep -o '>[0-9]* [nµm]\?s<' "$tmp/fast/speed.svg" | tr -d '<>' | tr '\n' ',')
[ "${ticks%%,*}" = "1 ns" ] && ok || bad "the lowest tick under a 10.5 ns bar is not 1 ns: $ticks"
summary
