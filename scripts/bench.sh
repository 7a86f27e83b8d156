#!/usr/bin/env bash
# How fast is the engine? bench-tagger (bench-anchors/README.md) trained and run side by side, in one run, by
#   attnlab native       build/native/attnlab bench --json          (C++17, -march=native, one thread)
#   attnlab WebAssembly  node build/wasm/attnlab.js bench --json    (SIMD128 kernels, Node, one thread)
#   PyTorch 1.13         bench-anchors/torch_tagger.py              (one thread, OpenBLAS with AVX-512 kernels)
#   TensorFlow.js 4.22   bench-anchors/tfjs_tagger.js --backend wasm (SIMD, one thread)
#   (--sweep also) attnlab relaxed SIMD  node --experimental-wasm-relaxed-simd build/wasm/attnlab_relaxed.js,
#   and jax-js 0.1.25    bench-anchors/jaxjs_tagger.js --backend wasm-relaxed (jit, relaxed SIMD, one thread)
# and prints a table with the ratios the project promises (the figures themselves move with the machine and
# its load; the four are measured in turns, several rounds, and each figure is the median over rounds).
#
#   scripts/bench.sh [--rounds N] [--strict]      (default 3 rounds, about 3 minutes; `make bench` runs it)
#   scripts/bench.sh --sweep [--quick] [--strict] (the grid of `attnlab bench --sweep --list`: every shape in
#                                                  every implementation, jax-js and relaxed SIMD too; one table)
#
#   --strict   exit 1 when a target is missed or cannot be measured (default: always exit 0, it is a report)
#   --sweep    the shapes of the sweep grid instead of bench-tagger alone (about 10 minutes; --quick: fewer
#              repeats, about 5)
# Environment: ATTNLAB_NATIVE (default build/native/attnlab), ATTNLAB_WASM (default build/wasm/attnlab.js),
# ATTNLAB_WASM_RELAXED (default build/wasm/attnlab_relaxed.js),
# BENCH_ANCHORS (default ../shared/bench-anchors, next to the repository), BENCH_OUT (default build/bench).
#
# What the anchors need is installed when missing: python3-torch and libopenblas0-openmp (apt-get, as root),
# and @tensorflow/tfjs + tfjs-backend-wasm + @jax-js/jax (npm ci in a copy of bench-anchors under build/: the original may
# be read-only). An anchor that still cannot run is shown as n/a, with the reason.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

ROUNDS=3
STRICT=0
SWEEP=0
QUICK=0
while (($#)); do
  case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --strict) STRICT=1; shift ;;
    --sweep) SWEEP=1; shift ;;
    --quick) QUICK=1; shift ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

NATIVE=${ATTNLAB_NATIVE:-build/native/attnlab}
WASM=${ATTNLAB_WASM:-build/wasm/attnlab.js}
WASM_RELAXED=${ATTNLAB_WASM_RELAXED:-build/wasm/attnlab_relaxed.js}
ANCHORS_SRC=${BENCH_ANCHORS:-$ROOT/../shared/bench-anchors}
OUT=${BENCH_OUT:-build/bench}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)  # absolute: the runners change directory
ANCHORS=$OUT/bench-anchors
PY=/usr/bin/python3  # Debian's python, the one that sees python3-torch
RAW=$OUT/raw.jsonl
: > "$RAW"
NOTES=$OUT/notes.txt
: > "$NOTES"

note() { echo "$1	$2" >> "$NOTES"; }  # note KEY REASON: why a column is n/a
say() { echo "bench.sh: $*" >&2; }

as_root() {
  if [[ $(id -u) == 0 ]]; then "$@"; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi
}
apt_install() {  # apt_install PACKAGE...: quietly, with one `apt-get update` retry
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null 2>&1 && return 0
  as_root apt-get update -q >/dev/null 2>&1 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null 2>&1
}

# ------------------------------------------------------------------------------------------------ setup
HAVE_NATIVE=1 HAVE_WASM=1 HAVE_TORCH=1 HAVE_TFJS=1 HAVE_PEAK=1
if [[ ! -x $NATIVE ]]; then HAVE_NATIVE=0; note native "$NATIVE not found (cmake --preset native && cmake --build --preset native)"; fi
if ! command -v node >/dev/null; then
  HAVE_WASM=0 HAVE_TFJS=0 HAVE_PEAK=0
  note wasm "node not found"; note tfjs "node not found"; note peak "node not found"
elif [[ ! -f $WASM ]]; then
  HAVE_WASM=0; note wasm "$WASM not found (cmake --preset wasm && cmake --build --preset wasm)"
fi

if [[ ! -f $ANCHORS_SRC/torch_tagger.py ]]; then
  HAVE_TORCH=0 HAVE_TFJS=0 HAVE_PEAK=0
  for k in torch tfjs peak; do note $k "bench-anchors not found at $ANCHORS_SRC (set BENCH_ANCHORS)"; done
else
  # a private, writable copy (npm ci writes node_modules next to package.json)
  mkdir -p "$ANCHORS"
  for f in "$ANCHORS_SRC"/*; do
    [[ -f $f ]] && { cmp -s "$f" "$ANCHORS/$(basename "$f")" || cp "$f" "$ANCHORS/"; }
  done
  chmod -R u+w "$ANCHORS"
fi

if ((HAVE_TORCH)); then
  if ! "$PY" -c 'import torch' >/dev/null 2>&1 || ! dpkg -s libopenblas0-openmp >/dev/null 2>&1; then
    say "installing python3-torch libopenblas0-openmp for the PyTorch anchor"
    apt_install python3-torch libopenblas0-openmp || true
  fi
  if ! "$PY" -c 'import torch' >/dev/null 2>&1; then
    HAVE_TORCH=0; note torch "python3-torch is not installed and could not be (apt-get needs root)"
  elif ! dpkg -s libopenblas0-openmp >/dev/null 2>&1; then
    note torch_blas "libopenblas0-openmp missing: PyTorch runs on the system BLAS (slower than the anchor in ../shared/bench-anchors)"
  fi
fi
if ((HAVE_TFJS)); then
  if [[ ! -d $ANCHORS/node_modules/@tensorflow/tfjs-backend-wasm || ! -d $ANCHORS/node_modules/@jax-js/jax ]]; then
    say "npm ci in $ANCHORS for the TensorFlow.js and jax-js anchors"
    if ! (cd "$ANCHORS" && npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>"$OUT/npm.log"); then
      HAVE_TFJS=0; note tfjs "npm ci failed in $ANCHORS: $(tail -n 1 "$OUT/npm.log")"
    fi
  fi
fi
# simd128_peak: prints WebAssembly SIMD128's mul+add GFLOP/s (wasm_peak.js, the median of its runs), or notes why not
simd128_peak() {
  local j
  if j=$(cd "$ANCHORS" && node wasm_peak.js --json 2>"$OUT/peak.err" | tail -n 1) && [[ $j == \{* ]]; then
    "$PY" -c 'import json,sys; print(json.loads(sys.argv[1])["simd128"]["median_gflops"])' "$j"
  else
    note peak "wasm_peak.js failed: $(tail -n 1 "$OUT/peak.err")"
    return 1
  fi
}
if ((HAVE_PEAK)) && ! { command -v clang >/dev/null && command -v wasm-ld >/dev/null; }; then
  HAVE_PEAK=0; note peak "clang and wasm-ld are needed to build wasm_peak.c (apt-get install clang lld)"
fi

# ------------------------------------------------------------------------------------------------ sweep
# --sweep: every shape of the grid (attnlab bench --sweep --list) in every implementation, one after the other
# (the engine times the whole grid in one process; an anchor runs once per shape, with BENCH_D, BENCH_H, ...),
# then one table. An anchor's steps per timed repeat follow the shape's FLOPs, so a big shape in TF.js takes
# seconds, not minutes.
if ((SWEEP)); then
  if ((!HAVE_NATIVE)); then echo "bench.sh --sweep: $NATIVE is needed for the grid ($(grep native "$NOTES" | cut -f2))" >&2; exit 1; fi
  HAVE_RELAXED=$HAVE_WASM
  if ((HAVE_RELAXED)) && [[ ! -f $WASM_RELAXED ]]; then
    HAVE_RELAXED=0; note relaxed "$WASM_RELAXED not found (the wasm preset builds it: ATTNLAB_RELAXED_SIMD)"
  fi
  HAVE_JAX=$HAVE_TFJS
  [[ -d $ANCHORS/node_modules/@jax-js/jax ]] || { HAVE_JAX=0; note jax "@jax-js/jax is not installed in $ANCHORS"; }
  REPEATS=5 BUDGET=60
  ((QUICK)) && REPEATS=3 BUDGET=30
  SHAPES=$OUT/sweep_shapes.jsonl
  "$NATIVE" bench --sweep --list --json > "$SHAPES"
  SW=$OUT/sweep_raw.jsonl
  : > "$SW"
  tag() { "$PY" -c 'import json,sys; [print(json.dumps(dict(json.loads(l), who=sys.argv[1]))) for l in sys.stdin if l.startswith("{")]' "$1"; }
  engine_sweep() {  # engine_sweep who command...
    local who=$1; shift
    say "sweep: $who"
    if "$@" bench --sweep --json --repeats $REPEATS --budget-ms $BUDGET 2>"$OUT/sweep_$who.err" | tag "$who" >> "$SW" \
       && grep -q "\"who\": \"$who\"" "$SW"; then :; else note "$who" "attnlab bench --sweep failed: $(tail -n 1 "$OUT/sweep_$who.err")"; fi
  }
  # the machine's limits, at the start and at the end of the sweep (sweep_peaks start|end)
  : > "$OUT/sweep_peaks.jsonl"
  sweep_peaks() {
    say "sweep: the machine's limits ($1)"
    if [[ -f $ANCHORS/fma_peak.c ]] && { [[ -x $OUT/fma_peak ]] ||
         cc -O2 -march=native "$ANCHORS/fma_peak.c" -o "$OUT/fma_peak" 2>"$OUT/fma.err"; }; then
      # its lines: "fma256 median_gflops=92.6 best_gflops=93.6", and fma512 with AVX-512: the widest is the limit
      "$OUT/fma_peak" | "$PY" -c '
import json, re, sys
found = {m.group(1): float(m.group(2)) for m in re.finditer(r"(fma\d+) median_gflops=([\d.]+)", sys.stdin.read())}
if found:
    isa = max(found, key=lambda k: int(k[3:]))
    print(json.dumps({"fma": found[isa], "fma_isa": isa}))' >> "$OUT/sweep_peaks.jsonl"
    else
      note fma "bench-anchors/fma_peak.c could not be built with cc -march=native: $(tail -n 1 "$OUT/fma.err" 2>/dev/null)"
    fi
    local g
    if ((HAVE_PEAK)) && g=$(simd128_peak); then echo "{\"simd128\": $g}" >> "$OUT/sweep_peaks.jsonl"; fi
  }
  sweep_peaks start
  engine_sweep native "$NATIVE"
  ((HAVE_WASM)) && engine_sweep wasm node --no-experimental-fetch "$WASM"
  ((HAVE_RELAXED)) && engine_sweep relaxed node --no-experimental-fetch --experimental-wasm-relaxed-simd "$WASM_RELAXED"
  # anchor_sweep who nominal-GFLOP/s repeat-ms command...: one process per shape
  anchor_sweep() {
    local who=$1 gflops=$2 ms=$3; shift 3
    say "sweep: $who"
    local line
    while read -r line; do
      local env_and_steps
      env_and_steps=$("$PY" -c '
import json, math, sys
j = json.loads(sys.argv[1]); c = j["config"]; gf, ms, quick = float(sys.argv[2]), float(sys.argv[3]), sys.argv[4] == "1"
step_ms = j["train_matmul_flops"] / gf / 1e6
steps = max(1, min(20, round(ms / step_ms)))
fwd = max(1, min(50, round(ms / (step_ms / 3))))
print("BENCH_D=%d BENCH_H=%d BENCH_T=%d BENCH_B=%d BENCH_L=%d BENCH_FF=%d BENCH_V=%d BENCH_C=%d %d %d %d %s" % (
    c["dim"], c["heads"], c["seq"], c["batch"], c["layers"], c["ffn"], c["vocab"], c["tags"],
    steps, fwd, max(1, min(5, steps)), j["shape"]))' "$line" "$gflops" "$ms" "$QUICK")
      local -a parts=($env_and_steps)
      local shape=${parts[11]} steps=${parts[8]} fwd=${parts[9]} warm=${parts[10]}
      local f=$OUT/sweep_$who.jsonl
      rm -f "$f"
      if (cd "$ANCHORS" && env "${parts[@]:0:8}" "$@" --warmup "$warm" --steps "$steps" --fwd-iters "$fwd" \
            --repeats "$REPEATS" --json "$f" >"$OUT/sweep_$who.log" 2>&1) && [[ -s $f ]]; then
        "$PY" -c 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])][-1]; print(json.dumps({"who": sys.argv[2], "shape": sys.argv[3], "train_ms_per_step": r["train_ms_median"], "forward_ms": r["fwd_ms_median"], "checksum": r.get("checksum"), "steps": r.get("steps")}))' \
          "$f" "$who" "$shape" >> "$SW"
      else
        echo "$who	$shape	$(tail -n 1 "$OUT/sweep_$who.log")" >> "$OUT/sweep_failures.txt"
      fi
    done < "$SHAPES"
  }
  : > "$OUT/sweep_failures.txt"
  ((HAVE_TORCH)) && anchor_sweep torch 60 150 "$PY" torch_tagger.py --threads 1 --impl manual --blas-core auto --runs 1
  ((HAVE_TFJS)) && anchor_sweep tfjs 3 400 node tfjs_tagger.js --backend wasm
  ((HAVE_JAX)) && anchor_sweep jax 12 250 node jaxjs_tagger.js --backend wasm-relaxed
  sweep_peaks end
  # the FLOPs outside the products, as flops.py estimates them (LayerNorm, softmax, biases, Adam, ...): which shapes
  # are compute-bound
  FLOPS=$OUT/sweep_flops.jsonl
  : > "$FLOPS"
  if [[ -f $ANCHORS/flops.py ]]; then
    while read -r line; do
      "$PY" - "$line" "$ANCHORS" "$OUT/flops_shape.json" >> "$FLOPS" 2>>"$OUT/flops.err" <<'PY'
import json, os, subprocess, sys
j, anchors, out = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
c = j["config"]
env = dict(os.environ, BENCH_D=str(c["dim"]), BENCH_H=str(c["heads"]), BENCH_T=str(c["seq"]), BENCH_B=str(c["batch"]),
           BENCH_L=str(c["layers"]), BENCH_FF=str(c["ffn"]), BENCH_V=str(c["vocab"]), BENCH_C=str(c["tags"]))
subprocess.run([sys.executable, os.path.join(anchors, "flops.py"), "--json", out], env=env, check=True,
               stdout=subprocess.DEVNULL)
f = json.load(open(out))["flops"]
print(json.dumps({"shape": j["shape"], "train_step_matmul": f["train_step_matmul"],
                  "train_step_total": f["train_step_total"]}))
PY
    done < "$SHAPES"
  fi
  "$PY" scripts/bench_sweep.py "$SHAPES" "$SW" "$NOTES" "$OUT/sweep_failures.txt" "$OUT/sweep_peaks.jsonl" "$FLOPS" \
    "$OUT/sweep.json" "$STRICT"
  exit $?
fi

# ------------------------------------------------------------------------------------------------ runs
# Each runner appends JSON lines {"who": ..., "train_ms": ..., "forward_ms": ..., ...} to $RAW.
record() { echo "$1" >> "$RAW"; }

run_engine() {  # run_engine who command...
  local who=$1; shift
  local j
  if j=$("$@" bench --json 2>"$OUT/$who.err" | tail -n 1) && [[ $j == \{* ]]; then
    record "$("$PY" -c 'import json,sys; j=json.loads(sys.argv[2]); print(json.dumps({"who": sys.argv[1], "train_ms": j["train_ms_per_step"], "forward_ms": j["forward_ms"], "train_gflops": j["train_gflops"], "kernels": j.get("kernels", ""), "checksum": j.get("checksum")}))' "$who" "$j")"
  else
    note "$who" "attnlab bench failed: $(tail -n 1 "$OUT/$who.err")"
  fi
}

run_torch() {
  local f=$OUT/torch.jsonl
  rm -f "$f"
  if (cd "$ANCHORS" && "$PY" torch_tagger.py --threads 1 --impl manual --blas-core auto --runs 1 --json "$f" \
        >"$OUT/torch.log" 2>&1) && [[ -s $f ]]; then
    record "$("$PY" -c 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])][-1]; print(json.dumps({"who": "torch", "train_ms": r["train_ms_median"], "forward_ms": r["fwd_ms_median"], "train_gflops": r["train_gflops_matmul"], "kernels": "%s %s" % (r["framework"], r["blas_core"]), "checksum": r.get("checksum")}))' "$f")"
  else
    HAVE_TORCH=0; note torch "torch_tagger.py failed: $(tail -n 1 "$OUT/torch.log")"
  fi
}

run_tfjs() {
  local f=$OUT/tfjs.jsonl
  rm -f "$f"
  if (cd "$ANCHORS" && node tfjs_tagger.js --backend wasm --json "$f" >"$OUT/tfjs.log" 2>&1) && [[ -s $f ]]; then
    record "$("$PY" -c 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])][-1]; print(json.dumps({"who": "tfjs", "train_ms": r["train_ms_median"], "forward_ms": r["fwd_ms_median"], "train_gflops": r["train_gflops_matmul"], "kernels": "%s simd=%s threads=%s" % (r["framework"], r.get("simd"), r.get("threads")), "checksum": r.get("checksum")}))' "$f")"
  else
    HAVE_TFJS=0; note tfjs "tfjs_tagger.js failed: $(tail -n 1 "$OUT/tfjs.log")"
  fi
}

run_peak() {
  local g
  if g=$(simd128_peak); then record "{\"who\": \"peak\", \"gflops\": $g}"; else HAVE_PEAK=0; fi
}

say "measuring in $ROUNDS round(s): engine native, engine WebAssembly, PyTorch, TensorFlow.js (a few minutes)"
for ((r = 1; r <= ROUNDS; r++)); do
  ((HAVE_NATIVE)) && run_engine native "$NATIVE"
  ((HAVE_WASM)) && run_engine wasm node --no-experimental-fetch "$WASM"
  ((HAVE_TORCH)) && run_torch
  ((HAVE_TFJS)) && run_tfjs
  ((HAVE_PEAK)) && run_peak
  say "round $r of $ROUNDS done"
done

# ------------------------------------------------------------------------------------------------ table
"$PY" - "$RAW" "$NOTES" "$OUT/results.json" "$ROUNDS" "$STRICT" <<'PY'
import json, statistics, sys
raw, notes_file, out_file, rounds, strict = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1"
recs = [json.loads(l) for l in open(raw) if l.strip()]
notes = {}
for l in open(notes_file):
    k, _, v = l.rstrip("\n").partition("\t")
    notes.setdefault(k, v)

def med(who, key):
    xs = [r[key] for r in recs if r["who"] == who and r.get(key) is not None]
    return statistics.median(xs) if xs else None

def info(who):
    xs = [r.get("kernels", "") for r in recs if r["who"] == who]
    return xs[-1] if xs else ""

FLOPS = 459669504.0  # matmul FLOPs per bench-tagger training step (flops.py)
rows = [
    ("native", "attnlab native (C++, -march=native)"),
    ("wasm", "attnlab WebAssembly (SIMD128, Node)"),
    ("torch", "PyTorch 1.13 (1 thread, OpenBLAS AVX-512)"),
    ("tfjs", "TensorFlow.js 4.22 wasm (SIMD, 1 thread)"),
]
print()
print("bench-tagger: V 512, C 17, B 32, T 32, D 64, H 4, L 2, FFN 128, Adam; one thread; median of %d round(s)" % rounds)
print("%-44s %14s %12s %16s" % ("implementation", "train ms/step", "forward ms", "train GFLOP/s"))
result = {"rounds": rounds, "rows": {}, "targets": []}
for key, label in rows:
    t, f = med(key, "train_ms"), med(key, "forward_ms")
    if t is None:
        print("%-44s %14s %12s %16s   (%s)" % (label, "n/a", "n/a", "n/a", notes.get(key, "not measured")))
        continue
    print("%-44s %14.2f %12.3f %16.1f" % (label, t, f, FLOPS / t / 1e6))
    result["rows"][key] = {"label": label, "train_ms": t, "forward_ms": f, "train_gflops": FLOPS / t / 1e6,
                           "detail": info(key)}
if "torch_blas" in notes:
    print("  note: " + notes["torch_blas"])
peak = med("peak", "gflops")
print("WebAssembly SIMD128 limit on this machine (wasm_peak.js, mul+add): %s" %
      ("%.1f GFLOP/s" % peak if peak else "n/a (%s)" % notes.get("peak", "not measured")))

def target(label, value, goal, unit, why_missing):
    if value is None:
        print("  %-46s %10s   target %-8s  n/a (%s)" % (label, "n/a", goal_text(goal, unit), why_missing))
        result["targets"].append({"target": label, "value": None, "goal": goal, "met": None})
        return None
    met = value >= goal
    shown = "%.0f%%" % (100 * value) if unit == "%" else "%.2fx" % value
    print("  %-46s %10s   target %-8s  %s" % (label, shown, goal_text(goal, unit), "met" if met else "NOT met"))
    result["targets"].append({"target": label, "value": value, "goal": goal, "met": met})
    return met

def goal_text(goal, unit):
    return ">= %.0f%%" % (100 * goal) if unit == "%" else ">= %gx" % goal

def ratio(a, b):
    return a / b if a is not None and b is not None else None

def missing(*keys):  # why a ratio cannot be formed: the notes of the missing measurements
    gone = [k for k in keys if (med(k, "gflops") if k == "peak" else med(k, "train_ms")) is None]
    return "; ".join("%s: %s" % (k, notes.get(k, "not measured")) for k in gone)

w_t, w_f = med("wasm", "train_ms"), med("wasm", "forward_ms")
n_t = med("native", "train_ms")
print()
print("targets (ratios of figures measured in this run)")
met = [
    target("WebAssembly train step vs TF.js wasm", ratio(med("tfjs", "train_ms"), w_t), 10, "x", missing("wasm", "tfjs")),
    target("WebAssembly forward vs TF.js wasm", ratio(med("tfjs", "forward_ms"), w_f), 2, "x", missing("wasm", "tfjs")),
    target("WebAssembly train GFLOP/s vs SIMD128 limit", ratio(FLOPS / w_t / 1e6 if w_t else None, peak), 0.5, "%",
           missing("wasm", "peak")),
    target("native train step vs PyTorch (1 thread)", ratio(med("torch", "train_ms"), n_t), 1.5, "x",
           missing("native", "torch")),
]
details = [(k, info(k)) for k, _ in rows if info(k)]
if details:
    print()
    for k, d in details:
        print("  %-7s %s" % (k, d))
json.dump(result, open(out_file, "w"), indent=1)
print("\nraw measurements: %s, summary: %s" % (raw, out_file))
sys.exit(1 if strict and not all(m is True for m in met) else 0)
PY
