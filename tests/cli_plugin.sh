#!/usr/bin/env bash
# cli_plugin.sh - solvers from plug-ins: the project installed into a fresh
# prefix (the contract header, puzzlebench.pc, the CMake package), the three
# examples/ built against it with pkg-config and with find_package, loaded
# with --plugin and PUZZLEBENCH_PLUGINS into list, run (cross-checked against
# the built-in solvers on exhaustive corpora), solve, check and the
# micro-benchmarks; a plug-in whose answers are wrong is caught, and bad
# plug-ins (no entry point, another contract version, an unknown puzzle, a
# clash of names with a built-in solver or another plug-in) are refused.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
unset PUZZLEBENCH_PLUGINS

build=$(dirname "$pb") p=$tmp/prefix
if cmake --install "$build" --prefix "$p" >"$tmp/install.log" 2>&1; then ok
else bad "cmake --install failed:"; cat "$tmp/install.log"; fi
for f in include/puzzlebench/puzzlebench.h share/pkgconfig/puzzlebench.pc \
    share/cmake/puzzlebench/puzzlebenchConfig.cmake; do
    [ -f "$p/$f" ] && ok || bad "$f is not installed"
done
pb=$p/bin/puzzlebench
cd "$tmp" || exit 1

# The examples, with pkg-config (as the header's opening says) and with CMake.
export PKG_CONFIG_PATH=$p/share/pkgconfig
cflags=$(pkg-config --cflags puzzlebench) && ok || bad "pkg-config knows no puzzlebench"
for d in flip lightsout tetravex; do
    # shellcheck disable=SC2086 # the flags are words
    if cc $cflags -Wall -Wextra -Werror -O2 -shared -fPIC "$src/examples/$d/$d.c" -o "$d.so" \
        2>"$tmp/cc.log"; then ok; else bad "examples/$d with pkg-config:"; cat "$tmp/cc.log"; fi
    if cmake -S "$src/examples/$d" -B "cm-$d" -DCMAKE_PREFIX_PATH="$p" >"$tmp/cm.log" 2>&1 &&
        cmake --build "cm-$d" >>"$tmp/cm.log" 2>&1 && [ -f "cm-$d/lib$d.so" ]; then ok
    else bad "examples/$d with find_package:"; tail -20 "$tmp/cm.log"; fi
done

# list: each solver under FILE:NAME with its puzzle, after the built-in ones.
expect 0 "" -- "$pb" list --plugin flip.so --plugin ./lightsout.so --plugin "$tmp/tetravex.so"
registry "$pb" --plugin flip.so --plugin ./lightsout.so --plugin "$tmp/tetravex.so" >"$tmp/reg"
grep -qx "flip/flip.so:rows" "$tmp/reg" && grep -qx "lightsout/lightsout.so:firstrow" "$tmp/reg" &&
    grep -qx "tetravex/tetravex.so:backtrack" "$tmp/reg" && ok ||
    { bad "list does not show the plug-ins' solvers:"; cat "$tmp/out"; }
grep -A1 "tetravex.so:backtrack" "$tmp/out" | tr -s '\n ' ' ' |
    grep -q "tetravex.so:backtrack .*\[slow\] \[exponential\]" && ok ||
    bad "list does not show the plug-in's flags"
[ "$(tail -1 "$tmp/reg")" = "tetravex/tetravex.so:backtrack" ] && ok ||
    bad "the plug-ins' solvers are not after the built-in ones"

# run: checked and compared with the built-in reference, as every solver is;
# the CMake builds through the environment.
run_ok() {
    expect 0 "" -- "$@"
    grep -q "OK: every answer checks and agrees" "$tmp/out" && ok ||
        { bad "$*: not OK"; cat "$tmp/out"; }
}
run_ok "$pb" run flip --plugin flip.so --corpus flip:exhaustive:rows=4:cols=4 \
    --solvers gf2,rowenum,flip.so:rows --json run.json

grep -q '"flip.so:rows"' run.json && ok || bad "run's JSON report lacks flip.so:rows"
run_ok "$pb" run lightsout --plugin lightsout.so --corpus lightsout:exhaustive:rows=3:cols=5 \
    --solvers gf2,rowenum,chase,lightsout.so:firstrow
run_ok "$pb" run lightsout --plugin lightsout.so --corpus lightsout:random:rows=7:cols=9:count=300 \
    --solvers gf2,lightsout.so:firstrow
run_ok "$pb" run tetravex --plugin tetravex.so --corpus tetravex:exhaustive:n=2:digits=2 \
    --solvers portfolio,mrv,tetravex.so:backtrack
run_ok "$pb" run tetravex --plugin tetravex.so --corpus tetravex:random:n=4:mode=perturbed:count=100 \
    --solvers portfolio,tetravex.so:backtrack --sample 1/3
grep -q "tetravex.so:backtrack" "$tmp/out" && ok || bad "run's summary lacks tetravex.so:backtrack"
for d in flip:gf2,libflip.so:rows:rows=3:cols=4 lightsout:gf2,liblightsout.so:firstrow:rows=3:cols=3 \
    tetravex:portfolio,libtetravex.so:backtrack:n=2:digits=2; do
    IFS=: read -r d solvers name c <<<"$d"
    PUZZLEBENCH_PLUGINS=$tmp/cm-$d/lib$d.so expect 0 "" -- "$pb" run $d \
        --corpus "$d:exhaustive:$c" --solvers "$solvers:$name"
    grep -q "lib$d.so:$name" "$tmp/out" && grep -q "OK: every answer checks" "$tmp/out" && ok ||
        { bad "PUZZLEBENCH_PLUGINS=lib$d.so run:"; cat "$tmp/out"; }
done
PUZZLEBENCH_PLUGINS=flip.so::lightsout.so expect 0 "" -- "$pb" list
grep -q "flip.so:rows" "$tmp/out" && grep -q "lightsout.so:firstrow" "$tmp/out" && ok ||
    bad "PUZZLEBENCH_PLUGINS with two plug-ins"

# A plug-in whose answers are wrong is caught by the checker (exit 1).
cat >wrong.c <<'EOF'
#include <puzzlebench/puzzlebench.h>
static int fits(const void *i) { return ((const pz_toggle_board *)i)->m != 0; }
static int solve(const void *i, void *ans, void *s)
{
    pz_toggle_answer *a = ans;
    (void)i, (void)s;
    a->weight = 0, a->has = PZ_TOGGLE_PRESSES;
    for (int r = 0; r < PZ_TOGGLE_MAX; r++)
        a->x[r] = 0;
    return 0;
}
static const pz_plugin_solver none = {.puzzle = "lightsout", .name = "none", .summary = "wrong",
                                      .limits = "any", .fits = fits, .solve = solve};
PZ_PLUGIN(&none)
EOF
cc $cflags -shared -fPIC wrong.c -o wrong.so || bad "wrong.c does not build"
expect 1 "" -- "$pb" run lightsout --plugin wrong.so --corpus lightsout:exhaustive:rows=2:cols=2 --no-save
grep -q "wrong.so:none" "$tmp/out" && ok || { bad "run does not name wrong.so:none:"; cat "$tmp/out"; }

# Under the sanitizers a plug-in's stray write is caught by the canaries
# around its answer and past its scratch (solvers/plugin.c); the plug-in
# itself is not instrumented, so nothing else would see it.
if ldd "$pb" | grep -q libasan; then
    cat >over.c <<'EOF'
#include <puzzlebench/puzzlebench.h>
static int fits(const void *i) { return ((const pz_toggle_board *)i)->m != 0; }
static int solve(const void *i, void *ans, void *s)
{
    pz_toggle_answer *a = ans;
    (void)i;
    a->weight = -1, a->has = 0;
#ifdef SCRATCH
    ((unsigned char *)s)[16] = 1;
#else
    (void)s;
    ((unsigned char *)(a + 1))[3] = 1;
#endif
    return 0;
}
static const pz_plugin_solver over = {.puzzle = "lightsout", .name = "over", .summary = "strays",
                                      .limits = "any", .fits = fits, .scratch_size = 16,
                                      .solve = solve};
PZ_PLUGIN(&over)
EOF
    cc $cflags -shared -fPIC over.c -o over.so && cc $cflags -DSCRATCH -shared -fPIC over.c \
        -o overs.so || bad "over.c does not build"
    for f in over:"wrote outside its answer (1600 bytes)" overs:"wrote past its scratch (16 bytes)"; do
        # In a subshell, so that the shell's note of the abort goes nowhere.
        ("$pb" run lightsout --plugin "${f%%:*}.so" --corpus lightsout:exhaustive:rows=2:cols=2 \
            --solvers "${f%%:*}.so:over" --threads 2 >"$tmp/out" 2>"$tmp/err"
            echo $? >"$tmp/rc") 2>/dev/null
        [ "$(cat "$tmp/rc")" != 0 ] && grep -qF "lightsout/${f%%:*}.so:over ${f#*:}" "$tmp/err" && ok ||
            { bad "the sanitizer build does not catch ${f%%:*}.so:"; cat "$tmp/err"; }
    done
fi

# solve and check: judge mode with the plug-in's solver, and the checker
# judging its output against the built-in reference.
"$pb" gen flip --corpus flip:random:rows=4:cols=4:count=200 >in.txt
"$pb" solve flip --solver gf2 in.txt >want.txt
expect 0 "" -- "$pb" solve flip --plugin flip.so --solver flip.so:rows in.txt
cmp -s "$tmp/out" want.txt && ok || bad "solve --solver flip.so:rows differs from gf2's output"
cp "$tmp/out" got.txt
expect 0 "ok 200 answers" -- "$pb" check flip in.txt got.txt --plugin flip.so --solver flip.so:rows
"$pb" gen tetravex --corpus tetravex:random:n=3:count=50 >tin.txt
"$pb" solve tetravex --plugin tetravex.so --solver tetravex.so:backtrack tin.txt >tgot.txt &&
    ok || bad "solve tetravex with the plug-in"
expect 0 "ok 50 answers" -- "$pb" check tetravex tin.txt tgot.txt

# The micro-benchmarks, one short run of each plug-in's small set.
micro=$build/puzzlebench-micro
if [ -x "$micro" ]; then
    for s in flip/flip.so:rows lightsout/lightsout.so:firstrow tetravex/tetravex.so:backtrack; do
        f=${s%%/*}.so
        "$micro" --plugin "$f" --benchmark_filter="^set/$s/small\$" --benchmark_min_time=0.001 \
            --benchmark_format=json >micro.json 2>"$tmp/err"
        jq -e --arg n "set/$s/small" '[.benchmarks[] | select(.name == $n and .items_per_second > 0)]
            | length == 1' micro.json >/dev/null && ok || { bad "micro: no set/$s/small"; cat "$tmp/err"; }
    done
fi

# Bad plug-ins: each refused with what is wrong, exit 2 (check: 3).
bad_plugin() { # NAME CFLAGS...: NAME.so from the source below
    local name=$1
    shift
    cc $cflags "$@" -shared -fPIC bad.c -o "$name.so" || bad "bad.c $* does not build"
}
cat >bad.c <<'EOF'
#include <puzzlebench/puzzlebench.h>
#ifndef PUZZLE
#define PUZZLE "flip"
#endif
#ifndef NAME
#define NAME "other"
#endif
static int fits(const void *i) { return i != 0; }
static int solve(const void *i, void *a, void *s) { return (void)i, (void)a, (void)s, 0; }
static const pz_plugin_solver one = {.puzzle = PUZZLE, .name = NAME, .summary = "bad",
                                     .limits = "none", .fits = fits, .solve = solve};
#ifdef NO_ENTRY
int pz_plugin_entries(void) { return fits(&one); }
#elif defined VERSION
static const pz_plugin_solver *const list[] = {&one, NULL};
const pz_plugin *pz_plugin_entry(void);
const pz_plugin *pz_plugin_entry(void)
{
    static const pz_plugin p = {VERSION, list};
    return &p;
}
#else
PZ_PLUGIN(&one)
#endif
EOF
bad_plugin noentry -DNO_ENTRY
bad_plugin version -DVERSION=1
bad_plugin sudoku -DPUZZLE='"sudoku"'
bad_plugin builtin -DNAME='"gf2"'
bad_plugin rows -DNAME='"rows"'
bad_plugin badname -DNAME='"a,b"'
for cmd in list "run flip --corpus flip:exhaustive:rows=2:cols=2" "solve flip /dev/null"; do
    # shellcheck disable=SC2086 # cmd is words
    {
        expect 2 "noentry.so: not a puzzlebench plug-in: no entry point pz_plugin_entry" -- \
            "$pb" $cmd --plugin noentry.so
        expect 2 "version.so: built for contract version 1; this puzzlebench takes version 2" -- \
            "$pb" $cmd --plugin version.so
        expect 2 "sudoku.so: solver 'other' names an unknown puzzle 'sudoku'" -- \
            "$pb" $cmd --plugin sudoku.so
        expect 2 "builtin.so: solver 'gf2' clashes with flip's solver gf2 (built in)" -- \
            "$pb" $cmd --plugin builtin.so
        expect 2 "rows.so: solver 'rows' clashes with flip's solver flip.so:rows" -- \
            "$pb" $cmd --plugin flip.so --plugin rows.so
        expect 2 "flip.so: solver 'rows' clashes with flip's solver flip.so:rows" -- \
            "$pb" $cmd --plugin flip.so --plugin ./flip.so
        expect 2 "badname.so: solver 1: expected a name of 1 to 32 letters" -- \
            "$pb" $cmd --plugin badname.so
        expect 2 "nothere.so: cannot load the plug-in" -- "$pb" $cmd --plugin nothere.so
    }
done
[ -x "$micro" ] && expect 2 "noentry.so: not a puzzlebench plug-in" -- "$micro" --plugin=noentry.so
[ -x "$micro" ] && expect 2 "builtin.so: solver 'gf2' clashes" -- "$micro" --plugin builtin.so
PUZZLEBENCH_PLUGINS=version.so expect 2 "(from PUZZLEBENCH_PLUGINS)" -- "$pb" list
expect 3 "noentry.so: not a puzzlebench plug-in" -- "$pb" check flip in.txt want.txt --plugin noentry.so
# A refused plug-in adds nothing; --help loads nothing.
expect 0 "" -- "$pb" list --help --plugin noentry.so
grep -q -- "--plugin FILE.so" "$tmp/out" && ok || bad "list --help lacks --plugin"
# The commands that run no solvers do not take the option.
expect 2 "unrecognized option" -- "$pb" gen flip --corpus flip:exhaustive --plugin flip.so

summary
