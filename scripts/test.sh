#!/usr/bin/env bash
# make test: every build first (each with both cores), then every suite, one after the other (docs/development.md,
# "Tests"). A suite that fails does not stop the ones after it, so one run shows every failure; the end lists each
# step's time and verdict, and the exit code is 1 if any step failed.
#
#   bash scripts/test.sh          what make test runs (make test also installs what is missing first)
set -uo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}

names=() times=() verdicts=()
failed=0
step() {  # step NAME COMMAND...: runs it, keeps its time and verdict
  local name=$1 t0=$SECONDS
  shift
  echo "==== $name: $*"
  if "$@"; then verdicts+=(ok); else verdicts+=(FAILED); failed=1; fi
  names+=("$name") times+=($((SECONDS - t0)))
}
summary() {
  echo
  echo "make test, step by step:"
  for i in "${!names[@]}"; do printf '  %5d s  %-8s %s\n' "${times[$i]}" "${verdicts[$i]}" "${names[$i]}"; done
  printf '  %5d s  in all\n' "$SECONDS"
}

step "builds (native, asan, WebAssembly + dist/)" make --no-print-directory native asan-build dist
if [ "$failed" != 0 ]; then summary; exit 1; fi  # no suite can run without its build
step "native tests" ctest --preset native -j "$JOBS"
step "asan-quick tests" ctest --preset asan-quick -j "$JOBS"
step "WebAssembly tests" ctest --preset wasm -j "$JOBS"
step "docs (check, run)" make --no-print-directory test-docs
step "browser tests" node tests/e2e/run.mjs
summary
exit "$failed"
