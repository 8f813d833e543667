#!/usr/bin/env bash
# cli_package.sh - `puzzlebench package` writes a judge-ready problem for each
# puzzle, whose validator and reference solution compile alone with gcc;
# `puzzlebench verify` passes it with a right, a wrong and a slow submission
# (C, C++ and Python) where they belong, and fails it with a wrong one in
# accepted/ or with a broken package; stress --exec takes sources.  (That the
# validators agree with our readers and checker case by case: test_package.)
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
export PUZZLEBENCH_CACHE=$tmp/cache
# The system's python3 first: a version manager's shim takes a second to start.
[ -x /usr/bin/python3 ] && export PATH=/usr/bin:$PATH

# A right answer nowhere else: each puzzle's wrong program in Python.
cat >"$tmp/flip_wrong.py" <<'EOF'
import sys
rows = [l for l in sys.stdin.read().split("\n") if l.strip()]
for _ in range(len(rows) // 4):
    print(0)
EOF
cat >"$tmp/lightsout_wrong.py" <<'EOF'
import sys
n = int(sys.stdin.readline().split()[0])
for k in range(1, n + 1):
    print("PUZZLE #%d" % k)
    for _ in range(5):
        print("0 0 0 0 0 0")
EOF
cat >"$tmp/tetravex_wrong.py" <<'EOF'
import sys
games = [l for l in sys.stdin.read().split("\n") if len(l.split()) == 1 and l.strip() != "0"]
print("\n\n".join("Game %d: Possible" % (k + 1) for k in range(len(games))))
EOF
cat >"$tmp/slow.cpp" <<'EOF'
int main() { for (volatile unsigned long x = 0;; x++) ; }
EOF
printf 'int main(void) { return 3; }\n' >"$tmp/crash.c"

declare -A corpus=(
    [flip]=flip:random:mode=solvable:count=12
    [lightsout]=lightsout:random:count=12
    [tetravex]=tetravex:random:n=3:digits=2:mode=tiles:count=12
)
for p in flip lightsout tetravex; do
    d=$tmp/$p
    expect 0 "" -- "$pb" package "$p" "$d" --corpus "${corpus[$p]}" --samples 3 --time-limit 1
    grep -q "12 tests (3 samples)" "$tmp/out" && ok || bad "$p: package said $(cat "$tmp/out")"
    for f in problem.yaml problem_statement/problem.en.md data/sample/00.in data/sample/02.ans \
        data/secret/11.in data/secret/11.ans input_validators/validate.c \
        output_validators/validate.c submissions/accepted/reference.c; do
        [ -s "$d/$f" ] && ok || bad "$p: the package has no $f"
    done
    [ "$(ls "$d/data/secret" | wc -l)" = 18 ] && ok || bad "$p: expected 9 secret tests"
    grep -q "time_limit: 1$" "$d/problem.yaml" && grep -q "^validation: custom" "$d/problem.yaml" &&
        ok || bad "$p: problem.yaml: $(cat "$d/problem.yaml")"
    grep -q "## Sample Input 3" "$d/problem_statement/problem.en.md" && ok || bad "$p: no samples"
    # Each program alone, as the judge builds it: the C library, gcc -O2.
    for f in input_validators/validate.c output_validators/validate.c \
        submissions/accepted/reference.c; do
        gcc -O2 -o "$tmp/alone" "$d/$f" 2>"$tmp/err" && ok || { bad "$p: $f: gcc"; cat "$tmp/err"; }
    done
    gcc -O2 -o "$tmp/validate" "$d/input_validators/validate.c"
    for f in "$d"/data/*/*.in; do
        "$tmp/validate" <"$f" >/dev/null 2>&1
        [ $? = 42 ] || bad "$p: the input validator refuses $f"
    done
    # The reference's answers, judged by the output validator and by check.
    "$tmp/alone" <"$d/data/secret/05.in" >"$tmp/ref.out"
    mkdir -p "$tmp/fb"
    "$tmp/validate" "$d/data/secret/05.in" "$d/data/secret/05.ans" "$tmp/fb" <"$tmp/ref.out" 2>/dev/null
    [ $? = 42 ] && ok || bad "$p: the output validator refuses the reference's output"
    expect 0 "" -- "$pb" check "$p" "$d/data/secret/05.in" "$tmp/ref.out" "$d/data/secret/05.ans"

    mkdir -p "$d/submissions/wrong_answer" "$d/submissions/time_limit_exceeded" \
        "$d/submissions/run_time_error"
    cp "$tmp/${p}_wrong.py" "$d/submissions/wrong_answer/wrong.py"
    cp "$tmp/slow.cpp" "$d/submissions/time_limit_exceeded/"
    cp "$tmp/crash.c" "$d/submissions/run_time_error/"
    expect 0 "" -- "$pb" verify "$d"
    for row in "accepted/reference.c +AC +AC .* ok" "wrong_answer/wrong.py +WA +WA .* ok" \
        "time_limit_exceeded/slow.cpp +TLE +TLE .* ok" "run_time_error/crash.c +RTE +RTE"; do
        grep -qE "$row" "$tmp/out" && ok || { bad "$p: verify: no row /$row/"; cat "$tmp/out"; }
    done
    grep -q "OK: 4 of 4 submissions" "$tmp/out" && ok || bad "$p: $(tail -1 "$tmp/out")"

    # A wrong submission among the accepted fails the package.
    cp "$tmp/${p}_wrong.py" "$d/submissions/accepted/"
    expect 1 "" -- "$pb" verify "$d"
    grep -qE "accepted/${p}_wrong.py +AC +WA .* WRONG" "$tmp/out" && ok || bad "$p: $(cat "$tmp/out")"
    rm "$d/submissions/accepted/${p}_wrong.py"
done

# Malformed packages: exit 2, the reason named.
d=$tmp/flip
cp -r "$d" "$tmp/bad"
rm "$tmp/bad/data/secret/04.ans"
expect 2 "04.in has no answer" -- "$pb" verify "$tmp/bad"
cp "$d/data/secret/04.ans" "$tmp/bad/data/secret/"
printf 'bwbx\nwwww\nwwww\nwwww\n' >"$tmp/bad/data/secret/04.in"
expect 2 "04.in: input_validators/validate.c exits 43 (refused)" -- "$pb" verify "$tmp/bad"
cp "$d/data/secret/04.in" "$tmp/bad/data/secret/"
printf 'int main(void) { return 42 }\n' >"$tmp/bad/output_validators/validate.c"
expect 2 "cannot compile" -- "$pb" verify "$tmp/bad"
printf 'int main(void) { return 7; }\n' >"$tmp/bad/output_validators/validate.c"
expect 2 "exits 7, neither 42 nor 43" -- "$pb" verify "$tmp/bad"
rm "$tmp/bad/problem.yaml"
expect 2 "problem.yaml: cannot read" -- "$pb" verify "$tmp/bad"
expect 2 "expected one DIR" -- "$pb" verify

# A package from elsewhere: a C++ validator in a folder, default limits from
# .timelimit, a Java submission named and skipped.
mkdir -p "$tmp/other"
cp -r "$d/data" "$d/submissions" "$tmp/other/"
rm -r "$tmp/other/submissions/time_limit_exceeded" "$tmp/other/submissions/run_time_error"
printf 'name: other\nvalidation: custom\n' >"$tmp/other/problem.yaml"
echo 0.5 >"$tmp/other/.timelimit"
mkdir -p "$tmp/other/output_validators/check"
cat >"$tmp/other/output_validators/check/check.cpp" <<'EOF'
#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char **argv)
{
    std::ifstream ans(argv[2]);
    std::string a, b;
    for (;;) {
        bool ga = bool(ans >> a), gb = bool(std::cin >> b);
        if (!ga && !gb)
            return 42;
        if (ga != gb || a != b) {
            std::ofstream(std::string(argv[3]) + "/judgemessage.txt") << "expected " << a;
            return 43;
        }
    }
}
EOF
echo 'class A {}' >"$tmp/other/submissions/accepted/A.java"
expect 0 "skipped submissions/accepted/A.java" -- "$pb" verify "$tmp/other"
grep -q "time limit 0.5 s" "$tmp/out" && grep -q "output validator output_validators/check" \
    "$tmp/out" && ok || bad "other: $(head -1 "$tmp/out")"

# package refuses what it cannot make.
expect 2 "is not empty" -- "$pb" package flip "$d" --corpus flip:random:count=3
expect 2 "at most 10000 tests" -- "$pb" package flip "$tmp/big" --corpus flip:exhaustive
expect 2 "expected PUZZLE DIR --corpus SPEC" -- "$pb" package flip "$tmp/x"
expect 2 "unknown puzzle" -- "$pb" package flip2 "$tmp/x" --corpus flip:random
expect 2 "--time-limit expects" -- "$pb" package flip "$tmp/x" --corpus flip:random --time-limit 0
[ -e "$tmp/x" ] && bad "package made a folder it did not fill" || ok

# stress --exec with sources: built once into the cache, run as judges run them.
cd "$src"
expect 0 "" -- "$pb" stress flip --exec "$d/submissions/accepted/reference.c" --corpus corpus/flip/poj1753.in
[ "$(ls "$PUZZLEBENCH_CACHE" | wc -l)" -ge 1 ] && ok || bad "no binary in the cache"
n=$(ls "$PUZZLEBENCH_CACHE" | wc -l)
expect 0 "" -- "$pb" stress flip --exec "$d/submissions/accepted/reference.c" --corpus corpus/flip/poj1753.in
[ "$(ls "$PUZZLEBENCH_CACHE" | wc -l)" = "$n" ] && ok || bad "the source was built again"
cp "$d/submissions/accepted/reference.c" "$tmp/ref.cpp"
expect 0 "" -- "$pb" stress flip --exec "$tmp/ref.cpp" --corpus flip:random:count=30
expect 1 "" -- "$pb" stress flip --exec "$tmp/flip_wrong.py" --corpus flip:random:mode=solvable:count=5 \
    --save "$tmp/saved"
grep -q "^verdicts: AC 0  WA 5 " "$tmp/out" && ok || bad "wrong.py: $(grep verdicts "$tmp/out")"
printf 'int main(void) { return x; }\n' >"$tmp/broken.c"
expect 2 "" -- "$pb" stress flip --exec "$tmp/broken.c" --corpus flip:random:count=3
grep -q "cannot compile .*broken.c" "$tmp/err" && grep -q "undeclared" "$tmp/err" && ok ||
    { bad "a compile error, without the compiler's message"; cat "$tmp/err"; }

summary
