#!/usr/bin/env bash
# cli_format.sh - formatting is mechanical: every C and C++ source of the
# project follows .clang-format, and a file that does not fails the tests
# (`clang-format -i FILE` mends it).
set -u
src=$2
cd "$src" || exit 1
command -v clang-format >/dev/null || {
    echo "FAIL: clang-format is missing (scripts/test installs it)"
    exit 1
}
checked=0 fails=0
while IFS= read -r f; do
    checked=$((checked + 1))
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        echo "FAIL: $f does not follow .clang-format (clang-format -i $f mends it)"
        fails=$((fails + 1))
    fi
done < <(find util solvers bench cli tests \( -name '*.c' -o -name '*.h' -o -name '*.cc' \) | sort)
[ "$checked" -gt 50 ] || { echo "FAIL: only $checked sources found under $src"; exit 1; }
echo "cli_format: $checked sources, $fails not formatted"
exit $((fails > 0))
