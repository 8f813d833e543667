# cli.sh - what the command-line tests share.  Each tests/cli_NAME.sh starts with
#     set -u
#     pb=$1 src=$2
#     source "$src/tests/cli.sh"
# and ends with `summary`.  $tmp is a fresh directory, removed on exit.
fails=0 passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passes=$((passes + 1)); }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect STATUS STDERR-PATTERN -- command...
expect() {
    local want=$1 pattern=$2 got
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then
        bad "$* exited $got, expected $want"; cat "$tmp/err"
    elif [ -n "$pattern" ] && ! grep -q -- "$pattern" "$tmp/err"; then
        bad "$*: stderr lacks '$pattern':"; cat "$tmp/err"
    else
        ok
    fi
}

# expect_line STATUS LINE CMD...: the exit status, and unless LINE is empty
# the first line of stderr, exactly; bad input (STATUS 2) says that one line.
expect_line() {
    local want=$1 line=$2 got
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then
        bad "$*: exit $got, expected $want ($(head -1 "$tmp/err"))"
    elif [ -n "$line" ] && [ "$(head -1 "$tmp/err")" != "$line" ]; then
        bad "$*: said '$(head -1 "$tmp/err")', expected '$line'"
    elif [ "$want" = 2 ] && [ "$(wc -l <"$tmp/err")" != 1 ]; then
        bad "$*: more than one line on stderr"; cat "$tmp/err"
    else
        ok
    fi
}

# untimed REPORT: the report without its timings, which are all that may depend
# on sharding (for `same A B`, the test that B is A but for them):
# threads, batch, wall_s (and a merge's real_wall_s), the peak memory, every
# *seconds and every ns_* figure, the batch spreads, where the slowest batch
# starts, the cold batches, like and what the headline is of (which batch a
# thread takes first, and whether any is warm), a sweep's sizes and growth
# (of the warm batches), relative speed (its baseline is the fastest); and
# the context's date and threads.
untimed() {
    jq -S 'del(.context.date, .context.threads) | walk(if type == "object" then with_entries(select(.key |
               test("^(threads|batch|wall_s|real_wall_s|spread|worst_index|like|sizes|growth|headline|relative|peak_rss_bytes)$|seconds|(^|_)ns_|^cold_|^cpu_spread") | not))
               else . end)' "$1"
}
# context SUMMARY: the context of run's or merge's terminal summary, from its
# third line to the blank one, as one line (the summary breaks it between
# words to its width, each line after the first indented by two).
context() {
    sed -n '3,/^$/p' "$1" | sed '/^$/d; 1!s/^  / /' | tr -d '\n'
}

same() {
    if cmp -s <(untimed "$1") <(untimed "$2"); then ok; else
        bad "$2 differs from $1 apart from timings:"
        diff <(untimed "$1") <(untimed "$2") | head -20
    fi
}

# registry PUZZLEBENCH [OPTION...]: every registered solver as `puzzlebench
# list OPTION...` shows it, "puzzle/solver" a line.
registry() {
    "$1" list "${@:2}" | awk '
        /^[a-z]/ { puzzle = $1 }
        /^  solvers/ { in_solvers = 1; next }
        /^  [a-z]/ { in_solvers = 0 }
        in_solvers && /^    [a-z]/ { print puzzle "/" $1 }'
}

# block SECTION TITLE: a text of a report in $tmp/out, after the line matching SECTION.
block() {
    awk -v s="$1" -v t="--- $2 ---" '
        $0 ~ s { in_s = 1; next }
        in_s && $0 == t { on = 1; next }
        on && /^--- / { exit }
        on && /^$/ { exit }
        on { print }' "$tmp/out"
}

# interrupt SIGNAL SECONDS COMMAND...: runs the command in the background
# (its output in $tmp/int.out), sends it SIGNAL after SECONDS, and leaves its
# exit status in $rc.
interrupt() {
    local sig=$1 after=$2 pid
    shift 2
    set -m # a background job of a shell without job control ignores SIGINT
    "$@" >"$tmp/int.out" 2>&1 &
    pid=$!
    set +m
    sleep "$after"
    kill -"$sig" $pid
    wait $pid
    rc=$?
}

# sanitized PUZZLEBENCH: the binary is an AddressSanitizer build, whose shadow
# memory needs terabytes of address space (no ulimit -v, no --memory-limit).
sanitized() {
    ldd "$1" 2>/dev/null | grep -q libasan
}

# copy_checkout DIR: this checkout's tracked files as they are now (git stash
# create: a commit of them, touching nothing) copied into DIR, made a
# repository of its own with one commit, so that git status there is empty;
# `g ARGS...` then runs git in it.  Fails where $src is no git checkout.
copy_checkout() {
    local tree
    co=$1
    git -C "$src" rev-parse --git-dir >/dev/null 2>&1 || return 1
    tree=$(git -C "$src" stash create 2>/dev/null) || tree=
    mkdir -p "$co"
    git -C "$src" archive "${tree:-HEAD}" | tar -x -C "$co"
    g init -q && g add -Af && g commit -qm copy
}
g() { git -C "$co" -c user.name=test -c user.email=test@localhost -c commit.gpgsign=false "$@"; }

# skip REASON: this machine cannot run the test; says why, and exits 77, which
# ctest shows as skipped (never as passed) and scripts/test repeats.
skip() {
    echo "SKIPPED: $*"
    exit 77
}

# The closing line ctest shows, and the exit status.
summary() {
    echo "$passes passed, $fails failed"
    [ "$fails" -eq 0 ]
}
