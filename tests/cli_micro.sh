#!/usr/bin/env bash
# cli_micro.sh BIN SRC - every registered solver has a micro-benchmark on a
# fixed set, and a short run of the small sets reports rates without errors.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
micro=$(dirname "$pb")/puzzlebench-micro

registry "$pb" >"$tmp/solvers"
[ -s "$tmp/solvers" ] && ok || bad "puzzlebench list shows no solvers"

"$micro" --benchmark_list_tests >"$tmp/tests" && ok || bad "$micro --benchmark_list_tests failed"
while read -r ps; do
    grep -q "^set/$ps/" "$tmp/tests" && ok ||
        bad "no micro-benchmark set/$ps/...: give its puzzle a set it fits (bench/micro/micro.c)"
done <"$tmp/solvers"
# And nothing but registered solvers, under the names the plot script parses.
grep -Ev '^(set/[a-z0-9]+/[a-z0-9_]+/(small|typical|hard)|scale/[a-z0-9]+/[a-z0-9_]+/n:[0-9]+)$' \
    "$tmp/tests" && bad "benchmark names not of the form set/P/S/SET or scale/P/S/n:N" || ok
cut -d/ -f2,3 "$tmp/tests" | sort -u | grep -vxFf "$tmp/solvers" &&
    bad "benchmarks of solvers that are not registered" || ok

# A short run of every small set, written the way scripts/bench writes.
"$micro" --benchmark_filter='^set/.*/small$' --benchmark_min_time=0.001 \
    --benchmark_out_format=json --benchmark_out="$tmp/out.json" >/dev/null &&
    ok || bad "the short run of the small sets failed"
jq -e --slurpfile want <(grep '/small$' "$tmp/tests" | jq -R . | jq -s .) '
    [.benchmarks[].name] == $want[0]
    and all(.benchmarks[]; (.items_per_second > 0) and ((.error_occurred // false) | not))' \
    "$tmp/out.json" >/dev/null && ok || bad "the small sets did not all report items_per_second"

# --help: ours (--plugin, --skipped) then Google Benchmark's flags, at once, exit 0.
"$micro" --help >"$tmp/help" 2>&1 && ok || bad "$micro --help: exit status not 0"
head -1 "$tmp/help" | grep -q '^usage: puzzlebench-micro ' && ok || bad "--help: $(head -1 "$tmp/help")"
for want in '--plugin FILE.so' '--skipped' 'PUZZLEBENCH_PLUGINS' '--benchmark_filter'; do
    grep -q -- "$want" "$tmp/help" && ok || bad "$micro --help does not mention $want"
done

# Unknown flags are refused, as Google Benchmark's own main does.
"$micro" --benchmark_no_such_flag >/dev/null 2>&1 && bad "an unknown flag was accepted" || ok
echo "$(wc -l <"$tmp/solvers") solvers, $(wc -l <"$tmp/tests") benchmarks"
summary
