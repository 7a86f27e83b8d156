#!/usr/bin/env python3
"""Check `attnlab probe` against the PyTorch golden fixtures in this folder (tests/golden/probe_*.json).

    python3 tests/golden/check_probe.py build/native/attnlab
    python3 tests/golden/check_probe.py build/wasm/attnlab.js        # run as: node --no-experimental-fetch X probe

For every fixture: feed its "request" to `<binary> probe` on stdin, read the JSON response from stdout and
compare every field of "expected" elementwise with |got - want| <= atol + rtol * |want| (float32 engine
vs float64 reference). `scores` at pairs the mask disallows are not compared (null in the fixture, and
recomputed from the request's mask as well). Prints one line per fixture with the largest error; exits 1
if any fixture fails (a field missing, of the wrong shape, non-finite or out of tolerance), 2 on bad use.
Python 3 standard library only.
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def probe_command(binary):
    if binary.endswith(".js"):
        return ["node", "--no-experimental-fetch", binary, "probe"]
    return [binary, "probe"]


def allowed_matrix(mask, T):
    """T x T list of bools, row = query: causal AND window AND allow (the probe contract)."""
    mask = mask or {}
    ok = [[True] * T for _ in range(T)]
    for i in range(T):
        for j in range(T):
            if mask.get("causal", False) and j > i:
                ok[i][j] = False
            if "window" in mask and abs(i - j) > int(mask["window"]):
                ok[i][j] = False
            if "allow" in mask and not mask["allow"][i][j]:
                ok[i][j] = False
    return ok


class Mismatch(Exception):
    pass


def compare(name, got, want, path, atol, rtol, skip, stats):
    """Walk `want` (nested lists of numbers / None); None or skip(path) = not compared."""
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            glen = len(got) if isinstance(got, list) else type(got).__name__
            raise Mismatch(f"{name}{''.join(f'[{p}]' for p in path)}: shape: expected {len(want)} entries, "
                           f"got {glen}")
        for idx, (g, w) in enumerate(zip(got, want)):
            compare(name, g, w, path + (idx,), atol, rtol, skip, stats)
        return
    if want is None or skip(path):
        return
    where = f"{name}{''.join(f'[{p}]' for p in path)}"
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        raise Mismatch(f"{where}: expected a number, got {json.dumps(got)}")
    if not math.isfinite(got):
        raise Mismatch(f"{where}: non-finite value {got}")
    err = abs(got - want)
    ratio = err / (atol + rtol * abs(want))
    stats["n"] += 1
    if err > stats["max_err"]:
        stats["max_err"], stats["max_err_at"] = err, where
    if ratio > stats["max_ratio"]:
        stats["max_ratio"] = ratio
    if ratio > 1.0:
        stats["bad"].append(f"{where}: got {got!r}, want {want!r} (|diff| {err:.3g})")


def check_fixture(path, binary, atol, rtol, timeout):
    """Returns (ok, one-line summary, detail lines)."""
    with open(path) as f:
        fixture = json.load(f)
    req, expected = fixture["request"], fixture["expected"]
    try:
        proc = subprocess.run(probe_command(binary), input=json.dumps(req), capture_output=True, text=True,
                              timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"could not run the probe: {e}", []
    if proc.returncode != 0:
        return False, f"probe exited {proc.returncode}", proc.stderr.strip().splitlines()[-5:]
    try:
        resp = json.loads(proc.stdout)
    except ValueError as e:
        return False, f"response is not JSON ({e})", [proc.stdout[:300]]
    if not isinstance(resp, dict):
        return False, "response is not a JSON object", [proc.stdout[:300]]

    T = len(req["x"])
    allowed = allowed_matrix(req.get("mask"), T)
    no_skip = lambda p: False  # noqa: E731
    score_skip = lambda p: len(p) == 3 and not allowed[p[1]][p[2]]  # noqa: E731  (h, query, key)
    stats = {"n": 0, "max_err": 0.0, "max_err_at": "-", "max_ratio": 0.0, "bad": []}
    problems = []
    for name, want in expected.items():
        if name not in resp:
            problems.append(f"{name}: missing from the response")
            continue
        try:
            compare(name, resp[name], want, (), atol, rtol, score_skip if name == "scores" else no_skip, stats)
        except Mismatch as e:
            problems.append(str(e))
    bad = stats["bad"]
    detail = problems + bad[:8] + ([f"... and {len(bad) - 8} more out of tolerance"] if len(bad) > 8 else [])
    summary = (f"{len(expected)} fields, {stats['n']} values, max |err| {stats['max_err']:.2e} at "
               f"{stats['max_err_at']}, max err/tol {stats['max_ratio']:.2g}")
    if problems:
        summary = f"{len(problems)} field(s) missing/malformed; " + summary
    if bad:
        summary = f"{len(bad)} value(s) out of tolerance; " + summary
    return not problems and not bad, summary, detail


def main():
    ap = argparse.ArgumentParser(description="Check `attnlab probe` against the PyTorch golden fixtures.")
    ap.add_argument("binary", help="path to attnlab (native) or attnlab.js (run under node)")
    ap.add_argument("--fixtures", default=HERE, help="folder of probe_*.json (default: this script's)")
    ap.add_argument("--atol", type=float, default=2e-5)
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per probe run")
    ap.add_argument("-k", dest="only", default="", help="only fixtures whose file name contains this")
    args = ap.parse_args()

    if not os.path.exists(args.binary):
        print(f"check_probe: no such binary: {args.binary}", file=sys.stderr)
        return 2
    paths = sorted(p for p in glob.glob(os.path.join(args.fixtures, "probe_*.json"))
                   if args.only in os.path.basename(p))
    if not paths:
        print(f"check_probe: no probe_*.json fixtures in {args.fixtures}", file=sys.stderr)
        return 2
    print(f"golden probe fixtures vs {' '.join(probe_command(args.binary))} (atol {args.atol:g}, "
          f"rtol {args.rtol:g})")
    passed = failed = 0
    for p in paths:
        ok, summary, detail = check_fixture(p, args.binary, args.atol, args.rtol, args.timeout)
        print(f"{'PASS' if ok else 'FAIL'} {os.path.basename(p)}: {summary}")
        for line in detail:
            print(f"       {line}")
        passed += ok
        failed += not ok
    print(f"golden_probe: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
