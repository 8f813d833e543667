#!/usr/bin/env bash
# cli_messages.sh - bad input names what it found and what was expected,
# exits 2, and offers "did you mean" wherever a name is chosen from a list.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# Names chosen from a list: a prefix or a near miss is offered.
expect_line 2 "puzzlebench: list: unknown puzzle 'tetra'; did you mean 'tetravex'? (see puzzlebench list)" \
    "$pb" list tetra
expect_line 2 "puzzlebench: info: unknown key 'row' in 'flip:row=5'; did you mean 'rows'?" \
    "$pb" info flip:row=5
PUZZLEBENCH=$pb expect_line 2 "scripts/shard: unknown option '--shard'; did you mean '--shards'? (see --help)" \
    "$src/scripts/shard" flip:exhaustive --shard 4
PUZZLEBENCH=$pb expect_line 2 "scripts/shard: unknown option '--zzz' (see --help)" \
    "$src/scripts/shard" flip:exhaustive --zzz 4

# Numbers of a spec in decimal digits alone, and no empty field.
keys='expected count= a whole number from 0 to 1e15 (1000 or 1e6)'
for v in 0x10 ' 5' +5 inf 1e; do
    expect 2 "flip:random:count=$v: $keys, found '$v'" -- "$pb" gen flip --corpus "flip:random:count=$v"
done
expect 2 "flip:random:rows= 4: expected rows= a whole number" -- "$pb" gen flip --corpus "flip:random:rows= 4"
expect 2 "flip:random:seed=+1: expected seed= a whole number" -- "$pb" gen flip --corpus flip:random:seed=+1
expect_line 2 "puzzlebench: flip:random:: expected a field after each ':', found none at byte 13 (the end)" \
    "$pb" gen flip --corpus flip:random:
expect_line 2 "puzzlebench: flip:random::count=5: expected a field after each ':', found none at byte 13" \
    "$pb" gen flip --corpus flip:random::count=5
expect 0 '' -- "$pb" gen flip --corpus flip:random:count=2.5e3:rows=5
expect 0 '' -- "$pb" gen flip --corpus flip:random:count=1e3

# A game whose search ends above step D has no pieces: it is Impossible, said so.
printf '2\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n0\n' >"$tmp/imp.in"
expect 0 'gen: 0 pieces at step 2 of the search, 1 nodes above them: the search ends above that step, so the game is Impossible' -- \
    "$pb" gen tetravex --corpus "$tmp/imp.in" --pieces 2

# A piece's header "n fixed D" without its D is no "fixed 0".
printf '2 fixed\n1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n0\n' >"$tmp/fixed.in"
expect_line 2 "stdin:1: expected n fixed D, D from 0 to 4 (tiles pinned), found no D" \
    "$pb" solve tetravex <"$tmp/fixed.in"

# A UTF-8 byte order mark is named as such, not as the byte '\xef'.
printf '\xef\xbb\xbfbwwb\nbbwb\nbwwb\nbwww\n' >"$tmp/bom.in"
expect_line 2 "stdin:1: expected plain text, found a UTF-8 byte order mark (EF BB BF) at the start: save the file without it" \
    "$pb" solve flip <"$tmp/bom.in"
expect 2 "bom.in:1: expected plain text, found a UTF-8 byte order mark" -- \
    "$pb" run flip --corpus "$tmp/bom.in" --no-save

# An empty judge input is no input.
expect_line 2 "puzzlebench: stdin: expected a flip board, found an empty input" "$pb" solve flip </dev/null
summary
