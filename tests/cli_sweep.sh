#!/usr/bin/env bash
# cli_sweep.sh BIN SRC - a sweep (rows=A..B) size by size: the JSON has each
# solver's sizes, a row per size it timed (rows, cols, instances, the
# headline's median, MAD and range) and its growth with a 95% interval; the
# table has the same rows and a growth line per solver; shards of a sweep
# merge into the sizes of the whole; a corpus of one size has no sizes.
set -u
PB=$1 src=$2
source "$src/tests/cli.sh"

cd "$tmp" || exit 2
spec=lightsout:random:rows=8..64:count=40:seed=2
"$PB" run lightsout --corpus $spec --solvers gf2,chase --threads 2 --json s.json >s.txt ||
    bad "run a sweep: $(cat s.txt)"
# 8, 16, 32, 64: four sizes of 40 boards, each solver timing every size.
[ "$(jq -c '[.solvers[] | [.sizes[] | [.size, .rows, .cols]]]' s.json)" = \
    '[[[0,8,8],[1,16,16],[2,32,32],[3,64,64]],[[0,8,8],[1,16,16],[2,32,32],[3,64,64]]]' ] ||
    bad "sizes: $(jq -c '[.solvers[] | [.sizes[] | [.size, .rows, .cols]]]' s.json)"
# Every warm batch of one board counts in its size: the warm sizes add up to the warm ones.
jq -e '.solvers[] | ([.sizes[] | select(.headline == "warm batches") | .instances] | add) ==
    ([.cpu_spread[][1]] | add)' s.json >/dev/null ||
    bad "the sizes do not hold the warm batches: $(jq -c '.solvers[] | [[.sizes[].instances], .cold_ran, .ran]' s.json)"
jq -e '.solvers[] | .sizes[] | .cpu_ns_min <= .cpu_ns_median and .cpu_ns_median <= .cpu_ns_max and .cpu_ns_mad >= 0' s.json >/dev/null ||
    bad "a size's median outside its range"
jq -e '.solvers[] | .growth | .sizes == 4 and .ci_low <= .exponent and .exponent <= .ci_high' s.json >/dev/null ||
    bad "growth: $(jq -c '.solvers[].growth' s.json)"
# The table: a row per solver and size, the same figures, and the growth lines.
for s in gf2 chase; do
    [ "$(grep -c "^  $s  *[0-9]*x[0-9]* " s.txt)" = 4 ] || bad "$s: not four rows by size: $(cat s.txt)"
    exp=$(jq -r --arg s $s '.solvers[] | select(.name == $s) | .growth.exponent * 100 | round / 100' s.json)
    grep -q "^  $s: time ~ cells^$(printf '%.2f' "$exp") \[[-0-9.]*, [-0-9.]*\] over 4 sizes$" s.txt ||
        bad "$s: no growth line of exponent $exp: $(grep 'cells^' s.txt)"
done
# The CSV: each solver's row, then a row per size with the JSON's figures of
# it and its place, board and instances in four more columns.
"$PB" run lightsout --corpus $spec --solvers gf2,chase --threads 2 --json c.json --csv c.csv >/dev/null ||
    bad "run a sweep with --csv"
head -1 c.csv | grep -q ',size,rows,cols,size_instances,size_headline$' || bad "CSV header: $(head -1 c.csv)"
want=$(jq -r '.solvers[] | .name as $n | ([$n, "", "", "", ""] | join(",")),
    (.sizes[] | [$n, (.cpu_ns_median, .cpu_ns_mad, .cpu_ns_min, .cpu_ns_max | tostring),
                 .size, .rows, .cols, .instances, .headline] | map(tostring) | join(","))' c.json)
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { printf "%s", $col["solver"]
      if ($col["size"] == "") { print ",,,," ; next }
      n = split("cpu_ns_median cpu_ns_mad cpu_ns_min cpu_ns_max size rows cols size_instances size_headline", k, " ")
      for (i = 1; i <= n; i++) printf ",%s", $col[k[i]]
      print "" }' c.csv)
# the CSV's figures have four digits (%.4g), the JSON's all of them
want=$(awk -F, '{ printf "%s", $1; for (i = 2; i <= NF; i++) printf ",%s", (i <= 5 && $i != "" ? sprintf("%.4g", $i) : $i); print "" }' <<<"$want")
[ "$got" = "$want" ] || bad "CSV rows by size: $(diff <(echo "$want") <(echo "$got"))"
# Shards of the sweep merge into the whole's sizes (instances and boards).
for k in 0 1 2; do
    "$PB" run lightsout --corpus $spec --solvers gf2,chase --shard $k/3 --json p$k.json >/dev/null ||
        bad "shard $k"
done
"$PB" merge p0.json p1.json p2.json --json m.json >/dev/null || bad "merge the shards"
[ "$(jq -c '[.solvers[] | [.sizes[] | [.size, .rows]]]' m.json)" = "$(jq -c '[.solvers[] | [.sizes[] | [.size, .rows]]]' s.json)" ] ||
    bad "merged sizes: $(jq -c '[.solvers[] | [.sizes[] | [.size, .rows, .instances]]]' m.json)"
# Every size has its row, on 1 thread and on 2, though a thread's first batch
# is cold and a size of one board has no other: its row then has the cold
# batches' mean, marked cold (the headline's rule), in the table, the JSON
# and the CSV, and the growth leaves it out; the HTML page and a merge keep it.
for threads in 1 2; do
    "$PB" run lightsout --corpus lightsout:ones:rows=8..32 --solvers chase,m4ri --threads $threads \
        --json o$threads.json --csv o$threads.csv --html o$threads.html >o$threads.txt ||
        bad "a sweep of one board a size on $threads threads: $(cat o$threads.txt)"
    [ "$(jq -c '[.solvers[] | [.sizes[].rows]]' o$threads.json)" = \
        '[[8,16,32],[8,16,32]]' ] ||
        bad "$threads threads: not three sizes a solver: $(jq -c '[.solvers[] | [.sizes[] | [.rows, .headline]]]' o$threads.json)"
    cold=$(jq '[.solvers[0].sizes[] | select(.headline == "cold batches")] | length' o$threads.json)
    [ "$cold" -ge 1 ] && [ "$cold" -le $threads ] || bad "$threads threads: $cold cold sizes"
    jq -e '.solvers[] | [.sizes[] | select(.headline == "cold batches")] | all(.cpu_ns_mad == 0 and
        .cpu_ns_min == .cpu_ns_median and .cold_ran >= 1)' o$threads.json >/dev/null || bad "cold sizes' figures"
    jq -e '.solvers[] | .growth.sizes == ([.sizes[] | select(.headline == "warm batches")] | length)' \
        o$threads.json >/dev/null || bad "the growth counts a cold size: $(jq -c '.solvers[].growth' o$threads.json)"
    [ "$(grep -c '^  chase  *[0-9]*x[0-9]* ' o$threads.txt)" = 3 ] || bad "$threads threads: table rows: $(cat o$threads.txt)"
    [ "$(grep -c '^  chase  *[0-9]*x[0-9]* .*(cold)' o$threads.txt)" = "$cold" ] ||
        bad "$threads threads: the cold rows are not marked: $(cat o$threads.txt)"
    grep -q "^  cpu (cold): no warm batch of that size" o$threads.txt || bad "no note on the cold sizes"
    [ "$(grep -c ',chase,.*,[0-9]*,[0-9]*,[0-9]*,[0-9]*,\(warm\|cold\) batches$' o$threads.csv)" = 3 ] ||
        bad "$threads threads: CSV size rows: $(cat o$threads.csv)"
    [ "$(grep -c '(cold)</td>' o$threads.html)" = $((2 * cold)) ] || bad "$threads threads: the page's cold rows"
    grep -q 'the cold sizes left out' o$threads.html || bad "the page's chart does not say it leaves the cold out"
done
"$PB" merge o1.json --json om.json >/dev/null || bad "merge a sweep with cold sizes"
[ "$(jq -c '[.solvers[] | [.sizes[] | [.rows, .headline, .cpu_ns_median]]]' om.json)" = \
    "$(jq -c '[.solvers[] | [.sizes[] | [.rows, .headline, .cpu_ns_median]]]' o1.json)" ] ||
    bad "the merge changed the sizes: $(jq -c '[.solvers[] | [.sizes[] | [.rows, .headline]]]' om.json)"
# A report with a size twice, or more instances than the warm batches, is refused.
jq '.solvers[0].sizes[1].size = 0' s.json >twice.json
expect 2 "expected each size once, found size 0 again" -- "$PB" compare s.json twice.json
# One size: no sizes, no growth; the table as before.
"$PB" run lightsout --corpus lightsout:random:count=2000 --solvers gf2 --json one.json >one.txt ||
    bad "run one size"
jq -e '.solvers[0] | has("sizes") or has("growth") | not' one.json >/dev/null || bad "sizes in a run of one size"
grep -q 'by size\|cells^' one.txt && bad "a table by size for one size"
"$PB" run lightsout --corpus lightsout:random:count=2000 --solvers gf2 --csv one.csv >/dev/null || bad "one size, CSV"
[ "$(wc -l <one.csv)" = 2 ] && ! grep -q size_instances one.csv || bad "a CSV by size for one size: $(cat one.csv)"
summary
