#!/usr/bin/env bash
# cli_layers.sh BIN SRC - the house's layering (CONTRIBUTING.md): every
# #include "..." from one folder to another goes down, cli -> bench ->
# solvers, util -> include/, and no files include each other in a circle
# (tsort finds one; countsearch.c and mrv.c include themselves, their template)
# or call each other in one; and no function is too long to read whole.
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

# No function outside tests/ over 100 lines in bench/ and cli/, nor over 150
# anywhere: each function's first and last line as universal-ctags finds
# them (--fields=+ne), read from its JSON by jq.
ctags=$(command -v ctags-universal || command -v ctags)
[ -n "$ctags" ] && "$ctags" --version 2>/dev/null | grep -q Universal && ok ||
    bad "universal-ctags is missing (scripts/test installs it)"
# long_functions LIST : the functions of LIST's files (paths from here, one a
# line) over their limit, one a line; the count of all it found in $tmp/count.
long_functions() {
    "$ctags" --output-format=json --fields=+ne --kinds-C=f --kinds-C++=f -o - -L "$1" \
        2>"$tmp/ctags.err" | jq -r 'select(._type == "tag") | [.path, .name, .line, .end // 0] | @tsv' \
        >"$tmp/functions"
    wc -l <"$tmp/functions" >"$tmp/count"
    awk -F'\t' '{
        most = $1 ~ /^(bench|cli)\// ? 100 : 150
        if ($4 == 0) print $1 ": " $2 " (line " $3 "): ctags found no end"
        else if ($4 - $3 + 1 > most) print $1 ":" $3 ": " $2 " is " $4 - $3 + 1 " lines, more than " most
    }' "$tmp/functions"
}
{ git ls-files '*.c' '*.h' '*.cc' 2>/dev/null ||
    find cli bench solvers util include examples -name '*.[ch]' -o -name '*.cc'; } |
    grep -v '^tests/' >"$tmp/all"
long_functions "$tmp/all" >"$tmp/long"
[ "$(cat "$tmp/count")" -gt 500 ] && ok || bad "ctags found few functions: $(head -c 300 "$tmp/ctags.err")"
[ -s "$tmp/long" ] && bad "functions too long: $(cat "$tmp/long")" || ok

# The check itself, on planted functions at and past each limit.
# plant FILE NAME LINES : a function of LINES lines, its braces included.
plant() {
    mkdir -p "$(dirname "$1")"
    { echo "int $2(int x)"; echo "{"; for ((i = 3; i < $3 - 1; i++)); do echo "    x += $i;"; done
        echo "    return x;"; echo "}"; } >>"$1"
}
(
    cd "$tmp" && mkdir planted && cd planted || exit 1
    plant bench/a.c at_limit 100 && plant bench/a.c past_limit 101
    plant cli/b.c cli_past 101 && plant solvers/c.c solver_at 150
    plant solvers/c.c solver_past 151 && plant util/d.h header_past 151
    printf '%s\n' bench/a.c cli/b.c solvers/c.c util/d.h >list
    long_functions list >long
    cut -d' ' -f2 long | sort | tr '\n' ' ' >names
)
[ "$(cat "$tmp/planted/names")" = "cli_past header_past past_limit solver_past " ] && ok ||
    bad "planted functions: found '$(cat "$tmp/planted/names")' ($(cat "$tmp/planted/long"))"
summary
