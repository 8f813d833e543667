#!/usr/bin/env bash
# cli_sandbox.sh - what stress holds a hostile program to: its limits for the
# run as a whole (memory, processes), and nothing of it left after the run,
# after stress was killed, or after the program tried to get out.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
PROGS=${PZ_PROGS:-$(dirname "$pb")/tests/progs}
FLIP=$PROGS/prog_flip
one=(--corpus flip:random:count=1 --show 0 --wall-limit 20000)
limited() { sed -n 's/^memory and processes limited: //p' "$tmp/out"; }
# left TAG: the processes whose command line holds TAG.
left() { ps -eo pid,args | grep -F -e "$1" | grep -v -e grep -e puzzlebench; }
clean() { left "$1" | awk '{print $1}' | xargs -r kill -9; }

# 1. Memory for the run as a whole: 6 children of 200 MiB each (1.2 GiB)
# under the default 256 MiB limit are MLE (they were AC, each process under
# its RLIMIT_AS).  Where no memory cgroup can be made, stress says so.
expect 1 "" -- "$pb" stress flip --exec "$FLIP hog" "${one[@]}" --time-limit 5000
if limited | grep -q "^memory"; then
    grep -q "MLE: the run's processes together reached the 256 MiB limit" "$tmp/out" && ok ||
        bad "hog: $(grep -E 'verdicts|failure' "$tmp/out")"
else
    grep -q "memory limit holds per process" "$tmp/err" && ok || bad "no warning: $(cat "$tmp/err")"
    echo "SKIPPED: the memory cgroup (memory and processes limited: $(limited))"
fi
# ... and no more than 512 processes: a fork bomb of 1000 fails (it was AC).
expect 1 "" -- "$pb" stress flip --exec "$FLIP forks" "${one[@]}" --time-limit 5000
if limited | grep -q "pids.max"; then
    grep -q "RE: exit status 1" "$tmp/out" && ok || bad "forks: $(grep -E 'verdicts|failure' "$tmp/out")"
else
    echo "SKIPPED: the pids cgroup (memory and processes limited: $(limited))"
fi
# Without cgroups, the old limits per process, said once on stderr.
PZ_CGROUP=none expect 0 "memory limit holds per process (RLIMIT_AS)" -- \
    "$pb" stress flip --exec "$FLIP" --corpus flip:random:count=2
[ "$(grep -c warning "$tmp/err")" = 1 ] && ok || bad "the warning is not said once: $(cat "$tmp/err")"
[ "$(limited)" = "per process only (no cgroup: PZ_CGROUP=none)" ] && ok || bad "limited: $(limited)"
# A correct program within the limits is still AC; the JSON report says
# where the limits are and whom the program ran as, as the terminal does.
expect 0 "" -- "$pb" stress flip --exec "$FLIP" --corpus flip:random:count=20 --jobs 2 \
    --json "$tmp/s.json"
[ "$(jq -r .memory_and_processes_limited "$tmp/s.json")" = "$(limited)" ] && ok ||
    bad "JSON limited: $(jq -r .memory_and_processes_limited "$tmp/s.json")"
[ "$(jq -r .run_as "$tmp/s.json")" = "$(sed -n 's/^program run as: //p' "$tmp/out")" ] && ok ||
    bad "JSON run_as: $(jq -r .run_as "$tmp/s.json")"

# 2. SIGKILL of stress leaves its runs' cgroups and a daemon of the program
# (double fork, setsid; the program waits, so its run is on at the kill);
# the next stress ends them and says so.  Under a cgroup of the test's own
# (PZ_CGROUP), since any stress that starts meanwhile on this machine would
# end stale cgroups in the shared one first.
cgroup=$(sed -n "s/^CPU time charged to a run: each run's cgroup's, in //p" "$tmp/out")
if [ -n "$cgroup" ] && mkdir "$cgroup/pz-sandbox-$$"; then
    mine=$cgroup/pz-sandbox-$$
    tag=pz-sandbox-daemon-$$
    PZ_CGROUP=$mine "$pb" stress flip --exec "$FLIP daemon $tag wait" --corpus flip:random:count=4 \
        --jobs 2 --time-limit 60000 --wall-limit 60000 >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 100); do [ -n "$(left "$tag")" ] && break; sleep 0.05; done
    kill -KILL $pid
    wait $pid 2>/dev/null
    sleep 0.2
    ls -d "$mine"/puzzlebench-$pid-* >/dev/null 2>&1 && ok || bad "SIGKILL left no cgroup to end"
    PZ_CGROUP=$mine expect 0 "ended [0-9]* cgroups* left by stress runs that were killed" -- \
        "$pb" stress flip --exec "$FLIP" --corpus flip:random:count=1
    [ -z "$(left "$tag")" ] && ok || bad "a daemon of a killed stress lives on: $(left "$tag")"
    ls -d "$mine"/puzzlebench-$pid-* >/dev/null 2>&1 && bad "the cgroups of $pid are left" || ok
    rmdir "$mine" && ok || bad "cgroups left in $mine: $(ls "$mine")"
    # A program that SIGKILLs its parent, the harness: its daemon and cgroup
    # are ended by the next stress as well (or it cannot, and the run goes on).
    tag=pz-sandbox-parent-$$
    timeout 20 "$pb" stress flip --exec "$FLIP killparent $tag" --corpus flip:random:count=1 \
        >"$tmp/kp" 2>&1
    rc=$?
    [ $rc = 137 ] || grep -q "^all AC" "$tmp/kp" && ok || bad "killparent: exit $rc: $(cat "$tmp/kp")"
    expect 0 "" -- "$pb" stress flip --exec "$FLIP" --corpus flip:random:count=1
    [ -z "$(left "$tag")" ] && ok || bad "a daemon lives on after killparent: $(left "$tag")"
else
    echo "SKIPPED: cgroups that a killed stress left (no cgroup v2 for runs)"
fi
clean pz-sandbox-

# 3. As root, the program runs as nobody: it can neither move itself to the
# root cgroup (its spinner's CPU is charged: TLE, it was AC and spun on) nor
# end stress with SIGTERM to its parent (stress exited 143).
if [ "$(id -u)" = 0 ]; then
    expect 0 "" -- "$pb" stress flip --exec "$FLIP termparent" --corpus flip:random:count=3
    grep -q "^all AC" "$tmp/out" && ok || bad "termparent: $(grep verdicts "$tmp/out")"
    grep -q "^program run as: nobody (uid [0-9]*), in a session of its own" "$tmp/out" && ok ||
        bad "no 'program run as': $(cat "$tmp/out")"
    root=$(awk '$(NF-2) == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
    if [ -n "$cgroup" ] && [ -w "$root/cgroup.procs" ]; then
        expect 1 "" -- "$pb" stress flip --exec "$FLIP rootcg $root/cgroup.procs" \
            --corpus flip:random:count=1 --show 0 --time-limit 500 --wall-limit 20000
        grep -q "TLE: CPU time" "$tmp/out" && ok || bad "rootcg: $(grep -E 'verdicts|failure' "$tmp/out")"
        [ -z "$(left "rootcg $root")" ] && ok || bad "rootcg's spinner lives on"
    fi
    # As root if asked (the old behaviour), and a user that does not exist.
    expect 0 "" -- "$pb" stress flip --exec "$FLIP" --corpus flip:random:count=1 --run-as root
    grep -q "^program run as: root" "$tmp/out" && ok || bad "--run-as root: $(grep 'run as' "$tmp/out")"
    expect 2 "stress: --run-as: no user 'pz-no-such-user'" -- \
        "$pb" stress flip --exec "$FLIP" --corpus flip:random:count=1 --run-as pz-no-such-user
    # A program that user cannot read or run: as root, with a warning.
    mkdir "$tmp/private" && cp "$FLIP" "$tmp/private/flip" && chmod 700 "$tmp/private"
    expect 0 "user nobody (uid [0-9]*) cannot read and run $tmp/private/flip" -- \
        "$pb" stress flip --exec "$tmp/private/flip" --corpus flip:random:count=1
else
    echo "SKIPPED: running the program as another user (not root)"
fi
clean "$FLIP rootcg"

# 4. Without cgroups, a child that only leaves the program's group (setpgid)
# is ended with its run: the next run finds it gone (it lived on to the end
# of stress, and the next run exited 4: RE).
chmod o+x "$tmp" && mkdir -m 1777 "$tmp/pg" # for nobody, as root
PZ_CGROUP=none expect 0 "" -- "$pb" stress flip --exec "$FLIP setpgid $tmp/pg" \
    --corpus flip:random:count=3 --show 0
grep -q "verdicts: AC 3 " "$tmp/out" && ok || bad "setpgid: $(grep -E 'verdicts|failure' "$tmp/out")"
[ "$(ls "$tmp/pg" | wc -l)" = 3 ] && ok || bad "setpgid: the children did not start: $(ls "$tmp/pg")"

summary
