#!/usr/bin/env bash
# cli_tetravex_stop.sh - a signal stops every Tetravex search within a second:
# run reports what it finished as PARTIAL and exits 128 + the signal, the game
# the signal cut counts for nothing, and solve prints no answer it did not
# finish.  Before, a search saw no signal: runs went on for minutes, and one
# whose last game ended after the signal exited 0 with a complete report.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

# The first 12x12 perturbed game with 10 numbers of seed 1 takes each of these
# solvers more than 10 s (more than a minute for most).
hard=tetravex:random:n=12:digits=10:mode=perturbed:count=1
# A quick game (the judge's first), then that one: a signal in the last game.
{
    head -5 "$src/corpus/tetravex/zoj1008.in"
    "$pb" gen tetravex --corpus "$hard" | sed '$d'
    echo 0
} >"$tmp/last.in"

# caught PID: waits (up to 5 s) until PID's child, its pid then in $child,
# catches SIGINT and SIGTERM (bits 2 and 15 of SigCgt): puzzlebench catches
# them once it has set up, which a loaded machine may take past a second to do.
caught() {
    local mask i
    for ((i = 0; i < 100; i++)); do
        child=$(cat "/proc/$1/task/$1/children" 2>/dev/null)
        child=${child%% *}
        mask=$(sed -n 's/^SigCgt:\t*//p' "/proc/$child/status" 2>/dev/null)
        [ -n "$child" ] && [ -n "$mask" ] && (((0x$mask & 0x4002) == 0x4002)) && return 0
        sleep 0.05
    done
    return 1
}

# stopped WHAT SIGNAL WANT COMMAND...: COMMAND started in the background gets
# SIGNAL a second into its work and must exit WANT within two (a second on a
# quiet machine; two allow for a shared one).  The signal goes to COMMAND
# itself, not to timeout, which would send it on twice (to the command and
# to its group: a second signal ends puzzlebench at once); timeout kills a
# command that does not end at ten (no shell of our own as the watchdog: it
# would share this one's trap).  Job control (set -m) keeps
# SIGINT from being ignored in a background job of a script.
stopped() {
    local what=$1 sig=$2 want=$3 pid rc t0 t1 child=
    shift 3
    set -m
    timeout -s KILL 10 "$@" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    set +m
    caught $pid || bad "$what: never caught SIGINT and SIGTERM"
    sleep 1
    t0=$(date +%s%N)
    kill -"$sig" ${child:-$pid}
    wait $pid
    rc=$?
    t1=$(date +%s%N)
    if [ $rc != "$want" ]; then
        bad "$what: SIG$sig: exit $rc, expected $want"
        cat "$tmp/err"
        return 1
    fi
    if [ $(((t1 - t0) / 1000000)) -ge 2000 ]; then
        bad "$what: SIG$sig: took $(((t1 - t0) / 1000000)) ms to end"
        return 1
    fi
    ok
}

for s in portfolio turns mrv count kinds square sat gecode; do
    for sig in INT:130 TERM:143; do
        rm -f "$tmp/r.json" "$tmp/r.partial.json"
        stopped "run --solvers $s" "${sig%:*}" "${sig#*:}" "$pb" run tetravex --corpus "$hard" \
            --solvers "$s" --threads 1 --no-save --json "$tmp/r.json" || continue
        [ "$(jq .partial "$tmp/r.partial.json" 2>/dev/null)" = true ] && ok ||
            bad "run --solvers $s: SIG${sig%:*}: no partial report"
        [ -e "$tmp/r.json" ] && bad "run --solvers $s: SIG${sig%:*}: a complete report"
        grep -q PARTIAL "$tmp/out" && ok || bad "run --solvers $s: SIG${sig%:*}: not PARTIAL"
    done
done

# The signal in the last game: the run is interrupted (130, a partial report),
# and the game it cut is not an answer: one instance done, one answer (the
# first game's Possible) in the histogram, nothing checked of the second.
rm -f "$tmp/r.json" "$tmp/r.partial.json"
if stopped "run, the last game" INT 130 "$pb" run tetravex --corpus "$tmp/last.in" \
    --solvers portfolio,count --threads 1 --batch 1 --no-save --json "$tmp/r.json"; then
    j=$tmp/r.partial.json
    [ "$(jq .partial "$j")" = true ] && [ "$(jq .instances "$j")" = 1 ] && ok ||
        bad "the last game: the partial report does not hold the first game alone: $(cat "$j")"
    [ "$(jq '[.histogram[].count] | add' "$j")" = 1 ] && ok ||
        bad "the last game: the cut game is in the histogram: $(jq -c .histogram "$j")"
    [ "$(jq '[.solvers[].ran] | add' "$j")" = 2 ] && ok ||
        bad "the last game: the cut game is counted as ran: $(jq -c .solvers "$j")"
    grep -q "interrupted after 1 of 2 instances" "$tmp/out" && ok ||
        bad "the last game: the summary does not say 1 of 2"
fi

# Judge mode: the answers it finished, whole, then 130; nothing of the game
# the signal cut (the first game's line, if it got that far; a shared machine
# may take the second to start).
for s in portfolio sat; do
    if stopped "solve --solver $s" INT 130 "$pb" solve tetravex --solver "$s" "$tmp/last.in"; then
        case $(cat "$tmp/out") in
        "" | "Game 1: Possible") ok ;;
        *) bad "solve --solver $s: SIGINT: printed $(od -c "$tmp/out" | head -3)" ;;
        esac
        [ -s "$tmp/err" ] && bad "solve --solver $s: SIGINT: a message: $(cat "$tmp/err")"
    fi
done
# From a pipe that stays open after the first game: the signal ends the wait
# for input too (SIGTERM: 143), and the first game's answer is out whole.
mkfifo "$tmp/fifo"
(head -5 "$src/corpus/tetravex/zoj1008.in" && sleep 5) >"$tmp/fifo" &
writer=$!
if stopped "solve from a pipe" TERM 143 "$pb" solve tetravex "$tmp/fifo"; then
    [ "$(cat "$tmp/out")" = "Game 1: Possible" ] && ok ||
        bad "solve from a pipe: SIGTERM: printed $(od -c "$tmp/out" | head -3)"
    [ -s "$tmp/err" ] && bad "solve from a pipe: SIGTERM: a message: $(cat "$tmp/err")"
fi
kill $writer 2>/dev/null
wait $writer 2>/dev/null

summary
