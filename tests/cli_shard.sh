#!/usr/bin/env bash
# cli_shard.sh - scripts/shard and `puzzlebench merge` from the outside: the merge
# of N shards is the unsharded report but for the timings; a shard killed midway
# runs again on resume and nothing counts twice; bad shard files are refused; and
# --hosts runs for real over ssh, on a throwaway sshd on the loopback.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
source "$src/tests/sshd.sh"
trap 'pz_sshd_stop; rm -rf "$tmp"' EXIT

# The report without its timings, which are all that may depend on sharding:
# threads, batch, wall_s, every *seconds and every ns_* figure, the batch spread
# and where the slowest batch starts.
untimed() {
    jq -S 'walk(if type == "object" then with_entries(select(.key |
               test("^(threads|batch|wall_s|spread|worst_index)$|seconds|(^|_)ns_") | not))
               else . end)' "$1"
}
same() {
    if cmp -s <(untimed "$1") <(untimed "$2"); then ok; else
        bad "$2 differs from $1 apart from timings:"
        diff <(untimed "$1") <(untimed "$2") | head -20
    fi
}
# How often the joblog in DIR ran shard K.
runs() { awk -F'\t' -v seq=$(($2 + 1)) '$1 == seq' "$1/joblog" | wc -l; }

shard=$src/scripts/shard
spec=lightsout:exhaustive:rows=4:cols=4
opts=(--sample 1/256)        # bfs and iddfs take milliseconds a board: a sample of them
export PUZZLEBENCH=$pb

"$pb" run lightsout --corpus $spec "${opts[@]}" --no-save --json "$tmp/whole.json" >/dev/null
[ "$(jq .instances "$tmp/whole.json")" = 65536 ] && ok || bad "the unsharded run"

# Seven shards, two at a time: the merge is the unsharded report.
seven=("$shard" $spec --shards 7 --jobs 2 "${opts[@]}")
expect 0 "7 shards finished (0 before)" -- "${seven[@]}" --out "$tmp/a"
same "$tmp/whole.json" "$tmp/a/merged.json"
grep -q "^65536 instances" "$tmp/out" && ok || bad "no merged summary: $(cat "$tmp/out")"
[ "$(ls "$tmp/a"/shard-*.json | wc -l)" = 7 ] && ok || bad "not 7 shard reports"
# Each solver's slowest batch in the merge is the slowest of the shards'.
worst='map([.ns_worst, .worst_index])'
[ "$(jq -c ".solvers | $worst" "$tmp/a/merged.json")" = \
  "$(jq -cs "map(.solvers) | transpose | map($worst | max_by([.[0], -.[1]]))" "$tmp/a"/shard-*.json)" ] &&
    ok || bad "the merged slowest batches are not the shards' slowest"
head -1 "$tmp/a/merged.csv" | grep -q "^puzzle,corpus," && ok || bad "no merged CSV"
# The same command again runs nothing and merges the same.
expect 0 "7 shards finished (7 before)" -- "${seven[@]}" --out "$tmp/a"
[ "$(runs "$tmp/a" 3)" = 1 ] && ok || bad "a finished shard ran again"
same "$tmp/whole.json" "$tmp/a/merged.json"
# A shard whose report is gone runs again.
rm "$tmp/a/shard-4.json"
expect 0 "7 shards finished (6 before)" -- "${seven[@]}" --out "$tmp/a"
[ -f "$tmp/a/shard-4.json" ] && [ "$(runs "$tmp/a" 3)" = 1 ] && ok ||
    bad "shard 4 did not rerun alone"
same "$tmp/whole.json" "$tmp/a/merged.json"
# Another run's settings in the same directory are refused.
expect 2 "holds the shards of another run" -- "$shard" $spec --shards 6 --out "$tmp/a"
expect 2 "holds the shards of another run" -- "$shard" $spec --shards 7 --out "$tmp/a"

# Killed midway: shard 3 is stopped at its start and killed (SIGKILL) the first
# time; shard 5 finishes but leaves a partial report and exits as if SIGTERM had
# cut it short.  Both run again on resume, and nothing is counted twice.
cat >"$tmp/flaky" <<EOF
#!/usr/bin/env bash
case " \$* " in
*" --shard 3/7 "*)
    if mkdir "$tmp/killed-3" 2>/dev/null; then
        "$pb" "\$@" & pid=\$!
        kill -STOP \$pid; sleep 0.2; kill -KILL \$pid; wait \$pid; exit
    fi ;;
*" --shard 5/7 "*)
    if mkdir "$tmp/killed-5" 2>/dev/null; then
        "$pb" "\$@" || exit
        json=\$(printf '%s\n' "\$@" | grep 'shard-5.json\$')
        sed -i 's/"partial": false/"partial": true/' "\$json"
        exit 143
    fi ;;
esac
exec "$pb" "\$@"
EOF
chmod +x "$tmp/flaky"
PUZZLEBENCH=$tmp/flaky expect 3 "2 of 7 shards failed or did not run: 3 5" -- \
    "${seven[@]}" --out "$tmp/k"
[ ! -e "$tmp/k/shard-3.json" ] && ok || bad "a killed shard left a report"
expect 2 "shard-5.json:7:3: expected a whole shard, found shard 5/7 partial" -- \
    "$pb" merge "$tmp/k"/shard-[0-6].json "$tmp/a/shard-3.json"
PUZZLEBENCH=$tmp/flaky expect 0 "7 shards finished (5 before)" -- "${seven[@]}" --out "$tmp/k"
same "$tmp/whole.json" "$tmp/k/merged.json"
for k in 0 1 2 3 4 5 6; do
    want=1; [ $k = 3 ] || [ $k = 5 ] && want=2
    [ "$(runs "$tmp/k" $k)" = $want ] && ok || bad "shard $k ran $(runs "$tmp/k" $k) times"
done

# Disagreements merge too: a corpus file whose .ans is wrong on every third board
# gives 33 failures; each of 3 shards lists its 11, and the merge the
# first 20 of all, as the unsharded run does, and exits 1 as run does.
mkdir -p "$tmp/flip"
"$pb" gen flip --corpus flip:random:count=100:seed=3 >"$tmp/flip/x.in"
"$pb" solve flip "$tmp/flip/x.in" |
    awk 'NR % 3 == 0 { print ($1 == "Impossible" ? 0 : $1 + 1); next } { print }' >"$tmp/flip/x.ans"
"$pb" run flip --corpus "$tmp/flip/x.in" --no-save --json "$tmp/x.json" >/dev/null
[ "$(jq '[.failures, (.disagreements | length), .reference]' -c "$tmp/x.json")" = \
    '[33,20,"expected"]' ] && ok || bad "the disagreement corpus: $(jq -c .failures "$tmp/x.json")"
for k in 0 1 2; do
    "$pb" run flip --corpus "$tmp/flip/x.in" --shard $k/3 --no-save --json "$tmp/x-$k.json" \
        >/dev/null
done
expect 1 "" -- "$pb" merge "$tmp/x-2.json" "$tmp/x-0.json" "$tmp/x-1.json" --json "$tmp/xm.json"
same "$tmp/x.json" "$tmp/xm.json"

# Bad shard files: exit 2, with file:line:col and what was expected.
s=$tmp/a/shard
head -c 500 "$s-2.json" >"$tmp/cut.json"
expect 2 "cut.json:[0-9]*:[0-9]*: expected .*found the end of the input" -- \
    "$pb" merge "$s-0.json" "$s-1.json" "$tmp/cut.json" "$s"-[3-6].json
: >"$tmp/empty.json"
expect 2 "empty.json:1:1: expected a value, found the end of the input" -- \
    "$pb" merge "$tmp/empty.json"
printf '{"puzzle": "lightsout",}' >"$tmp/comma.json"
expect 2 "comma.json:1:24: expected a string key after ',', found '}'" -- \
    "$pb" merge "$tmp/comma.json"
sed 's/"instances": 9362,/"instances": "9362",/' "$s-2.json" >"$tmp/type.json"
expect 2 'type.json:6:3: expected "instances" to be a number, found a string' -- \
    "$pb" merge "$tmp/type.json"
sed '/"histogram"/,$d' "$s-2.json" >"$tmp/short.json"
expect 2 "short.json:[0-9]*:[0-9]*: expected" -- "$pb" merge "$tmp/short.json"
expect 2 "cannot read $tmp/none.json" -- "$pb" merge "$tmp/none.json"
# Missing, duplicated, and of another run.
expect 2 "merge: missing shards 2/7, 5/7" -- "$pb" merge "$s-0.json" "$s-1.json" "$s-3.json" \
    "$s-4.json" "$s-6.json"
expect 2 "merge: shard 3/7 twice ($s-3.json and $tmp/k/shard-3.json)" -- \
    "$pb" merge "$s"-[0-6].json "$tmp/k/shard-3.json"
"$pb" run lightsout --corpus $spec --solvers gf2,rowenum,bfs "${opts[@]}" --shard 1/7 --no-save \
    --json "$tmp/other.json" >/dev/null
all="gf2, rowenum, bfs (sampled), iddfs (sampled)"
expect 2 "other.json:[0-9]*:[0-9]*: expected the solvers of $s-0.json: $all" -- \
    "$pb" merge "$s-0.json" "$tmp/other.json"
"$pb" run lightsout --corpus lightsout:exhaustive:rows=2:cols=8 "${opts[@]}" --shard 1/7 --no-save \
    --json "$tmp/other.json" >/dev/null
expect 2 "other.json:3:3: expected corpus \"$spec\" as in $s-0.json" -- \
    "$pb" merge "$s-0.json" "$tmp/other.json"
"$pb" run lightsout --corpus $spec "${opts[@]}" --shard 1/6 --no-save --json "$tmp/other.json" \
    >/dev/null
expect 2 "shard 1/6: the shards of one run have one N" -- "$pb" merge "$s-0.json" "$tmp/other.json"

# Usage.
expect 0 "" -- "$shard" --help
expect 2 "--shards N is required" -- "$shard" $spec
expect 2 "expected --shards a whole number >= 1, found '0'" -- "$shard" $spec --shards 0
expect 2 "unknown option '--nope'" -- "$shard" $spec --shards 2 --nope
expect 0 "" -- "$pb" merge --help
expect 2 "merge: which reports?" -- "$pb" merge

# Hosts for real: two sshlogins, 127.0.0.1 and 127.0.0.2, on one throwaway sshd.
if pz_sshd_start "$tmp/sshd"; then
    printf '# two "hosts" of this machine\n1/%s root@127.0.0.1\n\n1/%s root@127.0.0.2\n' \
        "$PZ_SSH" "$PZ_SSH" >"$tmp/hosts"
    expect 0 "4 shards finished (0 before)" -- \
        "$shard" $spec --shards 4 --hosts "$tmp/hosts" --ship "${opts[@]}" --out "$tmp/h"
    same "$tmp/whole.json" "$tmp/h/merged.json"
    for host in 127.0.0.1 127.0.0.2; do
        cut -f2 "$tmp/h/joblog" | grep -q "root@$host\$" && ok || bad "no shard ran on $host"
    done
    pz_sshd_stop
else
    echo "SKIPPED: the --hosts test: $PZ_SSHD_WHY"
fi

summary
