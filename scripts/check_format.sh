#!/usr/bin/env bash
# Checks (never rewrites) that C++ files are in the project's style (.clang-format): prints each file that
# clang-format would change and how many of its lines, then the command that fixes them; exit 1 if any.
#
#   scripts/check_format.sh              every C++ file of the project (see scripts/clang_format.sh)
#   scripts/check_format.sh --diff       and show what would change
#   scripts/check_format.sh FILE...      just these
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clang_format.sh"
show_diff=0
if [ "${1:-}" = "--diff" ]; then show_diff=1; shift; fi
find_clang_format
cd "$ROOT"
mapfile -t files < <(cxx_files "$@")
bad=()
lines=0
for f in "${files[@]}"; do
  # the file's lines that clang-format would replace (diff's '<' lines)
  n=$("$CLANG_FORMAT" --style=file "$f" | diff "$f" - | grep -c '^<' || true)
  if [ "$n" -gt 0 ]; then
    bad+=("$f")
    lines=$((lines + n))
    echo "$f: $n lines differ from .clang-format"
    if [ $show_diff = 1 ]; then "$CLANG_FORMAT" --style=file "$f" | diff -u --label "$f" --label "$f (formatted)" "$f" - || true; fi
  fi
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "check_format: ${#bad[@]} of ${#files[@]} files ($lines lines) are not formatted; fix with:"
  if [ $# -gt 0 ]; then echo "  scripts/format.sh ${bad[*]}"; else echo "  scripts/format.sh      (or: make format)"; fi
  exit 1
fi
echo "check_format: ${#files[@]} files, all formatted"
