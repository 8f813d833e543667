#!/usr/bin/env bash
# cli_micro_every.sh BIN SRC - every registered micro-benchmark runs once
# (one iteration, Google Benchmark's smallest run) without a crash or an
# error: a benchmark that dies (a signal), fails its solver or is missing
# from the output fails the test.  Most of its time goes to the slowest
# single iterations (iddfs at n:5).
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
micro=$(dirname "$pb")/puzzlebench-micro

"$micro" --benchmark_list_tests >"$tmp/tests" && [ -s "$tmp/tests" ] && ok ||
    bad "puzzlebench-micro --benchmark_list_tests listed nothing"
rc=0
"$micro" --benchmark_min_time=0 --benchmark_repetitions=1 --benchmark_out_format=json \
    --benchmark_out="$tmp/out.json" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ $rc = 0 ] && ok || { bad "puzzlebench-micro exited $rc; the last it ran:"; tail -3 "$tmp/out"; }
# Every listed benchmark ran, in order, and none reported an error.
jq -r '.benchmarks[].name' "$tmp/out.json" >"$tmp/ran" 2>/dev/null
diff "$tmp/tests" "$tmp/ran" >"$tmp/diff" && ok ||
    { bad "the benchmarks run are not those listed:"; head "$tmp/diff"; }
jq -r '.benchmarks[] | select(.error_occurred) | "\(.name): \(.error_message)"' \
    "$tmp/out.json" >"$tmp/errors" 2>/dev/null
[ ! -s "$tmp/errors" ] && ok || { bad "benchmarks with errors:"; cat "$tmp/errors"; }
echo "$(wc -l <"$tmp/ran") of $(wc -l <"$tmp/tests") benchmarks ran once"
summary
