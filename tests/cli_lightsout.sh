#!/usr/bin/env bash
# cli_lightsout.sh - judge mode and `info` for Extended Lights Out, through the binary.
# Usage: cli_lightsout.sh PUZZLEBENCH SOURCE_DIR
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
corpus=$src/corpus/lightsout

# expect_out NAME STATUS EXPECTED_STDOUT_FILE EXPECTED_STDERR_SUBSTRING -- CMD...
expect_out() {
    local name=$1 status=$2 out=$3 err=$4 rc
    shift 5
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != "$status" ]; then
        bad "$name: exit status $rc, expected $status ($(head -c 300 "$tmp/err"))"
    elif [ -n "$out" ] && ! cmp -s "$tmp/out" "$out"; then
        bad "$name: output differs from $out"
        diff "$tmp/out" "$out" | head -10
    elif [ -n "$err" ] && ! grep -qF -- "$err" "$tmp/err"; then
        bad "$name: stderr lacks '$err': $(cat "$tmp/err")"
    else
        ok
    fi
}

# The sample, byte for byte, from each solver that takes 5x6 and by default.
printf '2\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n0 0 1 0 1 0\n1 0 1 0 1 1\n0 0 1 0 1 1\n1 0 1 1 0 0\n0 1 0 1 0 0\n' >"$tmp/sample.in"
printf 'PUZZLE #1\n1 0 1 0 0 1\n1 1 0 1 0 1\n0 0 1 0 1 1\n1 0 0 1 0 0\n0 1 0 0 0 0\nPUZZLE #2\n1 0 0 1 1 1\n1 1 0 0 0 0\n0 0 0 1 0 0\n1 1 0 1 0 1\n1 0 1 1 0 1\n' >"$tmp/sample.ans"
for s in gf2 rowenum; do
    expect_out "sample/$s" 0 "$tmp/sample.ans" "" -- "$pb" solve lightsout --solver "$s" "$tmp/sample.in"
done
expect_out "sample/stdin" 0 "$tmp/sample.ans" "" -- sh -c "\"$pb\" solve lightsout <\"$tmp/sample.in\""
expect_out "5x6/iddfs" 2 "" "solver iddfs does not take lightsout boards of size 5x6" -- \
    "$pb" solve lightsout --solver iddfs "$tmp/sample.in"

# Every corpus file gives its answers, from every solver that takes its size.
for in in "$corpus"/*.in; do
    for s in gf2 rowenum bfs iddfs; do
        "$pb" solve lightsout --solver "$s" "$in" >"$tmp/out" 2>"$tmp/err"
        case $? in
        0) cmp -s "$tmp/out" "${in%.in}.ans" && ok || bad "$(basename "$in")/$s: wrong answers" ;;
        2) grep -q "does not take" "$tmp/err" && ok || bad "$(basename "$in")/$s: $(cat "$tmp/err")" ;;
        *) bad "$(basename "$in")/$s: crashed" ;;
        esac
    done
done

# The judges' checker accepts every corpus answer file and rejects a wrong press.
for in in "$corpus"/*.in; do
    expect_out "check $(basename "$in")" 0 "" "ok " -- "$pb" check lightsout "$in" "${in%.in}.ans"
done
sed '3s/^1/0/' "$corpus/poj1222.ans" >"$tmp/wrong.ans"
expect_out "check wrong" 1 "" "wrong answer on case 1" -- \
    "$pb" check lightsout "$corpus/poj1222.in" "$tmp/wrong.ans"

# Bad input: file:line: what was expected, status 2.
printf '1\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 2 0 1\n' >"$tmp/bad.in"
expect_out "bad value" 2 "" "$tmp/bad.in:4: expected a value 0 or 1 in position 4" -- \
    "$pb" solve lightsout "$tmp/bad.in"
printf '1 4097 2\n' >"$tmp/bad.in"
expect_out "bad size" 2 "" "$tmp/bad.in:1: expected \"N\" or \"N m n\" with 1 <= m, n <= 4096" -- \
    "$pb" solve lightsout "$tmp/bad.in"
printf '2\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n' >"$tmp/bad.in"
expect_out "short" 2 "" "expected 1 more puzzle: the input ended" -- "$pb" solve lightsout "$tmp/bad.in"

# info: the judge's size is invertible; 4x4 and 5x5 are not; flip 4x4 has 4096.
info() { "$pb" info "$1" | grep "^$2: " | head -1; }
[ "$(info lightsout:rows=5:cols=6 nullity)" = "nullity: 0" ] && ok || bad "info 5x6"
[ "$(info lightsout nullity)" = "nullity: 0" ] && ok || bad "info lightsout default"
[ "$(info lightsout:rows=4:cols=4 'solvable boards')" = "solvable boards: 2^12 = 4096" ] && ok ||
    bad "info 4x4"
[ "$(info lightsout:rows=5:cols=5 nullity)" = "nullity: 2" ] && ok || bad "info 5x5"
[ "$(info lightsout:rows=64:cols=64 rank)" = "rank: 4068" ] && ok || bad "info 64x64"
[ "$(info flip:rows=4:cols=4 'solvable boards (all off or all on)')" = \
  "solvable boards (all off or all on): 2^12 = 4096" ] && ok || bad "info flip 4x4"
expect_out "info bad" 2 "" "with 1 <= M, N <= 4096, found 'lightsout:rows=0'" -- \
    "$pb" info lightsout:rows=0
expect_out "info too big" 2 "" "with 1 <= M, N <= 4096, found 'flip:rows=8:cols=4097'" -- \
    "$pb" info flip:rows=8:cols=4097
# Beyond 64x64, the transfer matrix of toggle/big.h (test_bigboards checks
# every n x n to 300 against light chasing and M4RI's rank).
[ "$(info lightsout:rows=128:cols=128 nullity)" = "nullity: 56" ] && ok || bad "info 128x128"
[ "$(info lightsout:rows=65:cols=64 nullity)" = "nullity: 0" ] && ok || bad "info 65x64"
[ "$(info flip:rows=4096:cols=4096 rank)" = "rank: 16775144" ] && ok || bad "info 4096x4096"

summary
