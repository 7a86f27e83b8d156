# Sourced by scripts/format.sh and scripts/check_format.sh: which clang-format, and which files it formats.
#
#   CLANG_FORMAT   the clang-format to run (default: clang-format-14, else clang-format). The style in
#                  .clang-format was tuned with Debian 12's clang-format 14; another version may disagree.
#
# The files: every tracked (or new, not ignored) C++ source and header. Not web/ui/strings_en.inc: it is the
# text table (one X(key, "text") per line, for translators), not code to lay out.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

find_clang_format() {
  if [ -n "${CLANG_FORMAT:-}" ]; then
    :
  elif command -v clang-format-14 >/dev/null; then
    CLANG_FORMAT=clang-format-14
  elif command -v clang-format >/dev/null; then
    CLANG_FORMAT=clang-format
  else
    echo "clang-format not found: run scripts/setup.sh (Debian package clang-format)" >&2
    exit 2
  fi
  if ! "$CLANG_FORMAT" --version | grep -q 'version 14\.'; then
    echo "warning: $("$CLANG_FORMAT" --version) is not clang-format 14, for which .clang-format was tuned" >&2
  fi
}

# cxx_files [file...]: the given C++ files (others are left out with a word: clang-format would rewrite Markdown or
# CMake as if it were C++), or every C++ file of the project (paths relative to ROOT, one a line).
cxx_files() {
  if [ $# -gt 0 ]; then
    local f
    for f in "$@"; do
      case "$f" in
        *.h | *.hpp | *.hh | *.c | *.cc | *.cpp | *.cxx) printf '%s\n' "$f" ;;
        *) echo "clang_format.sh: $f is not a C++ file: left as it is" >&2 ;;
      esac
    done
  else
    git -C "$ROOT" ls-files --cached --others --exclude-standard -- \
      '*.h' '*.hpp' '*.hh' '*.c' '*.cc' '*.cpp' '*.cxx' | while read -r f; do [ -f "$ROOT/$f" ] && echo "$f"; done
  fi
}
