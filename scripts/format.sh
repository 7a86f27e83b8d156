#!/usr/bin/env bash
# Rewrites C++ files in place in the project's style (.clang-format). The check is scripts/check_format.sh.
#
#   scripts/format.sh              every C++ file of the project (see scripts/clang_format.sh)
#   scripts/format.sh FILE...      just these
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clang_format.sh"
find_clang_format
cd "$ROOT"
mapfile -t files < <(cxx_files "$@")
[ ${#files[@]} -gt 0 ] || exit 0
printf '%s\0' "${files[@]}" | xargs -0 -n 16 "$CLANG_FORMAT" -i --style=file
echo "format: ${#files[@]} files in the style of .clang-format ($("$CLANG_FORMAT" --version | grep -o 'version [0-9.]*'))"
