#!/usr/bin/env bash
# cli_compare.sh BIN SRC - `puzzlebench compare`: a report compared with itself
# is the same for every solver; answers that differ (a class count among them),
# and a slower solver, exit 1;
# without repetitions, no p-value and only untested (~) verdicts; bad input (a
# truncated or foreign file, other corpora, corpus contents, shards or builds,
# a Google Benchmark field out of range) exits 2 with one line; two
# micro-benchmark files compare benchmark by benchmark.
set -u
PB=$1 src=$2
source "$src/tests/cli.sh"

cd "$tmp" || exit 2
spec=flip:random:rows=4:cols=4:count=20000
"$PB" run flip --corpus $spec --solvers gf2,rowenum --threads 1 --json k1.json >/dev/null ||
    bad "run k1"
COLUMNS=200 "$PB" run flip --corpus $spec --solvers gf2,rowenum --threads 1 --repeat 5 --warmup \
    --legend --json a.json >run.txt || bad "run --repeat 5"
[ "$(jq -c '[.repeat, .warmup, (.solvers[] | .repetitions.ns | length)]' a.json)" = '[5,true,5,5]' ] ||
    bad "run --repeat 5 --warmup: $(jq -c '[.repeat, .warmup, .solvers[].repetitions]' a.json)"
# The answers are checked once: the same counts as without repetitions.
[ "$(jq -c '[.solvers[].ran, .checker.answers]' a.json)" = "$(jq -c '[.solvers[].ran, .checker.answers]' k1.json)" ] ||
    bad "repetitions counted as instances"
# The table says which figure is the time per instance, and what the others are
# (all its columns where they fit, 200 wide, and the legend with --legend).
grep -q '^  solver  *ran  *skipped  *invalid  *disagree  *cpu  *mad  *min\.\.max  *relative  *cold  *wall$' run.txt &&
    grep -q '^  (cpu: the median of the warm batches. CPU time per instance, on the thread.s$' run.txt ||
    bad "the table does not say which figure is the time per instance: $(head -8 run.txt)"
# The repetitions: each solver's headline as the table's, and the passes' means
# named apart.
grep -q '^  repeated 5 times after a warm-up, the solvers in turn: each solver.s cpu (the$' run.txt ||
    bad "no repetitions in the summary: $(cat run.txt)"
for s in gf2 rowenum; do
    cpu=$(awk -v s=$s '$1 == s && $2 ~ /^[0-9]+$/ { print $6, $7 }' run.txt)
    grep -Eq "^  $s +cpu $cpu; pass mean [0-9.]+ [nu]s \+- [0-9.]+ [nu]s \[" run.txt ||
        bad "$s: the repeat line's cpu is not the table's ($cpu): $(grep "^  $s " run.txt)"
done
# The repetitions' statistics are those of their times.
[ "$(jq -r '.solvers[0].repetitions | (.ns | add / length) as $m | ($m - .mean | fabs) < 1e-3 and
     .ci_low < $m and .ci_high > $m' a.json)" = true ] || bad "the repetitions' mean and CI"

# Itself: the same, exit 0, over the repetitions; and over the batches.
expect_line 0 "" "$PB" compare a.json a.json --json self.json --md self.md
[ "$(jq -r '[.solvers[].verdict] | unique | join(",")' self.json)" = same ] ||
    bad "a report against itself: $(jq -c '[.solvers[].verdict]' self.json)"
[ "$(jq -r '[.solvers[] | select(.ratio == 1 and .p_value == 1 and .ci_low <= 1 and
     .ci_high >= 1 and .samples == "repetitions")] | length' self.json)" = 2 ] ||
    bad "itself: ratio 1, p 1, a CI around 1, over repetitions: $(jq -c .solvers self.json)"
[ "$(jq -r .answers self.json)" = same ] || bad "itself: answers $(jq -r .answers self.json)"
grep -q '^| gf2 | .* | same | 5, 5 repetitions |$' self.md || bad "the Markdown table: $(cat self.md)"
# Without repetitions the batches of one pass are no independent samples: no
# p-value, no interval, the ratio of the medians against the threshold alone (~).
expect_line 0 "" "$PB" compare k1.json k1.json --json k1self.json
[ "$(jq -r '[.solvers[] | select(.verdict == "~same" and .samples == "batches" and
     .p_value == null and .ci_low == null and .independent == false)] | length' \
    k1self.json)" = 2 ] && [ "$(jq -r .independent_samples k1self.json)" = false ] ||
    bad "k1 against itself: $(jq -c .solvers k1self.json)"
grep -q '^Answers: the same\.$' "$tmp/out" || bad "no 'Answers: the same.' line"
# The answer classes are shown, and a change in one is a change of answers.
cert=$(jq '.solvers[] | select(.name == "rowenum") | .certified' k1.json)
agreed=$(jq '.solvers[] | select(.name == "rowenum") | .agreed' k1.json)
grep -q "^  rowenum: certified $cert, agreed $agreed\$" "$tmp/out" ||
    bad "k1: no answers by class: $(cat "$tmp/out")"
jq '(.solvers[] | select(.name == "rowenum")) |= (.agreed -= 3 | .failed += 3)' k1.json >k1fail.json
expect_line 1 "" "$PB" compare k1.json k1fail.json --json k1fail-cmp.json
grep -q "^  rowenum: certified $cert, agreed $agreed -> $((agreed - 3)), failed 0 -> 3\$" "$tmp/out" &&
    grep -q "^Answers differ: rowenum agreed: $agreed in BASE, $((agreed - 3)) in NEW\.\$" "$tmp/out" ||
    bad "a change of class not said: $(cat "$tmp/out")"
[ "$(jq -c '.solvers[] | select(.name == "rowenum") | .classes.failed' k1fail-cmp.json)" = \
    '{"base":0,"new":3}' ] || bad "classes in compare's JSON: $(jq -c .solvers k1fail-cmp.json)"
expect_line 0 "" "$PB" compare k1.json k1.json
grep -q '^No independent samples: without repetitions' "$tmp/out" ||
    bad "no line saying there are no independent samples: $(cat "$tmp/out")"
grep -q '^  gf2 .* 1\.000 *-\.\.- *-  *~same ' "$tmp/out" || bad "k1: a p-value or CI: $(cat "$tmp/out")"
# rowenum twice as slow: its batches (wall, and the warm ones' CPU time that
# its headline is read from) an octave up.
jq '(.solvers[] | select(.name == "rowenum")) |=
    (.spread_per_octave as $per | (.spread, .cpu_spread) |= map([.[0] + $per, .[1]]))' \
    k1.json >k1slow.json
expect_line 1 "" "$PB" compare k1.json k1slow.json --json k1slow-cmp.json
[ "$(jq -r '[.solvers[] | "\(.verdict) \(.p_value)"] | join(",")' k1slow-cmp.json)" = \
    "~same null,~slower null" ] || bad "k1, rowenum twice as slow: $(jq -c .solvers k1slow-cmp.json)"
grep -q '; 2 of them untested (~: no independent samples)\.$' "$tmp/out" ||
    bad "the summary does not say the verdicts are untested: $(tail -3 "$tmp/out")"
expect_line 0 "" "$PB" compare k1.json k1slow.json --threshold 150

# The classes of a spread (bench/stats.h): $per to an octave, from 2^-8 ns.
per=$(jq '.solvers[0].spread_per_octave' a.json)
[ "$per" = 256 ] || bad "spread_per_octave $per: the classes below are of 256 an octave"
# One solver twice as slow in NEW: its passes' spreads (which the reader
# computes every pass's time from) moved up an octave, $per classes: slower,
# exit 1, with the true ratio 2 in its interval; the other the same.  Each
# pass's batches sit in one class, a class apart from pass to pass, so that
# the five passes' times differ; the whole spread is theirs summed.
jq '.solvers |= map((if .name == "gf2" then 2400 else 2800 end) as $c |
    .repetitions.spreads = [0, 3, 1, 2, 5 | [[$c + ., 20000]]] |
    .spread = ([.repetitions.spreads[][]] | sort))' a.json >five.json
jq --argjson per "$per" '(.solvers[] | select(.name == "rowenum") | .spread, .repetitions.spreads[]) |=
    map([.[0] + $per, .[1]])' five.json >slow.json
expect_line 1 "" "$PB" compare five.json slow.json --json slow-cmp.json
[ "$(jq -r '.solvers[] | select(.name == "rowenum") | .verdict' slow-cmp.json)" = slower ] ||
    bad "rowenum twice as slow: $(jq -c .solvers slow-cmp.json)"
[ "$(jq -r '.solvers[] | select(.name == "rowenum") |
     .ci_low <= 2 and .ci_high >= 2 and (.ratio - 2 | fabs) < 1e-9' slow-cmp.json)" = true ] ||
    bad "rowenum's ratio and interval: $(jq -c .solvers slow-cmp.json)"
[ "$(jq -r '.solvers[] | select(.name == "gf2") | .verdict' slow-cmp.json)" = same ] ||
    bad "gf2 is not the same"
grep -q '^Every solver' "$tmp/out" && bad "one solver of two slower, yet every solver said to be"
# Both solvers twice as slow: said to look like a machine slow through NEW.
jq --argjson per "$per" '(.solvers[] | .spread, .repetitions.spreads[]) |= map([.[0] + $per, .[1]])' \
    five.json >both.json
expect_line 1 "" "$PB" compare five.json both.json --json both-cmp.json
grep -qx 'Every solver is slower: a change that made them all slower, or a machine that was slower through' \
    "$tmp/out" && [ "$(jq -r .all_alike both-cmp.json)" = slower ] ||
    bad "every solver slower, not said: $(tail -4 "$tmp/out")"
# Within the threshold it is the same; the threshold is a percentage.
expect_line 0 "" "$PB" compare five.json slow.json --threshold 150
expect_line 0 "" "$PB" compare slow.json five.json --threshold 60 --json fast.json
[ "$(jq -r '.solvers[] | select(.name == "rowenum") | .verdict' fast.json)" = same ] ||
    bad "a faster solver within the threshold: $(jq -c .solvers fast.json)"

# A machine shared with other work: every pass's batches ran partly alone and
# partly twice as slow (an octave up), in shares that change from pass to pass,
# so the passes' median batches jump between the two.  gf2 is 1.2034 times as
# slow in NEW (class 63 of an octave against 9: 319.5/265.5 = 106.5/88.5), rowenum the same:
# each pass's 5th-percentile batch finds it, where the medians' interval
# would hold 1.
jq --argjson b '[0.1, 0.6, 0.3, 0.8, 0.4]' '
    def pass($c; $share): [[$c, (20000 * (1 - $share) | round)], [$c + 256, (20000 * $share | round)]];
    .solvers |= map((if .name == "gf2" then 2313 else 2800 end) as $c |
        .repetitions.spreads = [$b[] as $s | pass($c; $s)] |
        .spread = ([.repetitions.spreads[][]] | group_by(.[0]) | map([.[0][0], (map(.[1]) | add)])))' \
    a.json >shared.json
jq --argjson n '[0.7, 0.2, 0.9, 0.5, 0.3]' '
    def pass($c; $share): [[$c, (20000 * (1 - $share) | round)], [$c + 256, (20000 * $share | round)]];
    .solvers |= map((if .name == "gf2" then 2367 else 2800 end) as $c |
        .repetitions.spreads = [$n[] as $s | pass($c; $s)] |
        .spread = ([.repetitions.spreads[][]] | group_by(.[0]) | map([.[0][0], (map(.[1]) | add)])))' \
    shared.json >shared-slow.json
expect_line 1 "" "$PB" compare shared.json shared-slow.json --json shared-cmp.json
[ "$(jq -r '[.solvers[] | .verdict] | join(",")' shared-cmp.json)" = slower,same ] ||
    bad "gf2 1.2 times as slow on a shared machine: $(jq -c .solvers shared-cmp.json)"
[ "$(jq -r '.solvers[0] | (106.5 / 88.5) as $r | .ci_low <= $r and .ci_high >= $r and
     (.ratio / $r - 1 | fabs) < 1e-5' shared-cmp.json)" = true ] ||
    bad "gf2's ratio on a shared machine: $(jq -c .solvers[0] shared-cmp.json)"

# Answers that differ: exit 1 and said, timings or not.
jq '.histogram[0].count += 1 | .histogram[1].count -= 1' a.json >hist.json
expect_line 1 "" "$PB" compare a.json hist.json
grep -q '^Answers differ: the histograms of answers differ\.$' "$tmp/out" ||
    bad "a changed histogram: $(tail -2 "$tmp/out")"
jq '.solvers[1].disagree = 4' a.json >dis.json
expect_line 1 "" "$PB" compare a.json dis.json --json dis-cmp.json
[ "$(jq -r .answers dis-cmp.json)" = differ ] || bad "disagree counts: $(jq -r .answers dis-cmp.json)"

# Bad input: one line, exit 2.
head -c 300 k1.json >trunc.json
expect_line 2 "" "$PB" compare a.json trunc.json
grep -Eq "^puzzlebench: compare: trunc.json:[0-9]+:[0-9]+: premature end of input" "$tmp/err" ||
    bad "a truncated file: $(cat "$tmp/err")"
echo '{"name": "x"}' >foreign.json
expect_line 2 "puzzlebench: compare: foreign.json: expected a report of puzzlebench run or merge (with \"puzzle\" and \"solvers\") or a Google Benchmark JSON file (\"context\", \"benchmarks\")" \
    "$PB" compare foreign.json a.json
expect_line 2 "puzzlebench: compare: cannot read missing.json: No such file or directory" \
    "$PB" compare a.json missing.json
jq 'del(.solvers[0].spread)' a.json >nospread.json
expect_line 2 "" "$PB" compare a.json nospread.json
grep -Eq '^puzzlebench: compare: nospread.json:[0-9]+:5: expected a member "spread" in this object$' \
    "$tmp/err" || bad "a solver without its spread: $(cat "$tmp/err")"
"$PB" run flip --corpus flip:random:rows=4:cols=4:count=20001 --solvers gf2 --json other.json \
    >/dev/null 2>&1
expect_line 2 'puzzlebench: compare: other.json: expected corpus "flip:random:rows=4:cols=4:count=20000:seed=1" as in a.json, found "flip:random:rows=4:cols=4:count=20001:seed=1": reports of different runs do not compare' \
    "$PB" compare a.json other.json
"$PB" run flip --corpus $spec --solvers gf2 --shard 1/2 --json shard.json >/dev/null 2>&1
expect_line 2 "puzzlebench: compare: shard.json: expected shard 0/1 as in a.json, found shard 1/2" \
    "$PB" compare a.json shard.json
"$PB" run lightsout --corpus lightsout:random:count=100 --json lo.json >/dev/null 2>&1
expect_line 2 'puzzlebench: compare: lo.json: expected puzzle "flip" as in a.json, found "lightsout": reports of different runs do not compare' \
    "$PB" compare a.json lo.json
jq '.partial = true' a.json >partial.json
expect_line 2 "puzzlebench: compare: partial.json: expected a whole run, found a partial one (interrupted): run it again" \
    "$PB" compare a.json partial.json
for pct in x 0x10 -5 1e1 inf ''; do
    expect_line 2 "puzzlebench: compare: expected --threshold PCT with 0 <= PCT < 1000, found '$pct'" \
        "$PB" compare a.json a.json --threshold "$pct"
done

# Comparability: two corpora at one path (the content hash in the context),
# and, for older reports without it, corpus_content as merge checks it.
for seed in 1 2; do
    "$PB" gen tetravex --corpus tetravex:random:n=3:digits=3:count=50:seed=$seed >game.in &&
        "$PB" run tetravex --corpus game.in --json tx$seed.json >/dev/null 2>&1 || bad "tx$seed"
done
expect_line 2 "puzzlebench: compare: tx2.json: expected the corpus content $(jq -r .context.corpus_hash tx1.json) of tx1.json, found $(jq -r .context.corpus_hash tx2.json): game.in is another corpus (or changed) between the runs, and their times do not compare" \
    "$PB" compare tx1.json tx2.json
[ "$(jq -r .context.corpus_hash tx1.json)" = "$(jq -r .corpus_content.in tx1.json)" ] &&
    jq -re '.context.corpus_hash | test("^xxh3-64:[0-9a-f]{16}$")' a.json >/dev/null ||
    bad "the context's corpus hash: $(jq -c .context tx1.json)"
for k in 1 2; do jq 'del(.context.corpus_hash)' tx$k.json >old-tx$k.json; done
expect_line 2 "puzzlebench: compare: old-tx2.json: expected the corpus file's content $(jq -r .corpus_content.in tx1.json) as in old-tx1.json, found $(jq -r .corpus_content.in tx2.json): the corpus changed between the runs, or is another file" \
    "$PB" compare old-tx1.json old-tx2.json
expect_line 0 "" "$PB" compare old-tx1.json tx1.json
grep -qx 'Corpus: no content hash in the context of old-tx1.json (older reports): the corpus is checked as merge checks shards, by its spec and the file.s content hash.' \
    "$tmp/out" || bad "the fallback to corpus_content is not said: $(head -3 "$tmp/out")"
jq '.context.corpus_hash = "xxh3-64:00000000000000zz"' a.json >badhash.json
expect_line 2 "" "$PB" compare a.json badhash.json
grep -q 'expected "corpus_hash" to be "xxh3-64:" and 16 hex digits$' "$tmp/err" ||
    bad "a malformed corpus hash: $(cat "$tmp/err")"

# Builds: every difference said above the table; Debug against Release refused
# unless --allow-mixed-builds.
bt=$(jq -r .context.build_type a.json)
jq '.context.build_type = "Debug"' a.json >debug.json
if [ "$bt" = Release ]; then
    expect_line 2 "puzzlebench: compare: debug.json: expected an optimised build as a.json is (build type Release), found build type Debug: the times of an unoptimised build do not compare with an optimised one's (compare them anyway with --allow-mixed-builds)" \
        "$PB" compare a.json debug.json
    expect_line 0 "" "$PB" compare a.json debug.json --allow-mixed-builds --json mixed.json
    sed -n 2p "$tmp/out" | grep -qx 'Differs: build type: Release (base), Debug (new)\.' ||
        bad "the mixed builds are not said above the table: $(head -3 "$tmp/out")"
    [ "$(jq -r '.differences[0]' mixed.json)" = "Differs: build type: Release (base), Debug (new)." ] ||
        bad "the differences in JSON: $(jq -c .differences mixed.json)"
fi
jq '.context |= (.host = "elsewhere" | .cpu = "another CPU" | .compiler = "GNU 1.0" |
    .flags = "-O1" | .threads = 7 | .commit = "0123456789ab" | .dirty = true)' a.json >machine.json
expect_line 0 "" "$PB" compare a.json machine.json
[ "$(sed -n '2,7p' "$tmp/out" | grep -c '^Differs: ')" = 6 ] &&
    grep -qx "Differs: threads: $(jq .context.threads a.json) (base), 7 (new)\." "$tmp/out" &&
    grep -qx "Differs: commit: $(jq -r .context.commit a.json)$(jq -r 'if .context.dirty then " (dirty)" else "" end' a.json) (base), 0123456789ab (dirty) (new)\." "$tmp/out" &&
    grep -qx 'Differs: host: .* (base), elsewhere (new)\.' "$tmp/out" ||
    bad "host, CPU, compiler, flags, threads and commit: $(head -9 "$tmp/out")"
# No solver compared (bfs skips every 5x5 board): exit 2, not 0.
"$PB" run flip --corpus flip:random:rows=5:cols=5:count=20 --solvers bfs --json none.json \
    >/dev/null 2>&1
expect_line 2 "puzzlebench: compare: no solver of none.json and none.json could be compared (each not run, or without a time in one of them)" \
    "$PB" compare none.json none.json
expect_line 2 "puzzlebench: compare: expected two reports, BASE.json and NEW.json (try compare --help)" \
    "$PB" compare a.json

# Google Benchmark files: benchmark by benchmark, over the repetitions; and
# over the means where only the aggregates were kept.
micro=$(dirname "$PB")/puzzlebench-micro
"$micro" --benchmark_filter='^set/flip/(gf2|rowenum)/small$' --benchmark_min_time=0.001 \
    --benchmark_repetitions=4 --benchmark_out_format=json --benchmark_out=m.json >/dev/null
expect_line 0 "" "$PB" compare m.json m.json --json m-cmp.json
[ "$(jq -r '[.solvers[] | select(.verdict == "same" and .samples == "repetitions" and
     .base_samples == 4)] | length' m-cmp.json)" = 2 ] || bad "micro: $(jq -c .solvers m-cmp.json)"
jq '.benchmarks |= map(if .run_name == "set/flip/gf2/small" and .run_type == "iteration"
    then .items_per_second /= 8 else . end)' m.json >m2.json
expect_line 1 "" "$PB" compare m.json m2.json --json m2-cmp.json
[ "$(jq -r '.solvers[] | select(.name == "set/flip/gf2/small") | "\(.verdict) \(.ratio)"' \
    m2-cmp.json)" = "slower 8" ] || bad "micro gf2 eight times as slow: $(jq -c .solvers m2-cmp.json)"
jq '.benchmarks |= map(select(.run_type == "aggregate"))' m.json >agg.json
expect_line 0 "" "$PB" compare agg.json agg.json --json agg-cmp.json
[ "$(jq -r '[.solvers[] | select(.samples == "means" and .p_value == 1)] | length' \
    agg-cmp.json)" = 2 ] || bad "micro aggregates: $(jq -c .solvers agg-cmp.json)"
expect_line 2 "puzzlebench: compare: a.json: expected a Google Benchmark file as m.json is, found a run report" \
    "$PB" compare m.json a.json
# One run of each benchmark (no repetitions): the ratio alone, untested.
"$micro" --benchmark_filter='^set/flip/(gf2|rowenum)/small$' --benchmark_min_time=0.001 \
    --benchmark_out_format=json --benchmark_out=m1.json >/dev/null
expect_line 0 "" "$PB" compare m1.json m1.json --json m1-cmp.json
[ "$(jq -r '[.solvers[] | select(.verdict == "~same" and .p_value == null)] | length' \
     m1-cmp.json)" = 2 ] || bad "micro without repetitions: $(jq -c .solvers m1-cmp.json)"
grep -q '^No independent samples' "$tmp/out" || bad "micro: no line on independent samples"
# Every field read is checked: file:line:col, the benchmark and the field.
it='.benchmarks |= map(if .run_name == "set/flip/gf2/small" and .run_type == "iteration"'
badgb() { # JQ MESSAGE: m.json changed by JQ is refused with MESSAGE
    jq "$1" m.json >gb.json
    expect_line 2 "" "$PB" compare m.json gb.json
    grep -Eq "^puzzlebench: compare: gb\.json:[0-9]+:[0-9]+: $2\$" "$tmp/err" ||
        bad "$1: said '$(cat "$tmp/err")', expected '$2'"
}
gf2='benchmark "set/flip/gf2/small"'
badgb "$it then .real_time = -5 | del(.items_per_second) else . end)" \
    "$gf2: expected \"real_time\" to be a number above 0, found -5"
badgb "$it then .real_time = 0 else . end)" \
    "$gf2: expected \"real_time\" to be a number above 0, found 0"
badgb "$it then .items_per_second = 0 else . end)" \
    "$gf2: expected \"items_per_second\" to be a number above 0, found 0"
badgb "$it then .time_unit = \"fortnight\" else . end)" \
    "$gf2: expected \"time_unit\" to be ns, us, ms or s, found \"fortnight\""
badgb "$it then .real_time = \"1\" else . end)" \
    "$gf2: expected \"real_time\" to be a number above 0, found a string"
badgb '.benchmarks |= map(select(.run_type == "aggregate") | if .aggregate_name == "mean" then .real_time = 0 else . end)' \
    "$gf2: expected \"real_time\" to be a number above 0, found 0"
badgb '.benchmarks |= map(select(.run_type == "aggregate") | if .aggregate_name == "stddev" then .real_time = -1 else . end)' \
    "$gf2: expected \"real_time\" to be a number at least 0, found -1"
badgb '.benchmarks |= map(select(.run_type == "aggregate") | .repetitions = 2147483649)' \
    "$gf2: expected \"repetitions\" to be a whole number from 1 to 2147483647"
badgb '.benchmarks |= map(select(.run_type == "aggregate" and .aggregate_name != "mean"))' \
    "$gf2: expected a \"mean\" aggregate beside this \"stddev\""
badgb "$it then .run_type = \"other\" else . end)" \
    "$gf2: expected \"run_type\" to be \"iteration\" or \"aggregate\""
# NaN and infinities are no JSON: refused where the file is read.
sed 's/"real_time": [0-9.e+-]*/"real_time": NaN/' m.json >nan.json
expect_line 2 "" "$PB" compare m.json nan.json
grep -Eq "^puzzlebench: compare: nan\.json:[0-9]+:[0-9]+: invalid token near 'NaN'$" "$tmp/err" ||
    bad "NaN: $(cat "$tmp/err")"
sed 's/"real_time": [0-9.e+-]*/"real_time": 1e999/' m.json >inf.json
expect_line 2 "" "$PB" compare m.json inf.json
grep -Eq "^puzzlebench: compare: inf\.json:[0-9]+:[0-9]+: real number overflow" "$tmp/err" ||
    bad "an infinite time: $(cat "$tmp/err")"

# merge keeps the repetitions of shards (their times add up) and reads the
# spreads of older reports, 8 or 64 classes an octave, into the classes of
# their middles (today's 256 an octave).
for k in 0 1; do
    "$PB" run flip --corpus $spec --solvers gf2 --threads 1 --repeat 3 --shard $k/2 \
        --json sh$k.json >/dev/null 2>&1
done
"$PB" merge sh0.json sh1.json --json merged.json >/dev/null || bad "merge of repeated shards"
[ "$(jq -r --slurpfile a sh0.json ".solvers[0].repetitions.spreads[0] | map(.[1]) | add" merged.json)" = 20000 ] ||
    bad "merged spreads of repetitions: $(jq -c .solvers[0].repetitions.median_ns merged.json)"
[ "$(jq -r --slurpfile a sh0.json --slurpfile b sh1.json '.repeat == 3 and
     ([range(3) as $i | (($a[0].solvers[0].repetitions.ns[$i] * $a[0].solvers[0].ran +
                         $b[0].solvers[0].repetitions.ns[$i] * $b[0].solvers[0].ran) / 20000
                        - .solvers[0].repetitions.ns[$i] | fabs) < 1e-3] | all)' \
     merged.json)" = true ] || bad "merged repetitions: $(jq -c .solvers[0].repetitions merged.json)"
# (An older report has no repetitions, nor the warm and cold batches apart: a
# spread holds each instance once.)
old='del(.cpu_spread_per_octave, .cpu_spread, .cold_batches, .cold_ran, .cold_seconds,
         .cold_cpu_seconds, .cpu_ns_median, .cpu_ns_mad, .cpu_ns_min, .cpu_ns_max, .like)'
for k in 0 1; do
    jq "del(.repeat, .warmup) |
        .solvers[0] |= ($old | del(.spread_per_octave, .repetitions) | .spread = [[100, .ran]])" \
        sh$k.json >old$k.json
    jq "del(.repeat, .warmup) | .solvers[0] |= ($old | del(.repetitions) |
        .spread_per_octave = 64 | .spread = [[835, .ran]])" sh$k.json >old64-$k.json
done
"$PB" merge old0.json old1.json --json oldmerged.json >/dev/null || bad "merge of old spreads"
[ "$(jq -r '.solvers[0] | .spread_per_octave == 256 and (.ns_median / 23.65 - 1 | fabs) < 0.008' \
     oldmerged.json)" = true ] || bad "old spreads: $(jq -c '.solvers[0].ns_median' oldmerged.json)"
# 64 an octave: class 835 (octave 13 from 2^-8 ns, so 2^5 ns; class 3 of it) is 33.75 ns, to 0.2%.
"$PB" merge old64-0.json old64-1.json --json old64merged.json >/dev/null || bad "merge of 64 a class"
[ "$(jq -r '.solvers[0] | (.ns_median / (32 * (1 + 3.5 / 64)) - 1 | fabs) < 0.002' \
     old64merged.json)" = true ] || bad "64 a class: $(jq -c '.solvers[0].ns_median' old64merged.json)"

# scripts/regress: a line per run and solver in history.csv, and with
# --baseline, a run whose gf2 was 16 times as fast in the baseline (4 octaves
# of classes) fails (by far more than this machine's noise between two runs).
export PZ_BUILD
PZ_BUILD=$(dirname "$PB")
PZ_RESULTS=$tmp/res1 "$src/scripts/regress" 'flip-random-1x1$' >regress1.txt 2>&1 ||
    bad "regress: $(cat regress1.txt)"
[ "$(head -1 res1/history.csv)" = "date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of,build_type,host" ] ||
    bad "history.csv header: $(head -1 res1/history.csv)"
built=$(jq -r '.context | "\"\(.build_type)\",\"\(.host)\""' res1/flip-random-1x1.json)
solvers=$(jq '[.solvers[] | select(.ran > 0)] | length' res1/flip-random-1x1.json) # a row each
[ "$solvers" -ge 7 ] || bad "flip-random-1x1 ran $solvers solvers, expected every flip solver"
[ "$(grep -c "\"flip-random-1x1\",\"flip\",.*,\"warm batches\",$built\$" res1/history.csv)" = "$solvers" ] ||
    bad "history.csv rows: $(cat res1/history.csv)"
awk -F, 'NR > 1 && !($7 <= $6 && $6 <= $8) { exit 1 }' res1/history.csv ||
    bad "history.csv: a median outside its CI: $(cat res1/history.csv)"
mkdir -p base
jq '(.solvers[] | select(.name == "gf2")) |= (.spread_per_octave as $per |
    (.spread, .cpu_spread) |= map([([.[0] - 4 * $per, 0] | max), .[1]]))' \
    res1/flip-random-1x1.json >base/flip-random-1x1.json
PZ_RESULTS=$tmp/res1 "$src/scripts/regress" --baseline base --threshold 20 'flip-random-1x1$' \
    >regress2.txt 2>&1
[ $? = 1 ] || bad "regress --baseline with gf2 16x slower: exit 0"
grep -q '^flip-random-1x1 *ok,SLOWER ' regress2.txt || bad "regress --baseline: $(cat regress2.txt)"
grep -q '^## Against the baseline' res1/latest.md || bad "no comparison in latest.md"
[ "$(grep -c flip-random-1x1 res1/history.csv)" = $((2 * solvers)) ] || bad "history.csv is not appended to"
# A baseline made with --repeat 3: --baseline makes each run as its baseline
# was, so the comparison is over the passes.
PZ_RESULTS=$tmp/res2 "$src/scripts/regress" --repeat 3 'flip-random-1x1$' >regress3.txt 2>&1 ||
    bad "regress --repeat 3: $(cat regress3.txt)"
PZ_RESULTS=$tmp/res3 "$src/scripts/regress" --baseline res2 'flip-random-1x1$' >regress4.txt 2>&1 ||
    bad "regress --baseline of a repeated run: $(cat regress4.txt)"
[ "$(jq -c '[.repeat, .warmup]' res3/flip-random-1x1.json)" = '[3,false]' ] ||
    bad "regress --baseline: not repeated as its baseline: $(jq -c '[.repeat, .warmup]' res3/flip-random-1x1.json)"
grep -q '^| gf2 | .* | 3, 3 repetitions |$' res3/latest.md ||
    bad "regress --baseline: not compared over the passes: $(grep '^| gf2 ' res3/latest.md)"
"$src/scripts/plot" --out plots --history res1/history.csv --compare self.json \
    res1/flip-random-1x1.json base/flip-random-1x1.json 2>/dev/null || bad "plot"
for chart in history compare speed; do
    [ -s plots/$chart.svg ] || bad "no $chart.svg"
done
# two reports of one corpus side by side, each named; gf2 in one colour everywhere
grep -q 'rows=1:cols=1:count=100:seed=1 \[base/flip-random-1x1\]\|\[flip-random-1x1\]' plots/speed.svg ||
    bad "the two reports are not side by side in speed.svg"
for chart in history compare speed; do
    grep -A12 "<title>gf2</title>" plots/$chart.svg | grep -q "rgb( 31, 119, 180)" ||
        bad "gf2 is not blue in $chart.svg"
done

summary
