#!/usr/bin/env bash
# cli_micro.sh BIN SRC - every registered solver has a micro-benchmark on a
# fixed set, and a short run of the small sets reports rates without errors.
set -euo pipefail
bin=$1 src=$2
source "$src/tests/cli.sh"
micro=$(dirname "$bin")/puzzlebench-micro
fail() { echo "FAIL: $*" >&2; exit 1; }

registry "$bin" >"$tmp/solvers"
[ -s "$tmp/solvers" ] || fail "puzzlebench list shows no solvers"

"$micro" --benchmark_list_tests >"$tmp/tests"
while read -r ps; do
    grep -q "^set/$ps/" "$tmp/tests" ||
        fail "no micro-benchmark set/$ps/...: give its puzzle a set it fits (bench/micro/micro.c)"
done <"$tmp/solvers"
# And nothing but registered solvers, under the names the plot script parses.
grep -Ev '^(set/[a-z0-9]+/[a-z0-9_]+/(small|typical|hard)|scale/[a-z0-9]+/[a-z0-9_]+/n:[0-9]+)$' \
    "$tmp/tests" && fail "benchmark names not of the form set/P/S/SET or scale/P/S/n:N"
cut -d/ -f2,3 "$tmp/tests" | sort -u | grep -vxFf "$tmp/solvers" &&
    fail "benchmarks of solvers that are not registered"

# A short run of every small set, written the way scripts/bench writes.
"$micro" --benchmark_filter='^set/.*/small$' --benchmark_min_time=0.001 \
    --benchmark_out_format=json --benchmark_out="$tmp/out.json" >/dev/null
jq -e --slurpfile want <(grep '/small$' "$tmp/tests" | jq -R . | jq -s .) '
    [.benchmarks[].name] == $want[0]
    and all(.benchmarks[]; (.items_per_second > 0) and ((.error_occurred // false) | not))' \
    "$tmp/out.json" >/dev/null || fail "the small sets did not all report items_per_second"

# Unknown flags are refused, as Google Benchmark's own main does.
if "$micro" --benchmark_no_such_flag >/dev/null 2>&1; then
    fail "an unknown flag was accepted"
fi
echo "ok: $(wc -l <"$tmp/solvers") solvers, $(wc -l <"$tmp/tests") benchmarks"
