# lib.sh - what the scripts share.  Source it; it cds to the checkout.
set -euo pipefail
PZ_CALLER=$PWD                  # where the script was started, for its arguments
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PZ_ROOT=$PWD
PZ_BUILD=${PZ_BUILD:-$PZ_ROOT/build}

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
PZ_PACKAGES=(cmake make gcc g++ pkg-config libcmocka-dev libbenchmark-dev libcadical-dev libgecode-dev
             parallel gnuplot-nox openssh-server openssh-client rsync jq)

# pz_build [DIR [CMAKE ARGS...]] : configures (once) and builds.
pz_build() {
    local dir=${1:-$PZ_BUILD}
    shift || true
    [ -f "$dir/CMakeCache.txt" ] || cmake -S "$PZ_ROOT" -B "$dir" "$@" >/dev/null
    cmake --build "$dir" -j "$(nproc)"
}
