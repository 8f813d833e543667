#!/usr/bin/env bash
# cli_pieces.sh - one game's search split into pieces (gen --pieces), run
# and sharded: the merged histogram gives the game's answer, Possible if a
# piece is, Impossible if every piece is; the solvers that take pieces agree
# on them; bad depths and bad piece headers are refused.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
corpus=$src/corpus/tetravex

# answer_of REPORT: the game's answer from its pieces' histogram.
answer_of() {
    jq -r '[.histogram[] | {(.answer): .count}] | add as $h
           | if ($h.Possible // 0) > 0 then "Possible"
             elif ($h.unknown // 0) > 0 then "unknown" else "Impossible" end' "$1"
}

# A Possible 7x7 game and an Impossible one (hard-7x7-d10's first).
"$pb" gen tetravex --corpus tetravex:random:n=7:digits=10:mode=solvable:count=1:seed=3 >"$tmp/yes.in"
awk 'NR == 1 || (NR <= 50)' "$corpus/hard-7x7-d10.in" >"$tmp/no.in"
echo 0 >>"$tmp/no.in"
for game in yes no; do
    expect 0 "gen: [0-9]* pieces at step 4 of the search, [0-9]* nodes above them" -- \
        "$pb" gen tetravex --corpus "$tmp/$game.in" --pieces 4
    mv "$tmp/out" "$tmp/$game.p.in"
    [ "$(grep -c '^7 fixed 4$' "$tmp/$game.p.in")" -gt 100 ] && ok || bad "$game: few pieces"
    expect 0 "" -- "$pb" run tetravex --corpus "$tmp/$game.p.in" --solvers square,mrv,sat \
        --sample 1/7 --json "$tmp/$game.json"
    want=$("$pb" solve tetravex "$tmp/$game.in" | sed 's/^Game 1: //')
    [ "$(answer_of "$tmp/$game.json")" = "$want" ] && ok ||
        bad "$game: the pieces say $(answer_of "$tmp/$game.json"), the game is $want"
done
[ "$(jq '.solvers | map(.disagree + .invalid) | add' "$tmp/yes.json")" = 0 ] && ok ||
    bad "the solvers disagree on the pieces"

# Sharded over GNU parallel: an Impossible game's pieces all run, and the
# merge's histogram is the unsharded run's, its answer the whole game's
# (solve's, unsplit); a Possible game stops at its first Possible piece
# (or merges, where every shard had finished by then), answering Possible.
if command -v parallel >/dev/null; then
    PUZZLEBENCH=$pb expect 0 "" -- "$src/scripts/shard" "$tmp/no.p.in" --puzzle tetravex \
        --shards 4 --jobs 2 --solvers square --out "$tmp/shard-no"
    jq -c .histogram "$tmp/shard-no/merged.json" >"$tmp/h1"
    "$pb" run tetravex --corpus "$tmp/no.p.in" --solvers square --json "$tmp/one.json" >/dev/null 2>&1
    jq -c .histogram "$tmp/one.json" | cmp -s - "$tmp/h1" && ok || bad "shard no: $(cat "$tmp/h1")"
    [ "$(answer_of "$tmp/shard-no/merged.json")" = Impossible ] && ok ||
        bad "shard no: the pieces say $(answer_of "$tmp/shard-no/merged.json")"
    PUZZLEBENCH=$pb expect 0 "" -- "$src/scripts/shard" "$tmp/yes.p.in" --puzzle tetravex \
        --shards 4 --jobs 2 --solvers square --out "$tmp/shard-yes"
    if [ -f "$tmp/shard-yes/merged.json" ]; then
        [ "$(answer_of "$tmp/shard-yes/merged.json")" = Possible ] && ok ||
            bad "shard yes: the pieces say $(answer_of "$tmp/shard-yes/merged.json")"
    else
        grep -q "holds a Possible piece: the game is Possible" "$tmp/err" && ok ||
            bad "shard yes: neither merged nor answered: $(cat "$tmp/err")"
    fi
fi

# The pieces of a piece: a deeper split of one of them.
awk 'NR <= 50' "$tmp/yes.p.in" >"$tmp/one.p.in" && echo 0 >>"$tmp/one.p.in"
expect 0 "gen: [0-9]* pieces at step 6" -- "$pb" gen tetravex --corpus "$tmp/one.p.in" --pieces 6
grep -q "^7 fixed 6$" "$tmp/out" && ok || bad "pieces of a piece: $(head -1 "$tmp/out")"

# Bad depths, corpora and headers.
expect_line 2 "puzzlebench: gen: --pieces 50: expected a depth from 0 to 49 for this game of 49 cells" \
    "$pb" gen tetravex --corpus "$tmp/yes.in" --pieces 50
expect_line 2 "puzzlebench: gen: --pieces 3: expected a depth from 4 to 49 for this game of 49 cells (a piece already)" \
    "$pb" gen tetravex --corpus "$tmp/one.p.in" --pieces 3
expect_line 2 "puzzlebench: gen: expected --pieces D, a step of the search (0 or more), found 'x'" \
    "$pb" gen tetravex --corpus "$tmp/yes.in" --pieces x
expect_line 2 "puzzlebench: gen: --pieces splits one game; $corpus/hard-7x7-d10.in has 5" \
    "$pb" gen tetravex --corpus "$corpus/hard-7x7-d10.in" --pieces 4
expect_line 2 "puzzlebench: gen: --pieces: flip games are not split (only tetravex's are)" \
    "$pb" gen flip --corpus flip:random:count=1 --pieces 4
printf '2 fixed 5\n1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n0\n' >"$tmp/bad.in"
expect_line 2 "$tmp/bad.in:1: expected n fixed D, D from 0 to 4 (tiles pinned), found '5'" \
    "$pb" solve tetravex "$tmp/bad.in"
printf '2 pinned 1\n' >"$tmp/bad.in"
expect_line 2 "$tmp/bad.in:1: expected only the board size n on this line" \
    "$pb" solve tetravex "$tmp/bad.in"
# The solvers that search whole games only say so, and refuse pieces.
"$pb" list tetravex | tr -s ' \n' ' ' | grep -q "portfolio [^[]*\[n <= 12, whole games\]" && ok ||
    bad "list: portfolio's limits"
expect 2 "solver portfolio does not take" -- \
    "$pb" solve tetravex --solver portfolio "$tmp/one.p.in"

summary
