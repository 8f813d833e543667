#!/usr/bin/env bash
# cli_stress_loop.sh - the classic stress loop in `puzzlebench stress`: the
# user's generator (--gen), the user's brute force as the reference
# (--against), the two programs' speeds side by side, and the time budget
# of a stress, with the test programs of tests/progs (gen.c, brute.c, flip.c).
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
PROGS=${PZ_PROGS:-$(dirname "$pb")/tests/progs}
GEN=$PROGS/prog_gen
BRUTE=$PROGS/prog_brute
FLIP=$PROGS/prog_flip
TAG=pz-loop-tag-$$ # an argument the programs ignore, to find them with ps

# has REGEX: the report ($tmp/out) says so.
has() { grep -qE -- "$1" "$tmp/out" && ok || { bad "expected /$1/ in the report"; cat "$tmp/out"; }; }
# json FILTER WANT: jq's raw answer on $tmp/r.json.
json() {
    local got
    got=$(jq -r "$1" "$tmp/r.json" 2>&1)
    [ "$got" = "$2" ] && ok || bad "jq '$1': '$got', expected '$2'"
}
# none_left: no program of ours is still running.
none_left() {
    ! ps -eo args | grep -F -e "$TAG" | grep -v grep && ok || bad "programs left running"
}

# 1. The loop: a generator of Flip boards, a wrong fast program and a correct
# brute force.  The failure is found, kept with its seed, saved, and shrunk to
# a smaller board on which the brute force and the program still differ.
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" \
    --against "$BRUTE flip $TAG" --seeds 1..24 --shrink-any-size --save "$tmp/saved" \
    --json "$tmp/r.json"
has "^stress flip: 24 seeds 1\.\.24 of a generator, 24 instances in their inputs"
has "^verdicts: AC [0-9]+  WA [1-9][0-9]* "
has "^--against's verdicts: AC 24  WA 0 "
has "^failure 1: seed 1: WA: its instance 1: expected 1, found 3$"
has "^smallest WA instance: shrunk from seed 1's instance 1 in [1-9][0-9]* steps"
has "^saved: [1-9][0-9]* failing inputs in $tmp/saved"
json '.failures[0] | [.seed, .program, .verdict] | join(" ")' "1 --exec WA"
json '.shrunk[0] | [.seed, .part, .verdict, .steps > 0] | map(tostring) | join(" ")' \
    "1 0 WA true"
json '[.unit, .instances, (.seeds | map(tostring) | join(".."))] | map(tostring) | join(" ")' \
    "seed 24 1..24"
# The seed's input is saved as the generator wrote it, with the brute force's answer.
"$GEN" flip 1 | cmp -s - "$tmp/saved/flip-seed-1.in" && ok || bad "flip-seed-1.in is not seed 1's input"
"$BRUTE" flip <"$tmp/saved/flip-seed-1.in" | cmp -s - "$tmp/saved/flip-seed-1.ans" && ok ||
    bad "flip-seed-1.ans is not the brute force's answer"
[ -s "$tmp/saved/flip-seed-1-wa-shrunk.in" ] && ok || bad "the shrunk input was not saved"
# The shrunk board reproduces: the brute force prints the expected output, the
# program the received one, and they differ.
block "^smallest WA instance" input >"$tmp/repro.in"
grep -qE '^[1-4] [1-4]$' "$tmp/repro.in" && ok || bad "not shrunk below 4x4: $(cat "$tmp/repro.in")"
"$BRUTE" flip <"$tmp/repro.in" | cmp -s - <(block "^smallest WA instance" "expected output") &&
    ok || bad "the shrunk expected output is not the brute force's"
"$FLIP" wrong <"$tmp/repro.in" | cmp -s - <(block "^smallest WA instance" "received output") &&
    ok || bad "the shrunk received output is not the program's"
none_left

# 2. Speeds side by side: each program's CPU time per instance, and the ratio
# with its interval and compare's verdict.  The brute force tries 65536 press
# sets a board: several times the light chasing's CPU time, process start
# included.
has "^  program +median +10-90% +mean +timed runs$"
has "^  --exec +[0-9.]+ [mu]?s +[0-9.]+ [mu]?s\.\.[0-9.]+ [mu]?s +[0-9.]+ [mu]?s +24 of [0-9]+$"
has "^  --against +[0-9.]+ [mu]?s +[0-9.]+ [mu]?s\.\.[0-9.]+ [mu]?s +[0-9.]+ [mu]?s +24 of [0-9]+$"
has "^  --exec/--against: 0\.[0-9]+ \(95% interval 0\.[0-9]+\.\.0\.[0-9]+, p [0-9.e-]+\): faster$"
json '.programs | map(.name + " " + (.timed_runs | tostring)) | join(", ")' "--exec 24, --against 24"
json '[.programs[] | .cpu_s_per_instance.median > 0] | all' "true"
json '.exec_vs_against | [.verdict, .ratio < 1, .lo <= .ratio, .ratio <= .hi] | map(tostring) | join(" ")' \
    "faster true true true"

# 3. A wrong brute force is caught by our solvers: the correct program stays AC,
# the run fails, and the table says whose the failures are.
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP ok $TAG" \
    --against "$BRUTE flip wrong $TAG" --seeds 1..16 --show 1
has "^verdicts: AC 16  WA 0 "
has "^--against's verdicts: AC [0-9]+  WA [1-9]"
has "^failure 1: seed [0-9]+: --against: WA: its instance 1: expected 2, found 3$"
has "^FAILED: --against fails on [1-9][0-9]* seeds?$"

# 4. Two different valid answers are both right, class against class: Lights
# Out 4x4 boards have 16 answers each, and the brute force "last" prints
# another of the fewest than ours.  Judged alone (against ours, exactly) it
# is WA; against the other brute force, all AC; so also over a corpus, in
# batches of several boards.
expect 1 "" -- "$pb" stress lightsout --gen "$GEN lightsout $TAG" --exec "$BRUTE lightsout last $TAG" \
    --seeds 1..6
has "^verdicts: AC [0-9]+  WA [1-9]"
expect 0 "" -- "$pb" stress lightsout --gen "$GEN lightsout $TAG" \
    --exec "$BRUTE lightsout last $TAG" --against "$BRUTE lightsout $TAG" --seeds 1..6
has "^stress lightsout: 6 seeds 1\.\.6 of a generator, 12 instances in their inputs"
has "^all AC$"
expect 0 "" -- "$pb" stress lightsout --corpus lightsout:random:rows=4:cols=4:mode=solvable:count=60 \
    --exec "$BRUTE lightsout last $TAG" --against "$BRUTE lightsout $TAG" --batch 7 --jobs 2
has "^verdicts: AC 60  WA 0 "
has "^--against's verdicts: AC 60  WA 0 "
# A corpus, batches of 5: the brute force's failures are its own, the
# program judged against ours there.
expect 1 "" -- "$pb" stress flip --corpus flip:random:mode=solvable:count=40 --exec "$FLIP ok $TAG" \
    --against "$BRUTE flip wrong $TAG" --batch 5 --show 0
has "^verdicts: AC 40  WA 0 "
has "^failure 1: instance [0-9]+: --against: WA: expected 2, found 3$"
none_left

# 5. A generator that fails, or writes what no reader takes: a message naming
# the seed, exit 2, never a hang.
quick=(--exec "$FLIP ok $TAG" --seeds 1..8 --time-limit 300 --wall-limit 600)
expect 2 "^puzzlebench: --gen: the generator failed on seed 5: RE: killed by signal 11" -- \
    "$pb" stress flip --gen "$GEN flip crash $TAG" "${quick[@]}"
expect 2 "^puzzlebench: --gen: the generator failed on seed 7: TLE: " -- \
    "$pb" stress flip --gen "$GEN flip hang $TAG" "${quick[@]}"
expect 2 "^--gen seed 3's input:1: expected 'b' or 'w' in column 1, found 'h'" -- \
    "$pb" stress flip --gen "$GEN flip garbage $TAG" "${quick[@]}"
expect 2 "^puzzlebench: --gen: seed 4: the generator wrote no flip instance$" -- \
    "$pb" stress flip --gen "$GEN flip empty $TAG" "${quick[@]}"
# The seed is its last argument, after those given, and its stderr is told.
expect 2 "failed on seed 1: RE: exit status 1 (its stderr: \"\[flip\]\[args\]\[$TAG\]\[1\]\")" -- \
    "$pb" stress flip --gen "$GEN flip args $TAG" "${quick[@]}"
none_left

# 6. Bad usage: one line, exit 2.
g=(--gen "$GEN flip")
expect_line 2 "puzzlebench: stress: --corpus and --gen both make the corpus: expected one of them" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --corpus flip:exhaustive
expect_line 2 "puzzlebench: stress: --seeds A..B are the seeds of --gen, which is not given" \
    "$pb" stress flip --exec "$FLIP" --corpus flip:exhaustive --seeds 1..5
expect_line 2 "puzzlebench: stress: --batch is for --corpus: with --gen each seed's input is one run" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --batch 4
expect_line 2 "puzzlebench: stress: expected --seeds A..B with 0 <= A <= B (at most 2^40 seeds), found '5..1'" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --seeds 5..1
expect_line 2 "puzzlebench: stress: --against: cannot run '$tmp/nothing': no such executable file" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --against "$tmp/nothing"
expect_line 2 "puzzlebench: stress: --gen: cannot run 'no-such-gen': no such executable file in PATH" \
    "$pb" stress flip --gen no-such-gen --exec "$FLIP"
expect_line 2 "puzzlebench: --against: expected a closing ' in: $BRUTE 'flip" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --against "$BRUTE 'flip"
: >"$tmp/afile"
expect_line 2 "puzzlebench: stress: --save $tmp/afile: expected a directory we may write to" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --save "$tmp/afile"
expect_line 2 "puzzlebench: stress: expected --time-budget S with S > 0 seconds, or 'none', found 'x'" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --time-budget x
expect_line 2 "puzzlebench: stress: expected --shard K/N with 0 <= K < N (shards count from 0), found '2/2'" \
    "$pb" stress flip "${g[@]}" --exec "$FLIP" --shard 2/2

# 7. Seeds are indices as instances are: two shards find the failures one
# run finds, and --seeds runs again from any seed.
failing() { sed -n 's/^failure [0-9]*: seed \([0-9]*\): .*/\1/p' "$tmp/out" | sort -n | tr '\n' ' '; }
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" --seeds 1..20 --show 0
whole=$(failing)
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" --seeds 1..20 \
    --show 0 --shard 0/2
has "^judged: 10 seeds, of the shard: seeds 1\.\.10$"
halves=$(failing)
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" --seeds 1..20 \
    --show 0 --shard 1/2
halves+=$(failing)
[ "$whole" = "$halves" ] && [ -n "$whole" ] && ok || bad "shards found '$halves', the whole '$whole'"
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" --seeds 11..20 --show 0
[ "$(failing)" = "$(tr ' ' '\n' <<<"$whole" | awk '$1 > 10' | tr '\n' ' ')" ] && ok ||
    bad "--seeds 11..20 found $(failing), the whole $whole"

# 8. Interrupted, it keeps what it found, and says where to go on.
rm -f "$tmp/int.json" "$tmp/int.partial.json"
interrupt INT 1.5 "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" \
    --seeds 1..100000 --time-budget none --json "$tmp/int.json"
[ "$rc" = 130 ] && ok || { bad "SIGINT: exit status $rc"; cat "$tmp/int.out"; }
grep -qE "^judged seeds 1\.\.([0-9]+); --seeds ([0-9]+)\.\.100000 judges the rest$" "$tmp/int.out" &&
    ok || bad "no resume line: $(grep -i seeds "$tmp/int.out")"
grep -qE "^PARTIAL: interrupted after [0-9]+ of 100000 seeds\. FAILED$" "$tmp/int.out" && ok ||
    bad "no PARTIAL line"
grep -qE "^failure 1: seed 1: WA: " "$tmp/int.out" && ok || bad "the failure found is not told"
cp "$tmp/int.partial.json" "$tmp/r.json" 2>/dev/null
json '[.partial, .signal, .failures[0].seed, .judged > 0] | map(tostring) | join(" ")' "true 2 1 true"
none_left
# On a terminal its progress line counts seeds.
script -qec "timeout -s INT 3 $pb stress flip --gen '$GEN flip $TAG' --exec '$FLIP ok $TAG' \
    --seeds 1..100000 --time-budget none >/dev/null" /dev/null | tr '\r' '\n' >"$tmp/tty"
grep -aqE 'stress: [0-9]+/100000 seeds \([0-9.]+%\)' "$tmp/tty" && ok ||
    bad "no progress line of seeds: $(head -c 300 "$tmp/tty")"
none_left

# 9. The time budget: a pilot of the programs, the generator and our solvers
# times the stress before it starts; past the budget it is sampled, or refused.
# The brute force costs some 10 ms of CPU a seed, so 10000 seeds pass 5 s:
# 1 in 100 are judged (1 in 10 if the pilot found it cheaper).  A sanitized
# build costs a seed some 50 ms, stress itself included: 20 s there.
budget=5
sanitized "$pb" && budget=20
expect 1 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP wrong $TAG" \
    --against "$BRUTE flip $TAG" --seeds 1..10000 --time-budget $budget --show 0 --json "$tmp/r.json"
grep -q "^stress: estimated from a pilot of [0-9]* seeds (budget $budget s of CPU" "$tmp/err" && ok ||
    bad "no estimate: $(cat "$tmp/err")"
grep -qE "^  --against +[0-9.]+ [mu]?s each, +[0-9.]+ (s|min) for 10000 seeds$" "$tmp/err" && ok ||
    bad "no estimate of --against: $(cat "$tmp/err")"
grep -qE "^  in all .*: sampled, 1 in (10|100) \((1000|100) seeds\)$" "$tmp/err" && ok ||
    bad "not sampled: $(cat "$tmp/err")"
has "^judged: (1000|100) seeds, 1 in (10|100) \(sampled for the time budget\)$"
json '([.verdicts[]] | add) * .sample' 10000
json '.sample as $r | [.failures[] | (.seed - 1) % $r] | unique | map(tostring) | join(" ")' 0
expect 2 "" -- "$pb" stress flip --gen "$GEN flip $TAG" --exec "$FLIP ok $TAG" --seeds 1..1000 \
    --time-budget 0.001
grep -q "^  in all .*: refused: under 100 seeds at any sample; --time-budget none runs it whole$" \
    "$tmp/err" && ok || bad "not refused: $(cat "$tmp/err")"
# A corpus in batches of 100: some 20 us an instance (a run of 100 boards),
# 2 s for 1e5 instances.
expect 1 "" -- "$pb" stress flip --corpus flip:random:mode=solvable:count=100000 \
    --exec "$FLIP wrong $TAG" --batch 100 --time-budget 0.1 --show 0
has "^judged: (100|1000|10000) instances, 1 in (10|100|1000) \(sampled for the time budget\)$"
none_left
summary
