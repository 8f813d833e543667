#!/usr/bin/env bash
# cli_headline.sh BIN SRC - one headline: the text table, the repeat line, the JSON,
# compare (text, JSON and its page), the HTML page, Bencher's format (run's
# --bmf and report --bmf) and the history's rows (scripts/lib.sh's
# pz_history_rows) give each solver the same figure, the median of its warm
# batches' CPU time per instance, with the same MAD and range where they
# show them; a solver with no warm batch (one instance) has its cold
# batches' mean, marked cold everywhere.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
cd "$tmp" || exit 1

# NS as the views print a time (util/clock.c's pz_span, given 1e-9 * NS
# seconds and taking them back to ns, which rounds as it does): three
# significant digits in ns, us, ms or s.
span() {
    awk -v ns="$1" 'BEGIN { split("ns us ms s", u, " "); k = 1; v = (1e-9 * ns) * 1e9
        while (k < 4 && v >= 999.5) { v /= 1000; k++ }
        printf "%.3g %s\n", v, u[k] }'
}
# The cells of solver S's row in an HTML table of PAGE, one a line: the
# cell under the header H (its place among the <th>s), its entities decoded.
html_cell() {
    local page=$1 s=$2 h=$3 at
    at=$(grep -o '<table><tr>.*</tr>' "$page" | head -1 | grep -o '<th>[^<]*</th>' |
        sed 's/<[^>]*>//g' | grep -nx -- "$h" | cut -d: -f1)
    grep "^<tr><td>$s</td>" "$page" | head -1 | grep -o '<td[^>]*>[^<]*</td>' |
        sed 's/<[^>]*>//g' | sed -n "${at}p" | sed 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g'
}

# The history's rows of REPORT (run NAME), as scripts/regress and
# scripts/history append them.
history_rows() { (source "$src/scripts/lib.sh" && pz_history_rows "$pb" "$1" "$tmp/$2" DATE); }
# bmf_is FILE S MEASURE MEDIAN: FILE (Bencher's format) gives solver S of
# this run MEDIAN, the JSON's figure to its last digit, under MEASURE.
bmf_is() {
    jq -e --arg s "$2" --arg m "$3" --argjson v "$4" \
        'to_entries[] | select(.key | endswith("/" + $s)) | .value[$m].value == $v' "$1" >/dev/null
}

# Warm batches, with repetitions: every view of one run.
"$pb" run flip --corpus flip:random:count=20000 --solvers gf2,rowenum --repeat 3 --threads 2 \
    --json a.json --html a.html --bmf a.bmf --md a.md >a.txt 2>/dev/null || bad "run --repeat 3"
"$pb" report a.json --bmf again.bmf 2>/dev/null && cmp -s a.bmf again.bmf && ok ||
    bad "report --bmf of the run's JSON is not run's --bmf: $(diff a.bmf again.bmf)"
history_rows warm a.json >a.csv 2>/dev/null || bad "no history rows: $(cat a.csv)"
"$pb" compare a.json a.json --json c.json --html c.html >c.txt 2>/dev/null ||
    bad "compare a run with itself: $(cat c.txt)"
for s in gf2 rowenum; do
    json=$(jq -r --arg s "$s" '.solvers[] | select(.name == $s) |
        [.headline, .cpu_ns_median, .cpu_ns_mad, .cpu_ns_min, .cpu_ns_max] | @tsv' a.json)
    IFS=$'\t' read -r of median mad lo hi <<<"$json"
    [ "$of" = "warm batches" ] && ok || bad "$s: the JSON's headline is of '$of'"
    want=$(span "$median")
    # (as report.c's headline_cells computes it)
    madpct=$(awk -v m="$mad" -v x="$median" 'BEGIN { f = m / x
        if (f < 1 / 256) printf "<%.1f%%\n", 100 / 256
        else if (f < 10) printf "%.1f%%\n", 100 * f; else printf "%.0f%%\n", 100 * f }')
    range="$(span "$lo")..$(span "$hi")"
    # The text table: cpu, mad and min..max (the columns after the counts).
    row=$(grep -E "^  $s +[0-9]+ " a.txt | tr -s ' ')
    [[ $row == *" $want $madpct $range "* ]] && ok ||
        bad "$s: the table's row is not the JSON's $want, $madpct, $range: $row"
    # Bencher's format and the history's row: the JSON's figure, its
    # interval about it.
    bmf_is a.bmf "$s" latency "$median" && ok ||
        bad "$s: --bmf does not give the headline $median: $(cat a.bmf)"
    jq -e --arg s "$s" 'to_entries[] | select(.key | endswith("/" + $s)) | .value.latency |
        .lower_value <= .value and .value <= .upper_value' a.bmf >/dev/null && ok ||
        bad "$s: --bmf's interval is not about its value: $(cat a.bmf)"
    row=$(grep "^\"DATE\",[^,]*,\"warm\",\"flip\",\"$s\"," a.csv)
    awk -F, -v m="$median" '{ exit !($6 == m && $7 <= $6 && $6 <= $8 && $9 == "\"warm batches\"") }' \
        <<<"$row" && ok || bad "$s: the history's row is not the headline $median: '$row'"
    # The repeat line: the same cpu, the passes' means named apart.
    grep -q "^  $s  *cpu $want; pass mean " a.txt && ok ||
        bad "$s: the repeat line's cpu is not $want: $(grep "^  $s  *cpu" a.txt)"
    # The HTML page's table.
    for h in cpu mad min..max; do
        case $h in cpu) w=$want ;; mad) w=$madpct ;; *) w=$range ;; esac
        got=$(html_cell a.html "$s" "$h")
        [ "$got" = "$w" ] && ok || bad "$s: the page's $h '$got', expected '$w'"
    done
    # compare: its text, JSON and page give the headline for base and new.
    grep -Eq "^  $s +$want +$want +1\.000 " c.txt && ok ||
        bad "$s: compare's base and new are not $want: $(grep "^  $s " c.txt)"
    # (compare's JSON has six significant digits)
    jq -e --arg s "$s" --argjson m "$median" \
        '.solvers[] | select(.name == $s) | (.base_ns / $m - 1 | fabs) < 1e-5 and
         .base_ns == .new_ns and .base_cold == false' c.json >/dev/null && ok ||
        bad "$s: compare's JSON: $(jq -c --arg s "$s" '.solvers[] | select(.name == $s)' c.json)"
    for h in base new; do
        got=$(html_cell c.html "$s" "$h")
        [ "$got" = "$want" ] && ok || bad "$s: compare's page, $h '$got', expected '$want'"
    done
done
grep -q 'pass mean +- sd' a.txt && ok || bad "the passes' means are not named apart: $(cat a.txt)"
# Three passes a side give no 95% interval of relative: said, not left out,
# in the text, the Markdown, the page and the JSON.
none='no 95% interval from fewer than 4 passes'
tr -s '\n ' '  ' <a.txt | grep -q "relative over the passes: $none" &&
    ok || bad "--repeat 3: no word on relative's interval: $(cat a.txt)"
grep -q "^Relative over the passes: $none" a.md && grep -q "Relative over the passes: $none" a.html &&
    ok || bad "--repeat 3: no word on relative's interval in the Markdown or the page"
# The JSON's relative is the table's (each solver's, over the baseline's).
for s in gf2 rowenum; do
    rel=$(jq -r --arg s "$s" '.solvers[] | select(.name == $s) | .relative.ratio' a.json)
    want=$(awk -v x="$rel" 'BEGIN { printf "%.2fx\n", x }')
    row=$(grep -E "^  $s +[0-9]+ " a.txt | tr -s ' ')
    [[ $row == *" $want "* ]] && ok || bad "$s: the JSON's relative $rel is not the table's: $row"
done
jq -e --arg n "$none" '[.solvers[].relative.passes | select(. != null)]
    | length == 1 and (.[0].none | startswith($n)) and .[0].ci_low == null' a.json >/dev/null &&
    ok || bad "--repeat 3: the JSON's relative over the passes: $(jq -c '[.solvers[].relative]' a.json)"
# Four passes: relative over the passes with its 95% interval, the same in
# the text, the Markdown and the JSON.
"$pb" run flip --corpus flip:random:count=20000 --solvers gf2,rowenum --repeat 4 --threads 2 \
    --json b.json --md b.md >b.txt 2>/dev/null || bad "run --repeat 4"
read -r base other ratio lo hi <<<"$(jq -r '.solvers[] | select(.relative.passes != null) |
    [.relative.baseline, .name, .relative.passes.ratio, .relative.passes.ci_low, .relative.passes.ci_high] | @tsv' b.json)"
iv=$(awk -v r="${ratio:-0}" -v a="${lo:-0}" -v b="${hi:-0}" 'BEGIN { printf "%.3gx [%.3g, %.3g]\n", r, a, b }')
[ -n "$hi" ] && tr -s ' ' <b.txt | grep -qxF " $other $iv" &&
    grep -qF "Relative over the passes, CPU time over $base's [95% CI]: $other $iv." b.md && ok ||
    bad "--repeat 4: relative's interval, JSON $iv: $(grep -A2 'relative over the passes' b.txt; grep 'Relative over the passes' b.md)"
grep -q 'cpu (cold)' a.txt c.txt && bad "a warm headline said cold: $(grep -h 'cold)' a.txt c.txt)"

# One instance: no warm batch.  The headline is the cold batch's time,
# marked so in the table (with a note), the JSON, compare and both pages.
"$pb" run lightsout --corpus lightsout:ones:rows=200:cols=200 --solvers chase,m4ri \
    --json one.json --html one.html --bmf one.bmf >one.txt 2>/dev/null || bad "run on one instance"
history_rows cold one.json >one.csv 2>/dev/null || bad "no history rows, cold: $(cat one.csv)"
cp one.json one-again.json
"$pb" compare one.json one-again.json --json onec.json --html onec.html >onec.txt 2>/dev/null ||
    bad "compare one instance: $(cat onec.txt)"
for s in chase m4ri; do
    median=$(jq -r --arg s "$s" '.solvers[] | select(.name == $s) |
        select(.headline == "cold batches" and .cpu_ns_mad == 0 and .cpu_ns_min == .cpu_ns_max
               and .cpu_ns_min == .cpu_ns_median and (.cpu_spread | length) == 0 and
               (.cpu_ns_median / (1e9 * .cold_cpu_seconds / .cold_ran) - 1 | fabs) < 1e-9) |
        .cpu_ns_median' one.json)
    [ -n "$median" ] && ok || bad "$s: the JSON's cold headline: $(jq -c --arg s "$s" \
        '.solvers[] | select(.name == $s) | [.headline, .cpu_ns_median, .cold_cpu_seconds, .cold_ran]' one.json)"
    want="$(span "${median:-0}") (cold)" re=$(span "${median:-0}")' \(cold\)'
    grep -Eq "^  $s +1 +0 +0 +0  +$re  +-  +-  " one.txt && ok ||
        bad "$s: the table's cold headline is not '$want': $(grep "^  $s " one.txt)"
    got=$(html_cell one.html "$s" cpu)
    [ "$got" = "$want" ] && ok || bad "$s: the page's cpu '$got', expected '$want'"
    grep -Eq "^  $s +$re +$re +1\.000 " onec.txt && ok ||
        bad "$s: compare's cold headline: $(grep "^  $s " onec.txt)"
    jq -e --arg s "$s" --argjson m "${median:-0}" '.solvers[] | select(.name == $s) |
        (.base_ns / $m - 1 | fabs) < 1e-5 and .base_ns == .new_ns and .base_cold and .new_cold' \
        onec.json >/dev/null && ok ||
        bad "$s: compare's JSON, cold: $(jq -c --arg s "$s" '.solvers[] | select(.name == $s)' onec.json)"
    bmf_is one.bmf "$s" latency-cold "${median:-0}" &&
        jq -e 'all(.[]; has("latency") | not)' one.bmf >/dev/null && ok ||
        bad "$s: --bmf does not give the cold headline ${median:-0} as latency-cold: $(cat one.bmf)"
    row=$(grep "^\"DATE\",[^,]*,\"cold\",\"lightsout\",\"$s\"," one.csv)
    awk -F, -v m="${median:-0}" '{ exit !($6 == m && $7 == "" && $9 == "\"cold batches\"") }' \
        <<<"$row" && ok || bad "$s: the history's row is not the cold headline ${median:-0}: '$row'"
    got=$(html_cell onec.html "$s" base)
    [ "$got" = "$want" ] && ok || bad "$s: compare's page, base '$got', expected '$want'"
done
sed -n '/^  cpu (cold): /,/^[^ ]/p' one.txt | tr -s '\n ' '  ' |
    grep -q "^ cpu (cold): no warm batch (one batch a thread: too few instances) for chase, m4ri;" &&
    ok || bad "no note on the cold headlines: $(cat one.txt)"
grep -q 'cpu (cold): no warm batch' one.html && ok || bad "the page has no note on the cold headlines"
grep -q '"(cold)", no warm batch: the cold batches. mean' onec.txt && ok ||
    bad "compare does not say what (cold) is: $(cat onec.txt)"

summary
