#!/usr/bin/env bash
# The README's quick start, run as written (but scripts/build, which the test
# build stands in for): each line exits 0 within a few seconds, and the solve
# prints the judge's answer.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

awk '/^## Quick start/ { on = 1; next } /^## / { on = 0 } on && /^    / { sub(/^    /, ""); print }' \
    "$src/README.md" >"$tmp/lines"
[ "$(grep -c . "$tmp/lines")" -ge 5 ] && ok || bad "the quick start has $(grep -c . "$tmp/lines") lines"
grep -q '^scripts/build ' "$tmp/lines" && ok || bad "the quick start does not start with scripts/build"
mkdir -p "$tmp/build" && ln -s "$pb" "$tmp/build/puzzlebench"
# An ASan build of solve, stressed, needs more address space than --memory-limit.
asan=; sanitized "$pb" && asan=" --memory-limit 0"
while IFS= read -r line; do
    case $line in scripts/build*) continue ;; esac
    cmd=${line%%#*}
    case $cmd in *' stress '*) cmd+=$asan ;; esac
    (cd "$src" && PATH="$tmp/build:$PATH" timeout 60 bash -c "${cmd//build\/puzzlebench/$tmp/build/puzzlebench}") \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc != 0 ]; then bad "README quick start: '$cmd' exited $rc: $(head -5 "$tmp/err")"; continue; fi
    ok
    case $cmd in printf*'solve flip'*) [ "$(cat "$tmp/out")" = 4 ] && ok || bad "'$cmd' printed $(cat "$tmp/out")" ;; esac
done <"$tmp/lines"
bash "$src/scripts/build" --help | grep -q 'usage: scripts/build' && ok || bad "scripts/build --help"
summary
