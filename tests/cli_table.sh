#!/usr/bin/env bash
# cli_table.sh BIN SRC - the text tables fit: $COLUMNS, else the terminal
# (a tty of 80 columns), else 100 columns; where one is wider it drops
# columns in its documented order, never the first ones (run's solver, ran
# and cpu; a sweep's solver, board and cpu by size; stress's program and
# median CPU time, program and peak memory); the legend only with --legend
# or on a terminal; --quiet the verdict line alone; --time-budget echoed as
# given.
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
# A sweep's table by size and stress's tables too: every column, in 100.
env -u COLUMNS "$pb" run lightsout --corpus lightsout:random:rows=8..32:count=40:seed=2 \
    --solvers gf2,chase >sweep.txt 2>/dev/null || bad "a sweep into a file"
[ "$(widest sweep.txt)" -le 100 ] && ok || bad "a sweep off a terminal: $(widest sweep.txt) columns"
grep -Eq '^  by size +board +instances +cpu +mad +min\.\.max$' sweep.txt && ok ||
    bad "a sweep off a terminal: $(cat sweep.txt)"
nolimit=(); sanitized "$pb" && nolimit=(--memory-limit 0) # ASan's shadow memory
env -u COLUMNS "$pb" stress flip "${nolimit[@]}" --exec "$pb solve flip" \
    --against "$pb solve flip --solver rowenum" \
    --corpus flip:random:count=40 --batch 10 >stress.txt 2>/dev/null || bad "stress into a file"
grep -Eq '^  program +median +10-90% +mean +timed runs$' stress.txt &&
    grep -Eq '^  program +mean +at most +runs$' stress.txt && ok || bad "stress off a terminal: $(cat stress.txt)"
sed -n '/^CPU time per instance/,$p' stress.txt | awk 'length > 100 { exit 1 }' && ok ||
    bad "stress's tables off a terminal: wider than 100: $(cat stress.txt)"

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

# The columns of FILE's first line matching RE, '|' between (a head of
# two words has one space in it, columns two or more between them).
columns() { tr -d '\r' <"$1" | grep -E -m1 -- "$2" | sed 's/^ *//; s/  \+/|/g'; }
# The table of FILE whose head line matches RE, and the lines under it
# that start with two spaces (its rows, the notes under it).
table() { tr -d '\r' <"$1" | awk -v re="$2" 'on && !/^  / { exit } $0 ~ re { on = 1 } on'; }
# fits WHAT FILE RE ALL ORDER KEEP W [LEAST]: the table WHAT of FILE (its
# head line matching RE, every column ALL, '|' between) at width W: the
# columns that went are the first of ORDER, KEEP (words) stayed, and from
# LEAST columns up (40) it is at most W wide.
fits() {
    local what=$1 file=$2 re=$3 all=$4 order=$5 keep=$6 w=$7 least=${8:-40} got gone=() want=() c
    got="|$(columns "$file" "$re")|"
    [ "$got" != "||" ] || { bad "$what, COLUMNS=$w: no table: $(cat "$file")"; return; }
    IFS='|' read -ra cs <<<"$all"
    for c in "${cs[@]}"; do [[ $got == *"|$c|"* ]] || gone+=("$c"); done
    IFS='|' read -ra cs <<<"$order"
    for c in "${cs[@]}"; do [ ${#want[@]} -lt ${#gone[@]} ] && want+=("$c"); done
    [ "$(printf '%s\n' "${gone[@]}" | sort)" = "$(printf '%s\n' "${want[@]}" | sort)" ] && ok ||
        bad "$what, COLUMNS=$w: went '${gone[*]}', expected the first of the order '${want[*]}'"
    for c in $keep; do
        [[ $got == *"|$c|"* ]] || bad "$what, COLUMNS=$w: no $c column: $got"
    done
    [ "$w" -lt "$least" ] || [ "$(table "$file" "$re" | awk '{ if (length > m) m = length } END { print m + 0 }')" -le "$w" ] &&
        ok || bad "$what, COLUMNS=$w: wider: $(table "$file" "$re")"
}

# Narrower and narrower: the columns that went are the first of the order,
# the others keep theirs; solver, ran and cpu always stay.  (unknown is a
# column only with --budget.)  A sweep's table by size, stress's tables of
# CPU time and memory and compare's table the same way, each in its own
# order.
sweep=(--corpus lightsout:random:rows=8..32:count=40:seed=2 --solvers gf2,chase --threads 2)
stress=("${nolimit[@]}" --exec "$pb solve flip" --against "$pb solve flip --solver rowenum"
    --corpus flip:random:count=40 --batch 10)
"$pb" run flip "${args[@]}" --json base.json >/dev/null 2>&1 || bad "run base.json"
"$pb" run flip "${args[@]}" --json new.json >/dev/null 2>&1 || bad "run new.json"
by_size="by size|board|instances|cpu|mad|min..max"
compared="solver|base|new|ratio|95% CI|p|verdict|samples (base, new)"
cpu="program|median|10-90%|mean|timed runs" memory="program|mean|at most|runs"
run_order=${order// unknown/} run_order=${run_order// /|}
for w in 200 100 80 70 60 50 40 20; do
    COLUMNS=$w "$pb" run flip "${args[@]}" >w$w.txt 2>/dev/null || bad "COLUMNS=$w"
    fits "run's table" w$w.txt '^  solver +ran ' "${all// /|}" "$run_order" "solver ran cpu" $w
    [ "$w" -ge 60 ] && { [ "$(widest w$w.txt)" -le "$w" ] && ok || bad "COLUMNS=$w: $(widest w$w.txt) wide"; }
    COLUMNS=$w "$pb" run lightsout "${sweep[@]}" >sweep$w.txt 2>/dev/null || bad "a sweep, COLUMNS=$w"
    fits "the sweep's table by size" sweep$w.txt '^  by size  ' "$by_size" "min..max|mad|instances" \
        "board cpu" $w
    COLUMNS=$w "$pb" stress flip "${stress[@]}" >stress$w.txt 2>/dev/null || bad "stress, COLUMNS=$w"
    fits "stress's CPU times" stress$w.txt '^  program +median' "$cpu" "10-90%|mean|timed runs" \
        "program median" $w
    COLUMNS=$w "$pb" compare base.json new.json >compare$w.txt 2>/dev/null
    [ $? -le 1 ] || bad "compare, COLUMNS=$w: $(cat compare$w.txt)"
    fits "compare's table" compare$w.txt '^  solver +base +new ' "$compared" \
        "samples (base, new)|p|95% CI" "solver base new ratio verdict" $w 60
    fits "stress's memory" stress$w.txt '^  program +(mean +)?at most' "$memory" "runs|mean" "program" $w
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
