#!/usr/bin/env python3
"""The table of `bash scripts/bench.sh --sweep`: every shape of the grid, timed in every implementation, set
against the machine's own limits measured in the same run, and the speed targets checked.

    bench_sweep.py SHAPES RAW NOTES FAILURES PEAKS FLOPS OUT.json STRICT

SHAPES    `attnlab bench --sweep --list --json`: one shape a line (config, train_matmul_flops)
RAW       one JSON line per (who, shape): train_ms_per_step, and for the engine products_ms_per_step
NOTES     KEY<tab>why a column is n/a
FAILURES  who<tab>shape<tab>why, for anchor runs that failed
PEAKS     one JSON line per measurement of a limit, at the start and at the end of the run: {"fma": GFLOP/s,
          "fma_isa": "fma512"} or {"simd128": GFLOP/s} (the higher one is the limit: a busy moment can only lower it)
FLOPS     one JSON line per shape: {"shape", "train_step_matmul", "train_step_total"} from bench-anchors/flops.py
          (its estimate of the FLOPs outside the products: LayerNorm, softmax, biases, Adam, ...)

The targets (issue 33):
  native  a whole training step at >= 60 % of the FMA peak on the compute-bound shapes (products >= 70 % of the
          step's FLOPs), >= 1.5x PyTorch there, >= 1.0x PyTorch on every shape, >= 2x on the small shapes
          (D <= 48 or T*B <= 256)
  wasm    (SIMD128, what the page runs) >= 80 % of SIMD128's peak on the compute-bound shapes, >= 10x TF.js and
          >= 2.5x jax-js on every shape
  heads   narrow heads (D/H = 4 or 8): >= 75 % of bench-tagger's GFLOP/s, natively and in WebAssembly
GFLOP/s counts the products' FLOPs (flops.py's convention), so "% of peak" of a whole step is the share of the
machine's limit the step would reach if it were nothing but its products.
"""
import json
import sys


def load_lines(path):
    try:
        return [json.loads(line) for line in open(path) if line.strip().startswith("{")]
    except OSError:
        return []


def main(argv):
    shapes_file, raw_file, notes_file, fail_file, peaks_file, flops_file, out_file, strict = argv[1:9]
    strict = strict == "1"
    shapes = load_lines(shapes_file)
    recs = {(r["who"], r["shape"]): r for r in load_lines(raw_file)}
    notes = {}
    for line in open(notes_file):
        k, _, v = line.rstrip("\n").partition("\t")
        notes.setdefault(k, v)
    fails = {}
    for line in open(fail_file):
        who, shape, why = (line.rstrip("\n").split("\t") + ["", ""])[:3]
        fails[(who, shape)] = why
    peaks = load_lines(peaks_file)
    fma = max((p["fma"] for p in peaks if "fma" in p), default=None)
    simd = max((p["simd128"] for p in peaks if "simd128" in p), default=None)
    fma_isa = next((p["fma_isa"] for p in peaks if "fma_isa" in p), "?")
    step_flops = {f["shape"]: f for f in load_lines(flops_file)}
    ref = shapes[0]["shape"]
    flops = {s["shape"]: s["train_matmul_flops"] for s in shapes}

    def ms(who, shape, key="train_ms_per_step"):
        r = recs.get((who, shape))
        return r.get(key) if r else None

    def gflops(who, shape, key="train_ms_per_step"):
        t = ms(who, shape, key)
        return flops[shape] / t / 1e6 if t else None

    def ratio(a, b):
        return a / b if a is not None and b is not None else None

    def share(x, limit):
        return x / limit if x is not None and limit else None

    def product_share(shape):  # the products' share of the step's FLOPs (flops.py)
        f = step_flops.get(shape)
        return f["train_step_matmul"] / f["train_step_total"] if f else None

    config = {s["shape"]: s["config"] for s in shapes}
    compute_bound = lambda s: (product_share(s) or 0) >= 0.7
    small = lambda s: config[s]["dim"] <= 48 or config[s]["seq"] * config[s]["batch"] <= 256
    narrow = lambda s: config[s]["dim"] // config[s]["heads"] in (4, 8)
    every = lambda s: True

    # (name, short label, value of a shape, goal, unit, which shapes it holds for, in words)
    TARGETS = [
        ("native step, % of FMA peak", "nat%pk", lambda s: share(gflops("native", s), fma), 0.60, "%", compute_bound,
         "compute-bound"),
        ("native vs PyTorch", "nat:PT", lambda s: ratio(ms("torch", s), ms("native", s)), 1.0, "x", every, "every"),
        ("native vs PyTorch", "nat:PT", lambda s: ratio(ms("torch", s), ms("native", s)), 1.5, "x", compute_bound,
         "compute-bound"),
        ("native vs PyTorch", "nat:PT", lambda s: ratio(ms("torch", s), ms("native", s)), 2.0, "x", small, "small"),
        ("wasm step, % of SIMD128 peak", "w%pk", lambda s: share(gflops("wasm", s), simd), 0.80, "%", compute_bound,
         "compute-bound"),
        ("wasm vs TF.js", "w:TFjs", lambda s: ratio(ms("tfjs", s), ms("wasm", s)), 10, "x", every, "every"),
        ("wasm vs jax-js", "w:jax", lambda s: ratio(ms("jax", s), ms("wasm", s)), 2.5, "x", every, "every"),
        ("native narrow heads per FLOP", "nat/F", lambda s: ratio(gflops("native", s), gflops("native", ref)), 0.75,
         "%", narrow, "D/H 4 or 8"),
        ("wasm narrow heads per FLOP", "w/F", lambda s: ratio(gflops("wasm", s), gflops("wasm", ref)), 0.75, "%",
         narrow, "D/H 4 or 8"),
    ]

    def show(v, unit, width):
        if v is None:
            return "%*s" % (width, "n/a")
        return "%*s" % (width, "%.0f%%" % (100 * v) if unit == "%" else "%.2f" % v)

    def num(v, fmt, width):
        return "%*s" % (width, fmt % v if v is not None else "n/a")

    def mark(s, v, goals):  # "*" when v misses a goal that holds for shape s
        return "*" if v is not None and any(applies(s) and v < goal for goal, applies in goals) else " "

    goals_of = {}
    for t in TARGETS:
        goals_of.setdefault(t[1], []).append((t[3], t[5]))

    print()
    print("bench --sweep: the bench-tagger model (V 512, C 17, pre-LN, sinusoidal PE, softmax, Adam) on %d shapes, "
          "one thread" % len(shapes))
    print("limits measured in this run (the higher of the start and the end): FMA %s (%s, fma_peak.c); "
          "WebAssembly SIMD128 mul+add %s (wasm_peak.js)" % (
              "%.1f GFLOP/s" % fma if fma else "n/a (%s)" % notes.get("fma", "not measured"),
              fma_isa,
              "%.1f GFLOP/s" % simd if simd else "n/a (%s)" % notes.get("peak", "not measured")))
    print("GFLOP/s = the products' FLOPs per second (flops.py); %pk = of the limit above; outside = the share of the "
          "step's time outside its products; a value marked * misses a target that holds for its shape")
    head = "%-13s %3s %3s %3s %1s %1s %3s %5s" % ("shape", "B", "T", "D", "H", "L", "F", "mm%F")
    print()
    print("native (one thread, -march=native)")
    print(head + "%9s%8s%7s%10s%8s%7s%8s%10s%8s%7s" % (
        "ms/step", "GFLOP/s", "%pk", "prod ms", "GFLOP/s", "%pk", "outside", "PyTorch", "nat:PT", "nat/F"))
    result = {"peaks": {"fma": fma, "simd128": simd}, "shapes": [], "targets": []}
    for s in shapes:
        name, c = s["shape"], s["config"]
        row = "%-13s %3d %3d %3d %1d %1d %3d %5s" % (name[:13], c["batch"], c["seq"], c["dim"], c["heads"], c["layers"],
                                                    c["ffn"], show(product_share(name), "%", 5))
        g, gp = gflops("native", name), gflops("native", name, "products_ms_per_step")
        pt, nf = ratio(ms("torch", name), ms("native", name)), ratio(g, gflops("native", ref))
        row += num(ms("native", name), "%.2f", 9) + num(g, "%.1f", 8) + show(share(g, fma), "%", 6)
        row += mark(name, share(g, fma), goals_of["nat%pk"])
        row += num(ms("native", name, "products_ms_per_step"), "%.2f", 10) + num(gp, "%.1f", 8)
        row += show(share(gp, fma), "%", 7) + show(ms("native", name, "outside_products_share"), "%", 8)
        row += num(ms("torch", name), "%.2f", 10) + show(pt, "x", 7) + mark(name, pt, goals_of["nat:PT"])
        row += show(nf, "%", 6) + (mark(name, nf, goals_of["nat/F"]) if narrow(name) else " ")
        print(row)
    print()
    print("WebAssembly (Node, one thread: SIMD128, what the page runs; relaxed SIMD with FMA for comparison)")
    print(head + "%9s%8s%7s%10s%7s%8s%9s%8s%9s%7s%7s%10s" % (
        "ms/step", "GFLOP/s", "%pk", "prod ms", "%pk", "outside", "TF.js", "w:TFjs", "jax-js", "w:jax", "w/F",
        "relaxed"))
    for s in shapes:
        name, c = s["shape"], s["config"]
        row = "%-13s %3d %3d %3d %1d %1d %3d %5s" % (name[:13], c["batch"], c["seq"], c["dim"], c["heads"], c["layers"],
                                                    c["ffn"], show(product_share(name), "%", 5))
        g, gp = gflops("wasm", name), gflops("wasm", name, "products_ms_per_step")
        tf, jx = ratio(ms("tfjs", name), ms("wasm", name)), ratio(ms("jax", name), ms("wasm", name))
        wf = ratio(g, gflops("wasm", ref))
        row += num(ms("wasm", name), "%.2f", 9) + num(g, "%.1f", 8) + show(share(g, simd), "%", 6)
        row += mark(name, share(g, simd), goals_of["w%pk"])
        row += num(ms("wasm", name, "products_ms_per_step"), "%.2f", 10) + show(share(gp, simd), "%", 6)
        row += show(ms("wasm", name, "outside_products_share"), "%", 8)
        row += num(ms("tfjs", name), "%.1f", 9) + show(tf, "x", 7) + mark(name, tf, goals_of["w:TFjs"])
        row += num(ms("jax", name), "%.1f", 9) + show(jx, "x", 6) + mark(name, jx, goals_of["w:jax"])
        row += show(wf, "%", 6) + (mark(name, wf, goals_of["w/F"]) if narrow(name) else " ")
        row += num(ms("relaxed", name), "%.2f", 10)
        print(row)
        result["shapes"].append({
            "shape": name, "config": c, "products_share_of_flops": product_share(name),
            "compute_bound": compute_bound(name), "small": small(name), "narrow_heads": narrow(name),
            "train_ms": {who: ms(who, name) for who in ("native", "wasm", "relaxed", "torch", "tfjs", "jax")},
            "products_ms": {who: ms(who, name, "products_ms_per_step") for who in ("native", "wasm", "relaxed")},
            "outside_products_share": {who: ms(who, name, "outside_products_share") for who in ("native", "wasm")},
        })

    print()
    print("targets:")
    all_met = True
    for tname, short, f, goal, unit, applies, which in TARGETS:
        names = [s["shape"] for s in shapes if applies(s["shape"])]
        vals = {n: f(n) for n in names}
        have = {n: v for n, v in vals.items() if v is not None}
        goal_s = ">= %.0f%%" % (100 * goal) if unit == "%" else ">= %.1fx" % goal
        label = "  %-30s %-7s on %-14s" % (tname, goal_s, which + " shapes")
        if not names:
            print(label + " (no such shape in the grid)")
            continue
        missed = [n for n, v in have.items() if v < goal]
        met = len(have) == len(vals) and not missed
        all_met &= met
        if not have:
            why = "; ".join("%s: %s" % (k, notes[k]) for k in ("native", "wasm", "torch", "tfjs", "jax", "fma", "peak")
                            if k in notes)
            print(label + " n/a (%s)" % (why or "not measured"))
        else:
            worst = min(have, key=have.get)
            print(label + " %s (worst %s on %s)%s%s" % (
                "met" if met else "NOT met", show(have[worst], unit, 0), worst,
                "; missed on " + ", ".join(missed) if missed else "",
                "; not measured on " + ", ".join(n for n in vals if n not in have) if len(have) < len(vals) else ""))
        result["targets"].append({"target": tname, "goal": goal, "shapes": which, "met": met, "missed": missed,
                                  "values": vals})
    if fails:
        print("\nruns that failed:")
        for (who, shape), why in sorted(fails.items()):
            print("  %s %s: %s" % (who, shape, why))
    for k in ("wasm", "relaxed", "torch", "tfjs", "jax", "fma", "peak"):
        if k in notes:
            print("  %s: n/a (%s)" % (k, notes[k]))
    print("(mm%F = the products' share of the step's FLOPs, flops.py's estimate; compute-bound = mm%F >= 70%; small ="
          " D <= 48 or T*B <= 256; a:b = b's ms/step over a's, > 1: a is faster; /F = GFLOP/s over bench-tagger's, same"
          " implementation; prod ms = the step's own products made again alone, back to back)")
    json.dump(result, open(out_file, "w"), indent=1)
    print("raw measurements: %s, summary: %s" % (raw_file, out_file))
    return 1 if strict and not all_met else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
