#!/usr/bin/env bash
# cli_files.sh - the files puzzlebench writes and reads: reports never follow
# a link planted at their temporary name or their own name (the target stays
# as it was, the report is a regular file), and corpus files.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# 1. Links planted at the old predictable temporary names (F.tmp.PID, the PID
# the exec'd run gets) and at the report names themselves.
d=$tmp/planted
mkdir "$d"
for t in json csv md tmpjson tmpcsv tmpmd; do echo "victim $t" >"$d/victim.$t"; done
ln -s victim.json "$d/r.json"
ln -s victim.csv "$d/r.csv"
sh -c 'ln -s victim.tmpjson "$2/r.json.tmp.$$"; ln -s victim.tmpcsv "$2/r.csv.tmp.$$"
       ln -s victim.tmpmd "$2/r.md.tmp.$$"
       exec "$1" run flip --corpus flip:random:count=50 --solvers gf2 --no-save \
           --json "$2/r.json" --csv "$2/r.csv" --md "$2/r.md"' sh "$pb" "$d" >"$tmp/out" 2>&1 &&
    ok || { bad "run with planted links failed"; cat "$tmp/out"; }
for t in json csv md tmpjson tmpcsv tmpmd; do
    [ "$(cat "$d/victim.$t")" = "victim $t" ] && ok || bad "victim.$t was written through a link"
done
for t in json csv md; do
    [ -f "$d/r.$t" ] && [ ! -L "$d/r.$t" ] && ok || bad "r.$t is not a regular file"
done
grep -q '"puzzle": "flip"' "$d/r.json" && ok || bad "r.json is not the report"
ls "$d" | grep -q 'r\..*\.tmp\.[A-Za-z0-9]\{6\}$' && bad "a temporary file was left: $(ls "$d")" || ok
# A new report is as readable as any new file (mkstemp makes 0600).
[ "$(umask 022; "$pb" run flip --corpus flip:random:count=5 --no-save --json "$d/m.json" >/dev/null;
    stat -c %a "$d/m.json")" = 644 ] && ok || bad "m.json is not 644 under umask 022"

# 2. A partial report's name (X.partial.json) planted as a link: the
# interrupted run replaces the link, not its target.
echo "victim partial" >"$d/victim.partial"
ln -s victim.partial "$d/p.partial.json"
interrupt INT 1 "$pb" run lightsout --corpus lightsout:exhaustive:rows=5:cols=6 --solvers rowenum \
    --threads 2 --json "$d/p.json" --no-save
[ $rc = 130 ] && ok || bad "SIGINT: run exited $rc"
[ "$(cat "$d/victim.partial")" = "victim partial" ] && ok || bad "the partial report followed a link"
[ -f "$d/p.partial.json" ] && [ ! -L "$d/p.partial.json" ] && grep -q '"partial": true' "$d/p.partial.json" &&
    ok || bad "p.partial.json is not a regular partial report"

# 3. A report to stdout through a link to it (as /dev/stdout is: a link of
# our own, so that a failure cannot replace the system's) still goes to
# stdout, whether that is a pipe or a regular file, after the summary.
ln -s /proc/self/fd/1 "$d/stdout"
"$pb" run flip --corpus flip:random:count=5 --no-save --json "$d/stdout" | grep -q '"puzzle": "flip"' &&
    ok || bad "--json a link to stdout, into a pipe"
"$pb" run flip --corpus flip:random:count=5 --no-save --json "$d/stdout" >"$d/out.txt" 2>/dev/null
[ -L "$d/stdout" ] && ok || bad "the link to stdout was replaced"
head -1 "$d/out.txt" | grep -q '^flip ' && grep -q '"puzzle": "flip"' "$d/out.txt" && ok ||
    bad "--json a link to stdout, into a file: $(head -c 200 "$d/out.txt")"

# 4. A corpus file whose name reads as a spec (PUZZLE:...) is read as a file
# when it exists or its path has a '/'; the error says so.
mkdir "$tmp/colon"
"$pb" gen flip --corpus flip:random:count=3 >"$tmp/colon/flip:a.in"
(cd "$tmp/colon" && "$pb" run flip --corpus flip:a.in --no-save) >"$tmp/out" 2>&1 &&
    head -1 "$tmp/out" | grep -q "^flip  flip:a.in$" && grep -q "^3 instances" "$tmp/out" && ok ||
    bad "an existing flip:a.in is not read as a file: $(head -3 "$tmp/out")"
cp "$tmp/colon/flip:a.in" "$tmp/colon/lightsout:b.in"
(cd "$tmp/colon" && "$pb" run flip --corpus lightsout:b.in --no-save) >"$tmp/out" 2>&1 &&
    grep -q "^3 instances" "$tmp/out" && ok || bad "an existing lightsout:b.in is not read as a file"
expect 0 "" -- "$pb" run flip --corpus "$tmp/colon/flip:a.in" --no-save
expect 2 "cannot read corpus file ./flip:none.in: No such file" -- "$pb" run flip --corpus ./flip:none.in
expect 2 "a path that exists or has a '/' is read as a file" -- "$pb" run flip --corpus flip:none.in
expect 2 "a path that exists or has a '/' is read as a file" -- "$pb" run flip --corpus xyz:none.in

# 5. A corpus file streams (run and gen): 100 000 boards (about 576 bytes each in memory,
# 58 MB read whole) run in a 48 MB address space (one thread: each more
# reserves stacks and malloc arenas), where the whole file did not fit; the
# same through a pipe, which is read whole, is refused cleanly (exit 2 with
# a message, not an abort).
# Under ASan the address space is not limited (its shadow memory needs it):
# the same runs check the streamed answers, and the pipe's refusal is skipped.
export VLIM=48000
if sanitized "$pb"; then VLIM=unlimited; echo "ASan build: no ulimit -v"; fi
"$pb" gen lightsout --corpus lightsout:random:rows=1:cols=1:count=1e5 >"$tmp/big.in"
"$pb" solve lightsout "$tmp/big.in" >"$tmp/big.ans"
(ulimit -v $VLIM; exec "$pb" run lightsout --corpus "$tmp/big.in" --solvers gf2,rowenum --threads 1 \
    --no-save) >"$tmp/out" 2>&1 && grep -q "^OK: every answer checks and agrees" "$tmp/out" && ok ||
    bad "run under ulimit -v 48000: $(tail -2 "$tmp/out")"
grep -q "^100000 instances" "$tmp/out" && ok || bad "not 100000 instances: $(head -2 "$tmp/out")"
# gen streams a corpus file too (it read it whole, and exited 2 here): the
# file back byte for byte, and a shard as the spec's own shard.
(ulimit -v $VLIM; exec "$pb" gen lightsout --corpus "$tmp/big.in") >"$tmp/regen.in" 2>"$tmp/err" &&
    cmp -s "$tmp/big.in" "$tmp/regen.in" && ok || bad "gen under ulimit -v 48000: $(head -2 "$tmp/err")"
(ulimit -v $VLIM; exec "$pb" gen lightsout --corpus "$tmp/big.in" --shard 2/3) >"$tmp/regen.in" &&
    cmp -s "$tmp/regen.in" <("$pb" gen lightsout --corpus lightsout:random:rows=1:cols=1:count=1e5 \
        --shard 2/3) && ok || bad "gen --shard 2/3 of a corpus file differs from the spec's"
rm "$tmp/big.ans"
[ "$VLIM" = unlimited ] ||
    expect 2 "/dev/stdin:[0-9]*: out of memory reading /dev/stdin whole" -- sh -c \
        'cat "$2" | (ulimit -v $VLIM; exec "$1" run lightsout --corpus /dev/stdin --solvers gf2 \
            --threads 1 --no-save)' sh "$pb" "$tmp/big.in"
# Streamed and read whole, the same counts, answers and failures, on a shard
# with --repeat (each pass reads the file again from the shard's start).
table() { awk '/^  [a-z]/ && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && $5 ~ /^[0-9]+$/ { print $1, $2, $3, $4, $5 } /^Answers|^OK|^FAIL/' "$1"; }
"$pb" run lightsout --corpus "$tmp/big.in" --shard 1/3 --repeat 2 --no-save >"$tmp/f.out"
cat "$tmp/big.in" | "$pb" run lightsout --corpus /dev/stdin --shard 1/3 --repeat 2 --no-save >"$tmp/p.out"
[ "$(table "$tmp/f.out" | grep -c .)" -gt 5 ] && diff <(table "$tmp/f.out") <(table "$tmp/p.out") \
    >"$tmp/diff" && ok || { bad "a streamed file and a pipe differ:"; head -20 "$tmp/diff"; }

# 6. check streams INPUT, OUTPUT and ANSWER in step: the same 100 000 boards
# (results/harness.md: the memory read whole and streamed) in the same 48 MB, with ANSWER and
# without, INPUT through a pipe too; a wrong answer late in OUTPUT is found.
"$pb" solve lightsout "$tmp/big.in" >"$tmp/big.out"
cp "$tmp/big.out" "$tmp/big.jury"
for jury in "" "$tmp/big.jury"; do
    expect 0 "^ok 100000 answers" -- sh -c 'ulimit -v $VLIM; exec "$1" check lightsout "$2" "$3" $4' \
        sh "$pb" "$tmp/big.in" "$tmp/big.out" "$jury"
done
expect 0 "^ok 100000 answers" -- sh -c 'cat "$2" | (ulimit -v $VLIM; exec "$1" check lightsout \
    /dev/stdin "$3")' sh "$pb" "$tmp/big.in" "$tmp/big.out"
awk 'NR == 199996 { $0 = ($0 == "0" ? "1" : "0") } { print }' "$tmp/big.out" >"$tmp/wa.out"
expect 1 "^wrong answer on case 99998: " -- sh -c 'ulimit -v $VLIM; exec "$1" check lightsout "$2" "$3" "$4"' \
    sh "$pb" "$tmp/big.in" "$tmp/wa.out" "$tmp/big.jury"

# 7. stress streams a corpus file too: 100 000 5x6 boards in the same 48 MB
# (no memory limit per run: the address space's is inherited).
PROGS=${PZ_PROGS:-$(dirname "$pb")/tests/progs}
"$pb" gen lightsout --corpus lightsout:random:rows=5:cols=6:count=1e5 >"$tmp/s.in"
(ulimit -v $VLIM; exec "$pb" stress lightsout --exec "$PROGS/prog_lightsout ok" --corpus "$tmp/s.in" \
    --batch 2000 --jobs 1 --memory-limit 0) >"$tmp/out" 2>&1
grep -q "^verdicts: AC 100000 " "$tmp/out" && ok || bad "stress under ulimit -v 48000: $(tail -3 "$tmp/out")"

summary
