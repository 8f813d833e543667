#!/usr/bin/env bash
# cli_options.sh - the options of every command, walked from the help: each
# command answers -h and --help on stdout with exit 0; every option its help
# lists is one getopt_long knows (a value-taking one without its value says
# "requires an argument", a flag given a value says it takes none); unknown
# options exit 2 (check: 3, testlib's failure); "--" ends the options;
# "--name VALUE" and "--name=VALUE" agree; --version is CMake's version; each
# command's usage line is the one `puzzlebench --help` lists.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# The commands, as `puzzlebench --help` lists them.
mapfile -t commands < <("$pb" --help | awk '/^commands:/ { on = 1; next } /^$/ { on = 0 }
    on && /^  [a-z]/ { print $1 }')
[ ${#commands[@]} -ge 8 ] && ok || bad "puzzlebench --help lists ${#commands[@]} commands"

for cmd in "${commands[@]}"; do
    unknown=2
    [ "$cmd" = check ] && unknown=3
    for h in -h --help; do
        "$pb" "$cmd" $h >"$tmp/help" 2>"$tmp/err"
        rc=$?
        if [ $rc = 0 ] && [ ! -s "$tmp/err" ] && head -1 "$tmp/help" | grep -q "^usage: puzzlebench $cmd"
        then ok; else bad "$cmd $h: exit $rc, or no usage line on stdout"; fi
    done
    # Its usage line is the one `puzzlebench --help` lists: both come from its table.
    listed=$("$pb" --help | awk -v c="$cmd" '/^  [a-z]/ && $1 == c { sub(/^  [a-z]+ +/, ""); print }')
    [ "$(head -1 "$tmp/help")" = "usage: puzzlebench $cmd $listed" ] && ok ||
        bad "$cmd: '$(head -1 "$tmp/help")', but puzzlebench --help lists '$listed'"
    # The help's option lines: "  --name META  help" or "  -x, --name  help".
    mapfile -t opts < <(grep -E '^  (-[a-zA-Z], )?--[a-z]' "$tmp/help" |
        sed -E 's/^  (-[a-zA-Z], )?//; s/  .*//')
    [ ${#opts[@]} -ge 1 ] && ok || bad "$cmd --help lists no option"
    for o in "${opts[@]}"; do
        name=${o%% *}
        [ "$name" = --help ] && continue
        if [ "$name" != "$o" ]; then
            expect $unknown "option '$name' requires an argument" -- "$pb" "$cmd" "$name"
        else
            expect $unknown "option '$name' doesn't allow an argument" -- "$pb" "$cmd" "$name=1"
        fi
    done
    expect $unknown "unrecognized option '--no-such-option'" -- "$pb" "$cmd" --no-such-option
done

# Every command's help lists its options in the same table-made layout.
"$pb" run --help | grep -q '^  --corpus SPEC      PUZZLE:KIND' && ok || bad "run --help: --corpus line"
"$pb" stress --help | grep -q '^  --jobs J           programs run at once (default 1, at most 256)$' &&
    ok || bad "stress --help: --jobs line"

# --name=VALUE, --name VALUE, and options after the puzzle or before it.
"$pb" gen flip --corpus flip:random:count=5 >"$tmp/a"
"$pb" gen --corpus=flip:random:count=5 flip >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && [ -s "$tmp/a" ] && ok || bad "gen --corpus=SPEC differs from --corpus SPEC"
POSIXLY_CORRECT=1 "$pb" gen flip --corpus flip:random:count=5 >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok || bad "under POSIXLY_CORRECT, options after the puzzle are lost"

# "--" ends the options: a file whose name starts with '-'.
cp "$src/corpus/flip/poj1753.in" "$tmp/-board.in"
(cd "$tmp" && "$pb" solve flip -- -board.in) >"$tmp/out" 2>"$tmp/err" &&
    cmp -s "$tmp/out" "$src/corpus/flip/poj1753.ans" && ok || bad "solve flip -- -board.in"
(cd "$tmp" && expect 2 "invalid option -- 'b'" -- "$pb" solve flip -board.in)
expect 2 "unknown puzzle '--corpus'" -- "$pb" run -- --corpus

# The messages of bad usage, as getopt words them after our prefix.
expect 2 "^puzzlebench: solve: option '--solver' requires an argument$" -- "$pb" solve flip --solver
expect 3 "^puzzlebench: checker failure: unrecognized option '--x'$" -- "$pb" check flip --x
expect 2 "^puzzlebench: unrecognized option '--nope'$" -- "$pb" --nope
expect 2 "^puzzlebench: list: unknown puzzle 'x'" -- "$pb" list x

# "Did you mean": a misspelt command, puzzle, solver, corpus kind, key or
# option gets the nearest name, still with exit status 2; a word near no
# name gets none.
expect 2 "^puzzlebench: unknown command 'lsit'; did you mean 'list'?" -- "$pb" lsit
expect 2 "flip has no solver 'gf3'; did you mean 'gf2'?" -- "$pb" run flip --solvers gf3 \
    --corpus flip:random:count=1
expect 2 "flip has no solver 'rowenm'; did you mean 'rowenum'?" -- "$pb" solve flip --solver rowenm
expect 2 "unknown corpus kind 'exhaustiv' (did you mean 'exhaustive'?)" -- \
    "$pb" run flip --corpus flip:exhaustiv
expect 2 "unknown key 'cuont' (did you mean 'count'?)" -- "$pb" gen flip --corpus flip:random:cuont=5
expect 2 "no puzzle 'lightsot' (did you mean 'lightsout'?)" -- \
    "$pb" run lightsout --corpus lightsot:random
expect 2 "^puzzlebench: run: did you mean '--corpus'?$" -- "$pb" run flip --corpos flip:random
expect 2 "^puzzlebench: gen: did you mean '--corpus'?$" -- "$pb" gen flip --corpos=flip:random
expect 3 "^puzzlebench: checker failure: did you mean '--solver'?$" -- "$pb" check flip --solvr x
for cmd in run solve stress gen info list; do
    expect 2 "unknown puzzle 'lightsot'; did you mean 'lightsout'?" -- "$pb" $cmd lightsot
done
expect 3 "unknown puzzle 'lightsot'; did you mean 'lightsout'?" -- "$pb" check lightsot a b
expect 2 "" -- "$pb" frobnicate
grep -q "did you mean" "$tmp/err" && bad "frobnicate: a suggestion for a word near no command" || ok
expect 2 "" -- "$pb" run flip --solvers gf2,xyz --corpus flip:random:count=1
grep -q "did you mean" "$tmp/err" && bad "--solvers xyz: a suggestion for a word near no solver" || ok
expect 2 "" -- "$pb" run flip --nope
grep -q "did you mean" "$tmp/err" && bad "--nope: a suggestion for a word near no option" || ok

# --version: the one version, CMake's project(... VERSION ...).
want=$(sed -n 's/^project(puzzlebench VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ -n "$want" ] && [ "$("$pb" --version)" = "puzzlebench $want" ] && ok ||
    bad "puzzlebench --version: '$("$pb" --version)', CMakeLists.txt says '$want'"
"$pb" --help | grep -q -- '--version' && ok || bad "puzzlebench --help lacks --version"

summary
