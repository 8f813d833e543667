#!/usr/bin/env bash
# cli_slurm.sh - scripts/shard --slurm on a real cluster: scripts/slurm-local
# starts a one-node Slurm here (munged, slurmctld, slurmd), the corpus goes in
# as an array of 8 tasks and a merge job, and the merge is the unsharded
# report but for the timings; a task cancelled midway is run again, alone, by
# the same command; another N in the same DIR is refused; a Tetravex game's
# Possible piece cancels the rest of its array.  The cluster is stopped at the
# end, failed or not.  Skipped (exit 77) where the daemons cannot run: not
# root, or no Slurm packages (scripts/test installs them).  Labelled once
# (below), it runs in scripts/test's Release pass only.
# ctest: once
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
[ "$(id -u)" -eq 0 ] || skip "a Slurm cluster's daemons need root here"
for cmd in munged mungekey slurmctld slurmd sbatch squeue scancel; do
    command -v $cmd >/dev/null ||
        skip "no $cmd: the packages munge, slurmctld, slurmd and slurm-client are not installed"
done

cluster=$tmp/cluster
trap '"$src/scripts/slurm-local" stop "$cluster" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
"$src/scripts/slurm-local" start "$cluster" >"$tmp/env" 2>"$tmp/start" ||
    { cat "$tmp/start"; bad "the cluster did not start"; summary; exit 1; }
eval "$(cat "$tmp/env")"
[ "$SLURM_CONF" = "$cluster/slurm.conf" ] && ok || bad "slurm-local start printed $(cat "$tmp/env")"
[ "$(sinfo -h -o %T)" = idle ] && ok || bad "the node is $(sinfo -h -o %T)"

shard=$src/scripts/shard
spec=lightsout:exhaustive:rows=4:cols=4
opts=(--solvers gf2,rowenum --time-budget none) # a plan that runs both whole
export PUZZLEBENCH=$pb
"$pb" run lightsout --corpus $spec "${opts[@]}" --no-save --json "$tmp/whole.json" >/dev/null

# 8 tasks, 2 at a time: the merge is the unsharded report; each shard ran as a
# task of one array, with the plan made once; progress lines in the log.
eight=("$shard" $spec --shards 8 "${opts[@]}" --slurm --max-running 2)
PZ_SHARD_PROGRESS=1 expect 0 "8 shards finished (0 before)" -- "${eight[@]}" --out "$tmp/a"
same "$tmp/whole.json" "$tmp/a/merged.json"
grep -q "^65536 instances" "$tmp/out" && ok || bad "no merged summary: $(head -3 "$tmp/out")"
grep -q "^shard: [0-9]/8 shards ([0-9.]*%), " "$tmp/err" && ok ||
    bad "no progress line in the log: $(cat "$tmp/err")"
array=$(head -1 "$tmp/a/slurm.jobs")
[ "$(ls "$tmp/a" | grep -c "^slurm-${array}_[0-7]\.out$")" = 8 ] && ok ||
    bad "not 8 tasks of array $array: $(ls "$tmp/a")"
grep -q -- "--time-budget none" "$tmp/a/plan" && grep -qF -- "$(head -n 1 "$tmp/a/plan")" "$tmp/a/slurm-task.sh" &&
    ok || bad "the tasks do not run with the plan $(head -n 1 "$tmp/a/plan")"
[ "$(jq -r '.context.host' "$tmp/a/merged.json")" = "$(jq -r .context.host "$tmp/whole.json")" ] &&
    ok || bad "the shards ran on another host"
# Again: nothing is submitted, and the merge is the same.
expect 0 "8 shards finished (8 before)" -- "${eight[@]}" --out "$tmp/a"
[ "$(head -1 "$tmp/a/slurm.jobs")" = "$array" ] && ok || bad "a finished run submitted jobs again"
same "$tmp/whole.json" "$tmp/a/merged.json"
# Another N in the same DIR, or Slurm options without --slurm, are refused.
expect 2 "holds the shards of another run" -- "$shard" $spec --shards 6 "${opts[@]}" --slurm --out "$tmp/a"
expect 2 "--max-running is an option of the Slurm engine: add --slurm" -- \
    "$shard" $spec --shards 8 --max-running 2 --out "$tmp/b"
expect 2 "no --jobs, --hosts or --ship" -- "$shard" $spec --shards 8 --slurm --jobs 2 --out "$tmp/b"
expect 2 "Slurm refuses the job: sbatch --test-only --partition nosuch" -- \
    "$shard" $spec --shards 8 --slurm --partition nosuch --out "$tmp/b"
[ ! -e "$tmp/b" ] && ok || bad "a refused request made its directory"

# Cancelled midway: shard 3 waits at its start the first time (a marker says
# it has begun), and is cancelled then; the run says so (exit 3), and the
# same command runs task 3 alone and merges.
cat >"$tmp/slow" <<EOF
#!/usr/bin/env bash
case " \$* " in
*" --shard 3/8 "*)
    if mkdir "$tmp/began-3" 2>/dev/null; then sleep 300; fi ;;
esac
exec "$pb" "\$@"
EOF
chmod +x "$tmp/slow"
PUZZLEBENCH=$tmp/slow "${eight[@]}" --out "$tmp/c" >"$tmp/c.out" 2>"$tmp/c.err" &
run=$!
for ((i = 0; i < 600; i++)); do
    [ -d "$tmp/began-3" ] && break
    sleep 0.1
done
[ -d "$tmp/began-3" ] && ok || bad "task 3 did not begin in 60 s: $(cat "$tmp/c.err")"
scancel "$(head -1 "$tmp/c/slurm.jobs")_3"
wait $run
rc=$?
[ $rc = 3 ] && grep -q "1 of 8 shards failed or did not run: 3 " "$tmp/c.err" && ok ||
    bad "a cancelled task: exit $rc, $(cat "$tmp/c.err")"
[ ! -e "$tmp/c/shard-3.json" ] && ok || bad "the cancelled task left a report"
[ -z "$(squeue -h -o %i)" ] && ok || bad "jobs left after the run: $(squeue -h)"
first=$(head -1 "$tmp/c/slurm.jobs")
PUZZLEBENCH=$tmp/slow expect 0 "8 shards finished (7 before)" -- "${eight[@]}" --out "$tmp/c"
array=$(head -1 "$tmp/c/slurm.jobs")
[ "$array" != "$first" ] && [ "$(ls "$tmp/c" | grep "^slurm-${array}_" | tr '\n' ' ')" = \
    "slurm-${array}_3.out " ] && ok || bad "the resume did not run task 3 alone: $(ls "$tmp/c")"
same "$tmp/whole.json" "$tmp/c/merged.json"

# Interrupted (SIGINT, as Ctrl-C): the jobs are cancelled, and it says so.
printf '#!/usr/bin/env bash\n[ "$1" != run ] || sleep 60\nexec %q "$@"\n' "$pb" >"$tmp/minute"
chmod +x "$tmp/minute"
set -m # a background job of a shell without job control ignores SIGINT
PUZZLEBENCH=$tmp/minute "${eight[@]}" --out "$tmp/i" >"$tmp/int.out" 2>&1 &
run=$!
set +m
for ((i = 0; i < 600; i++)); do # until the jobs are in
    [ -s "$tmp/i/slurm.jobs" ] && [ "$(wc -l <"$tmp/i/slurm.jobs")" = 2 ] && break
    sleep 0.1
done
sleep 1
kill -INT $run
wait $run
rc=$?
[ $rc = 130 ] && grep -q "stopped by a signal" "$tmp/int.out" && ok ||
    bad "interrupted: exit $rc, $(cat "$tmp/int.out")"
[ -z "$(squeue -h -o %i)" ] && ok || bad "jobs left after an interrupt: $(squeue -h)"

# A Tetravex game's pieces, one task at a time, each a second long: shard 1
# of 8 holds the Possible piece, so the tasks after the next are cancelled.
"$pb" gen tetravex --corpus tetravex:random:n=7:digits=10:mode=solvable:count=1:seed=3 >"$tmp/yes.in"
"$pb" gen tetravex --corpus "$tmp/yes.in" --pieces 4 >"$tmp/yes.p.in" 2>/dev/null
printf '#!/usr/bin/env bash\nsleep 1\nexec %q "$@"\n' "$pb" >"$tmp/second"
chmod +x "$tmp/second"
pieces=("$shard" "$tmp/yes.p.in" --puzzle tetravex --shards 8 --solvers square --slurm
        --max-running 1 --out "$tmp/p")
PUZZLEBENCH=$tmp/second expect 0 "shard 1 of 8 holds a Possible piece: the game is Possible" -- "${pieces[@]}"
n=$(ls "$tmp/p" | grep -c '^shard-[0-9]*\.json$')
[ "$n" -ge 2 ] && [ "$n" -le 4 ] && ok || bad "$n of 8 pieces' shards ran"
[ -z "$(squeue -h -o %i)" ] && ok || bad "the rest of the array was not cancelled: $(squeue -h)"
grep -q "^13[45] instances" "$tmp/out" && ok || bad "no shard summary: $(head -3 "$tmp/out")"
# Asked again, the answer stands without a job.
jobs=$(cat "$tmp/p/slurm.jobs")
PUZZLEBENCH=$tmp/second expect 0 "the game is Possible" -- "${pieces[@]}"
[ "$(cat "$tmp/p/slurm.jobs")" = "$jobs" ] && ok || bad "a game answered before submitted jobs"

# Stopped: the daemons of the pid files are gone.
pids=$(cat "$cluster"/*.pid)
"$src/scripts/slurm-local" stop "$cluster" 2>"$tmp/stop" && ok || bad "stop: $(cat "$tmp/stop")"
for pid in $pids; do
    ! kill -0 "$pid" 2>/dev/null && ok || bad "daemon $pid still runs after stop"
done
summary
