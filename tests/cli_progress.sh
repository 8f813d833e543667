#!/usr/bin/env bash
# Progress lines: on a terminal (script(1) gives one) run and stress redraw
# "NAME: done/total instances (...), RATE/s, TIME, about T left" while they work,
# even before a batch has finished, and clear it at the end.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

on_tty() { script -qec "$*" /dev/null | tr '\r' '\n'; }

# Each run is cut by SIGINT after 3 s; the line is drawn before that.
on_tty "timeout -s INT 3 $pb run flip --corpus flip:exhaustive --solvers bfs --threads 1 --time-budget none >/dev/null" >"$tmp/run"
if grep -aqE 'run: [0-9]+/65536 instances \([0-9.]+%\), [0-9.e+]+/s, [0-9.]+ (ms|s)' "$tmp/run"; then ok
else bad "run drew no progress line on a terminal:"; head -c 600 "$tmp/run"; fi

# The first batch of iddfs on 5x5 Lights Out takes minutes: the line is drawn
# all the same, with nothing done yet.
on_tty "timeout -s INT 2 $pb run lightsout --corpus lightsout:exhaustive:rows=5:cols=5 --time-budget none \
    --solvers iddfs --threads 1 >/dev/null" >"$tmp/slow"
if grep -aqE 'run: 0/33554432 instances \(0\.0%\), 0/s, [0-9.]+ (ms|s)' "$tmp/slow"; then ok
else bad "a slow first batch silenced the progress line:"; head -c 600 "$tmp/slow"; fi

# stress: the same line, named stress, for a program run on each board.
progs=${PZ_PROGS:-$(dirname "$pb")/tests/progs}
on_tty "timeout -s INT 3 $pb stress flip --exec '$progs/prog_flip ok' --corpus flip:exhaustive --jobs 1 \
    --time-budget none >/dev/null" \
    >"$tmp/stress"
if grep -aqE 'stress: [0-9]+/65536 instances' "$tmp/stress"; then ok
else bad "stress drew no progress line on a terminal:"; head -c 600 "$tmp/stress"; fi
summary
