#!/usr/bin/env bash
# cli_paths.sh - nothing a command reads is written over by what it writes:
# every output path is compared, as a file (after links), with every input
# and the other outputs, and a clash is refused with exit 2 before any work.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
cd "$tmp" || exit 1

"$pb" gen flip --corpus flip:random:count=5 >keep.in
"$pb" solve flip <keep.in >keep.ans
cp keep.in keep.in.orig
cp keep.ans keep.ans.orig
"$pb" run flip --corpus keep.in --no-save --json s0.json >/dev/null 2>&1
"$pb" run flip --corpus keep.in --no-save --json s1.json >/dev/null 2>&1
cp s0.json s0.json.orig
cp s1.json s1.json.orig
ln -s keep.in link.json

expect_line 2 "puzzlebench: run: --json keep.in is the corpus keep.in, which run reads: expected a file of its own" \
    "$pb" run flip --corpus keep.in --json keep.in
expect_line 2 "puzzlebench: run: --csv ./keep.ans is the expected answers keep.ans, which run reads: expected a file of its own" \
    "$pb" run flip --corpus keep.in --csv ./keep.ans
expect_line 2 "puzzlebench: run: --json link.json is the corpus keep.in, which run reads: expected a file of its own" \
    "$pb" run flip --corpus keep.in --json link.json
expect_line 2 "puzzlebench: run: --md $tmp/keep.in is the corpus keep.in, which run reads: expected a file of its own" \
    "$pb" run flip --corpus keep.in --md "$tmp/keep.in"
expect_line 2 "puzzlebench: run: --csv r.json and --json r.json are one file: expected a file for each" \
    "$pb" run flip --corpus keep.in --json r.json --csv r.json
[ -e r.json ] && bad "a refused run wrote r.json" || ok
expect_line 2 "puzzlebench: merge: --json s0.json is the shard s0.json, which merge reads: expected a file of its own" \
    "$pb" merge s0.json s1.json --json s0.json
expect_line 2 "puzzlebench: merge: --md ./m.md and --csv m.md are one file: expected a file for each" \
    "$pb" merge s0.json s1.json --csv m.md --md ./m.md
expect_line 2 "puzzlebench: compare: --md s1.json is NEW s1.json, which compare reads: expected a file of its own" \
    "$pb" compare s0.json s1.json --md s1.json
expect_line 2 "puzzlebench: stress: --json keep.ans is the expected answers keep.ans, which stress reads: expected a file of its own" \
    "$pb" stress flip --exec "$pb solve flip" --corpus keep.in --json keep.ans
for f in keep.in keep.ans s0.json s1.json; do
    cmp -s "$f" "$f.orig" && ok || bad "$f was written over"
done

# Outputs apart from the inputs and from each other still go; stdout twice too.
expect 0 '' -- "$pb" run flip --corpus keep.in --no-save --json r.json --csv r.csv
expect 0 '' -- "$pb" run flip --corpus keep.in --no-save --json - --csv -
# A generated corpus reads no file; a report named like a missing .ans is no clash.
expect 0 '' -- "$pb" run flip --corpus flip:random:count=5 --no-save --json keep.in.json
cp keep.in lone.in
expect 0 '' -- "$pb" run flip --corpus lone.in --no-save --json lone.ans
summary
