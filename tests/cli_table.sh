#!/usr/bin/env bash
# cli_table.sh BIN SRC - run's text table fits: $COLUMNS, else the terminal
# (a tty of 80 columns), else 100 columns; where it is wider it drops columns
# in the documented order, never the solver, ran or cpu; the legend only with
# --legend or on a terminal; --quiet the verdict line alone; --time-budget
# echoed as given.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
cd "$tmp" || exit 1

# The widest line of a file (a terminal's carriage returns taken off).
widest() { tr -d '\r' <"$1" | awk '{ if (length > m) m = length } END { print m + 0 }'; }
# The columns of the table's header line.
header() { tr -d '\r' <"$1" | grep -E '^  solver +ran ' | head -1 | xargs -n1 | tr '\n' ' '; }
# The order in which columns go (report.c's DROP, the legend and --help).
order="wall cold min..max skipped relative mad unknown disagree invalid"
all="solver ran skipped invalid disagree cpu mad min..max relative cold wall"

spec=flip:random:count=20000
args=(--corpus "$spec" --solvers gf2,rowenum --repeat 2 --threads 2)

# Off a terminal (a file), 100 columns at most, and no legend.
env -u COLUMNS "$pb" run flip "${args[@]}" >log.txt 2>log.err || bad "run into a file"
[ "$(widest log.txt)" -le 100 ] && ok || bad "off a terminal, $(widest log.txt) columns: $(cat log.txt)"
grep -q '^  (cpu: ' log.txt && bad "a legend in a log without --legend: $(cat log.txt)"
[ -n "$(header log.txt)" ] || bad "no table header: $(cat log.txt)"
# --legend: the legend, within the width too.
env -u COLUMNS "$pb" run flip "${args[@]}" --legend >legend.txt 2>/dev/null || bad "run --legend"
grep -q '^  (cpu: the median of the warm batches' legend.txt && ok || bad "--legend: none: $(cat legend.txt)"
[ "$(widest legend.txt)" -le 100 ] && ok || bad "--legend: $(widest legend.txt) columns"

# COLUMNS=80: 80 at most, every line (the context, the answers, the legend).
COLUMNS=80 "$pb" run flip "${args[@]}" --legend >c80.txt 2>/dev/null || bad "COLUMNS=80"
[ "$(widest c80.txt)" -le 80 ] && ok || bad "COLUMNS=80: $(widest c80.txt) columns: $(cat c80.txt)"
grep -q '^  (cpu: ' c80.txt && ok || bad "COLUMNS=80 --legend: no legend"

# A terminal 80 wide (no COLUMNS): 80 at most, and the legend unasked.
if script -qec true /dev/null >/dev/null 2>&1; then
    env -u COLUMNS script -qec "stty cols 80 rows 50; '$pb' run flip --corpus $spec --solvers gf2,rowenum --threads 2 2>/dev/null" \
        /dev/null >tty.txt
    [ "$(widest tty.txt)" -le 80 ] && ok || bad "a tty 80 wide: $(widest tty.txt) columns: $(cat tty.txt)"
    tr -d '\r' <tty.txt | grep -q '^  (cpu: the median of the warm batches' && ok ||
        bad "a tty: no legend: $(cat tty.txt)"
    [ -n "$(header tty.txt)" ] || bad "a tty: no table: $(cat tty.txt)"
    tr -d '\r' <tty.txt | grep -q '^OK: every answer checks and agrees\.$' || bad "a tty: no verdict"
else
    bad "script(1) cannot make a terminal here"
fi

# Narrower and narrower: the columns that went are the first of the order,
# the others keep theirs; solver, ran and cpu always stay.
for w in 200 100 80 70 60 50 40 20; do
    COLUMNS=$w "$pb" run flip "${args[@]}" >w$w.txt 2>/dev/null || bad "COLUMNS=$w"
    got=$(header w$w.txt) gone=""
    for c in $all; do [[ " $got" == *" $c "* ]] || gone="$gone $c"; done
    want="" n=$(wc -w <<<"$gone")
    for c in $order; do
        [ "$(wc -w <<<"$want")" -lt "$n" ] && [ "$c" != unknown ] && want="$want $c"
    done
    # (unknown is a column only with --budget)
    [ "$(tr ' ' '\n' <<<"$gone" | sort | xargs)" = "$(tr ' ' '\n' <<<"$want" | sort | xargs)" ] &&
        ok || bad "COLUMNS=$w: went '$gone', expected the first of the order '$want'"
    for c in solver ran cpu; do
        [[ " $got" == *" $c "* ]] || bad "COLUMNS=$w: no $c column: $got"
    done
    [ "$w" -ge 60 ] && { [ "$(widest w$w.txt)" -le "$w" ] && ok || bad "COLUMNS=$w: $(widest w$w.txt) wide"; }
done
[ "$(header w200.txt)" = "$all " ] && ok || bad "200 wide, not every column: $(header w200.txt)"

# --quiet: the verdict line alone on stdout, nothing on stderr (no estimate,
# no progress); a failure too.
expect 0 "" -- "$pb" run flip --corpus flip:random:count=1e4 --quiet
[ "$(cat "$tmp/out")" = "OK: every answer checks and agrees." ] && [ ! -s "$tmp/err" ] && ok ||
    bad "--quiet: '$(cat "$tmp/out")', stderr '$(cat "$tmp/err")'"
head -8 "$src/corpus/flip/poj1753.in" >wrong.in
printf '4\n3\n' >wrong.ans
expect 1 "" -- "$pb" run flip --corpus wrong.in --quiet --no-save
[ "$(wc -l <"$tmp/out")" = 1 ] && grep -q '^FAIL: 1 instance with an answer that fails' "$tmp/out" &&
    ok || bad "--quiet, a failure: $(cat "$tmp/out")"

# --time-budget as given, not rounded.
for b in 0.1 1234567 2.5e3; do
    want=$(awk -v b="$b" 'BEGIN { printf "%.15g\n", b }')
    "$pb" run flip --corpus flip:random:count=5000 --solvers gf2 --time-budget "$b" >/dev/null 2>b.err ||
        bad "--time-budget $b"
    grep -q "(budget $want s\( \|$\)" b.err && ok ||
        bad "--time-budget $b echoed as: $(head -1 b.err)"
done
grep -q "budget 0 s" b.err && bad "a budget echoed as 0 s"

summary
