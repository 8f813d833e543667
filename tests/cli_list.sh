#!/usr/bin/env bash
# cli_list.sh BIN SRC - `puzzlebench list` shows every registered solver once
# with the flags of its registry line (solvers/registry.h).
set -u
bin=$1 src=$2
source "$src/tests/cli.sh"

"$bin" list >"$tmp/list"
# The flags as the registry lines give them: "puzzle/solver [reference]".
sed -n 's/^ *X(\([a-z0-9_]*\), *\([a-z0-9_]*\), *\(.*\)) *\\\?$/\1\/\2 \3/p' \
    "$src/solvers/registry.h" |
    sed 's/PZ_REF/[reference]/; s/PZ_SLOW/[slow]/; s/PZ_EXPONENTIAL/[exponential]/' |
    sed 's/ | / /g; s/ 0$//' | sort >"$tmp/want"
awk '/^[a-z]/ { puzzle = $1 }
     /^  solvers/ { in_solvers = 1; next }
     /^  [a-z]/ { in_solvers = 0 }
     in_solvers && /^    [a-z]/ {
         name = $1; flags = ""
         while (match($0, / \[(reference|slow|exponential)\]/)) {
             flags = flags substr($0, RSTART, RLENGTH)
             $0 = substr($0, RSTART + RLENGTH)
         }
         print puzzle "/" name flags }' "$tmp/list" | sort >"$tmp/got"
if diff "$tmp/want" "$tmp/got" >"$tmp/diff"; then ok; else bad "list flags differ:"; cat "$tmp/diff"; fi
[ -s "$tmp/got" ] && ok || bad "list shows no solvers"
# Every puzzle has a reference.
for p in $(awk '/^[a-z]/ { print $1 }' "$tmp/list"); do
    grep -q "^$p/.*\[reference\]" "$tmp/got" && ok || bad "$p has no [reference] solver"
done
summary
