#!/usr/bin/env bash
# cli_layers.sh BIN SRC - the house's layering (CONTRIBUTING.md): every
# #include "..." from one folder to another goes down, cli -> bench ->
# solvers, util -> include/, and no files include each other in a circle
# (tsort finds one; countsearch.c and mrv.c include themselves, their template)
# or call each other in one.
set -u
bin=$1 src=$2
source "$src/tests/cli.sh"
: "$bin"

rank() { case $1 in cli/*) echo 3 ;; bench/*) echo 2 ;; solvers/* | util/*) echo 1 ;;
    include/*) echo 0 ;; *) echo - ;; esac; }
cd "$src" || exit 1
{ git ls-files 'cli/*' 'bench/*' 'solvers/*' 'util/*' 'include/*' 2>/dev/null ||
    find cli bench solvers util include -type f; } | grep -E '\.(c|h|cc)$' >"$tmp/files"
[ -s "$tmp/files" ] && ok || bad "no sources found under $src"
while read -r f; do
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
        while read -r inc; do
            t=$(realpath -m --relative-to=. "$(dirname "$f")/$inc")
            [ -f "$t" ] && echo "$f $t"
        done
done <"$tmp/files" >"$tmp/edges"
grep -q . "$tmp/edges" && ok || bad "no includes found"
while read -r f t; do
    a=$(rank "$f") b=$(rank "$t")
    [ "$a" = - ] || [ "$b" = - ] || [ "$b" -le "$a" ] || echo "$f includes $t"
done <"$tmp/edges" >"$tmp/up"
[ -s "$tmp/up" ] && bad "includes upward: $(cat "$tmp/up")" || ok
tsort "$tmp/edges" >/dev/null 2>"$tmp/loop" && ok || bad "an include circle: $(cat "$tmp/loop")"

# Nor do files call each other, however far round: an arrow from the object
# that uses a symbol (a call, or data such as a solver's puzzle) to the one
# that defines it, over every object of the libraries beside bin (nm).
libs=$(ls "$(dirname "$bin")"/libpz*.a 2>/dev/null)
[ -n "$libs" ] && ok || bad "no libraries beside $bin"
# shellcheck disable=SC2086 # one word per library
nm -A $libs 2>/dev/null | awk '
    NF < 2 { next }
    { split($1, f, ":"); o = f[1] ":" f[2]; t = $(NF - 1); s = $NF }
    t ~ /^[Uvw]$/ { use[o, s] = 1; next }
    t ~ /^[BCDGRSTVW]$/ { def[s] = def[s] " " o }
    END {
        for (k in use) {
            split(k, p, SUBSEP)
            n = split(def[p[2]], d, " ")
            for (i = 1; i <= n; i++)
                if (d[i] != p[1])
                    print p[1], d[i]
        }
    }' >"$tmp/calls"
grep -q 'libpzcore.a:registry.c.o' "$tmp/calls" && ok || bad "no calls between objects found"
tsort "$tmp/calls" >/dev/null 2>"$tmp/callloop" && ok || bad "files that call each other: $(cat "$tmp/callloop")"
summary
