# The reports for CI: JUnit XML (valid against tests/junit.xsd, a failure
# naming the first failing instance in judge format, skipped unknowns),
# Bencher Metric Format (the headline and its interval, as the JSON has it),
# and GitHub Actions' step summary and ::error annotations.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
cd "$tmp" || exit 1
command -v xmllint >/dev/null || skip "no xmllint here (Debian's libxml2-utils)"
valid() { xmllint --noout --schema "$src/tests/junit.xsd" "$1" 2>"$tmp/xsd" && ok ||
    bad "$1 is not valid JUnit XML: $(cat "$tmp/xsd")"; }
# count FILE XPATH: a number from the document.
count() { xmllint --xpath "$2" "$1" 2>/dev/null; }

# A run that passes: a testcase per solver and the verdict, none failed.
expect 0 "" -- "$pb" run flip --corpus flip:random:mode=solvable:count=300 --solvers gf2,rowenum \
    --junit ok.xml --bmf ok.bmf --json ok.json
valid ok.xml
[ "$(count ok.xml 'count(//testcase)') $(count ok.xml 'count(//failure)')" = "3 0" ] &&
    [ "$(count ok.xml 'string(//testsuite/@tests)')" = 3 ] && ok ||
    bad "a passing run's JUnit: $(cat ok.xml)"

# BMF: each solver's headline (the JSON's cpu_ns_median) inside its interval.
for s in gf2 rowenum; do
    jq -e --slurpfile r ok.json --arg s "$s" '
        ($r[0].solvers[] | select(.name == $s) | .cpu_ns_median) as $h
        | .["flip/flip:random:rows=4:cols=4:mode=solvable:count=300:seed=1/" + $s].latency
        | .value == $h and .lower_value <= .value and .value <= .upper_value' ok.bmf >/dev/null &&
        ok || bad "BMF of $s: $(cat ok.bmf)"
done

# scripts/bench --bmf: the micro-benchmarks' medians, each within its repetitions.
jq -e -L "$src/scripts" 'include "micro"; bmf | length > 0 and
    all(.[]; .latency.lower_value <= .latency.value and .latency.value <= .latency.upper_value)' \
    "$src/results/micro.json" >/dev/null && ok || bad "the micro-benchmarks' BMF"

# A wrong jury file: the expected answers' testcase fails, naming the index;
# the verdict fails too, as the exit status does.
cp "$src/corpus/flip/poj1753.in" jury.in
sed '3s/.*/6/' "$src/corpus/flip/poj1753.ans" >jury.ans
expect 1 "" -- "$pb" run flip --corpus jury.in --solvers gf2 --junit bad.xml --no-save
valid bad.xml
grep -q '<testcase [^>]*name="expected answers"' bad.xml &&
    grep -q '<failure type="jury" message="[^"]*">index 2, the input:' bad.xml &&
    grep -q '<testcase [^>]*name="verdict"[^/]*>' bad.xml && ok ||
    bad "a wrong jury's JUnit: $(cat bad.xml)"

# check --junit: the output's testcase fails with its first wrong case.
sed '3s/.*/5/' "$src/corpus/flip/poj1753.ans" >wrong.out
expect 1 "" -- "$pb" check flip "$src/corpus/flip/poj1753.in" wrong.out --junit check.xml
valid check.xml
grep -q '<failure type="wrong answer" message="wrong answer on case 3: ' check.xml && ok ||
    bad "check's JUnit: $(cat check.xml)"
expect 0 "" -- "$pb" check flip "$src/corpus/flip/poj1753.in" "$src/corpus/flip/poj1753.ans" \
    --junit check.xml
valid check.xml
[ "$(count check.xml 'count(//failure)')" = 0 ] && ok || bad "check's JUnit of ok: $(cat check.xml)"

# Under GitHub Actions: the summary appended, an ::error at the corpus line.
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=$tmp/summary.md expect 1 "" -- "$pb" run flip \
    --corpus jury.in --solvers gf2 --no-save
grep -q '^::error file=jury.in,line=9,title=puzzlebench flip%3A index 2' "$tmp/out" && ok ||
    bad "no ::error for index 2 at jury.in line 9: $(grep '::' "$tmp/out")"
grep -q '^| gf2 |' summary.md && ok || bad "no summary appended: $(cat summary.md 2>&1)"
expect 0 "" -- "$pb" run flip --corpus flip:exhaustive --solvers gf2 --github
! grep -q '^::error' "$tmp/out" && [ "$(grep -c '^| gf2 |' summary.md)" = 1 ] && ok ||
    bad "--github without GITHUB_STEP_SUMMARY: $(cat "$tmp/out")"

# A wrong program under stress: its testcase fails with the first failing
# instance, input and output, and the XML is valid.
if [ -x "${PZ_PROGS:-}/prog_flip" ]; then
    expect 1 "" -- "$pb" stress flip --exec "$PZ_PROGS/prog_flip wrong" \
        --corpus flip:random:mode=solvable:count=200 --junit stress.xml --bmf stress.bmf
    valid stress.xml
    grep -q '<failure type="WA" message="--exec: AC [0-9]* WA [0-9]*; the first WA at index [0-9]*">index [0-9]*: ' \
        stress.xml && grep -q '^input:$' stress.xml && grep -q '^received output:$' stress.xml && ok ||
        bad "a failing stress's JUnit: $(cat stress.xml)"
    jq -e 'to_entries[0] | (.key | startswith("stress/flip/")) and .value.latency.value > 0' \
        stress.bmf >/dev/null && ok || bad "stress's BMF: $(cat stress.bmf)"
else
    echo "(no PZ_PROGS: the stress cases not run)"
fi

# compare under GitHub Actions: an ::error for a slower solver.
jq '(.solvers[] | select(.name == "gf2") | .spread, .cpu_spread) |= map([.[0] + 256, .[1]])' ok.json >slow.json
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=$tmp/cmp.md expect 1 "" -- "$pb" compare ok.json slow.json
grep -q '^::error title=puzzlebench compare%3A gf2 ~slower::gf2: ' "$tmp/out" && [ -s cmp.md ] && ok ||
    bad "compare under GitHub Actions: $(cat "$tmp/out")"

# scripts/regress --junit: a testsuite per run in one valid file.
PZ_BUILD=$(dirname "$pb") PZ_RESULTS=$tmp/res expect 0 "" -- "$src/scripts/regress" \
    --junit "$tmp/regress.xml" 'flip-random-1x1$|lightsout-random-3x3$'
valid regress.xml
[ "$(count regress.xml 'count(//testsuite)')" = 2 ] && ok || bad "regress --junit: $(cat regress.xml)"

expect 2 "--junit" -- "$pb" run flip --corpus jury.in --junit jury.in
summary
