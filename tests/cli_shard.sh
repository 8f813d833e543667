#!/usr/bin/env bash
# cli_shard.sh - scripts/shard and `puzzlebench merge` from the outside: the merge
# of N shards is the unsharded report but for the timings; a shard killed midway
# runs again on resume, nothing counts twice and no partial report stays; a bad
# corpus spec, or no GNU parallel on PATH, starts nothing; bad shard files are
# refused; and --hosts runs for real over ssh, on a throwaway sshd on the loopback.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
source "$src/tests/sshd.sh"
trap 'pz_sshd_stop; rm -rf "$tmp"' EXIT

# lit TEXT: TEXT as a grep pattern that matches it literally.
lit() { printf '%s' "$1" | sed 's/[][\.*^$]/\\&/g'; }
# at TEXT FILE: LINE:COL where TEXT first starts in FILE (columns from 1).
at() { grep -n -F -m1 -- "$1" "$2" | awk -F: -v t="$1" '{ print $1 ":" index(substr($0, length($1) + 2), t) }'; }
# How often the joblog in DIR ran shard K (its command starts "k=K;").
runs() { awk -F'\t' -v k="$2" 'index($9, "k=" k ";") == 1' "$1/joblog" | wc -l; }

shard=$src/scripts/shard
spec=lightsout:exhaustive:rows=4:cols=4
opts=(--sample 1/256)        # bfs and iddfs take milliseconds a board: a sample of them
export PUZZLEBENCH=$pb

# Said before anything starts, and no DIR made: a spec that does not open (its
# message, exit 2, no resume) and no GNU parallel on PATH (a PATH of links to
# every command but parallel).
expect 2 "scripts/shard: flip:random:rows=x: expected rows= a whole number" -- \
    "$shard" flip:random:rows=x --shards 2 --out "$tmp/bad"
[ ! -e "$tmp/bad" ] && ok || bad "a bad spec made its directory"
grep -q resume "$tmp/err" && bad "a bad spec offers to resume: $(cat "$tmp/err")" || ok
expect 2 "unknown corpus kind 'nosuch'" -- "$shard" lightsout:nosuch --shards 2 --out "$tmp/bad2"
[ ! -e "$tmp/bad2" ] && ok || bad "an unknown kind made its directory"
mkdir "$tmp/path"
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do ln -s "$d"/* "$tmp/path/" 2>/dev/null; done
rm -f "$tmp/path/parallel"
PATH=$tmp/path expect 2 "no 'parallel' on PATH: install the Debian package parallel" -- \
    "$shard" $spec --shards 2 --out "$tmp/bad3"
[ ! -e "$tmp/bad3" ] && ok || bad "shard without parallel made its directory"

"$pb" run lightsout --corpus $spec "${opts[@]}" --no-save --json "$tmp/whole.json" >/dev/null
[ "$(jq .instances "$tmp/whole.json")" = 65536 ] && ok || bad "the unsharded run"

# Seven shards, two at a time: the merge is the unsharded report.
seven=("$shard" $spec --shards 7 --jobs 2 "${opts[@]}")
expect 0 "7 shards finished (0 before)" -- "${seven[@]}" --out "$tmp/a"
! grep -aq "%" "$tmp/err" && ok || bad "a progress bar without a terminal: $(cat "$tmp/err")"
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

# The merged header gives the real wall time beside the summed shard time: from
# the first shard's start (its context's date, to the second) to the last end
# (its start and wall time).  Shard k here starts at 10:00:0(2k) and takes 3 s:
# 21 s of work, 15 s from the first start to the last end.
# A real sharded run: its real wall time is at least its longest shard's and at
# most the time scripts/shard took (and a second, for the dates' rounding).  On
# a terminal, GNU parallel shows the shards done and the time left (--bar).
[ "$(jq 'has("real_wall_s")' "$tmp/whole.json")" = false ] && ok || bad "a run has real_wall_s"
if command -v script >/dev/null; then
    script -qec "$(printf '%q ' "${seven[@]}" --out "$tmp/b")" "$tmp/tty" >/dev/null 2>&1
    grep -aq "100% 7:0=[0-9]*s" "$tmp/tty" && ok ||
        bad "no progress bar on a terminal: $(tail -c 300 "$tmp/tty")"
else
    echo "SKIPPED: the progress bar test: no script(1) to give scripts/shard a terminal"
    "${seven[@]}" --out "$tmp/b" >/dev/null 2>"$tmp/tty"
fi
here=$(tr -d '\r' <"$tmp/tty" | sed -n 's/.* finished (0 before), \([0-9.]*\) s here$/\1/p')
[ "$(jq -s --argjson here "${here:-0}" '(.[0].real_wall_s) as $r | $r >= (.[1:] | map(.wall_s) | max)
     and $r <= $here + 1' "$tmp/b/merged.json" "$tmp/b"/shard-*.json)" = true ] && ok ||
    bad "real_wall_s $(jq .real_wall_s "$tmp/b/merged.json") of shards run in '$here' s"
for k in 0 1 2 3 4 5 6; do
    jq --arg d "$(printf "2026-11-30T10:00:%02dZ" $((2 * k)))" '.context.date = $d | .wall_s = 3' \
        "$tmp/a/shard-$k.json" >"$tmp/t-$k.json"
done
expect 0 "" -- "$pb" merge "$tmp"/t-[3016254].json --json "$tmp/t.json" --md "$tmp/t.md"
grep -q "^65536 instances, 1 thread, 21.00 s summed over the shards, about 15 s real$" "$tmp/out" &&
    ok || bad "the merged header: $(sed -n 2p "$tmp/out")"
[ "$(jq -c '[.wall_s, .real_wall_s]' "$tmp/t.json")" = '[21,15]' ] && ok ||
    bad "merged wall times: $(jq -c '[.wall_s, .real_wall_s]' "$tmp/t.json")"
grep -q "^65536 instances, 1 thread, 21.00 s summed over the shards, about 15 s real\. " \
    "$tmp/t.md" && ok || bad "the Markdown header: $(sed -n 3p "$tmp/t.md")"
# A merged report merged again keeps its real wall time.
expect 0 "" -- "$pb" merge "$tmp/t.json" --json "$tmp/tt.json"
[ "$(jq -c '[.wall_s, .real_wall_s]' "$tmp/tt.json")" = '[21,15]' ] && ok ||
    bad "merged again: $(jq -c '[.wall_s, .real_wall_s]' "$tmp/tt.json")"
# Across midnight and a month's end: 23:59:58 to 00:00:01 + 1.5 s.
jq '.context.date = "2026-11-30T23:59:58Z"' "$tmp/t-0.json" >"$tmp/t-0.json.new"
jq '.context.date = "2026-12-01T00:00:01Z" | .wall_s = 1.5' "$tmp/t-6.json" >"$tmp/t-6.json.new"
for k in 1 2 3 4 5; do jq '.context.date = "2026-11-30T23:59:59Z"' "$tmp/t-$k.json" >"$tmp/u-$k.json"; done
expect 0 "" -- "$pb" merge "$tmp/t-0.json.new" "$tmp"/u-[1-5].json "$tmp/t-6.json.new" --json "$tmp/u.json"
[ "$(jq .real_wall_s "$tmp/u.json")" = 4.5 ] && ok || bad "over midnight: $(jq .real_wall_s "$tmp/u.json")"
# A date that is not one is refused where it stands.
jq '.context.date = "2026-11-31T10:00:00Z"' "$tmp/t-4.json" >"$tmp/t-4.json.new"
expect 2 "t-4.json.new:$(at '"date"' "$tmp/t-4.json.new"): expected the date the run started, as 2026-11-30T15:19:09Z (UTC), found \"2026-11-31T10:00:00Z\"" -- \
    "$pb" merge "$tmp"/t-[0-3].json "$tmp/t-4.json.new" "$tmp"/t-[56].json
# A date to come, or a wall time past now, would make the real time a lie.
jq '.context.date = "2100-01-01T00:00:00Z"' "$tmp/t-4.json" >"$tmp/t-4.json.new"
expect 2 "t-4.json.new:$(at '"date"' "$tmp/t-4.json.new"): expected the date the run started, no later than now, found \"2100-01-01T00:00:00Z\"" -- \
    "$pb" merge "$tmp"/t-[0-3].json "$tmp/t-4.json.new" "$tmp"/t-[56].json
jq '.wall_s = 1e308' "$tmp/t-4.json" >"$tmp/t-4.json.new"
expect 2 "t-4.json.new:$(at '"wall_s"' "$tmp/t-4.json.new"): expected the run's wall time in seconds, at most the [0-9]* s from its start (2026-11-30T10:00:08Z) to now, found 1e+308" -- \
    "$pb" merge "$tmp"/t-[0-3].json "$tmp/t-4.json.new" "$tmp"/t-[56].json
jq '.real_wall_s = "15"' "$tmp/t.json" >"$tmp/t2.json"
expect 2 "t2.json:$(at '"real_wall_s"' "$tmp/t2.json"): expected \"real_wall_s\" to be a number, found a string" -- \
    "$pb" merge "$tmp/t2.json"

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
        cp "\$json" "\${json%.json}.partial.json"  # as run's report of a stopped run
        exit 143
    fi ;;
esac
exec "$pb" "\$@"
EOF
chmod +x "$tmp/flaky"
PUZZLEBENCH=$tmp/flaky expect 3 "2 of 7 shards failed or did not run: 3 5" -- \
    "${seven[@]}" --out "$tmp/k"
[ ! -e "$tmp/k/shard-3.json" ] && ok || bad "a killed shard left a report"
expect 2 "shard-5.json:$(at '"partial"' "$tmp/k/shard-5.json"): expected a whole shard, found shard 5/7 partial" -- \
    "$pb" merge "$tmp/k"/shard-[0-6].json "$tmp/a/shard-3.json"
[ -f "$tmp/k/shard-5.partial.json" ] && ok || bad "shard 5 left no partial report"
PUZZLEBENCH=$tmp/flaky expect 0 "7 shards finished (5 before)" -- "${seven[@]}" --out "$tmp/k"
[ ! -e "$tmp/k/shard-5.partial.json" ] && ok || bad "shard 5's partial report stayed after it finished"
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
expect 2 "cut.json:[0-9]*:[0-9]*: .*end of \(input\|file\)" -- \
    "$pb" merge "$s-0.json" "$s-1.json" "$tmp/cut.json" "$s"-[3-6].json
: >"$tmp/empty.json"
expect 2 "empty.json:1:1: unexpected token near end of file" -- \
    "$pb" merge "$tmp/empty.json"
printf '{"puzzle": "lightsout",}' >"$tmp/comma.json"
expect 2 "comma.json:1:24: string or '}' expected near '}'" -- \
    "$pb" merge "$tmp/comma.json"
jq '.instances = "9362"' "$s-2.json" >"$tmp/type.json"
expect 2 "type.json:$(at '"instances"' "$tmp/type.json"): expected \"instances\" to be a number, found a string" -- \
    "$pb" merge "$tmp/type.json"
sed '/"histogram"/,$d' "$s-2.json" >"$tmp/short.json"
expect 2 "short.json:[0-9]*:[0-9]*: string or '}' expected near end of file" -- \
    "$pb" merge "$tmp/short.json"
expect 2 "cannot read $tmp/none.json" -- "$pb" merge "$tmp/none.json"
# Missing, duplicated, and of another run.
expect 2 "merge: missing shards 2/7, 5/7" -- "$pb" merge "$s-0.json" "$s-1.json" "$s-3.json" \
    "$s-4.json" "$s-6.json"
expect 2 "merge: shard 3/7 twice ($s-3.json and $tmp/k/shard-3.json)" -- \
    "$pb" merge "$s"-[0-6].json "$tmp/k/shard-3.json"
"$pb" run lightsout --corpus $spec --solvers gf2,rowenum,bfs "${opts[@]}" --shard 1/7 --no-save \
    --json "$tmp/other.json" >/dev/null
# Every solver of 4x4 Lights Out, as the message names them (bfs and iddfs sampled).
all=$(jq -r '[.solvers[] | .name + (if .sampled then " (sampled)" else "" end)] | join(", ")' "$s-0.json")
expect 2 "other.json:[0-9]*:[0-9]*: expected the solvers of $s-0.json: $all" -- \
    "$pb" merge "$s-0.json" "$tmp/other.json"
"$pb" run lightsout --corpus lightsout:exhaustive:rows=2:cols=8 "${opts[@]}" --shard 1/7 --no-save \
    --json "$tmp/other.json" >/dev/null
expect 2 "other.json:$(at '"corpus"' "$tmp/other.json"): expected corpus \"$spec\" as in $s-0.json" -- \
    "$pb" merge "$s-0.json" "$tmp/other.json"
"$pb" run lightsout --corpus $spec "${opts[@]}" --shard 1/6 --no-save --json "$tmp/other.json" \
    >/dev/null
expect 2 "shard 1/6: the shards of one run have one N" -- "$pb" merge "$s-0.json" "$tmp/other.json"

# Tampered counts: each is checked against the shard's range and the other counts,
# and refused at the value (file:line:col).
tampered() { # NAME JQ-FILTER TEXT-OF-THE-BAD-VALUE MESSAGE
    jq "$2" "$s-2.json" >"$tmp/$1.json"
    expect 2 "$1.json:$(at "$3" "$tmp/$1.json"): $(lit "$4")" -- \
        "$pb" merge "$s-0.json" "$s-1.json" "$tmp/$1.json" "$s"-[3-6].json
}
tampered ran '.solvers[0].ran = 999' '"ran": 999' \
    "expected ran + skipped of gf2 to be the 9362 instances of shard [18724, 28086) it was given, found 999 + 0"
# (solvers picked by name, which stay as solvers come and go)
tampered skipped '(.solvers[] | select(.name == "bfs")).skipped += 1' '"ran": 36' \
    "expected ran + skipped of bfs to be the 36 instances of shard [18724, 28086) it was given, found 36 + 1"
tampered invalid '.solvers[1].invalid = 9363' '"invalid": 9363' \
    "expected at most the 9362 answers rowenum gave, found 9363"
tampered disagree '(.solvers[] | select(.name == "iddfs")).disagree = 37' '"disagree": 37' \
    "expected at most the 36 answers iddfs gave, found 37"
tampered spread '.solvers[0].spread[0][1] += 1' '"spread"' \
    "expected the spread of gf2 to hold its 9362 instances, found 9363"
tampered checker '.checker.answers += 1' '"answers"' \
    "expected the $(jq .checker.answers "$s-2.json") answers the solvers gave, found $(($(jq .checker.answers "$s-2.json") + 1))"
tampered histogram '.histogram[0].count += 1' '"histogram"' \
    "expected the histogram (9363) and the unanswered instances (0) to add up to the 9362 instances"
tampered unanswered '.unanswered = 1' '"histogram"' \
    "expected the histogram (9362) and the unanswered instances (1) to add up to the 9362 instances"
tampered failures '.failures = 2' '"disagreements"' "expected the first 2 failures listed, found 0"
tampered worst '.solvers[0].worst_index = 5' '"worst_index": 5' \
    "expected \"worst_index\" in the shard [18724, 28086), found 5"
tampered range '.shard.end = 28087' '"shard"' \
    "expected shard 2/7 of 65536 instances to be [18724, 28086), found [18724, 28087)"

# Repeated shards (run --repeat K): each repetition's spread holds the shard's
# instances and the batch spread holds them K times; all is read back (the
# merge of the merged report is that report again) and checked, and shards
# repeated a different number of times are refused.
rs=flip:random:count=2000:seed=5
for k in 0 1; do
    "$pb" run flip --corpus $rs --solvers gf2,rowenum --threads 1 --repeat 3 --warmup --shard $k/2 \
        --no-save --json "$tmp/r$k.json" >/dev/null
done
expect 0 "" -- "$pb" merge "$tmp/r1.json" "$tmp/r0.json" --json "$tmp/rm.json"
[ "$(jq -c '[.repeat, .warmup, (.solvers[] | .repetitions | [(.spreads[] | map(.[1]) | add),
     (.ns | length), (.median_ns | length)]), (.solvers[] | .spread | map(.[1]) | add)]' \
     "$tmp/rm.json")" = '[3,true,[2000,2000,2000,3,3],[2000,2000,2000,3,3],6000,6000]' ] && ok ||
    bad "merged repetitions: $(jq -c '[.repeat, .solvers[].repetitions]' "$tmp/rm.json")"
expect 0 "" -- "$pb" merge "$tmp/rm.json" --json "$tmp/rmm.json"
[ "$(jq -n --slurpfile a "$tmp/rm.json" --slurpfile b "$tmp/rmm.json" '$a[0] as $a | $b[0] as $b |
     [range(2) as $s | $a.solvers[$s].repetitions as $x | $b.solvers[$s].repetitions as $y |
      ($x.spreads == $y.spreads) and ($x.median_ns == $y.median_ns) and
      ([range(3) as $i | ($x.ns[$i] - $y.ns[$i] | fabs) < 1e-9 * $x.ns[$i] and
                         ($x.wall_ns[$i] - $y.wall_ns[$i] | fabs) < 1e-9 * $x.wall_ns[$i]] | all)]
     | all and $a.repeat == $b.repeat and $a.warmup == $b.warmup')" = true ] && ok ||
    bad "the repetitions do not read back: $(jq -c '.solvers[0].repetitions' "$tmp/rmm.json")"
"$pb" run flip --corpus $rs --solvers gf2,rowenum --threads 1 --repeat 2 --shard 1/2 --no-save \
    --json "$tmp/r2.json" >/dev/null
expect 2 "r2.json:$(at '"repeat"' "$tmp/r2.json"): expected 3 repetitions as in $tmp/r0.json, found 2: every shard of a run is repeated alike" -- \
    "$pb" merge "$tmp/r0.json" "$tmp/r2.json"
rtampered() { # NAME JQ-FILTER MESSAGE (a pattern)
    jq "$2" "$tmp/r1.json" >"$tmp/$1.json"
    expect 2 "$1.json:[0-9]*:[0-9]*: $3" -- "$pb" merge "$tmp/r0.json" "$tmp/$1.json"
}
rtampered rns '.solvers[0].repetitions.ns |= .[:2]' \
    'expected 3 numbers in "ns", one a repetition, found 2'
rtampered rwall '.solvers[1].repetitions.wall_ns[2] = -1' 'expected a number of at least 0'
rtampered rspreads '.solvers[0].repetitions.spreads[1][0][1] += 1' \
    'expected the spread of repetition 2 of gf2 to hold its 1000 instances, found 1001'
rtampered rspread '.solvers[1].spread[0][1] += 1' \
    "$(lit 'expected the spread of rowenum to hold its 1000 instances 3 times (repeat 3), found 3001')"
rtampered rnone 'del(.solvers[0].repetitions)' 'expected a member "repetitions" in this object'
rtampered rnorepeat 'del(.repeat)' \
    'expected no repetitions of gf2: the run was not repeated'

# Shards of different builds: refused unless --allow-mixed-builds, and then the
# merged context names no one commit.
jq '.context.commit = "0123456789abcdef0123456789abcdef01234567"' "$s-2.json" >"$tmp/build.json"
expect 2 "build.json:$(at '"commit"' "$tmp/build.json"): expected commit $(jq -r .context.commit "$s-0.json")" -- \
    "$pb" merge "$s-0.json" "$s-1.json" "$tmp/build.json" "$s"-[3-6].json
grep -q "shards of different builds (merge them anyway with --allow-mixed-builds)" "$tmp/err" &&
    ok || bad "the mixed-build refusal does not say how to merge anyway"
expect 0 "" -- "$pb" merge "$s-0.json" "$s-1.json" "$tmp/build.json" "$s"-[3-6].json \
    --allow-mixed-builds --json "$tmp/mixed.json"
[ "$(jq -r .context.commit "$tmp/mixed.json")" = mixed ] && ok || bad "a mixed merge names a commit"
# Every report carries its context; the merge keeps shard 0's.
ctx='.context | [.date, .host, .cpu, .cores, .memory_bytes, .os, .compiler, .build_type, .flags,
     .commit, .dirty, .version, .threads] | map(type) | join(",")'
want=string,string,string,number,number,string,string,string,string,string,boolean,string,number
for f in "$tmp/whole.json" "$s-3.json" "$tmp/a/merged.json"; do
    [ "$(jq -r "$ctx" "$f")" = $want ] && ok || bad "$f: context $(jq -c .context "$f")"
done
[ "$(jq -c 'del(.context.threads)' "$s-0.json" | jq -c .context)" = \
  "$(jq -c 'del(.context.threads)' "$tmp/a/merged.json" | jq -c .context)" ] &&
    ok || bad "the merge did not keep shard 0's context"
"$pb" merge "$s"-[0-6].json >"$tmp/sum.txt"
context "$tmp/sum.txt" | grep -q "^puzzlebench [0-9.]* at [0-9a-f]\{12\}.*cores.* threads\?, 20[0-9-]*T" &&
    ok || bad "the merged summary has no context line: $(context "$tmp/sum.txt")"

# A corpus file is known by its content: shards of a regenerated c.in, or of two
# different files at one path, do not merge; the same file does.
mkdir -p "$tmp/c1" "$tmp/c2"
"$pb" gen flip --corpus flip:random:count=40:seed=1 >"$tmp/c1/c.in"
"$pb" gen flip --corpus flip:random:count=40:seed=2 >"$tmp/c2/c.in"
for k in 0 1; do
    (cd "$tmp/c1" && "$pb" run flip --corpus c.in --shard $k/2 --no-save --json "$tmp/c1-$k.json") >/dev/null
    (cd "$tmp/c2" && "$pb" run flip --corpus c.in --shard $k/2 --no-save --json "$tmp/c2-$k.json") >/dev/null
done
[ "$(jq -r .corpus_content.in "$tmp/c1-0.json")" != "$(jq -r .corpus_content.in "$tmp/c2-1.json")" ] &&
    ok || bad "two different files have one content hash"
expect 0 "" -- "$pb" merge "$tmp/c1-0.json" "$tmp/c1-1.json"
expect 2 "c2-1.json:$(at '"in"' "$tmp/c2-1.json"): expected the corpus file's content $(jq -r .corpus_content.in "$tmp/c1-0.json") as in $tmp/c1-0.json" -- \
    "$pb" merge "$tmp/c1-0.json" "$tmp/c2-1.json"
# The expected answers count too: an .ans beside c.in changes the content.
"$pb" solve flip "$tmp/c1/c.in" >"$tmp/c1/c.ans"
(cd "$tmp/c1" && "$pb" run flip --corpus c.in --shard 1/2 --no-save --json "$tmp/c1-1a.json") >/dev/null
expect 2 "c1-1a.json:$(at '"ans"' "$tmp/c1-1a.json"): expected the expected answers' content none as in $tmp/c1-0.json" -- \
    "$pb" merge "$tmp/c1-0.json" "$tmp/c1-1a.json"

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
