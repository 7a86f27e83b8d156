#!/usr/bin/env bash
# The fuzz campaigns: every parser that reads outside input (tests/fuzz/fuzz_*.cpp) under libFuzzer with
# AddressSanitizer + UBSan (the `fuzz` preset, clang). `make fuzz` runs this; `make test` only replays the
# checked-in inputs (the fuzz_replay_* tests), which takes seconds.
#
#   scripts/fuzz.sh [--seconds S] [--runs N] [TARGET...]    (default: every target, 30 minutes or 10 million
#                                                            executions each, whichever comes first)
#
# Each target starts from its seeds (tests/fuzz/corpus/<target>/) and a working corpus under build/fuzz/corpus/
# that grows between campaigns. An input that crashes, hangs (> 10 s), leaks or trips a check is written to
# tests/fuzz/crashes/<target>/: fix the cause, keep the file (the replay test runs it from then on), commit.
# At the end: executions, coverage (libFuzzer's cov: edges and ft: features) and the verdict per target.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=1800
RUNS=10000000
TARGETS=()
while (($#)); do
  case $1 in
    --seconds) SECONDS_EACH=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
if ((${#TARGETS[@]} == 0)); then
  TARGETS=($(sed -n 's/^set(ATTNLAB_FUZZ_TARGETS \(.*\))$/\1/p' tests/fuzz/fuzz.cmake))
fi
command -v clang++-14 >/dev/null || { echo "fuzz.sh: clang++-14 is needed (scripts/setup.sh installs it with emscripten)" >&2; exit 1; }
cmake --preset fuzz >/dev/null || exit 1
cmake --build --preset fuzz -j "$(nproc)" --target "${TARGETS[@]/#/fuzz_}" || exit 1

summary=()
failed=0
for t in "${TARGETS[@]}"; do
  work=build/fuzz/corpus/$t
  crashes=tests/fuzz/crashes/$t
  mkdir -p "$work" "$crashes"
  log=build/fuzz/$t.log
  echo "fuzz.sh: $t for ${SECONDS_EACH} s or ${RUNS} runs (log: $log)" >&2
  build/fuzz/fuzz_$t -max_total_time="$SECONDS_EACH" -runs="$RUNS" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "$work" "tests/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  if ((rc == 0)); then verdict="0 crashes, 0 hangs, 0 leaks"; else verdict="FAILED (exit $rc): see $log and $crashes/"; failed=1; fi
  rmdir "$crashes" 2>/dev/null
  summary+=("$(printf '%-12s %12s execs %8s/s   %-22s %s' "$t" "${execs:-?}" "${rate:-?}" "${cov:-cov: ?}" "$verdict")")
done
echo
echo "fuzz campaigns (libFuzzer + ASan + UBSan; corpus sizes: $(for t in "${TARGETS[@]}"; do printf '%s %s  ' "$t" "$(ls build/fuzz/corpus/$t | wc -l)"; done))"
printf '%s\n' "${summary[@]}"
exit $failed
