#!/usr/bin/env bash
# cli_format.sh - formatting is mechanical: every C and C++ source of the
# project follows .clang-format, and a file that does not fails the tests
# (`clang-format -i FILE` mends it).
set -u
pb=$1 src=$2
source "$src/tests/cli.sh"
cd "$src" || exit 1
command -v clang-format >/dev/null || {
    bad "clang-format is missing (scripts/test installs it)"
    summary
    exit
}
checked=0
while IFS= read -r f; do
    checked=$((checked + 1))
    clang-format --dry-run --Werror "$f" >/dev/null 2>&1 && ok ||
        bad "$f does not follow .clang-format (clang-format -i $f mends it)"
done < <(find util solvers bench cli tests \( -name '*.c' -o -name '*.h' -o -name '*.cc' \) | sort)
echo "cli_format: $checked sources, $fails not formatted"
[ "$checked" -gt 50 ] && ok || bad "only $checked sources found under $src"
summary
