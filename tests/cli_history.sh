# scripts/bisect and scripts/history on a throw-away copy of this checkout with
# new commits, one of which makes gf2 slower (compiled without optimisation:
# about 4x, so a threshold of 2x leaves room for the load of tests beside it)
# and one of which does not build: bisect names the slower one, history marks
# its step, and plot --history draws the mark.
# ctest: once
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
copy_checkout "$tmp/co" || skip "$src is no git checkout: there are no commits to build"
cd "$tmp/co" || exit 1
commit() { g commit -qam "$1" && g rev-parse HEAD; }
c0=$(g rev-parse HEAD)
echo "A line." >>README.md
c1=$(commit "docs: a line")
echo 'set_source_files_properties(solvers/toggle/gf2.c PROPERTIES COMPILE_OPTIONS -O0)' >>CMakeLists.txt
c2=$(commit "build: gf2 without optimisation")
echo '#error planted' >>solvers/toggle/rowenum.c
c3=$(commit "rowenum: a commit that does not build")
sed -i '$d' solvers/toggle/rowenum.c
c4=$(commit "rowenum: builds again")
echo "Another line." >>README.md
c5=$(commit "docs: another line")
run=(lightsout --corpus lightsout:random:count=2e4 --solvers gf2,rowenum --threshold 100 --out "$tmp/res")

expect 0 "" -- scripts/bisect "$c0" "$c5" "${run[@]}"
grep -qx "first slower commit: ${c2:0:12} build: gf2 without optimisation" "$tmp/out" && ok ||
    bad "bisect did not name ${c2:0:12}: $(cat "$tmp/out" "$tmp/err")"
grep -q "^gf2: [0-9.]*x \[[0-9.]*, [0-9.]*\] against ${c0:0:7}$" "$tmp/out" && ok ||
    bad "bisect gave no ratio with its interval: $(cat "$tmp/out")"
expect 1 "" -- scripts/bisect "$c2" "$c5" "${run[@]}"
grep -q "^no commit in the range is slower" "$tmp/out" && ok || bad "a range without a step: $(cat "$tmp/out")"

# Every commit built once: history reuses the builds (their logs untouched).
before=$(stat -c %Y build-commits/bin/"$c2"/build.log)
expect 1 "does not build" -- scripts/history "$c0..$c5" "${run[@]}"
[ "$(stat -c %Y build-commits/bin/"$c2"/build.log)" = "$before" ] && ok || bad "$c2 was built again"
grep -q "^step: gf2 slower at ${c2:0:7} build: gf2 without optimisation: [0-9.]*x" "$tmp/out" && ok ||
    bad "history marks no step at ${c2:0:7}: $(cat "$tmp/out")"
grep -q "^\"[^\"]*\",\"lightsout\",\"gf2\",\"${c2:0:7}\",\"build: gf2 without optimisation\",[0-9.]*,.*,\"slower\"$" \
    "$tmp/res/steps.csv" && ok || bad "steps.csv: $(cat "$tmp/res/steps.csv")"
[ "$(grep -c ',"gf2",' "$tmp/res/history.csv")" = 5 ] && ok ||
    bad "not a history row for each of the 5 commits that build: $(cat "$tmp/res/history.csv")"
PZ_PLOT_KEEP=$tmp/keep scripts/plot --micro "$tmp/none.json" --out "$tmp/plots" \
    --history "$tmp/res/history.csv" 2>"$tmp/err" && ok || bad "plot --history failed: $(cat "$tmp/err")"
grep -q "^set label \"step: gf2 [0-9.]*x slower\" at 3, " "$tmp/keep/history.png.gp" && ok ||
    bad "the chart does not mark the step: $(grep '^set label' "$tmp/keep/history.png.gp")"

# The history's HTML page marks the step at its commit too.
expect 0 "" -- "$pb" report --history "$tmp/res/history.csv" --html "$tmp/history.html"
grep -q '<text[^>]*>gf2 [0-9.]*x slower</text>' "$tmp/history.html" && ok ||
    bad "the HTML history page does not mark the step"

# --steps 3: the first, the middle and the last commit.
expect 1 "3 of the 6 commits" -- scripts/history "$c0..$c5" --steps 3 "${run[@]}"
expect 2 "expected the operands A..B PUZZLE" -- scripts/history "$c0..$c5" "${run[@]:1}"
expect 2 "expected a range A..B" -- scripts/history "$c0" "${run[@]}"
expect 2 "expected --steps N with N >= 2" -- scripts/history "$c0..$c5" --steps 1 "${run[@]}"
expect 2 "is not an ancestor" -- scripts/bisect "$c5" "$c0" "${run[@]}"
expect 2 "expected --repeat K >= 2" -- scripts/bisect "$c0" "$c5" "${run[@]}" --repeat 1
expect 2 "no commit 'nonesuch'" -- scripts/bisect nonesuch "$c5" "${run[@]}"
summary
