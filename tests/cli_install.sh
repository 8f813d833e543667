#!/usr/bin/env bash
# cli_install.sh - the command line alone: configured with BUILD_TESTING and
# PZ_MICRO off, and with Google Benchmark and cmocka made unfindable (pkg-config
# sees every library of the system's but those two), puzzlebench builds; `cmake --install` puts it in PREFIX/bin and
# the scripts users run in PREFIX/share/puzzlebench/scripts, where shard finds
# the installed binary and writes under the current directory.
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"

b=$tmp/build p=$tmp/prefix pc=$tmp/pkgconfig
mkdir -p "$pc"
for d in $(pkg-config --variable pc_path pkg-config | tr : ' '); do
    for f in "$d"/*.pc; do
        case ${f##*/} in cmocka.pc | benchmark*.pc) ;; *) [ -f "$f" ] && cp "$f" "$pc/" ;; esac
    done
done
# Debug: the quickest build; the project forces Release only when none is given.
if PKG_CONFIG_LIBDIR=$pc PKG_CONFIG_PATH= cmake -S "$src" -B "$b" -DBUILD_TESTING=OFF \
    -DPZ_MICRO=OFF -DCMAKE_BUILD_TYPE=Debug -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
    >"$tmp/configure.log" 2>&1; then ok; else bad "CLI-only configure failed:"; cat "$tmp/configure.log"; fi
if cmake --build "$b" --target puzzlebench -j 2 >"$tmp/build.log" 2>&1; then ok
else bad "CLI-only build failed:"; tail -30 "$tmp/build.log"; fi
if cmake --install "$b" --prefix "$p" >"$tmp/install.log" 2>&1; then ok
else bad "cmake --install failed:"; cat "$tmp/install.log"; fi

want=$(sed -n 's/^project(puzzlebench VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ "$("$p/bin/puzzlebench" --version 2>&1)" = "puzzlebench $want" ] && ok ||
    bad "installed puzzlebench --version: $("$p/bin/puzzlebench" --version 2>&1)"
for f in shard plot; do
    [ -x "$p/share/puzzlebench/scripts/$f" ] && ok || bad "scripts/$f is not installed"
done
for f in lib.sh chart.sh micro.jq; do
    [ -f "$p/share/puzzlebench/scripts/$f" ] && ok || bad "scripts/$f is not installed"
done
# The installed plot finds what it sources (its help comes after).
"$p/share/puzzlebench/scripts/plot" --help >"$tmp/out" 2>&1 && grep -q '^usage: scripts/plot' "$tmp/out" &&
    ok || bad "installed plot --help: $(head -3 "$tmp/out")"

# The installed shard, from a directory of the user's, with no PUZZLEBENCH.
mkdir -p "$tmp/work"
(cd "$tmp/work" && env -u PUZZLEBENCH -u PZ_BUILD "$p/share/puzzlebench/scripts/shard" \
    flip:random:count=50 --shards 2) >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && grep -q "OK: every answer checks and agrees" "$tmp/out" && ok ||
    { bad "installed shard: exit $rc"; cat "$tmp/err"; }
log=$(ls "$tmp"/work/results/shard/*/joblog 2>/dev/null | head -1)
[ -n "$log" ] && grep -q "$p/bin/puzzlebench run flip" "$log" && ok ||
    bad "installed shard did not run the installed binary into ./results/shard"
[ ! -e "$p/share/puzzlebench/results" ] && ok || bad "installed shard wrote under share/"

summary
