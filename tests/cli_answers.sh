#!/usr/bin/env bash
# cli_answers.sh - every answer accounted for, through the command line: a
# jury's "unknown" is no jury answer (check exits 3 naming its line; run and
# stress judge against our reference and say so); answers nothing certifies
# are trusted only where a built-in solver agrees; a run that checked
# nothing fails; a plug-in's "unknown" or PZ_STOPPED with no budget is its
# failure, named; sampled-out boards are "not run", not unanswered; two
# answers the judge prints alike agree, and where they differ the line says
# how.  Then random mixes of plug-ins, budgets and samples (run), and of
# wrong programs, juries, batches, shards and samples (stress): none exits
# 0 with a wrong answer.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
# our own solve as a stress program: an ASan build's shadow memory needs no limit
nolimit=(); sanitized "$pb" && nolimit=(--memory-limit 0)
cd "$tmp" || exit 1

# Plug-ins that answer wrongly, each in one way, and one that answers right
# with another witness than gf2's (the fewest presses, the last such set).
cat >w.c <<'EOF'
#include <puzzlebench/puzzlebench.h>
static int tfits(const void *i) { return ((const pz_toggle_board *)i)->m != 0; }
static int xfits(const void *i) { return ((const pz_tetravex_game *)i)->fixed == 0; }
static int never(const void *i, void *ans, void *s) /* Impossible, no certificate */
{
    pz_toggle_answer *a = ans;
    (void)i, (void)s;
    a->weight = -1, a->has = 0;
    return 0;
}
static int stop(const void *i, void *ans, void *s) { (void)i, (void)ans, (void)s; return PZ_STOPPED; }
/* Flip Game 4x4 by brute force: the fewest presses that reach a goal, the
 * last such press set (gf2 gives the first); plus one with wrong = 1. */
static int last(const pz_toggle_board *b, pz_toggle_answer *a, int wrong)
{
    int best = -1, bestx = 0;
    if (b->m != 4 || b->n != 4)
        return 1;
    for (int x = 0; x < 1 << 16; x++) {
        unsigned cells = 0;
        for (int r = 0; r < 4; r++)
            cells |= (unsigned)(b->b[r] & 15) << (4 * r);
        for (int c = 0; c < 16; c++)
            if (x >> c & 1) {
                cells ^= 1u << c;
                if (c % 4) cells ^= 1u << (c - 1);
                if (c % 4 < 3) cells ^= 1u << (c + 1);
                if (c >= 4) cells ^= 1u << (c - 4);
                if (c < 12) cells ^= 1u << (c + 4);
            }
        int w = __builtin_popcount((unsigned)x);
        if ((cells == 0 || cells == 0xffff) && (best < 0 || w <= best))
            best = w, bestx = x;
    }
    a->weight = best < 0 ? -1 : best + wrong;
    a->has = best < 0 ? 0 : PZ_TOGGLE_PRESSES;
    for (int r = 0; r < 4; r++)
        a->x[r] = (uint64_t)(bestx >> (4 * r) & 15);
    return 0;
}
static int other(const void *i, void *ans, void *s) { (void)s; return last(i, ans, 0); }
static int plus1(const void *i, void *ans, void *s) { (void)s; return last(i, ans, 1); }
static int yes(const void *i, void *ans, void *s) /* Possible, no placement */
{
    pz_tetravex_answer *a = ans;
    (void)i, (void)s;
    a->possible = 1, a->has = 0;
    return 0;
}
static int no(const void *i, void *ans, void *s)
{
    pz_tetravex_answer *a = ans;
    (void)i, (void)s;
    a->possible = 0, a->has = 0;
    return 0;
}
static int unk(const void *i, void *ans, void *s)
{
    pz_tetravex_answer *a = ans;
    (void)i, (void)s;
    a->possible = PZ_TETRAVEX_UNKNOWN, a->has = 0;
    return 0;
}
#define S(P, N, F, SOLVE) \
    static const pz_plugin_solver s_##N = {.puzzle = P, .name = #N, .summary = "w", .limits = "any", \
                                       .fits = F, .solve = SOLVE};
S("flip", never, tfits, never)
S("flip", fstop, tfits, stop)
S("flip", last4, tfits, other)
S("flip", plus, tfits, plus1)
S("tetravex", say_yes, xfits, yes)
S("tetravex", say_no, xfits, no)
S("tetravex", unknown, xfits, unk)
S("tetravex", tstop, xfits, stop)
PZ_PLUGIN(&s_never, &s_fstop, &s_last4, &s_plus, &s_say_yes, &s_say_no, &s_unknown, &s_tstop)
EOF
cc -I"$src/include" -O2 -shared -fPIC w.c -o w.so 2>cc.log && ok || { bad "w.c:"; cat cc.log; }
run() { "$pb" run "$@" --plugin ./w.so --no-save; }

# A jury's "unknown": every game is Possible, the jury's answers all unknown.
"$pb" gen tetravex --corpus tetravex:random:n=3:mode=solvable:count=6:seed=3 >g.in
"$pb" solve tetravex --budget 1n <g.in >g.ans 2>/dev/null
grep -q "Game 1: unknown" g.ans && ok || bad "solve --budget 1n: $(head -1 g.ans)"
"$pb" solve tetravex <g.in | sed 's/Possible/Impossible/' >none.out
expect 3 "g.ans:1: case 1: the jury's answer is \"unknown\"" -- "$pb" check tetravex g.in none.out g.ans
expect 1 "" -- "$pb" stress tetravex --exec "sh -c '$pb solve tetravex | sed s/Possible/Impossible/'" \
    --corpus g.in "${nolimit[@]}"
grep -q "the jury gave no answer (\"unknown\") to 6 instances" "$tmp/out" && ok ||
    bad "stress with a jury's unknown: $(cat "$tmp/out")"
expect 0 "" -- run tetravex --corpus g.in --solvers mrv
grep -q "The jury gave no answer (\"unknown\") to 6 instances" "$tmp/out" && ok ||
    bad "run with a jury's unknown: $(cat "$tmp/out")"
grep -q "cut by the budget" "$tmp/out" && bad "run without --budget speaks of one" || ok

# Answers nothing certifies: trusted only where a built-in solver agrees.
expect 1 "" -- run flip --corpus flip:random:mode=solvable:count=50 --solvers w.so:never
grep -q "nothing proves it (no certificate), and the built-in reference answers otherwise" \
    "$tmp/out" && ok || bad "w.so:never: $(cat "$tmp/out")"
grep -q "^Answers: .*Impossible" "$tmp/out" && bad "w.so:never's Impossible in the histogram" || ok
expect 1 "" -- run tetravex --corpus tetravex:random:n=3:count=20 --solvers w.so:say_yes
grep -q "claims what it does not prove" "$tmp/out" && ok || bad "w.so:say_yes: $(cat "$tmp/out")"
"$pb" gen tetravex --corpus tetravex:random:n=4:mode=solvable:count=40 >s.in
expect 1 "" -- run tetravex --corpus s.in --solvers portfolio,w.so:say_no --budget 1n --json u.json
grep -q "Impossible: 40" "$tmp/out" && bad "an unchecked Impossible became the reference" || ok
# (an answer given that the budget kept from being checked is never a pass)
grep -q "^FAIL: 40 answers not checked: nothing proves them, and the budget cut the built-in" \
    "$tmp/out" && [ "$(jq -c '[.solvers[].unchecked]' u.json)" = "[0,40]" ] && ok ||
    bad "say_no's unchecked Impossible: $(tail -3 "$tmp/out") $(jq -c '[.solvers[].unchecked]' u.json)"
# Flip Game's Impossible with its certificates (gf2's) is certified; rowenum's, agreed.
expect 0 "" -- run flip --corpus flip:random:count=300 --solvers gf2,rowenum --json fr.json
jq -e '.solvers[0].certified == 300 and .solvers[1].agreed > 0 and .solvers[1].failed == 0 and
       .solvers[0].certified + 0 == .solvers[1].certified + .solvers[1].agreed' fr.json >/dev/null &&
    ok || bad "gf2, rowenum classes: $(jq -c '[.solvers[] | [.certified, .agreed, .failed]]' fr.json)"

# A run that checked nothing fails; a plug-in's unknown or stop, no budget, is its failure.
expect 1 "" -- run tetravex --corpus tetravex:random:n=6:count=5 --solvers portfolio,mrv --budget 1n
grep -q "^FAIL: nothing was checked" "$tmp/out" && ok || bad "all unknown: $(cat "$tmp/out")"
expect 1 "" -- run tetravex --corpus tetravex:random:n=3:count=10 --solvers w.so:unknown
grep -q "the solver answered unknown, and no budget cut it" "$tmp/out" && ok ||
    bad "w.so:unknown: $(cat "$tmp/out")"
grep -q "cut by the budget" "$tmp/out" && bad "w.so:unknown counted cut by a budget" || ok
for s in flip:w.so:fstop tetravex:w.so:tstop; do
    expect 1 "" -- run "${s%%:*}" --corpus "${s%%:*}:random:count=10" --solvers "${s#*:}"
    grep -q "stopped (PZ_STOPPED) with no budget and no signal" "$tmp/out" && ok ||
        bad "${s#*:}: $(cat "$tmp/out")"
done

# Sampled-out boards are not run, not unanswered (every solver sampled, as a
# plan may choose; given here, since what a plan chooses depends on the machine).
expect 0 "" -- "$pb" run flip --corpus flip:random:count=2e4 --solvers gf2,rowenum --sample 1/10 \
    --slow gf2,rowenum --no-save
grep -q "no valid answer\|no solver answered" "$tmp/out" && bad "sampled out: $(cat "$tmp/out")" || ok
grep -q "^Answers: .*not run: 18000" "$tmp/out" && grep -q "not run (sampled out)" "$tmp/out" && ok ||
    bad "sampled out: $(cat "$tmp/out")"

# The same judge output agrees; another count says how it differs.
expect 0 "" -- run flip --corpus flip:random:count=200 --solvers gf2,w.so:last4
expect 1 "" -- run flip --corpus flip:random:count=200 --solvers gf2,w.so:plus
grep -qE "DIFFERS: [0-9]+ where gf2 has [0-9]+" "$tmp/out" && ok || bad "w.so:plus: $(cat "$tmp/out")"

# Random mixes: a plug-in wrong on every board (all solvable) among
# built-in ones, budgets and samples; none may exit 0.  (test_answers drives thousands in-process.)
RANDOM=35
for m in $(seq 1 24); do
    case $((RANDOM % 2)) in
    0) puzzle=flip corpus="flip:random:mode=solvable:count=$((1 + RANDOM % 60)):seed=$m"
       builtins=(gf2 rowenum) wrongs=(w.so:never w.so:fstop w.so:plus) ;;
    *) puzzle=tetravex corpus="tetravex:random:n=3:mode=solvable:count=$((1 + RANDOM % 30)):seed=$m"
       builtins=(mrv portfolio) wrongs=(w.so:say_yes w.so:say_no w.so:unknown w.so:tstop) ;;
    esac
    solvers=${wrongs[$((RANDOM % ${#wrongs[@]}))]}
    [ $((RANDOM % 2)) = 0 ] && solvers="${builtins[$((RANDOM % 2))]},$solvers"
    opts=()
    [ $((RANDOM % 3)) = 0 ] && opts+=(--budget "$((1 + RANDOM % 100))n")
    [ $((RANDOM % 3)) = 0 ] && opts+=(--sample "1/$((2 + RANDOM % 4))")
    run "$puzzle" --corpus "$corpus" --solvers "$solvers" "${opts[@]}" >mix.out 2>&1
    rc=$?
    if [ "$rc" = 0 ]; then
        bad "mix $m exited 0: $puzzle $corpus $solvers ${opts[*]}"; cat mix.out
    else ok; fi
done

# stress's random mixes: a program right or wrong in one way (sed on our
# solver's output), on a generated corpus or on a file whose jury is right,
# wrong or "unknown" in places, in random batches, jobs and shards.  stress
# may exit 0 only where the program printed the truth on every instance
# judged and no jury answer is wrong, and must where both hold; a jury's
# "unknown" is said.
printf '#!/bin/sh\n"%s" solve "$1" | sed "$2"\n' "$pb" >prog.sh
chmod +x prog.sh
flip_seds=('s/^x$/x/' 's/^[1-6]$/Impossible/' 's/^Impossible$/0/' 's/^2$/3/')
tetravex_seds=('s/^x$/x/' 's/Possible$/Impossible/' 's/Impossible$/Possible/' 's/Possible$/unknown/')
RANDOM=36
for m in $(seq 1 16); do
    if [ $((RANDOM % 2)) = 0 ]; then
        puzzle=flip seds=("${flip_seds[@]}") kind=
        [ $((RANDOM % 2)) = 0 ] && kind=mode=solvable:
        corpus="flip:random:${kind}count=$((1 + RANDOM % 40)):seed=$m"
    else
        puzzle=tetravex seds=("${tetravex_seds[@]}") kind=tiles
        [ $((RANDOM % 2)) = 0 ] && kind=solvable
        corpus="tetravex:random:n=3:mode=$kind:count=$((1 + RANDOM % 20)):seed=$m"
    fi
    edit=${seds[$((RANDOM % ${#seds[@]}))]}
    "$pb" gen "$puzzle" --corpus "$corpus" >mix.in
    "$pb" solve "$puzzle" <mix.in >truth.out
    ./prog.sh "$puzzle" "$edit" <mix.in >prog.out
    wrong=0
    cmp -s truth.out prog.out || wrong=1
    jury_wrong=0 jury_unknown=0 target=$corpus
    if [ $((RANDOM % 2)) = 0 ]; then # a corpus file, its jury spoilt in places
        target=mix.in
        awk -v seed="$RANDOM" -v puzzle="$puzzle" 'BEGIN { srand(seed) }
            /^$/ || rand() >= 0.1 { print; next }
            puzzle == "flip" { print ($0 == "Impossible" ? 1 : "Impossible"); next }
            { w = rand() < 0.5 ? "unknown" : $NF == "Impossible" ? "Possible" : "Impossible"
              $NF = w; print }' truth.out >mix.ans
        jury_unknown=$(grep -c unknown mix.ans)
        jury_wrong=$(paste -d'|' truth.out mix.ans | awk -F'|' '$1 != $2 && $2 !~ /unknown$/' |
            wc -l)
    fi
    opts=(--batch $((1 + RANDOM % 30)) --jobs $((1 + RANDOM % 2)) --show 1 --save saved
          "${nolimit[@]}")
    sharded=0
    [ $((RANDOM % 4)) = 0 ] && opts+=(--shard 0/2) sharded=1
    "$pb" stress "$puzzle" --exec "./prog.sh $puzzle '$edit'" --corpus "$target" "${opts[@]}" \
        >mix.out 2>&1
    rc=$?
    what="$puzzle $target '$edit' ${opts[*]} (wrong $wrong, jury: $jury_wrong wrong)"
    # a shard judges half the corpus: a wrong answer in the other half need not fail it
    if [ "$rc" = 0 ] && [ "$sharded" = 0 ] && [ "$wrong$jury_wrong" != 00 ]; then
        bad "stress mix $m exited 0: $what"; cat mix.out
    elif [ "$rc" != 0 ] && [ "$wrong$jury_wrong" = 00 ]; then
        bad "stress mix $m exited $rc on right answers: $what"; cat mix.out
    elif [ "$jury_unknown" != 0 ] && [ "$sharded" = 0 ] &&
        ! grep -q "the jury gave no answer (\"unknown\") to $jury_unknown instance" mix.out; then
        bad "stress mix $m: the jury's $jury_unknown unknown not said: $what"; cat mix.out
    else ok; fi
    rm -f mix.ans
done
# Sampled by the time budget's plan: a wrong program still fails, a right one passes.
for edit in 's/^[1-6]$/Impossible/' 's/^x$/x/'; do
    "$pb" stress flip --exec "./prog.sh flip '$edit'" --corpus flip:random:mode=solvable:count=1e5 \
        --batch 1000 --time-budget 0.2 --show 1 --save saved "${nolimit[@]}" >mix.out 2>&1
    rc=$?
    want=1
    [ "$edit" = 's/^x$/x/' ] && want=0
    [ "$rc" = "$want" ] && grep -q "sampled for the time budget" mix.out && ok ||
        { bad "sampled stress, '$edit': exit $rc, expected $want"; cat mix.out; }
done

summary
