#!/usr/bin/env bash
# cli_solve.sh - `puzzlebench solve` and `list` from the outside: judge output
# byte for byte, bad input and limits reported with exit status 2.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

for s in gf2 rowenum bfs iddfs; do
    if "$pb" solve flip --solver "$s" "$src/corpus/flip/poj1753.in" | cmp -s - "$src/corpus/flip/poj1753.ans"
    then ok; else bad "flip/$s differs from poj1753.ans"; fi
done
# stdin, no final newline, whitespace between boards
printf 'bwwb\nbbwb\nbwwb\nbwww\n \n\nwwww\nwwww\nwwww\nwwww' | "$pb" solve flip >"$tmp/out"
printf '4\n0\n' | cmp -s - "$tmp/out" && ok || bad "flip from stdin"

printf 'bwwb\nbbwb\nbwxb\nbwww\n' >"$tmp/x.in"
expect 2 "x.in:3: expected 'b' or 'w' in column 3, found 'x'" -- "$pb" solve flip "$tmp/x.in"
printf 'bwwb\nbbwb\n' | expect 2 "stdin:2: expected 4 rows in this board" -- "$pb" solve flip
printf 'bwwb\nbbwbb\n' | expect 2 "stdin:2: expected a row of 4 pieces" -- "$pb" solve flip
printf '6 6\nbbbbbb\nbbbbbb\nbbbbbb\nbbbbbb\nbbbbbb\nbbbbbb\n' |
    expect 2 "solver bfs does not take flip boards of size 6x6 (it takes cells <= 20)" -- \
        "$pb" solve flip --solver bfs
expect 2 "unknown puzzle 'nope'" -- "$pb" solve nope
expect 2 "flip has no solver 'nope'" -- "$pb" solve flip --solver nope
expect 2 "cannot open" -- "$pb" solve flip "$tmp/missing.in"
expect 2 "unknown command" -- "$pb" frobnicate
expect 0 "" -- "$pb" --help
# The exit statuses the help gives, check's testlib codes among them.
grep -q "But check exits with testlib's codes (as above; 3 for bad usage)" "$tmp/out" && ok ||
    bad "puzzlebench --help does not give check's exit status"
expect 3 "expected PUZZLE INPUT OUTPUT" -- "$pb" check flip
"$pb" --help | awk 'length > 84 { print; bad = 1 } END { exit bad }' >"$tmp/wide" && ok ||
    bad "puzzlebench --help has lines past 84 columns: $(cat "$tmp/wide")"
"$pb" list | grep -q "iddfs" && ok || bad "list lacks iddfs"

summary
