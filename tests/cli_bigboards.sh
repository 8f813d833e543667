#!/usr/bin/env bash
# cli_bigboards.sh - boards past 64x64 through `run`: every solver cross-checked at the awkward
# widths, answers replayed by the big checker, not-proven-fewest answers marked, Flip Game
# beyond the searched kernel outside every solver's limits, sweeps, the all-on board.
# Usage: cli_bigboards.sh PUZZLEBENCH SOURCE_DIR
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# run_json NAME STATUS PUZZLE SPEC [OPTIONS...]: runs into $tmp/r.json, checks the status.
run_json() {
    local name=$1 want=$2 puzzle=$3 spec=$4 rc
    shift 4
    "$pb" run "$puzzle" --corpus "$spec" --threads 2 --no-save --json "$tmp/r.json" "$@" \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        bad "$name: exit $rc, expected $want: $(head -c 400 "$tmp/err") $(tail -3 "$tmp/out")"
        return 1
    fi
    ok
}

# ran PUZZLE/SOLVER in the last report, and whether it agreed and checked.
ran() { jq -r --arg s "$1" '.solvers[] | select(.name == $s) | .ran' "$tmp/r.json"; }
clean() { jq -e '[.solvers[] | .invalid + .disagree] | add == 0' "$tmp/r.json" >/dev/null; }

# Every solver cross-checked at the awkward widths, both puzzles: the big solvers on every
# board, gf2 and rowenum on those they take, each answer checked and compared bit for bit.
for puzzle in lightsout flip; do
    for cols in 63 64 65 127 128 129 4095 4096; do
        spec=$puzzle:random:rows=3:cols=$cols:count=3:seed=$cols
        run_json "$spec" 0 $puzzle "$spec" || continue
        clean && ok || bad "$spec: an answer failed or disagreed: $(cat "$tmp/out")"
        for s in chase m4ri; do
            [ "$(ran $s)" = 3 ] && ok || bad "$spec: $s ran on $(ran $s) of 3 boards"
        done
        # dense takes 4096 cells; gf2 the boards up to 64 wide.
        want=$([ $((3 * cols)) -le 4096 ] && echo 3 || echo 0)
        [ "$(ran dense)" = "$want" ] && ok || bad "$spec: dense ran on $(ran dense), expected $want"
        want=$([ "$cols" -le 64 ] && echo 3 || echo 0)
        [ "$(ran gf2)" = "$want" ] && ok || bad "$spec: gf2 ran on $(ran gf2), expected $want"
    done
done
# Square boards across the word boundaries, where the chase frame is transposed or not.
for size in rows=63:cols=65 rows=65:cols=63 rows=127:cols=129 rows=129:cols=128; do
    spec=lightsout:random:$size:count=2
    run_json "$spec" 0 lightsout "$spec" && clean && ok || bad "$spec: $(cat "$tmp/out")"
done

# Past the searched kernel (65x65 has nullity 42): Lights Out's answers are the canonical
# ones, marked not proven fewest in the histogram (the all-on board has an answer at every
# size; a random one there almost never); Flip Game is outside every solver's limits, each
# skip counted, so nothing is checked (exit 1).
run_json "65x65 lightsout" 0 lightsout lightsout:ones:rows=65:cols=65
jq -e '[.histogram[] | select(.answer == "not proven fewest")] | length == 1' "$tmp/r.json" \
    >/dev/null && ok || bad "65x65: no 'not proven fewest' class: $(jq -c .histogram "$tmp/r.json")"
grep -q "not proven fewest" "$tmp/out" && ok || bad "65x65: the terminal report does not mark it"
run_json "65x65 flip" 1 flip flip:random:rows=65:cols=65:count=2
jq -e '[.solvers[] | .ran] | add == 0' "$tmp/r.json" >/dev/null && ok || bad "65x65 flip: ran"
jq -e '[.solvers[] | .skipped == 2] | all' "$tmp/r.json" >/dev/null && ok ||
    bad "65x65 flip: a solver did not state the size as outside its limits"
grep -q "^FAIL: nothing was checked" "$tmp/out" && ok || bad "65x65 flip: $(cat "$tmp/out")"
# No answer: each IMPOSSIBLE carries its certificate, which the big checker verifies (a
# random 65x65 board has an answer with chance 2^-42), for both puzzles' goals where taken.
run_json "65x65 impossible" 0 lightsout lightsout:random:rows=65:cols=65:count=3
jq -e '.histogram == [{"class": 4097, "answer": "Impossible", "count": 3}]' "$tmp/r.json" \
    >/dev/null && clean && ok || bad "65x65 impossible: $(jq -c .histogram "$tmp/r.json")"
run_json "flip 130x130" 0 flip flip:random:rows=130:cols=130:count=2
clean && ok || bad "flip 130x130: $(cat "$tmp/out")"
# 61x61 is small but past gf2's search: its boards go wide and are marked the same way.
run_json "61x61" 0 lightsout lightsout:ones:rows=61:cols=61:count=2
grep -q "not proven fewest: 2" "$tmp/out" && ok || bad "61x61: $(grep Answers "$tmp/out")"
# The same boards from a file, which the small puzzle reads: marked too.
"$pb" gen lightsout --corpus lightsout:ones:rows=61:cols=61:count=2 >"$tmp/ones61.in"
run_json "61x61 file" 0 lightsout "$tmp/ones61.in"
grep -q "not proven fewest: 2" "$tmp/out" && ok || bad "61x61 file: $(grep Answers "$tmp/out")"

# The all-on 4096x4096 board, solved whole by chase and m4ri, checked, compared.
run_json "ones 4096" 0 lightsout lightsout:ones:rows=4096:cols=4096 --solvers chase,m4ri
clean && [ "$(ran chase)" = 1 ] && [ "$(ran m4ri)" = 1 ] && ok || bad "ones 4096: $(cat "$tmp/out")"

# A sweep: rows=8..256 is 8, 16, 32, 64, 128, 256 (count= per size); with cols fixed, rows
# only: 5..300 is 5, 10, 20, 40, 80, 160, 300.
run_json "sweep" 0 lightsout lightsout:random:rows=8..256:count=2
[ "$(jq -r .instances "$tmp/r.json")" = 12 ] && ok || bad "sweep: $(jq -r .instances "$tmp/r.json") boards"
[ "$(jq -r .corpus "$tmp/r.json")" = "lightsout:random:rows=8..256:cols=8..256:count=12:seed=1" ] &&
    ok || bad "sweep spec: $(jq -r .corpus "$tmp/r.json")"
clean && ok || bad "sweep: $(cat "$tmp/out")"
run_json "sweep rows" 0 flip flip:random:rows=5..300:cols=70:count=1
[ "$(jq -r .instances "$tmp/r.json")" = 7 ] && ok || bad "sweep rows: $(jq -r .instances "$tmp/r.json")"
clean && ok || bad "sweep rows: $(cat "$tmp/out")"

# m4ri's per-size work in two threads at once: Debian's M4RI frees into a cache that is not
# safe across threads (a double free, seen under AddressSanitizer in about one run in five
# of the sweep below before bigm4ri.c took a lock), so many sizes, many times.
for i in 1 2 3 4 5 6; do
    "$pb" run lightsout --corpus lightsout:random:rows=1..512:count=2:seed=$i --solvers m4ri \
        --threads 2 --no-save >"$tmp/out" 2>&1 && ok || bad "m4ri in two threads: $(tail -5 "$tmp/out")"
done

# The same sweep in any number of shards and threads: the same answers.
"$pb" run lightsout --corpus lightsout:random:rows=8..128:count=3 --threads 1 --no-save \
    --json "$tmp/a.json" >/dev/null 2>&1
for k in 0 1 2; do
    "$pb" run lightsout --corpus lightsout:random:rows=8..128:count=3 --shard $k/3 --threads 2 \
        --no-save --json "$tmp/s$k.json" >/dev/null 2>&1 || bad "shard $k/3 failed"
done
"$pb" merge "$tmp/s0.json" "$tmp/s1.json" "$tmp/s2.json" --json "$tmp/m.json" >/dev/null 2>&1 ||
    bad "merge of the sweep's shards failed"
[ "$(jq -c .histogram "$tmp/a.json")" = "$(jq -c .histogram "$tmp/m.json")" ] && ok ||
    bad "sweep shards: histograms differ"

# Judge mode and file corpora past 64: gen, solve into NAME.ans, run over the file against
# its answers, check the answers (a right one: 0; a press changed: 1), for both puzzles.
"$pb" gen lightsout --corpus lightsout:random:rows=70:cols=129:count=3 >"$tmp/lo.in"
"$pb" solve lightsout "$tmp/lo.in" >"$tmp/lo.ans" && ok || bad "solve lightsout 70x129"
[ "$(grep -c '^PUZZLE #' "$tmp/lo.ans")" = 3 ] && [ "$(wc -l <"$tmp/lo.ans")" = 213 ] && ok ||
    bad "solve 70x129: $(head -c 100 "$tmp/lo.ans")"
# The same answers from every solver that takes the size, and through stdin.
for s in chase m4ri; do
    "$pb" solve lightsout --solver $s <"$tmp/lo.in" | cmp -s - "$tmp/lo.ans" && ok || bad "solve $s"
done
run_json "file 70x129" 0 lightsout "$tmp/lo.in"
clean && [ "$(jq -r .instances "$tmp/r.json")" = 3 ] && ok || bad "file 70x129: $(cat "$tmp/out")"
[ "$(jq -r .reference "$tmp/r.json")" = expected ] && ok ||
    bad "file 70x129: not run against its .ans: $(jq -r .reference "$tmp/r.json")"
expect 0 "" -- "$pb" check lightsout "$tmp/lo.in" "$tmp/lo.ans"
awk 'NR == 3 { $1 = ($1 == "0") ? "1" : "0" } { print }' "$tmp/lo.ans" >"$tmp/wrong.ans"
expect 1 "" -- "$pb" check lightsout "$tmp/lo.in" "$tmp/wrong.ans"
grep -q "wrong answer on case 1" "$tmp/err" && ok || bad "check wrong: $(cat "$tmp/err")"
cp "$tmp/wrong.ans" "$tmp/lo.ans"
run_json "file 70x129, a wrong .ans" 1 lightsout "$tmp/lo.in"
"$pb" gen flip --corpus flip:random:rows=100:cols=70:count=2 >"$tmp/fl.in"
"$pb" solve flip "$tmp/fl.in" >"$tmp/fl.ans" && [ "$(wc -l <"$tmp/fl.ans")" = 2 ] && ok ||
    bad "solve flip 100x70"
run_json "flip file 100x70" 0 flip "$tmp/fl.in"
clean && ok || bad "flip file: $(cat "$tmp/out")"
expect 0 "" -- "$pb" check flip "$tmp/fl.in" "$tmp/fl.ans"
# Bad input past 64: file:line and what was expected, exit 2, in solve, run and check.
printf '1 65 70\n0 1\n' >"$tmp/bad.in"
for cmd in "solve lightsout" "run lightsout --no-save --corpus" "check lightsout"; do
    args=("$tmp/bad.in")
    [ "${cmd%% *}" = check ] && args+=("$tmp/lo.ans")
    expect $([ "${cmd%% *}" = check ] && echo 3 || echo 2) \
        "bad.in:2: expected 70 values 0/1 on this line, found 2" -- "$pb" $cmd "${args[@]}"
done
printf '2 200\nbw\n' >"$tmp/bad.in"
expect 2 "bad.in:2: expected a row of 200 pieces 'b'/'w', found 2" -- "$pb" solve flip "$tmp/bad.in"
printf '1 4097 3\n' >"$tmp/bad.in"
expect 2 "bad.in:1: expected \"N\" or \"N m n\" with 1 <= m, n <= 4096" -- \
    "$pb" run lightsout --no-save --corpus "$tmp/bad.in"

# gen writes a big corpus in the "N m n" format, and refuses a sweep (several sizes).
"$pb" gen lightsout --corpus lightsout:random:rows=2:cols=70:count=2 >"$tmp/g.in" 2>"$tmp/err"
[ "$(head -1 "$tmp/g.in")" = "2 2 70" ] && [ "$(wc -l <"$tmp/g.in")" = 5 ] && ok ||
    bad "gen 2x70: $(head -c 200 "$tmp/g.in")"
expect 2 "is a sweep of sizes" -- "$pb" gen lightsout --corpus lightsout:random:rows=8..16
# The all-on board goes past 4096 a side in run, not in a judge input, whose
# readers stop at 4096: gen refuses it rather than write what nothing reads.
expect 2 "a judge input holds sides to 4096" -- \
    "$pb" gen lightsout --corpus lightsout:ones:rows=4097:cols=2
"$pb" gen lightsout --corpus lightsout:ones:rows=4096:cols=2 | "$pb" solve lightsout >"$tmp/g.out" &&
    [ "$(head -1 "$tmp/g.out")" = "PUZZLE #1" ] && ok || bad "gen | solve of the all-on 4096x2 board"
# stress does not take boards past the puzzle's own sizes: said, exit 2.
expect 2 "past flip's own sizes" -- "$pb" stress flip --exec true --corpus flip:random:rows=9

# scripts/regress has the big-board set (its names, listed for a PATTERN that matches none).
"$src/scripts/regress" no-such-run-name >/dev/null 2>"$tmp/err"
for name in lightsout-big-widths lightsout-big-random-4096 lightsout-big-ones-4096 \
    lightsout-big-sweep flip-big-random-255 flip-big-sweep; do
    grep -qx "  $name" "$tmp/err" && ok || bad "scripts/regress has no run $name"
done

# README's sweep of Flip Game sizes answers every board.  (Its sweep was
# rows=8..4096, and no solver takes a Flip board of a power of two past 64:
# the kernel there is too large to search for the fewest flips.)
spec=$(sed -n 's/.* run flip --corpus \(flip:random:rows=[0-9]*\.\.[0-9a-z=:]*\) .*/\1/p' \
    "$src/README.md")
if [ -n "$spec" ] && run_json "README's sweep" 0 flip "$spec" --solvers chase; then
    jq -e '.unanswered == 0 and .instances > 0' "$tmp/r.json" >/dev/null && ok ||
        bad "README's sweep $spec: $(jq .unanswered "$tmp/r.json") boards unanswered"
else
    bad "README shows no sweep of Flip Game sizes that runs ('$spec')"
fi
# A sweep past the sizes any solver takes still exits 0 (every answer given
# checks), but the line that says OK says how many boards went unanswered.
if run_json "flip sweep to 4096" 0 flip flip:random:rows=8..4096:count=1 --solvers chase; then
    n=$(jq .unanswered "$tmp/r.json")
    [ "$n" -gt 0 ] && grep -q "^OK: every answer checks and agrees; no solver answered $n of the " \
        "$tmp/out" && ok || bad "sweep to 4096: no word of $n unanswered boards: $(tail -1 "$tmp/out")"
fi

summary
