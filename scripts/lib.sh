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
             parallel gnuplot-nox openssh-server openssh-client rsync jq)

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
