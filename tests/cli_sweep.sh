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
# Every warm batch of one board counts in its size: the sizes add up to the warm ones.
jq -e '.solvers[] | ([.sizes[].instances] | add) == ([.cpu_spread[][1]] | add)' s.json >/dev/null ||
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
head -1 c.csv | grep -q ',size,rows,cols,size_instances$' || bad "CSV header: $(head -1 c.csv)"
want=$(jq -r '.solvers[] | .name as $n | ([$n, "", "", "", ""] | join(",")),
    (.sizes[] | [$n, (.cpu_ns_median, .cpu_ns_mad, .cpu_ns_min, .cpu_ns_max | tostring),
                 .size, .rows, .cols, .instances] | map(tostring) | join(","))' c.json)
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { printf "%s", $col["solver"]
      if ($col["size"] == "") { print ",,,," ; next }
      n = split("cpu_ns_median cpu_ns_mad cpu_ns_min cpu_ns_max size rows cols size_instances", k, " ")
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
