#!/usr/bin/env bash
# cli_anywhere.sh - a run outside the checkout: its failures are saved under
# the report's folder (or --save DIR) and the message says where; the
# summary says how many failures it did not show.
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
summary
