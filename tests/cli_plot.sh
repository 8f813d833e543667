#!/usr/bin/env bash
# cli_plot.sh BIN SRC - scripts/plot draws every chart, in PNG and SVG, from a
# short real micro-benchmark run (repeated, so from medians) and from a report
# shaped like the JSON of `puzzlebench run`, and from a small history.csv.
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
# Two reports of one corpus, and the names of long corpora: each label cut
# into lines that fit its cluster (100 characters shared by the clusters of
# a panel), the twins named by their files, the caption naming the files
# and the day they were measured.
jq '.corpus = "flip:random:rows=4:cols=4:count=100000:seed=12345" | .context = {date: "2026-11-30T10:00:00Z", host: "vm"}' \
    "$tmp/run.json" >"$tmp/twin-a.json"
cp "$tmp/twin-a.json" "$tmp/twin-b.json"
PZ_PLOT_KEEP=$tmp/keep-speed "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/twins" \
    "$tmp/twin-a.json" "$tmp/twin-b.json" "$tmp/run.json" 2>/dev/null && ok || bad "plot of twins failed"
gp=$tmp/keep-speed/speed.png.gp
grep -q '^set xtics ("exhaustive 4x4" 0, "random 4x4 count=100000\\nseed=12345\\n\[twin-a\]" 1, "random 4x4 count=100000\\nseed=12345\\n\[twin-b\]" 2)' \
    "$gp" && ok || bad "the twins' labels: $(grep '^set xtics' "$gp")"
sed 's/\\n/ /g' "$gp" |
    grep -q 'Drawn from the reports of puzzlebench run in [^"]*: twin-a.json, twin-b.json, run.json, measured 2026-11-30 on vm (drawn 20[0-9-]*)' \
    && ok || bad "the speed caption: $(grep '^set multiplot' "$gp")"
# The headline of a report that has one (cpu_ns_median, ± cpu_ns_mad; without
# a warm batch, cpu_ns_per_instance), beside an older report (ns_median,
# p10-p90), whose group is marked as such.
jq '.corpus = "flip:random:rows=4:cols=4:count=1000:seed=1" | .solvers = [
      {name: "gf2", ran: 1000, ns_median: 30, ns_p10: 25, ns_p90: 60,
       cpu_ns_median: 22, cpu_ns_mad: 2, cpu_ns_min: 18, cpu_ns_max: 150},
      {name: "rowenum", ran: 1000, ns_median: 60, cpu_ns_median: 50, cpu_ns_mad: 40, cpu_ns_min: 45},
      {name: "bfs", ran: 2, ns_median: 900, cpu_ns_median: 0, cpu_ns_per_instance: 300}]' \
    "$tmp/run.json" >"$tmp/headline.json"
rm -rf "$tmp/keep-speed"
PZ_PLOT_KEEP=$tmp/keep-speed "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/head" \
    "$tmp/headline.json" "$tmp/run.json" 2>/dev/null && ok || bad "plot of a headline failed"
[ "$(cat "$tmp/keep-speed/speed-flip.dat")" = "$(printf '%s\n' '0	95.5	95.5	95.5	210	210	210	?	?	?' \
    '1	22	20	24	50	45	90	300	300	300')" ] && ok ||
    bad "the headline and its spread: $(cat "$tmp/keep-speed/speed-flip.dat")"
grep -q '"exhaustive 4x4\\n(older: wall, p10-p90)" 0' "$tmp/keep-speed/speed.png.gp" &&
    sed 's/\\n/ /g' "$tmp/keep-speed/speed.png.gp" |
    grep -q 'the median of the warm batches, error bars ± their median absolute deviation' && ok || bad "the older report is not marked: $(grep 'xtics\|multiplot' "$tmp/keep-speed/speed.png.gp")"
# A sweep's report (a small real one) is drawn alone, named after its file,
# from its sizes[] rows: a point per size at its median, ± its MAD, and the
# growth in the legend; it is no group of speed.
"$pb" run lightsout --corpus lightsout:random:rows=4..16:count=30 --solvers gf2,rowenum \
    --threads 1 --no-save --json "$tmp/sweep.json" >/dev/null && ok || bad "the sweep's run failed"
rm -rf "$tmp/keep-speed"
PZ_PLOT_KEEP=$tmp/keep-speed "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/sweep" \
    "$tmp/sweep.json" "$tmp/run.json" 2>/dev/null && [ -s "$tmp/sweep/sweep.png" ] && [ -s "$tmp/sweep/sweep.svg" ] &&
    ok || bad "plot of a sweep failed: $(ls "$tmp/sweep")"
for s in gf2 rowenum; do
    want=$(jq -r --arg s "$s" '.solvers[] | select(.name == $s) | .sizes[]
        | [.rows, .cpu_ns_median, ([.cpu_ns_median - .cpu_ns_mad, .cpu_ns_min, .cpu_ns_median / 2] | max),
           .cpu_ns_median + .cpu_ns_mad] | @tsv' "$tmp/sweep.json")
    [ "$(wc -l <<<"$want")" -ge 2 ] && [ "$(cat "$tmp/keep-speed/sweep-lightsout-$s.dat")" = "$want" ] && ok ||
        bad "$s's points are not its sizes: $(cat "$tmp/keep-speed/sweep-lightsout-$s.dat") against $want"
    g=$(jq -r --arg s "$s" '.solvers[] | select(.name == $s) | .growth.exponent * 100 | round / 100' "$tmp/sweep.json")
    grep -q "title '$s: cells^$g \[" "$tmp/keep-speed/sweep.png.gp" && ok || bad "$s's growth $g is not in the legend"
done
tics=$(jq -r '[.solvers[].sizes[].rows] | unique | join(",")' "$tmp/sweep.json")
grep -q "set xtics ($tics) nomirror" "$tmp/keep-speed/sweep.png.gp" && ok || bad "the sweep's sizes $tics are not its tics"
[ -s "$tmp/keep-speed/speed-flip.dat" ] && [ ! -e "$tmp/keep-speed/speed-lightsout.dat" ] && ok ||
    bad "the sweep is in speed, or run.json is not: $(ls "$tmp/keep-speed")"
# A comparison: each verdict written above its solver's interval, in its
# colour; the threshold a shaded band (an object, not a line like the grid's).
cat >"$tmp/cmp.json" <<'EOF'
{ "base": "a.json", "new": "b.json", "kind": "run", "puzzle": "flip", "corpus": "flip:exhaustive:rows=4:cols=4",
  "threshold_pct": 5,
  "solvers": [ { "name": "gf2", "ratio": 1.30, "ci_low": 1.25, "ci_high": 1.35, "verdict": "slower" },
               { "name": "rowenum", "ratio": 0.80, "ci_low": 0.75, "ci_high": 0.85, "verdict": "faster" },
               { "name": "bfs", "ratio": 1.01, "ci_low": 0.98, "ci_high": 1.03, "verdict": "same" },
               { "name": "iddfs", "ratio": 1.02, "ci_low": null, "ci_high": null, "verdict": "~same" } ] }
EOF
PZ_PLOT_KEEP=$tmp/keep-cmp "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/cmp" \
    --compare "$tmp/cmp.json" 2>/dev/null && [ -s "$tmp/cmp/compare.png" ] && ok || bad "plot --compare failed"
gp=$tmp/keep-cmp/compare.png.gp
for v in "slower\" at 0, 1.35 .*#c0392b" "faster\" at 1, 0.85 .*#1e7b34" "same\" at 2, 1.03 " "~same\" at 3, 1.02 "; do
    grep -q "^set label \"$v" "$gp" && ok || bad "compare: no verdict label $v: $(grep '^set label' "$gp")"
done
grep -q "^set object 1 rect from graph 0, first 0.95 to graph 1, first 1.05 .* fs solid" "$gp" &&
    grep -q "title 'same: within ±5%'" "$gp" && ok || bad "compare: no threshold band: $(grep '^set object' "$gp")"
sed 's/\\n/ /g' "$gp" | grep -q 'Drawn from the comparisons [^"]*cmp.json (drawn 20[0-9-]*)' && ok ||
    bad "compare: the caption: $(grep '^set multiplot' "$gp")"
# History: two commits, a Debug then a Release build (and a third on another
# host): one line per run and solver, each point a row of the file (never a
# mean over runs), the build change and the host change marked, the caption
# naming the file and the dates.
cat >"$tmp/history.csv" <<'EOF'
date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of,build_type,host
"2026-11-30T10:00:00Z","aaaaaaa","flip-random-4x4","flip","gf2",60,55,66,"median of batches","Debug","vm"
"2026-11-30T10:00:00Z","aaaaaaa","flip-random-4x4","flip","rowenum",300,280,320,"median of batches","Debug","vm"
"2026-11-30T10:00:00Z","aaaaaaa","lightsout-random-5x6","lightsout","gf2",900,850,950,"median of batches","Debug","vm"
"2026-12-01T10:00:00Z","bbbbbbb","flip-random-4x4","flip","gf2",10,9,11,"median of batches","Release","vm"
"2026-12-01T10:00:00Z","bbbbbbb","flip-random-4x4","flip","rowenum",70,65,75,"median of batches","Release","vm"
"2026-12-01T10:00:00Z","bbbbbbb","lightsout-random-5x6","lightsout","gf2",150,140,160,"median of batches","Release","vm"
"2026-12-01T10:00:00Z","bbbbbbb","lightsout-random-5x6","lightsout","rowenum",800,700,900,"median of batches","Release","vm"
"2026-12-02T10:00:00Z","bbbbbbb","flip-random-4x4","flip","gf2",12,11,13,"median of batches","Release","big"
EOF
PZ_PLOT_KEEP=$tmp/keep "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/hist" \
    --history "$tmp/history.csv" 2>/dev/null && ok || bad "plot --history failed"
[ -s "$tmp/hist/history.png" ] && [ -s "$tmp/hist/history.svg" ] && ok || bad "no history.png, .svg"
gp=$tmp/keep/history.png.gp
[ "$(cd "$tmp/keep" && ls history-*.dat | tr '\n' ' ')" = \
    "history-flip-random-4x4-gf2.dat history-flip-random-4x4-rowenum.dat history-lightsout-random-5x6-gf2.dat history-lightsout-random-5x6-rowenum.dat " ] &&
    ok || bad "not one series per run and solver: $(ls "$tmp/keep")"
[ "$(grep -c "title 'gf2'" "$gp") $(grep -c "title 'rowenum'" "$gp") $(grep -c '^plot ' "$gp")" = "2 2 2" ] &&
    ok || bad "not a panel per run with a line per solver: $(grep '^plot ' "$gp")"
# flip gf2: Debug 60 ns, Release 10 ns, on host big 12 ns, apart (a gap at each change).
[ "$(tr '\n\t' '| ' <"$tmp/keep/history-flip-random-4x4-gf2.dat")" = "1 60 55 66||2 10 9 11||3 12 11 13|" ] &&
    ok || bad "flip gf2's points are not its rows: $(cat "$tmp/keep/history-flip-random-4x4-gf2.dat")"
grep -q '^set label "Debug → Release" at 1.5, ' "$gp" && grep -q '^set arrow from 1.5, graph 0 ' "$gp" &&
    grep -q '^set label "host vm → big" at 2.5, ' "$gp" && ok || bad "the build or host change is not marked: $(grep '^set \(label\|arrow\)' "$gp")"
grep -q 'history in history.csv, measured 2026-11-30 to 2026-12-02 (drawn 20[0-9-]*)' "$gp" &&
    ok || bad "the caption does not name the file and dates: $(grep multiplot "$gp")"
# A history of the older form (no build type, host): read, both unknown.
cut -d, -f1-9 "$tmp/history.csv" >"$tmp/old.csv"
rm -rf "$tmp/keep"
PZ_PLOT_KEEP=$tmp/keep "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/hist" \
    --history "$tmp/old.csv" 2>/dev/null && grep -q '"aaaaaaa ?" 1, "bbbbbbb ?" 2)' "$tmp/keep/history.png.gp" &&
    ! grep -q '^set label' "$tmp/keep/history.png.gp" && ok || bad "the older history is not read as unknown builds"
# A report that is not there: named, status 2, before any chart is drawn.
rm -rf "$tmp/gone"
rc=0
"$src/scripts/plot" --out "$tmp/gone" "$tmp/gone.json" 2>"$tmp/gone.err" || rc=$?
[ $rc = 2 ] && grep -qx "plot: no report $tmp/gone.json" "$tmp/gone.err" && [ ! -e "$tmp/gone" ] &&
    ok || bad "a report not there: status $rc, $(cat "$tmp/gone.err")"
# A malformed row: its file and line, status 2.
sed '3s/,"Debug","vm"$//' "$tmp/history.csv" >"$tmp/bad.csv"
# ($tmp/out is a chart directory here, so not expect.)
rc=0
"$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/hist" --history "$tmp/bad.csv" \
    2>"$tmp/bad.err" || rc=$?
[ $rc = 2 ] && grep -q "bad.csv:3: expected 11 comma-separated fields as in the header, found 9" \
    "$tmp/bad.err" && ok || bad "a malformed history row: status $rc, $(cat "$tmp/bad.err")"
# A chart gnuplot fails to draw (1e309 is inf, its scale undefined) leaves the chart
# drawn before whole: charts are written through a temporary file and rename.
PZ_PLOT_KEEP=$tmp/keep "$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/hist" \
    --history "$tmp/history.csv" 2>/dev/null
cp "$tmp/hist/history.png" "$tmp/before.png"
awk -F, 'BEGIN { OFS = "," } NR > 1 { $6 = $7 = $8 = "1e309" } 1' "$tmp/history.csv" >"$tmp/huge.csv"
rc=0
"$src/scripts/plot" --micro "$tmp/none.json" --out "$tmp/hist" --history "$tmp/huge.csv" \
    2>"$tmp/huge.err" || rc=$?
[ $rc != 0 ] && ok || bad "a history gnuplot cannot draw passed"
cmp -s "$tmp/before.png" "$tmp/hist/history.png" && ok || bad "a failed plot replaced history.png"
[ -z "$(ls -A "$tmp/hist" | grep '^\.')" ] && ok || bad "a failed plot left its temporary: $(ls -A "$tmp/hist")"
summary
