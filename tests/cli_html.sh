#!/usr/bin/env bash
# cli_html.sh BIN SRC - the HTML reports: a run's, a sweep's, a merge's, saved
# reports', a comparison's, a history's and a stress's page are each one file with no
# script and nothing fetched, carry the table's headline figures, and render
# in headless Chromium (Debian's chromium, which scripts/test installs) with
# no script error, a DOM with every chart, and a screenshot that is no blank
# page.  Bad input to `report` exits 2 with one line.  Skipped, with the
# reason, where Chromium cannot run.
# ctest: once
set -u
PB=$1 src=$2
source "$src/tests/cli.sh"

cd "$tmp" || exit 2
run=lightsout:random:count=4000:seed=3
"$PB" run lightsout --corpus $run --solvers gf2,rowenum,chase --threads 1 --repeat 5 \
    --json a.json --html run.html >run.txt || bad "run --html"
"$PB" run lightsout --corpus $run --solvers gf2,rowenum,chase --threads 1 --repeat 5 \
    --json b.json >/dev/null || bad "run b"
"$PB" run lightsout --corpus lightsout:random:rows=8..48:count=30:seed=2 --solvers gf2,chase \
    --json sweep.json --html sweep.html >/dev/null || bad "sweep --html"
"$PB" compare a.json b.json --html compare.html >compare.txt
[ $? -le 1 ] || bad "compare --html: $(cat compare.txt)"
for k in 0 1; do
    "$PB" run flip --corpus flip:exhaustive --solvers gf2,rowenum --shard $k/2 \
        --json shard$k.json >/dev/null || bad "shard $k"
done
"$PB" merge shard0.json shard1.json --html merge.html >/dev/null || bad "merge --html"
"$PB" report a.json sweep.json --html saved.html || bad "report a.json sweep.json"
cat >history.csv <<'EOF'
date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of,build_type,host
2026-12-01T10:00:00Z,aaaaaaa,lightsout-5x6,lightsout,gf2,9.1,8.9,9.3,median of batches,Release,vm
2026-12-01T10:00:00Z,aaaaaaa,lightsout-5x6,lightsout,rowenum,45,44,46,median of batches,Release,vm
2026-12-02T10:00:00Z,bbbbbbb,lightsout-5x6,lightsout,gf2,8.4,8.2,8.6,median of batches,Release,vm
2026-12-02T10:00:00Z,bbbbbbb,lightsout-5x6,lightsout,rowenum,44,43,45,median of batches,Release,vm
2026-12-03T10:00:00Z,ccccccc,flip-4x4,flip,gf2,21,,,"median of batches",Release,vm
2026-12-03T10:00:00Z,ccccccc,flip-4x4,flip,iddfs,,,,median of batches,Release,vm
EOF
"$PB" report --history history.csv --html history.html || bad "report --history"

PROGS=${PZ_PROGS:-$(dirname "$PB")/tests/progs}
"$PB" stress flip --exec "$PROGS/prog_flip wrong" --against "$PROGS/prog_flip ok" --batch 5 \
    --corpus flip:random:mode=solvable:count=40 --json stress.json --html stress.html >stress.txt
[ $? = 1 ] || bad "stress --html: $(tail -3 stress.txt)"

pages="run sweep compare merge saved history stress"
for p in $pages; do
    [ -s $p.html ] || { bad "$p.html not written"; continue; }
    # One file: no script, nothing fetched (the SVG namespace is a name, no fetch).
    grep -qi '<script' $p.html && bad "$p.html has a script"
    grep -Eo '(src|href)="[^"]*"|url\([^)]*\)|https?://[^" ]*' $p.html |
        grep -v '^http://www.w3.org/2000/svg$' | grep -q . &&
        bad "$p.html fetches: $(grep -Eo '(src|href)="[^"]*"|https?://[^" ]*' $p.html | head -3)"
    grep -q '<svg' $p.html || bad "$p.html has no chart"
    ok
done
# The page's figures are the table's: each solver's headline cpu and relative.
for s in gf2 rowenum chase; do
    cells=$(grep "^<tr><td>$s</td>" run.html | grep -o '<td class="num">[^<]*</td>' |
        sed 's/<[^>]*>//g')
    cpu=$(echo "$cells" | sed -n 5p) rel=$(echo "$cells" | sed -n 8p)
    line=$(grep "^  $s " run.txt)
    [ -n "$cpu" ] && [[ $line == *" $cpu "* ]] && [[ $line == *" $rel "* ]] ||
        bad "$s: the page's cpu '$cpu' and relative '$rel' are not the table's: $line"
done
# With --repeat, relative with its interval over the passes.
grep -q '^  relative over the passes, CPU time over [a-z0-9]*.s \[95% CI\]:$' run.txt &&
    grep -Eq '^  rowenum  *[0-9.]+x \[[0-9.]+, [0-9.]+\]$' run.txt ||
    bad "no relative with its interval: $(cat run.txt)"
grep -q 'class="ok">OK</span>: every answer checks and agrees' run.html || bad "run.html: no verdict"
grep -q 'Impossible' sweep.html || bad "sweep.html: no histogram of answers"
grep -q '<dt>commit</dt>' merge.html || bad "merge.html: no provenance"
[ "$(grep -c '<section>' saved.html)" = 2 ] || bad "saved.html: expected a section per report"
grep -q 'threshold' compare.html || bad "compare.html: no threshold band"
grep -q 'lightsout-5x6' history.html && grep -q 'flip-4x4' history.html ||
    bad "history.html: expected a chart per run"
# A stress's page: its verdict, each program's verdicts as the JSON's, the
# failures shown in full (the JSON's examples), each with its input.
grep -q '<p class="verdict"><span class="fail">FAILED</span></p>' stress.html || bad "stress.html: no verdict"
for k in 0 1; do
    want=$(jq -r ".programs[$k] | [.verdicts[] | \"<td class=\\\"num\\\">\\(.)</td>\"] | join(\"\")" stress.json)
    grep -qF -- "$want<td class=\"num\">$(jq ".programs[$k].runs" stress.json)</td>" stress.html ||
        bad "stress.html: program $k's verdicts are not the JSON's: $want"
done
[ "$(grep -c '^<h3>failure [0-9]*: instance [0-9]*: <span class="fail">WA</span>: ' stress.html)" = \
    "$(jq '.examples | length' stress.json)" ] && grep -q '<p>input</p>' stress.html ||
    bad "stress.html: not the JSON's examples: $(grep -o '<h3>failure[^<]*' stress.html)"

# Bad input: one line, exit 2.
expect_line 2 "puzzlebench: report: expected --html F or --bmf F, what to write (try report --help)" \
    "$PB" report a.json
printf 'date,commit,run,puzzle,solver,ns\nx,c,r,p,s,-3\n' >bad.csv
expect_line 2 "puzzlebench: report: bad.csv:2: expected a positive time in ns, found '-3'" \
    "$PB" report --history bad.csv --html x.html
printf 'date,commit,run,solver\n' >bad.csv
expect_line 2 "puzzlebench: report: bad.csv:1: expected a header naming commit, run, solver and ns (scripts/regress's history.csv), found no 'ns'" \
    "$PB" report --history bad.csv --html x.html
expect 2 "report: .*--html" -- "$PB" report a.json --html a.json
expect 2 "run: .*--html" -- "$PB" run flip --corpus flip:exhaustive --json r.json --html r.json
head -c 300 a.json >cut.json
expect 2 "report: cut.json:" -- "$PB" report cut.json --html x.html
[ -e x.html ] && bad "a page written from bad input"

# The browser.  A failure above is reported before a skip here.
browser=$(command -v chromium || command -v chromium-browser)
if [ -z "$browser" ]; then
    [ $fails = 0 ] || summary
    skip "no chromium (scripts/test installs Debian's chromium)"
fi
chrome() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --enable-logging=stderr --v=0 --user-data-dir="$(mktemp -d -p "$tmp")" "$@"
}
# A blank page's screenshot: the size a render with nothing in it has.
echo '<!DOCTYPE html><html><body></body></html>' >blank.html
if ! chrome --window-size=1000,1400 --screenshot="$tmp/blank.png" "file://$tmp/blank.html" \
    >chrome.out 2>chrome.err || [ ! -s blank.png ]; then
    [ $fails = 0 ] || summary
    skip "chromium does not run here: $(grep -v dbus chrome.err | grep -m1 . || echo 'no screenshot')"
fi
blank=$(stat -c %s blank.png)
for p in $pages; do
    chrome --dump-dom "file://$tmp/$p.html" >$p.dom 2>$p.err || bad "$p: chromium --dump-dom failed"
    grep -E 'Uncaught|CONSOLE.*(Error|error)' $p.err && bad "$p: a script error"
    [ "$(grep -o '<svg' $p.dom | wc -l)" = "$(grep -o '<svg' $p.html | wc -l)" ] &&
        [ "$(grep -o '<svg' $p.dom | wc -l)" -ge 1 ] &&
        grep -q '<h1>' $p.dom || bad "$p: the rendered DOM lacks its charts or heading"
done
for p in run sweep compare stress; do
    rm -f $p.png
    chrome --window-size=1000,1400 --screenshot="$tmp/$p.png" "file://$tmp/$p.html" \
        >/dev/null 2>$p.shot.err || bad "$p: chromium --screenshot failed"
    # A PNG of the window's size, larger than a blank page's by far.
    size=$(stat -c %s $p.png 2>/dev/null || echo 0)
    dims=$(od -An -tu1 -j16 -N8 $p.png 2>/dev/null | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4 "x" $5*16777216 + $6*65536 + $7*256 + $8 }')
    [ "$dims" = 1000x1400 ] || bad "$p.png: expected 1000x1400, found '$dims'"
    [ "$size" -gt $((5 * blank)) ] && [ "$size" -gt 20000 ] ||
        bad "$p.png: $size bytes, a blank page is $blank: an empty render"
    [ -n "${PZ_HTML_KEEP:-}" ] && cp $p.png $p.html "$PZ_HTML_KEEP/"
done
summary
