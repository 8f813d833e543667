#!/usr/bin/env bash
# cli_scripts.sh - the scripts from the outside.  Every executable script in
# scripts/ answers -h and --help with its usage on stdout, exit 0, and refuses
# an unknown option with exit 2, in both cases building, installing and
# writing nothing (cmake, make, apt-get and parallel are traps on PATH, and the
# checkout is compared before and after).  Then: scripts/regress with a
# PATTERN that matches no run and bad --threshold and --repeat; in a copy of
# the checkout made a repository of its own, regress, plot and bench leave it
# clean (git status) unless --update-results, and test and bench configure
# again a build without the tests or the micro-benchmarks; lightsout-speed's
# help and its judge-mode figures; harness-cost's and estimates' rows;
# scripts/shard given a FILE outside corpus/PUZZLE/, a bad corpus file, and
# its progress bar on a terminal; every committed chart's data and script.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# Commands that would build, install or run shards leave a note and fail.
mkdir -p "$tmp/traps"
for cmd in cmake make apt-get parallel gnuplot; do
    printf '#!/bin/sh\necho "%s $*" >>"%s/called"\nexit 1\n' "$cmd" "$tmp" >"$tmp/traps/$cmd"
    chmod +x "$tmp/traps/$cmd"
done
trapped() { PATH="$tmp/traps:$PATH" PZ_BUILD="$tmp/no-build" "$@"; }

# The checkout's files and times, but for build directories and .git.
snapshot() {
    (cd "$src" && find . \( -path './build*' -o -path './.git' \) -prune -o -printf '%p %T@\n' |
        sort)
}
snapshot >"$tmp/before"

scripts=()
for f in "$src"/scripts/*; do
    [ -f "$f" ] && [ -x "$f" ] && scripts+=("$f")
done
[ ${#scripts[@]} -ge 9 ] && ok || bad "only ${#scripts[@]} executable scripts in scripts/"
for f in "${scripts[@]}"; do
    name=scripts/${f##*/}
    for h in --help -h; do
        (cd "$tmp" && trapped "$f" $h) >"$tmp/out" 2>"$tmp/err"
        rc=$?
        if [ $rc = 0 ] && [ ! -s "$tmp/err" ] && head -1 "$tmp/out" | grep -q "^usage: $name"
        then ok; else bad "$name $h: exit $rc, or no 'usage: $name' on stdout:"; cat "$tmp/err"; fi
        # A usage ends where the help ends, not mid-sentence: its last line is whole.
        tail -1 "$tmp/out" | grep -q '[.):]$\|^ *[a-z]' && ok || bad "$name $h ends: $(tail -1 "$tmp/out")"
    done
    (cd "$tmp" && trapped "$f" --no-such-option) >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc = 2 ] && grep -q "unknown option '--no-such-option'" "$tmp/err"; then ok
    else bad "$name --no-such-option: exit $rc:"; cat "$tmp/err"; fi
done
[ ! -e "$tmp/called" ] && ok || { bad "the scripts' help ran:"; cat "$tmp/called"; rm -f "$tmp/called"; }
[ ! -e "$tmp/no-build" ] && ok || bad "a script's help made the build directory"
ls -A "$tmp" | grep -qv '^\(traps\|before\|out\|err\)$' && bad "a script's help left: $(ls -A "$tmp")" || ok
snapshot | diff "$tmp/before" - >"$tmp/diff" && ok || { bad "the scripts changed the checkout:"; cat "$tmp/diff"; }

# tetravex-bench's help names the solvers its sets run (its fast=) and the
# sets it runs by default (its sets=(...)).
fast=$(sed -n 's/^fast=//p' "$src/scripts/tetravex-bench")
"$src/scripts/tetravex-bench" --help >"$tmp/out"
grep -q "of that name: $(sed 's/,\([^,]*\)$/ and \1/; s/,/, /g' <<<"$fast")," "$tmp/out" &&
    ok || bad "tetravex-bench --help does not name its solvers ($fast)"
defaults=$(sed -n '/ || sets=(tiles/,/)$/p' "$src/scripts/tetravex-bench")
grep -q 'default: all but portfolio-8x8 and ablation;' "$tmp/out" && grep -q 7x7 <<<"$defaults" &&
    ! grep -q 'portfolio-8x8\|ablation' <<<"$defaults" && ok ||
    bad "tetravex-bench --help misstates its default sets"
rm -f "$tmp/out"

# scripts/bench: the options go to Google Benchmark; others are refused before building.
expect 2 "unknown option '--skipped'" -- trapped "$src/scripts/bench" --skipped
# scripts/plot: a missing value is said, not a shell error.
expect 2 "option '--out' requires an argument" -- trapped "$src/scripts/plot" --out

# scripts/regress PATTERN: no run matched is an error that lists the runs.
expect 2 "PATTERN 'no-such-run' matches no run; the runs are:" -- \
    trapped "$src/scripts/regress" no-such-run
grep -q '^  flip-exhaustive-4x4$' "$tmp/err" && grep -q '^  corpus-flip-poj1753$' "$tmp/err" &&
    ok || bad "regress no-such-run does not list the runs"
expect 2 "one PATTERN at most" -- trapped "$src/scripts/regress" a b
# Bad values are said before any run starts (the cmake trap would fail a build).
expect 2 "expected --threshold PCT with 0 <= PCT < 1000, found 'x'" -- \
    trapped "$src/scripts/regress" --threshold x 'flip-random-1x1$'
expect 2 "expected --threshold PCT with 0 <= PCT < 1000, found '1000'" -- \
    trapped "$src/scripts/regress" --threshold=1000 'flip-random-1x1$'
expect 2 "expected --repeat K with 1 <= K <= 100, found '0'" -- \
    trapped "$src/scripts/regress" --repeat 0 'flip-random-1x1$'
expect 2 "expected --repeat K with 1 <= K <= 100, found '1x'" -- \
    trapped "$src/scripts/regress" --repeat=1x 'flip-random-1x1$'
[ ! -e "$tmp/called" ] && ok || { bad "regress built or installed:"; cat "$tmp/called"; }

# A clean checkout stays clean.  The copy (copy_checkout): this checkout's
# tracked files as they are now, a repository of its own whose git status is
# empty; its scripts run against this build (PZ_BUILD).
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    copy_checkout "$tmp/co" && ok || bad "no copy of the checkout"
    clean() { # clean WHAT: git status in the copy is empty
        local st
        st=$(g status --porcelain)
        [ -z "$st" ] && ok || { bad "$1 changed the checkout:"; echo "$st"; }
    }
    build=$(dirname "$pb")
    export PZ_BUILD=$build
    expect 0 "run 1 of 1 starts: flip-random-1x1$" -- "$co/scripts/regress" 'flip-random-1x1$'
    grep -q '^flip-random-1x1 *ok ' "$tmp/out" && ok || bad "regress: no line for its run:"
    for f in latest.md history.csv flip-random-1x1.json flip-random-1x1.csv; do
        [ -s "$co/results/run/$f" ] && ok || bad "regress wrote no results/run/$f"
    done
    # Each history row names the build measured: its commit, type and host, as
    # the run's report does.
    want=$(jq -r '.context | "\"\(.commit[0:7])\(if .dirty then "+dirty" else "" end)\",.*,\"\(.build_type)\",\"\(.host)\"$"' \
        "$co/results/run/flip-random-1x1.json")
    [ "$(head -1 "$co/results/run/history.csv")" = \
        date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of,build_type,host ] &&
        [ "$(grep -c "^\"[^\"]*\",$want" "$co/results/run/history.csv")" = \
            "$(jq '[.solvers[] | select(.ran > 0)] | length' "$co/results/run/flip-random-1x1.json")" ] &&
        ok || bad "regress: history rows without the report's commit, build type and host ($want):" \
        "$(cat "$co/results/run/history.csv")"
    clean "scripts/regress"
    expect 0 "wrote results/run/speed.png" -- "$co/scripts/plot" "$co/results/run/flip-random-1x1.json"
    for f in speed micro-sets scaling; do # micro: the committed micro.json, drawn again
        [ -s "$co/results/run/$f.png" ] && ok || bad "plot wrote no results/run/$f.png"
    done
    clean "scripts/plot"
    # scripts/bench on one small set (its options go to Google Benchmark); the
    # console's table is its progress, on stderr.
    if [ -x "$build/puzzlebench-micro" ] && grep -q '^PZ_MICRO:BOOL=ON$' "$build/CMakeCache.txt"; then
        expect 0 "^set/flip/gf2/small " -- "$co/scripts/bench" --benchmark_filter='^set/flip/gf2/small$' \
            --benchmark_min_time=0 --benchmark_repetitions=1
        [ ! -s "$tmp/out" ] && ok || bad "bench wrote on stdout: $(head -3 "$tmp/out")"
        [ "$(jq -c '[.benchmarks[].name]' "$co/results/run/micro.json")" = '["set/flip/gf2/small"]' ] &&
            grep -q '| flip | small: ' "$co/results/run/micro.md" && ok ||
            bad "bench: no results/run/micro.json and micro.md of its run"
        clean "scripts/bench"
        expect 0 "" -- "$co/scripts/bench" --update-results --benchmark_filter='^set/flip/gf2/small$' \
            --benchmark_min_time=0 --benchmark_repetitions=1
        [ "$(g status --porcelain | sort | tr '\n' ' ')" = " M results/micro.json  M results/micro.md " ] &&
            ok || bad "bench --update-results: $(g status --porcelain)"
        g checkout -q -- results
    else
        echo "(no micro-benchmarks in this build: scripts/bench not run)"
    fi
    # --update-results writes results/: the committed summary and charts.  A
    # history of the older form (no build type, host) gets the columns, empty.
    printf '%s\n' date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of \
        '"2026-01-01T00:00:00Z","abc1234","flip-random-1x1","flip","gf2",10,9,11,"median of batches"' \
        >"$co/results/history.csv"
    expect 0 "" -- "$co/scripts/regress" --update-results 'flip-random-1x1$'
    sed -n '1p;2p' "$co/results/history.csv" | tr '\n' ' ' | grep -qx \
        'date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of,build_type,host .*"median of batches",, ' &&
        ok || bad "regress: the older history is not upgraded: $(head -3 "$co/results/history.csv")"
    [ "$(g status --porcelain)" = " M results/latest.md" ] && [ -s "$co/results/history.csv" ] &&
        ok || bad "regress --update-results: $(g status --porcelain)"
    expect 0 "wrote results/speed.png" -- "$co/scripts/plot" --update-results --micro "$tmp/none.json" \
        "$co/results/flip-random-1x1.json"
    [ "$(g status --porcelain | sort | tr '\n' ' ')" = " M results/latest.md  M results/speed.png " ] &&
        ok || bad "plot --update-results: $(g status --porcelain)"
    expect 2 "--out DIR or --update-results, not both" -- "$co/scripts/plot" --update-results --out x
    g checkout -q -- results
    # A build directory without what the script needs is configured again
    # with it (here a cmake that only notes its calls), and a test pass that
    # finds no tests fails.
    mkdir -p "$tmp/fake/bin" "$tmp/fake/build"
    printf '#!/bin/sh\necho "cmake $*" >>"%s/fake/log"\n' "$tmp" >"$tmp/fake/bin/cmake"
    chmod +x "$tmp/fake/bin/cmake"
    printf 'BUILD_TESTING:BOOL=OFF\nPZ_MICRO:BOOL=ON\nPZ_FUZZ:BOOL=OFF\n' >"$tmp/fake/build/CMakeCache.txt"
    PATH=$tmp/fake/bin:$PATH PZ_BUILD=$tmp/fake/build PZ_TEST_SANITIZE=0 expect 8 \
        "scripts/test: $tmp/fake/build was configured with BUILD_TESTING=OFF; configuring it again with BUILD_TESTING=ON" \
        -- "$co/scripts/test"
    grep -qx "cmake -S $co -B $tmp/fake/build -DBUILD_TESTING=ON" "$tmp/fake/log" && ok ||
        bad "scripts/test did not configure again: $(cat "$tmp/fake/log")"
    cat "$tmp/out" "$tmp/err" | grep -q "No tests were found" && ok ||
        bad "scripts/test found tests in an empty build"
    printf 'BUILD_TESTING:BOOL=ON\nPZ_MICRO:BOOL=OFF\n' >"$tmp/fake/build/CMakeCache.txt"
    : >"$tmp/fake/log"
    PATH=$tmp/fake/bin:$PATH PZ_BUILD=$tmp/fake/build expect 127 \
        "configured with PZ_MICRO=OFF; configuring it again with PZ_MICRO=ON" -- "$co/scripts/bench"
    grep -qx "cmake -S $co -B $tmp/fake/build -DPZ_MICRO=ON" "$tmp/fake/log" && ok ||
        bad "scripts/bench did not configure again: $(cat "$tmp/fake/log")"
    clean "scripts/test and scripts/bench"
    unset PZ_BUILD
else
    echo "(not a git checkout: the clean-checkout tests not run)"
fi

# lightsout-speed: help is help, and every judge-mode figure is measured
# directly, so none is negative.
tool=$(dirname "$pb")/lightsout-speed
expect 0 "" -- "$tool" --help
head -1 "$tmp/out" | grep -q '^usage: lightsout-speed' && ok || bad "lightsout-speed --help: $(head -1 "$tmp/out")"
expect 2 "expected SECONDS a number above 0" -- "$tool" x
expect 2 "expected SECONDS a number above 0" -- "$tool" -0.2
expect 2 "expected \[SECONDS \[all | judge\]\]" -- "$tool" 1 none
expect 0 "" -- "$tool" 0.01 judge
rows=$(grep -cE '^\| (read|solve|write)' "$tmp/out")
[ "$rows" = 3 ] && ok || bad "lightsout-speed judge: $rows of the 3 parts"
awk -F'|' '/^\| (prepare|read|solve|write)/ {
        for (i = 3; i <= 4; i++) if ($i ~ /[0-9]/ && $i + 0 < 0) { print; bad = 1 } }
    END { exit bad }' "$tmp/out" && ok || bad "lightsout-speed judge: a negative figure"

expect 0 "" -- "$(dirname "$pb")/tetravex-nodes" --help
head -1 "$tmp/out" | grep -q '^usage: tetravex-nodes' && ok || bad "tetravex-nodes --help"

# harness-cost: the row of results/harness.md's table, from a run it makes.
expect 0 "" -- env PZ_BUILD="$(dirname "$pb")" "$src/scripts/harness-cost" --shard 0/4096
grep -qE '^\| [0-9a-f]{7}(\+dirty)? \| [0-9.]+ \| [0-9.]+ \+ [0-9.]+ = [0-9.]+ s \| [0-9.]+ s \| [0-9.]+x \| [0-9]+ s \|$' \
    "$tmp/out" && ok || bad "scripts/harness-cost: $(cat "$tmp/out")"
# estimates: a row a run, the pilot's estimate beside what the run spent.
expect 0 "" -- env PZ_BUILD="$(dirname "$pb")" "$src/scripts/estimates" flip:random:count=2000 \
    "lightsout:random:count=5000 --solvers gf2,rowenum"
row='[0-9.]+ [mu]?s \| [0-9.]+ [mu]?s \| [0-9]+\.[0-9][0-9] \|$'
grep -qE "^\| flip:random:count=2000 \| $row" "$tmp/out" &&
    grep -qE "^\| lightsout:random:count=5000 --solvers gf2,rowenum \| $row" "$tmp/out" &&
    [ "$(wc -l <"$tmp/out")" = 4 ] && ok || bad "scripts/estimates: $(cat "$tmp/out")"

# scripts/shard: a FILE outside corpus/PUZZLE/ is refused at once, before any
# shard runs, and --puzzle names its puzzle.
cp "$src/corpus/flip/poj1753.in" "$tmp/board.in"
export PUZZLEBENCH=$pb
expect 2 "which puzzle is $tmp/board.in? It is not under corpus/PUZZLE/" -- \
    "$src/scripts/shard" "$tmp/board.in" --shards 2 --out "$tmp/s1"
[ ! -e "$tmp/s1" ] && ok || bad "shard ran shards of a file of no known puzzle"
expect 2 "unknown puzzle 'flop'" -- "$src/scripts/shard" "$tmp/board.in" --shards 2 --puzzle flop \
    --out "$tmp/s1"
expect 2 "--puzzle lightsout, but flip:random is a corpus of flip" -- \
    "$src/scripts/shard" flip:random --shards 2 --puzzle lightsout --out "$tmp/s1"
expect 0 "" -- "$src/scripts/shard" "$tmp/board.in" --shards 2 --puzzle flip --out "$tmp/s1"
grep -q "OK: every answer checks and agrees" "$tmp/out" && ok || bad "shard --puzzle flip: no merged OK"
# A bad corpus file is refused before any shard starts: the reader's message,
# exit 2, no "resume", no DIR.
mkdir -p "$tmp/corpus/flip"
printf 'bwwb\nbxwb\nbwwb\nbwww\n' >"$tmp/corpus/flip/bad.in"
expect 2 "bad.in:2: expected 'b' or 'w' in column 2, found 'x'" -- \
    "$src/scripts/shard" "$tmp/corpus/flip/bad.in" --shards 2 --out "$tmp/s2"
grep -q "resume" "$tmp/err" && bad "shard of a bad file offers to resume" || ok
[ ! -e "$tmp/s2" ] && ok || bad "shard of a bad file made its directory"
# What every shard fails on alike (an unknown solver, with a sample of the
# user's): said once, exit 2, no "resume".
expect 2 "stopped on bad usage or input" -- "$src/scripts/shard" "$tmp/board.in" --puzzle flip \
    --solvers nosuch --sample 1/1 --shards 2 --out "$tmp/s2"
grep -q "resume" "$tmp/err" && bad "shard of an unknown solver offers to resume" || ok
# Without a sample, the time budget's plan meets it first, before any directory.
rm -rf "$tmp/s2"
expect 2 "flip has no solver 'nosuch'" -- \
    "$src/scripts/shard" "$tmp/board.in" --puzzle flip --solvers nosuch --shards 2 --out "$tmp/s2"
[ ! -e "$tmp/s2" ] && ok || bad "shard whose plan failed made its directory"
grep -q "resume" "$tmp/err" && bad "shard of an unknown solver offers to resume" || ok
# Progress: GNU parallel's bar on a terminal (util-linux script gives one), none otherwise.
expect 0 "" -- "$src/scripts/shard" flip:random:count=200 --shards 3 --out "$tmp/s3"
grep -q '100% 3:0=' "$tmp/err" && bad "shard shows a progress bar off a terminal" || ok
if command -v script >/dev/null; then
    rm -rf "$tmp/s3"
    script -qec "$(printf '%q ' "$src/scripts/shard" flip:random:count=200 --shards 3 \
        --out "$tmp/s3")" /dev/null >"$tmp/tty" 2>&1 </dev/null
    grep -q '100% 3:0=' "$tmp/tty" && ok || bad "shard shows no progress bar on a terminal"
else
    echo "(script is missing: shard's progress bar on a terminal not tested)"
fi

# Every chart committed under results/ has the data it was drawn from beside
# it and the command that draws it again: a row of the charts table in
# results/README.md ("| `NAME.png` | `DATA`... | `scripts/...` |"), whose data
# files (globs allowed) are all committed and whose command is a script here.
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    tracked() { git -C "$src" ls-files --error-unmatch -- "$1" >/dev/null 2>&1; }
else # a copy without its history: the files are there
    tracked() { [ -e "$src/$1" ]; }
fi
charts=$( (cd "$src" && git ls-files 'results/*.png' 2>/dev/null) || (cd "$src" && ls results/*.png))
[ -n "$charts" ] && ok || bad "no charts under results/"
for chart in $charts; do
    name=${chart#results/}
    row=$(grep -F "| \`$name\`" "$src/results/README.md" | head -1)
    if [ -z "$row" ]; then bad "$chart: no row in the charts table of results/README.md"; continue; fi
    data=$(awk -F'|' '{ print $3 }' <<<"$row" | grep -o '`[^`]*`' | tr -d '`')
    [ -n "$data" ] && ok || bad "$chart: its row names no data"
    for d in $data; do
        n=0
        for f in $(cd "$src/results" && compgen -G "$d"); do
            tracked "results/$f" && n=$((n + 1)) || bad "$chart: its data results/$f is not committed"
        done
        [ $n -gt 0 ] && ok || bad "$chart: no committed data results/$d"
    done
    cmd=$(awk -F'|' '{ print $4 }' <<<"$row" | grep -o '`scripts/[^` ]*' | head -1 | tr -d '`')
    [ -n "$cmd" ] && [ -x "$src/$cmd" ] && ok || bad "$chart: no script draws it again ($row)"
done

summary
