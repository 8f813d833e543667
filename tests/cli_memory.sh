#!/usr/bin/env bash
# cli_memory.sh BIN SRC - peak memory in the reports.  A run's peak resident
# set (getrusage) is in the JSON, under the text table, in the Markdown and
# in the HTML page, the same figure in each, and grows with the batch; a
# merge's is the largest of its shards'; a report without it (an older one)
# reads as not known and shows none.  stress gives each program's peak
# memory a run, the mean over its runs and the largest, in its text and
# JSON: a program that touches 40 MiB shows at least that, a small one less.
set -u
PB=$1 src=$2
source "$src/tests/cli.sh"
PROGS=${PZ_PROGS:-$(dirname "$PB")/tests/progs}
FLIP=$PROGS/prog_flip

cd "$tmp" || exit 2

# bytes N: N bytes as the reports print them ("12.3 MiB").
bytes() {
    awk -v b="$1" 'BEGIN { split("B KiB MiB GiB TiB", unit, " "); u = 1
        while (u < 5 && b >= 1024) { b /= 1024; u++ }
        printf(u > 1 ? "%.1f %s" : "%.0f %s", b, unit[u]) }'
}

spec=flip:random:count=1e5
"$PB" run flip --corpus $spec --solvers gf2 --batch 100 --json small.json --md small.md \
    --html small.html >small.txt || bad "run: $(cat small.txt)"
peak=$(jq .peak_rss_bytes small.json)
jq -e '.peak_rss_bytes > 0 and .peak_rss_bytes < .context.memory_bytes' small.json >/dev/null ||
    bad "peak_rss_bytes $peak, not within the machine's memory"
text=$(bytes "$peak")
grep -q "^  memory  *$text peak resident set$" small.txt || bad "text: no '$text' under the table: $(cat small.txt)"
grep -q "Peak resident set: $text\. " small.md || bad "Markdown: no '$text': $(grep -i peak small.md)"
grep -q "; peak resident set $text\.</p>" small.html || bad "HTML: no '$text': $(grep -io 'peak[^<]*' small.html)"

# Batches of 50000 boards hold more than 25 MiB more (their instances alone,
# 576 bytes a board, in one thread).
"$PB" run flip --corpus $spec --solvers gf2 --batch 50000 --json big.json >big.txt || bad "run: $(cat big.txt)"
jq -e --argjson small "$peak" '.peak_rss_bytes - $small > 25 * 1048576' big.json >/dev/null ||
    bad "batches of 50000: peak $(jq .peak_rss_bytes big.json), of 100: $peak"

# A merge: the largest of its shards', said so.
"$PB" run flip --corpus $spec --solvers gf2 --batch 100 --shard 0/2 --json s0.json >/dev/null || bad "shard 0"
"$PB" run flip --corpus $spec --solvers gf2 --batch 50000 --shard 1/2 --json s1.json >/dev/null || bad "shard 1"
"$PB" merge s0.json s1.json --json m.json >m.txt || bad "merge: $(cat m.txt)"
[ "$(jq .peak_rss_bytes m.json)" = "$(jq -s 'map(.peak_rss_bytes) | max' s0.json s1.json)" ] ||
    bad "merged peak $(jq .peak_rss_bytes m.json), shards' $(jq -c -s 'map(.peak_rss_bytes)' s0.json s1.json)"
grep -q "^  memory  *$(bytes "$(jq .peak_rss_bytes m.json)") peak resident set, the largest of a shard's$" m.txt ||
    bad "merge's text: $(grep memory m.txt)"
# Shards from before the figure: not known, 0, and no line.
for k in 0 1; do jq 'del(.peak_rss_bytes)' s$k.json >old$k.json; done
"$PB" merge old0.json old1.json --json mold.json >mold.txt || bad "merge older shards: $(cat mold.txt)"
[ "$(jq .peak_rss_bytes mold.json)" = 0 ] || bad "older shards merged: peak $(jq .peak_rss_bytes mold.json)"
grep -q "^  memory " mold.txt && bad "a memory line without a figure: $(grep memory mold.txt)"
jq '.peak_rss_bytes = -1' s0.json >neg.json
expect 2 "expected \"peak_rss_bytes\"" -- "$PB" merge neg.json s1.json

# stress: each program's peak memory a run.
"$PB" stress flip --exec "$FLIP touch 40" --against "$FLIP ok" --corpus flip:random:count=20 --batch 5 \
    --json st.json >st.txt || bad "stress: $(cat st.txt)"
jq -e '.programs[0].peak_memory_bytes_per_run | .max >= 40 * 1048576 and .mean <= .max' st.json >/dev/null ||
    bad "--exec touching 40 MiB: $(jq -c '.programs[0].peak_memory_bytes_per_run' st.json)"
jq -e '.programs[1].peak_memory_bytes_per_run | .max < 40 * 1048576 and .mean <= .max' st.json >/dev/null ||
    bad "--against: $(jq -c '.programs[1].peak_memory_bytes_per_run' st.json)"
for k in 0 1; do
    name=$(jq -r ".programs[$k].name" st.json)
    mean=$(bytes "$(jq ".programs[$k].peak_memory_bytes_per_run.mean" st.json)")
    most=$(bytes "$(jq ".programs[$k].peak_memory_bytes_per_run.max" st.json)")
    grep -q -- "^  $name  *$mean  *$most  *4$" st.txt ||
        bad "stress text for $name: no mean $mean, at most $most: $(grep -A3 'Peak memory' st.txt)"
done
summary
