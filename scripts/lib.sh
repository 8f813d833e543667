# lib.sh - what the scripts share.  Source it; in a checkout it cds there.
#
# Installed (cmake --install: PREFIX/share/puzzlebench/scripts/), there is no
# checkout: the scripts stay in the caller's directory, so results/ is the
# caller's, and use the installed PREFIX/bin/puzzlebench, building nothing.
set -euo pipefail
PZ_CALLER=$PWD                  # where the script was started, for its arguments
PZ_NAME=scripts/$(basename "$0")
PZ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -f "$PZ_ROOT/CMakeLists.txt" ]; then
    PZ_INSTALLED=
    cd "$PZ_ROOT"
    PZ_BUILD=${PZ_BUILD:-$PZ_ROOT/build}
else
    PZ_INSTALLED=1
    PZ_BUILD=$(cd "$PZ_ROOT/../../bin" && pwd)
fi

# pz_help: the script's usage, its opening comment (after the #! line), on stdout.
pz_help() {
    awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
}

# pz_die MESSAGE: the message after the script's name, on stderr; exit 2.
pz_die() {
    echo "$PZ_NAME: $*" >&2
    exit 2
}

# pz_args ARGS...: for scripts whose arguments are all operands: -h or --help
# prints the usage and exits 0, any other option exits 2, "--" ends the options.
# The operands are left in PZ_ARGS.
pz_args() {
    PZ_ARGS=()
    while [ $# -gt 0 ]; do
        case $1 in
            -h | --help) pz_help; exit 0 ;;
            --) shift; PZ_ARGS+=("$@"); return 0 ;;
            -?*) pz_die "unknown option '$1' (see $PZ_NAME --help)" ;;
            *) PZ_ARGS+=("$1") ;;
        esac
        shift
    done
}

# pz_into FILE CMD... : CMD's stdout into FILE through a temporary file in
# FILE's folder, renamed over FILE once CMD succeeds; when CMD fails, FILE is
# left as it was and the status is CMD's.  Every chart and table is written so.
pz_into() {
    local file=$1 part rc=0
    shift
    part=$(mktemp "$(dirname "$file")/.$(basename "$file").XXXXXX") || return 2
    "$@" >"$part" || rc=$?
    if [ $rc = 0 ]; then
        chmod 644 "$part" && mv -f "$part" "$file" || rc=$?
    fi
    rm -f "$part"
    return $rc
}

# pz_did_you_mean WORD NAME... : "; did you mean 'NAME'?" for the name nearest
# to WORD (at most 2 edits, and a third of the name; or one WORD begins), as
# util/suggest.c chooses for the C commands; nothing where none is near.
pz_did_you_mean() {
    awk -v w="$1" 'function d(a, b,   i, j, m, n, c, p, q, x) {
            m = length(a); n = length(b)
            for (j = 0; j <= n; j++) p[j] = j
            for (i = 1; i <= m; i++) {
                q[0] = i
                for (j = 1; j <= n; j++) {
                    c = substr(a, i, 1) != substr(b, j, 1)
                    x = p[j] + 1; if (q[j - 1] + 1 < x) x = q[j - 1] + 1
                    if (p[j - 1] + c < x) x = p[j - 1] + c
                    q[j] = x
                }
                for (j = 0; j <= n; j++) p[j] = q[j]
            }
            return p[n]
        }
        BEGIN { best = 3 }
        { k = d(w, $0); if (k > 2 && length(w) >= 3 && index($0, w) == 1) k = 2
          if (k < best && k <= 2 && 3 * k <= length($0)) { best = k; name = $0 } }
        END { if (name != "") printf "; did you mean '\''%s'\''?", name }' < <(printf '%s\n' "${@:2}")
}

# pz_abs PATH : PATH as given on the command line, made absolute.
pz_abs() {
    case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$PZ_CALLER" "$1" ;; esac
}

# pz_puzzle_of FILE : the puzzle of a corpus file, corpus/PUZZLE/NAME.in or
# corpus/regressions/PUZZLE-HASH.in.
pz_puzzle_of() {
    local dir name
    dir=$(basename "$(dirname "$1")") name=$(basename "$1")
    if [ "$dir" = regressions ]; then echo "${name%%-*}"; else echo "$dir"; fi
}

# pz_need PKG... : installs the Debian packages that are missing (as root).
pz_need() {
    local missing=() p
    for p in "$@"; do
        [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing: ${missing[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: missing Debian packages (${missing[*]}); run as root or install them" >&2
        exit 2
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The packages a build and its tests use.
PZ_PACKAGES=(cmake make gcc g++ pkg-config clang-format libcmocka-dev libbenchmark-dev
             libcadical-dev libm4ri-dev libgecode-dev libjansson-dev libxxhash-dev
             parallel gnuplot-nox openssh-server openssh-client rsync jq libxml2-utils
             universal-ctags
             munge slurmctld slurmd slurm-client)

# What a script needs of its build directory, as OPTION=ON or OPTION=OFF: set
# after sourcing this, e.g. PZ_BUILD_NEEDS=(BUILD_TESTING=ON) in scripts/test.
PZ_BUILD_NEEDS=()

# pz_bool VALUE : ON or OFF, as CMake reads VALUE in an if().
pz_bool() {
    case ${1^^} in
        '' | 0 | OFF | NO | FALSE | N | IGNORE | NOTFOUND | *-NOTFOUND) echo OFF ;;
        *) echo ON ;;
    esac
}

# pz_build [DIR [CMAKE ARGS...]] : configures (once) and builds (installed: nothing).
# A directory configured against PZ_BUILD_NEEDS (BUILD_TESTING=OFF where the
# tests are needed) is configured again with them, and stderr says so.
pz_build() {
    [ -z "$PZ_INSTALLED" ] || return 0
    local dir=${1:-$PZ_BUILD} need have fix=() was=()
    shift || true
    if [ -f "$dir/CMakeCache.txt" ]; then
        for need in "${PZ_BUILD_NEEDS[@]}"; do
            have=$(sed -n "s/^${need%%=*}:[A-Z]*=//p" "$dir/CMakeCache.txt")
            [ -z "$have" ] || [ "$(pz_bool "$have")" = "${need#*=}" ] ||
                { fix+=("-D$need"); was+=("${need%%=*}=$have"); }
        done
        if [ ${#fix[@]} -gt 0 ]; then
            echo "$PZ_NAME: $dir was configured with ${was[*]}; configuring it again" \
                 "with ${fix[*]#-D}" >&2
            cmake -S "$PZ_ROOT" -B "$dir" "${fix[@]}" >/dev/null
        fi
    else
        cmake -S "$PZ_ROOT" -B "$dir" "$@" "${PZ_BUILD_NEEDS[@]/#/-D}" >/dev/null
    fi
    cmake --build "$dir" -j "$(nproc)"
}

# The history of timings, a row per run and solver (scripts/regress and
# scripts/history append to it, scripts/plot --history draws it).
PZ_HISTORY_HEADER=date,commit,run,puzzle,solver,ns,ci_low_ns,ci_high_ns,of,build_type,host

# pz_history_init CSV : makes CSV with its header, or brings one of the older
# form (without build_type and host) to this one, its old rows' unknown.
pz_history_init() {
    if [ ! -s "$1" ]; then
        echo "$PZ_HISTORY_HEADER" >"$1"
    elif [ "$(head -1 "$1")" = "${PZ_HISTORY_HEADER%,build_type,host}" ]; then
        awk -v h="$PZ_HISTORY_HEADER" 'NR == 1 { print h; next } { print $0 ",," }' "$1" >"$1.tmp" &&
            mv "$1.tmp" "$1"
    fi
}

# pz_history_rows PB NAME REPORT DATE : a history row per solver of the
# report: its headline, the figure every view prints (the median of the warm
# batches' CPU time per instance), with the 95% interval of that median, as
# `PB report REPORT --bmf -` gives them (bench/bmf.h), "warm batches" in the
# column of; a solver without a warm batch its cold mean, "cold batches",
# without an interval; then the build type and host of the report's
# context.  The commit is the one the measured build was made from (the
# report's), else the checkout's.  PB reads the report, and an older one.
pz_history_rows() {
    local commit bmf
    commit=$(git -C "$PZ_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
    git -C "$PZ_ROOT" diff --quiet HEAD 2>/dev/null || commit+='+dirty'
    bmf=$("$1" report "$3" --bmf -) &&
        jq -r --arg run "$2" --arg date "$4" --arg commit "$commit" --argjson bmf "$bmf" '
        (.context // {}) as $cx
        | (if ($cx.commit // "") != "" then $cx.commit[0:7] + (if $cx.dirty then "+dirty" else "" end)
           else $commit end) as $commit
        | ($cx.build_type // "") as $build | ($cx.host // "") as $host
        | .puzzle as $p | .corpus as $c
        | .solvers[] | $bmf["\($p)/\($c)/\(.name)"] as $m | select($m)
        | (if $m.latency then [$m.latency, "warm batches"] else [$m["latency-cold"], "cold batches"] end) as $v
        | [$date, $commit, $run, $p, .name, $v[0].value, $v[0].lower_value, $v[0].upper_value, $v[1],
           $build, $host]
        | @csv' "$3" ||
        echo "$PZ_NAME: $3: no history rows" >&2
}

# Builds of other commits (scripts/history, scripts/bisect), under an ignored
# folder of the checkout: src/, a worktree of this repository checked out at
# the commit; obj/, one build directory, so that a commit's build recompiles
# only what differs from the one before; bin/COMMIT/, each commit's binary
# and build log, kept and reused.
PZ_COMMITS=${PZ_COMMITS:-$PZ_ROOT/build-commits}

# pz_commit_build COMMIT : the command line (Release) built at COMMIT, a full
# hash, once; prints the binary's path.  Returns 1 where the commit does not
# build, its log's path on stderr.
pz_commit_build() {
    local sha=$1 dir=$PZ_COMMITS/bin/$1 src=$PZ_COMMITS/src
    [ -z "$PZ_INSTALLED" ] || pz_die "building commits needs a checkout, not an installed copy"
    if [ ! -x "$dir/puzzlebench" ]; then
        mkdir -p "$dir" && : >"$dir/build.log"
        if [ ! -e "$src/.git" ]; then
            git -C "$PZ_ROOT" worktree prune
            git -C "$PZ_ROOT" worktree add -q --detach "$src" "$sha" >>"$dir/build.log" 2>&1
        fi
        if ! { git -C "$src" checkout -q --detach "$sha" &&
            cmake -S "$src" -B "$PZ_COMMITS/obj" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
                -DPZ_MICRO=OFF -DPZ_FUZZ=OFF &&
            cmake --build "$PZ_COMMITS/obj" -j "$(nproc)" --target puzzlebench; } >>"$dir/build.log" 2>&1; then
            echo "$PZ_NAME: ${sha:0:12} does not build (see $dir/build.log)" >&2
            return 1
        fi
        cp "$PZ_COMMITS/obj/puzzlebench" "$dir/puzzlebench.tmp" && mv "$dir/puzzlebench.tmp" "$dir/puzzlebench"
    fi
    echo "$dir/puzzlebench"
}

# pz_check_threshold PCT, pz_check_repeat K : as `puzzlebench compare` and
# `run` take them, said before any run starts.
pz_check_threshold() {
    [[ $1 =~ ^([0-9]+[.]?[0-9]*|[.][0-9]+)$ ]] && awk -v t="$1" 'BEGIN { exit !(t < 1000) }' ||
        pz_die "expected --threshold PCT with 0 <= PCT < 1000, found '$1'"
}
pz_check_repeat() {
    { [[ $1 =~ ^[0-9]+$ ]] && [ "$((10#$1))" -ge 1 ] && [ "$((10#$1))" -le 100 ]; } ||
        pz_die "expected --repeat K with 1 <= K <= 100, found '$1'"
}

# The steps scripts/history finds, a row per solver and commit where it
# stepped; scripts/plot --history marks them.
PZ_STEPS_HEADER=run,puzzle,solver,commit,subject,ratio,ci_low,ci_high,verdict

# A jq definition: r3, a ratio to three decimals.
PZ_JQ_R3='def r3: . * 1000 | round / 1000; '

# pz_compare PB BASE NEW THRESHOLD JSON : `PB compare BASE NEW` (reports of one
# corpus, run with --repeat) into JSON; returns 1, compare's message on
# stderr, where it could not compare them (a slower solver is no error here).
pz_compare() {
    local rc=0 err
    err=$("$1" compare "$2" "$3" --threshold "$4" --json "$5" 2>&1 >/dev/null) || rc=$?
    [ $rc -le 1 ] || { echo "$err" >&2; return 1; }
}
