#!/usr/bin/env python3
"""Behaviour tests of `attnlab probe` (one attention layer: JSON request on stdin, JSON response on stdout).

    python3 tests/cli/probe_test.py <attnlab binary or attnlab.js> <case>     # one case (CTest runs each)
    python3 tests/cli/probe_test.py <binary> all                               # every case
    python3 tests/cli/probe_test.py --list

Good requests must succeed and match numbers worked out by hand (and a plain-Python reference with
finite differences for the gradients). Malformed requests must exit non-zero with ONE line on stderr,
"attnlab: probe: ...", naming the problem, and print nothing on stdout. Standard library only.
"""
import json
import math
import struct
import subprocess
import sys

# ------------------------------------------------------------------------------------------ running

def command(binary):
    if binary.endswith(".js"):
        return ["node", "--no-experimental-fetch", binary, "probe"]
    return [binary, "probe"]


def run(binary, request_text):
    p = subprocess.run(command(binary), input=request_text, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


class Failure(Exception):
    pass


def expect(cond, msg):
    if not cond:
        raise Failure(msg)


def near(got, want, tol, what):
    expect(isinstance(got, (int, float)) and not isinstance(got, bool), f"{what}: not a number: {got!r}")
    expect(abs(got - want) <= tol, f"{what}: got {got!r}, want {want!r} (tolerance {tol})")


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


# ------------------------------------------------------------------------------------------ reference

def reference(req):
    """Plain-Python double-precision attention layer, the contract of the probe (for gradient checks)."""
    x, H = req["x"], req["heads"]
    T, D = len(x), len(x[0])
    Dh = D // H

    def lin(w, b):
        return [[sum(x[t][k] * w[k][j] for k in range(D)) + (b[j] if b else 0.0) for j in range(D)]
                for t in range(T)]

    q, k, v = lin(req["wq"], req.get("bq")), lin(req["wk"], req.get("bk")), lin(req["wv"], req.get("bv"))
    mask = req.get("mask", {})
    allowed = [[(not mask.get("causal", False) or j <= i) and
                ("window" not in mask or abs(i - j) <= mask["window"]) and
                ("allow" not in mask or mask["allow"][i][j] == 1) for j in range(T)] for i in range(T)]
    norm = req.get("norm", "softmax")
    o = [[0.0] * D for _ in range(T)]
    for h in range(H):
        cols = range(h * Dh, (h + 1) * Dh)
        for i in range(T):
            s = [sum(q[i][c] * k[j][c] for c in cols) / math.sqrt(Dh) for j in range(T)]
            keys = [j for j in range(T) if allowed[i][j]]
            n = len(keys)
            w = [0.0] * T
            if n:
                if norm == "softmax":
                    m = max(s[j] for j in keys)
                    z = sum(math.exp(s[j] - m) for j in keys)
                    for j in keys:
                        w[j] = math.exp(s[j] - m) / z
                elif norm == "relu":
                    for j in keys:
                        w[j] = max(0.0, s[j]) / n
                else:
                    for j in keys:
                        w[j] = 1.0 / (1.0 + math.exp(-(s[j] - math.log(n))))
            for c in cols:
                o[i][c] = sum(w[j] * v[j][c] for j in range(T))
    wo, bo = req["wo"], req.get("bo")
    return [[sum(o[t][kk] * wo[kk][j] for kk in range(D)) + (bo[j] if bo else 0.0) for j in range(D)]
            for t in range(T)]


def loss(req):
    out = reference(req)
    g = req["grad_out"]
    return sum(out[i][j] * g[i][j] for i in range(len(out)) for j in range(len(out[0])))


def finite_difference(req, key, h=1e-6):
    """d loss / d req[key] by central differences (a matrix or a vector)."""
    val = req[key]
    if isinstance(val[0], list):
        grad = [[0.0] * len(val[0]) for _ in val]
        for i in range(len(val)):
            for j in range(len(val[0])):
                x0 = val[i][j]
                val[i][j] = x0 + h
                lp = loss(req)
                val[i][j] = x0 - h
                lm = loss(req)
                val[i][j] = x0
                grad[i][j] = (lp - lm) / (2 * h)
        return grad
    grad = [0.0] * len(val)
    for i in range(len(val)):
        x0 = val[i]
        val[i] = x0 + h
        lp = loss(req)
        val[i] = x0 - h
        lm = loss(req)
        val[i] = x0
        grad[i] = (lp - lm) / (2 * h)
    return grad


def flat(m):
    if isinstance(m, list):
        for e in m:
            yield from flat(e)
    else:
        yield m


# ------------------------------------------------------------------------------------------ good requests

# The worked example of tests/engine/worked_example_test.cpp: 3 tokens, D = 2, one head.
WORKED = {
    "x": [[1, 0], [0, 1], [1, 1]],
    "heads": 1,
    "wq": [[1, 1], [0, 1]],
    "wk": [[1, 0], [0, 1]],
    "wv": [[1, 0], [0, 2]],
    "wo": [[1, 0], [0, 1]],
}


def good(binary, req):
    code, out, err = run(binary, json.dumps(req))
    expect(code == 0, f"exit code {code}, stderr: {err.strip()}")
    expect(err == "", f"unexpected stderr: {err.strip()}")
    resp = json.loads(out)
    return resp


def case_worked_example(binary):
    resp = good(binary, WORKED)
    expect(list(resp.keys()) == ["q", "k", "v", "scores", "weights", "out"], f"keys: {list(resp.keys())}")
    # q = x·Wq, k = x·Wk, v = x·Wv (exact small integers)
    expect(resp["q"] == [[1, 1], [0, 1], [1, 2]], f"q = {resp['q']}")
    expect(resp["k"] == [[1, 0], [0, 1], [1, 1]], f"k = {resp['k']}")
    expect(resp["v"] == [[1, 0], [0, 2], [1, 2]], f"v = {resp['v']}")
    # α₁,ᵢ = q¹·kⁱ/√2 = (1, 1, 2)/√2; softmax → (0.248255078, 0.248255078, 0.503489843);
    # b¹ = Σ α'₁,ᵢ vⁱ = (0.751744922, 1.503489843)
    alpha = [[0.707106781, 0.707106781, 1.414213562], [0.0, 0.707106781, 0.707106781],
             [0.707106781, 1.414213562, 2.121320344]]
    weight = [[0.248255078, 0.248255078, 0.503489843], [0.197775815, 0.401112093, 0.401112093],
              [0.140029245, 0.283995410, 0.575975345]]
    b = [[0.751744922, 1.503489843], [0.598887907, 1.604448371], [0.716004590, 1.719941510]]
    for i in range(3):
        for j in range(3):
            near(resp["scores"][0][i][j], alpha[i][j], 1e-6, f"scores[0][{i}][{j}]")
            near(resp["weights"][0][i][j], weight[i][j], 1e-6, f"weights[0][{i}][{j}]")
        for d in range(2):
            near(resp["out"][i][d], b[i][d], 1e-6, f"out[{i}][{d}]")


def case_biases_and_gradients(binary):
    req = dict(WORKED)
    req.update({"bq": [0.5, -0.25], "bk": [0.0, 0.125], "bv": [1.0, 0.0], "bo": [0.0, -1.0],
                "grad_out": [[1.0, 0.5], [-0.5, 2.0], [0.25, -1.0]]})
    resp = good(binary, req)
    want_keys = ["q", "k", "v", "scores", "weights", "out", "grad_x", "grad_wq", "grad_wk", "grad_wv",
                 "grad_wo", "grad_bq", "grad_bk", "grad_bv", "grad_bo"]
    expect(list(resp.keys()) == want_keys, f"keys: {list(resp.keys())}")
    # by hand: q¹ = x¹·Wq + bq = (1, 1) + (0.5, −0.25) = (1.5, 0.75); v³ = (1, 2) + (1, 0) = (2, 2)
    expect(resp["q"][0] == [1.5, 0.75], f"q[0] = {resp['q'][0]}")
    expect(resp["v"][2] == [2, 2], f"v[2] = {resp['v'][2]}")
    # out = b + bo: the reference layer
    ref = reference(req)
    for i in range(3):
        for d in range(2):
            near(resp["out"][i][d], ref[i][d], 2e-6, f"out[{i}][{d}]")
    # every gradient against central differences of the reference
    for key in ["x", "wq", "wk", "wv", "wo", "bq", "bk", "bv", "bo"]:
        fd = list(flat(finite_difference(json.loads(json.dumps(req)), key)))
        got = list(flat(resp["grad_" + key]))
        expect(len(got) == len(fd), f"grad_{key}: {len(got)} numbers, want {len(fd)}")
        for n, (g, w) in enumerate(zip(got, fd)):
            near(g, w, 2e-5 + 1e-4 * abs(w), f"grad_{key} element {n}")


def case_masks_and_norms(binary):
    req = {
        "x": [[0.5, -1.0, 0.25, 2.0], [1.5, 0.5, -0.5, 0.0], [-1.0, 1.0, 1.0, 0.5], [0.0, 0.25, -2.0, 1.0]],
        "heads": 2,
        "wq": [[0.5, 0.1, -0.3, 0.2], [0.0, 0.4, 0.2, -0.1], [0.3, -0.2, 0.1, 0.6], [-0.4, 0.3, 0.5, 0.1]],
        "wk": [[0.2, -0.5, 0.4, 0.1], [0.6, 0.1, -0.2, 0.3], [-0.1, 0.2, 0.3, -0.4], [0.5, 0.0, 0.1, 0.2]],
        "wv": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
        "wo": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
        "grad_out": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]],
    }
    allow = [[1, 1, 0, 1], [0, 1, 1, 0], [0, 0, 0, 0], [1, 0, 1, 1]]  # query 2 sees no key
    for norm in ["softmax", "relu", "sigmoid"]:
        for mask in [{"causal": True}, {"window": 1}, {"allow": allow}, {"causal": True, "window": 1}]:
            r = dict(req, norm=norm, mask=mask)
            resp = good(binary, r)
            ref = reference(r)
            allowed = [[(not mask.get("causal") or j <= i) and ("window" not in mask or abs(i - j) <= mask["window"])
                        and ("allow" not in mask or allow[i][j] == 1) for j in range(4)] for i in range(4)]
            for h in range(2):
                for i in range(4):
                    for j in range(4):
                        w = resp["weights"][h][i][j]
                        if not allowed[i][j]:
                            expect(w == 0, f"{norm} {mask}: weight[{h}][{i}][{j}] of a disallowed key is {w}")
                            expect(resp["scores"][h][i][j] is None,
                                   f"{norm} {mask}: score[{h}][{i}][{j}] of a disallowed key is not null (never computed)")
                    s = [resp["scores"][h][i][j] for j in range(4)]
                    keys = [j for j in range(4) if allowed[i][j]]
                    if norm == "sigmoid" and keys:  # A' = sigmoid(S − ln n), n = allowed keys of the query
                        j = keys[0]
                        near(resp["weights"][h][i][j], 1 / (1 + math.exp(-(s[j] - math.log(len(keys))))), 1e-6,
                             f"sigmoid weight[{h}][{i}][{j}]")
                    if norm == "relu" and keys:  # A' = relu(S)/n
                        j = keys[-1]
                        near(resp["weights"][h][i][j], max(0.0, s[j]) / len(keys), 1e-6, f"relu weight[{h}][{i}][{j}]")
            for i in range(4):
                for d in range(4):
                    near(resp["out"][i][d], ref[i][d], 2e-6, f"{norm} {mask}: out[{i}][{d}]")
            if "allow" in mask:
                expect(all(resp["weights"][h][2][j] == 0 for h in range(2) for j in range(4)),
                       "a query with no allowed key must get all-zero weights")
            for key in ["x", "wq", "wk"]:
                fd = list(flat(finite_difference(json.loads(json.dumps(r)), key)))
                got = list(flat(resp["grad_" + key]))
                for n, (g, w) in enumerate(zip(got, fd)):
                    near(g, w, 5e-5 + 1e-4 * abs(w), f"{norm} {mask}: grad_{key} element {n}")


def case_numbers_round_trip(binary):
    # Three keys with equal scores: every weight is the float nearest 1/3. Printed with enough digits,
    # it reads back as exactly that float (and as few digits as that takes).
    req = {"x": [[1, 2], [1, 2], [1, 2]], "heads": 1, "wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]],
           "wv": [[0.1, 0], [0, 1]], "wo": [[1, 0], [0, 1]]}
    code, out, err = run(binary, json.dumps(req))
    expect(code == 0, err)
    resp = json.loads(out)
    third = f32(1 / 3)
    for w in resp["weights"][0][0]:
        expect(f32(w) == third, f"weight {w!r} does not read back as float(1/3) = {third!r}")
    expect("0.33333334" in out, "expected the shortest round-trip form 0.33333334 of float(1/3)")
    # v = x·wv: 1·0.1f, a float that needs 9 significant digits as a double but only "0.1" as a float
    expect(f32(resp["v"][0][0]) == f32(0.1), f"v[0][0] = {resp['v'][0][0]!r}")


def case_default_norm_and_single_token(binary):
    req = {"x": [[3, -4]], "heads": 2, "wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0], [0, 1]],
           "wo": [[2, 0], [0, 2]], "mask": {}}
    resp = good(binary, req)
    # one token: each head's only key gets weight 1 (softmax), out = v·Wo = (6, −8)
    expect(resp["weights"] == [[[1]], [[1]]], f"weights = {resp['weights']}")
    expect(resp["out"] == [[6, -8]], f"out = {resp['out']}")
    expect(resp["scores"] == [[[9]], [[16]]], f"scores = {resp['scores']} (Dh = 1: q·k/√1)")


# ------------------------------------------------------------------------------------------ bad requests

def with_(**changes):
    r = json.loads(json.dumps(WORKED))
    r.update(changes)
    return json.dumps(r)


def without(key):
    r = json.loads(json.dumps(WORKED))
    del r[key]
    return json.dumps(r)


I2 = [[1, 0], [0, 1]]
BAD = {
    # name: (request text, substring the one-line message must contain)
    "bad_json": ('{"x": [[1, 0]], "heads": 1,', "not valid JSON"),
    "empty_input": ("", "not valid JSON"),
    "nan_literal": (with_(x="NAN_HERE").replace('"NAN_HERE"', "[[NaN, 0], [0, 1], [1, 1]]"), "not valid JSON"),
    "not_an_object": ("[1, 2, 3]", "must be a JSON object"),
    "missing_key": (without("wv"), 'missing "wv"'),
    "unknown_key": (with_(scale=2.0), 'unknown key "scale"'),
    # a key that holds a newline or a quote is shown escaped, a long one cut: the message stays one line
    "unknown_key_newline": (with_(**{'\n\n"bq': 1}), 'unknown key "\\n\\n\\"bq"'),
    "unknown_key_long": (with_(**{"k" * 500: 1}), 'unknown key "' + "k" * 40 + '"...'),
    "ragged_x": (with_(x=[[1, 0], [0, 1, 2], [1, 1]]), '"x" is ragged: row 0 has 2 numbers, row 1 has 3'),
    "x_not_matrix": (with_(x=[1, 2, 3]), '"x" must be a matrix'),
    "empty_x": (with_(x=[]), '"x" must be a matrix'),
    "wq_wrong_shape": (json.dumps({"x": [[1, 2, 3, 4]], "heads": 2, "wq": [[1, 0, 0]] * 4, "wk": [[0] * 4] * 4,
                                    "wv": [[0] * 4] * 4, "wo": [[0] * 4] * 4}),
                       '"wq" must be 4x4 (D x D), got 4x3'),
    "wo_wrong_rows": (with_(wo=[[1, 0]]), '"wo" must be 2x2 (D x D), got 1x2'),
    "heads_not_dividing": (json.dumps({"x": [[1, 2, 3, 4]], "heads": 3, "wq": [[0] * 4] * 4, "wk": [[0] * 4] * 4,
                                        "wv": [[0] * 4] * 4, "wo": [[0] * 4] * 4}),
                           '"heads" = 3 must divide D = 4'),
    "heads_zero": (with_(heads=0), '"heads" must be a whole number >= 1, got 0'),
    "heads_negative": (with_(heads=-2), '"heads" must be a whole number >= 1, got -2'),
    "heads_fraction": (with_(heads=1.5), '"heads" must be a whole number, got 1.5'),
    "heads_string": (with_(heads="1"), '"heads" must be a whole number, got "1"'),
    "unknown_norm": (with_(norm="tanh"), '"norm" must be "softmax", "relu" or "sigmoid", got "tanh"'),
    "non_number": (with_(wk=[[1, "a"], [0, 1]]), '"wk"[0][1] must be a number, got string "a"'),
    "null_number": (with_(wv=[[1, 0], [None, 1]]), '"wv"[1][0] must be a number, got null'),
    "bool_number": (with_(x=[[True, 0], [0, 1], [1, 1]]), '"x"[0][0] must be a number, got boolean'),
    "infinite_number": (with_(x="INF_HERE").replace('"INF_HERE"', "[[1e999, 0], [0, 1], [1, 1]]"),
                        "not valid JSON: number overflow parsing '1e999'"),
    "too_large_for_float": (with_(wq=[[1e39, 0], [0, 1]]), '"wq"[0][0] = 1e+39 is too large for a float'),
    "bias_wrong_length": (with_(bq=[1, 2, 3]), '"bq" must be a list of 2 numbers (D), got 3 entries'),
    "grad_out_wrong_shape": (with_(grad_out=[[1, 0], [0, 1]]), '"grad_out" must be 3x2 (T x D, like the output), got 2x2'),
    "mask_not_object": (with_(mask=[1]), '"mask" must be an object'),
    "mask_unknown_key": (with_(mask={"casual": True}), 'unknown key "casual" in "mask"'),
    "mask_unknown_key_newline": (with_(mask={"cau\nsal": True}), 'unknown key "cau\\nsal" in "mask"'),
    "mask_causal_not_bool": (with_(mask={"causal": 1}), '"mask"."causal" must be true or false, got 1'),
    "mask_window_negative": (with_(mask={"window": -1}), '"mask"."window" must be a whole number >= 0, got -1'),
    "mask_allow_wrong_shape": (with_(mask={"allow": I2}), '"mask"."allow" must be 3x3 (T x T, row = query), got 2x2'),
    "mask_allow_not_binary": (with_(mask={"allow": [[1, 0, 2], [1, 1, 1], [0, 0, 1]]}),
                              '"mask"."allow"[0][2] must be 0 or 1, got 2'),
    "overflow": (with_(x=[[3e38, 3e38], [0, 1], [1, 1]], wq=[[3e38, 0], [0, 1]]), "overflowed"),
}


def bad(binary, name):
    text, want = BAD[name]
    code, out, err = run(binary, text)
    expect(code != 0, f"exit code 0 for a malformed request; stdout: {out[:200]}")
    expect(out == "", f"stdout must stay empty on an error, got: {out[:200]!r}")
    lines = err.strip("\n").split("\n")
    expect(len(lines) == 1, f"stderr must be one line, got {len(lines)}: {err!r}")
    expect(lines[0].startswith("attnlab: probe: "), f"message must start with 'attnlab: probe: ': {lines[0]!r}")
    expect(want in lines[0], f"message {lines[0]!r} does not contain {want!r}")


# ------------------------------------------------------------------------------------------ main

GOOD = {
    "worked_example": case_worked_example,
    "biases_and_gradients": case_biases_and_gradients,
    "masks_and_norms": case_masks_and_norms,
    "numbers_round_trip": case_numbers_round_trip,
    "default_norm_single_token": case_default_norm_and_single_token,
}


def run_case(binary, name):
    if name in GOOD:
        GOOD[name](binary)
    elif name in BAD:
        bad(binary, name)
    else:
        raise Failure(f"no case {name!r} (see --list)")


def main(argv):
    if len(argv) == 2 and argv[1] == "--list":
        print("\n".join(list(GOOD) + list(BAD)))
        return 0
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary, which = argv[1], argv[2]
    names = list(GOOD) + list(BAD) if which == "all" else [which]
    failed = 0
    for name in names:
        try:
            run_case(binary, name)
            print(f"PASS {name}")
        except Failure as e:
            failed += 1
            print(f"FAIL {name}: {e}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
