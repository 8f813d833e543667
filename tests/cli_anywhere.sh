#!/usr/bin/env bash
# cli_anywhere.sh - a run outside the checkout: its failures are saved under
# the report's folder (or --save DIR) and the message says where; the
# summary says how many failures it did not show.  stress likewise.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
mkdir -p "$tmp/away/reports" && cd "$tmp/away" || exit 1

# A plug-in that presses nothing: wrong on every board but the dark one.
cat >wrong.c <<'EOS'
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
EOS
cc -I"$src/include" -shared -fPIC wrong.c -o wrong.so || bad "wrong.c does not build"
run=(run lightsout --plugin ./wrong.so --corpus lightsout:exhaustive:rows=2:cols=3
     --solvers gf2,wrong.so:none)

expect 1 "wrote reports/regressions/lightsout-" -- "$pb" "${run[@]}" --json reports/r.json
grep -q "cannot make" "$tmp/err" && bad "outside the checkout: $(cat "$tmp/err")" || ok
ls reports/regressions/lightsout-*.in >/dev/null 2>&1 && ok || bad "no regression under reports/"
nfail=$(jq .failures reports/r.json)
grep -q "^  \.\.\. and $((nfail - 5)) more not shown; a JSON report (--json F) lists the first 20$" \
    "$tmp/out" && ok || bad "the summary hides how many it did not show: $(grep -n '\.\.\.' "$tmp/out")"
# No report: here; --save DIR: there; a folder that cannot be made: said once.
expect 1 "wrote regressions/lightsout-" -- "$pb" "${run[@]}"
expect 1 "wrote mine/lightsout-" -- "$pb" "${run[@]}" --save mine
expect 1 "cannot make no/such/dir: No such file or directory; no regression saved (--save DIR saves them there)" -- \
    "$pb" "${run[@]}" --save no/such/dir
[ "$(grep -c 'cannot make' "$tmp/err")" = 1 ] && ok || bad "said more than once: $(cat "$tmp/err")"
# stress: the failures shown and shrunk saved where run saves, the rest counted.
stress=(stress flip --exec "sh -c 'cat >/dev/null; echo 1'" --corpus flip:random:count=40)
expect 1 "" -- "$pb" "${stress[@]}" --json reports/s.json
grep -q "^saved: 4 failing inputs in reports/regressions," "$tmp/out" && ok ||
    bad "stress's saved line: $(grep -n saved "$tmp/out")"
[ -f reports/regressions/flip-0.in ] && [ -f reports/regressions/flip-0.ans ] && ok ||
    bad "stress saved nothing under reports/: $(ls reports)"
grep -q "^\.\.\. the first 13 of 40 failures shown, 27 more not shown; a JSON report (--json F) lists the first 40$" \
    "$tmp/out" && ok || bad "stress hides how many it did not show: $(grep -n '^\.\.\.' "$tmp/out")"
[ "$(jq '.failures | length' reports/s.json)" = 40 ] && ok || bad "stress's JSON: $(jq '.failures | length' reports/s.json)"
rm -rf regressions && : >regressions
expect 1 "" -- "$pb" "${stress[@]}"
grep -q "^puzzlebench: stress: cannot make regressions: Not a directory; no failing input saved (--save DIR saves them there)$" \
    "$tmp/err" && ok || bad "stress, no folder: $(cat "$tmp/err")"
[ "$(grep -c 'cannot' "$tmp/err")" = 1 ] && ok || bad "said more than once: $(cat "$tmp/err")"
rm -f regressions
summary
