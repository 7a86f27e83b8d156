#!/usr/bin/python3
"""attnlab export-torch: the PyTorch module reproduces the engine's logits.

For each case: train a handful of steps with `attnlab train ... --save`, export with `attnlab export-torch`,
then compare the module's logits with the engine's (`attnlab logits`) on random inputs of several lengths
(longer than any seen in training where the positional encoding allows it) to 1e-5, and run the module
alone. Other cases check the refusals and the damaged-file messages, and the .zip the page downloads.

    torch_export_test.py --list                 the case names (one CTest test each)
    torch_export_test.py ATTNLAB CASE           run one case; exit 0 = pass (ATTNLAB: the native binary,
                                                or build/wasm/attnlab.js, run under Node)

Needs /usr/bin/python3 with torch and numpy (Debian: python3-torch, in scripts/setup.sh).
"""
import importlib.util
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import zipfile
from contextlib import redirect_stderr, redirect_stdout

TOL = 1e-5
FAST = ["--steps", "6", "--eval-every", "1000", "--warmup", "2", "--quiet"]
SMALL = ["--train-size", "64"]

# name: (training flags, how far past the training lengths an input may go: None = only up to max_len)
CASES = {
    "seen_attention_sinusoidal": ("--task seen --layers 2 --heads 4 --dim 32 --seed 1", True),
    "reverse_attention_learned_relu": ("--task reverse --layers 1 --heads 2 --dim 16 --pe learned --norm relu "
                                       "--lengths 4:10 --seed 2", False),
    "count_attention_alibi_sigmoid_causal": ("--task count --layers 2 --heads 3 --dim 24 --pe alibi "
                                             "--norm sigmoid --mask causal --seed 3", True),
    "sort_attention_none_additive_gelu": ("--task sort --layers 1 --heads 4 --dim 32 --pe none "
                                          "--relevance additive --activation gelu --seed 4", True),
    "frames_attention_window_additive": ("--task frames --layers 2 --heads 2 --dim 16 --window-mask 2 "
                                         "--relevance additive --pe-scale 2.5 --seed 5", True),
    "graph_attention_edges": ("--task graph --layers 2 --heads 2 --dim 16 --seed 6", True),
    "graph_attention_full_alibi": ("--task graph --layers 1 --heads 4 --dim 16 --mask full --pe alibi "
                                   "--norm relu --seed 7", True),
    "pos_attention": ("--task pos --layers 2 --heads 4 --dim 32 --seed 8", True),
    "seen_window": ("--task seen --model window --window 5 --dim 16 --hidden 24 --seed 9", True),
    "frames_cnn": ("--task frames --model cnn --kernel 3 --cnn-layers 2 --dim 16 --hidden 20 --seed 10", True),
    "count_cnn_k5": ("--task count --model cnn --kernel 5 --cnn-layers 3 --dim 8 --hidden 12 --seed 11", True),
    "pos_rnn_bigru": ("--task pos --model rnn --rnn gru --bidirectional --dim 16 --hidden 16 --seed 12", True),
    "sort_rnn_elman": ("--task sort --model rnn --rnn elman --dim 16 --hidden 24 --seed 13", True),
    "graph_rnn_gru": ("--task graph --model rnn --rnn gru --dim 8 --hidden 8 --seed 14", True),
    "seg_zh_attention": ("--task seg_zh --layers 1 --heads 2 --dim 16 --seed 15", True),
    # images (8x8 pixels): the 2-D positional encodings, the 2-D window mask, the k x k kernels
    "image_attention_sinusoidal_window": ("--task image --image-size 8 --layers 2 --heads 2 --dim 16 "
                                          "--window-mask 1 --seed 16", False),
    "image_attention_learned": ("--task image --image-size 8 --layers 1 --heads 2 --dim 16 --pe learned "
                                "--seed 17", False),
    "image_attention_alibi_window2": ("--task image --image-size 8 --layers 1 --heads 4 --dim 16 --pe alibi "
                                      "--window-mask 2 --seed 18", False),
    "image_cnn": ("--task image --image-size 8 --model cnn --kernel 3 --cnn-layers 2 --dim 8 --hidden 12 "
                  "--seed 19", False),
    "image_window": ("--task image --image-size 8 --model window --window 3 --dim 8 --hidden 12 --seed 20", False),
}
OTHER = ["refused", "damaged", "zip"]


def engine(attnlab):
    """How to start attnlab: the native binary, or the WebAssembly build (attnlab.js) under Node."""
    return ["node", "--no-experimental-fetch", attnlab] if attnlab.endswith(".js") else [attnlab]


def run(cmd, stdin=None, check=True):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120)
    if check and p.returncode != 0:
        raise AssertionError("%s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return p


def train(attnlab, flags, path):
    extra = SMALL if "--task pos" not in flags else []
    run(engine(attnlab) + ["train"] + flags.split() + FAST + extra + ["--save", path])


def export(attnlab, model, out, *extra):
    return run(engine(attnlab) + ["export-torch", "--load", model, "--out", out] + list(extra))


def import_module(directory, name="attnlab_model"):
    spec = importlib.util.spec_from_file_location(name, os.path.join(directory, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def random_inputs(mod, meta, lengths, rng):
    c = mod.CONFIG
    inputs = []
    for T in lengths:
        if c["input"] == "tokens":
            inputs.append({"tokens": [rng.randrange(c["vocab"]) for _ in range(T)]})
            continue
        x = {"features": [[rng.gauss(0, 1.5) for _ in range(c["input_dim"])] for _ in range(T)]}
        if meta["task"] == "graph":  # random edges, some nodes with none at all
            x["allow"] = [[1 if rng.random() < 0.3 else 0 for _ in range(T)] for _ in range(T)]
        inputs.append(x)
    return inputs


def check_logits(attnlab, model_path, mod, torch_model, inputs):
    answer = json.loads(run(engine(attnlab) + ["logits", "--load", model_path], json.dumps({"inputs": inputs})).stdout)
    import torch
    worst = 0.0
    for x, want in zip(inputs, answer["logits"]):
        got = mod.logits(torch_model, x["tokens"] if "tokens" in x else x["features"], allow=x.get("allow"))
        want = torch.tensor(want, dtype=torch.float32)
        assert got.shape == want.shape, "shape %s, the engine's %s" % (tuple(got.shape), tuple(want.shape))
        diff = (got - want).abs().max().item()
        worst = max(worst, diff)
        assert diff <= TOL, "T = %d: max abs diff %.3g > %g" % (len(want), diff, TOL)
    return worst


def case_model(attnlab, name, tmp):
    flags, longer = CASES[name]
    model_path = os.path.join(tmp, "m.model")
    out = os.path.join(tmp, "export")
    train(attnlab, flags, model_path)
    p = export(attnlab, model_path, out)
    assert "attnlab_model.py" in p.stdout, p.stdout
    mod = import_module(out)
    torch_model, meta = mod.load()
    c = mod.CONFIG
    rng = random.Random(hash(name) % 1000)
    if c["grid_w"] > 0:  # an image has exactly grid_h x grid_w pixels; any other length is refused by both
        top = c["grid_w"] * c["grid_h"]
        lengths = [top, top, top]
        wrong = random_inputs(mod, meta, [top + 1], rng)[0]
        r = run(engine(attnlab) + ["logits", "--load", model_path], json.dumps({"inputs": [wrong]}), check=False)
        assert r.returncode == 1 and "images" in r.stderr, r.stderr
        try:
            torch_model(__import__("torch").tensor(wrong["features"]))
            raise AssertionError("the module ran an input that is not one image")
        except mod.ExportError as e:
            assert "images" in str(e), e
    elif c["kind"] == "attention" and c["pe"] == "learned":
        top = c["max_len"]
        lengths = [1, 2, top // 2, top - 1, top]  # a learned table has no row past max_len
        too_long = random_inputs(mod, meta, [top + 1], rng)[0]
        r = run(engine(attnlab) + ["logits", "--load", model_path], json.dumps({"inputs": [too_long]}), check=False)
        assert r.returncode == 1 and "learned positional encoding" in r.stderr, r.stderr
        try:
            torch_model(__import__("torch").tensor(too_long["tokens"]))
            raise AssertionError("the module ran an input longer than its learned table")
        except mod.ExportError as e:
            assert "learned positional encoding" in str(e), e
    else:
        top = c["max_len"]  # the longest training sequence
        lengths = [1, 2, 5, top, top + 7, 2 * top + 3] if longer else [1, 2, top]
    worst = check_logits(attnlab, model_path, mod, torch_model, random_inputs(mod, meta, lengths, rng))
    # The module run alone: tags the saved example, compares it with the engine's logits, exits 0.
    p = run(["/usr/bin/python3", os.path.join(out, "attnlab_model.py")], check=False)
    assert p.returncode == 0, "the module alone exited %d: %s%s" % (p.returncode, p.stdout, p.stderr)
    ex = meta["example"]
    width = max([4] + [len(s) for s in ex["shown"]])
    for s, t in zip(ex["shown"], ex["tags"]):  # every token with its tag, as the engine tagged it
        line = "  %-*s  %s" % (width, s, t)
        assert any(l == line or l.startswith(line + " ") for l in p.stdout.splitlines()), \
            "%r not printed:\n%s" % (line, p.stdout)
    assert "max abs diff from the engine's logits" in p.stdout and "ok: PyTorch and the engine agree" in p.stdout
    if meta["task"] == "pos":
        assert ex["shown"] == ["I", "saw", "a", "saw"], ex["shown"]
        tagged = mod.tag(torch_model, meta, "She saw a blicket.")
        assert [w for w, _ in tagged] == ["She", "saw", "a", "blicket", "."], tagged
        assert all(t in meta["tags"] for _, t in tagged)
        # the module's words → ids are the engine's (unknown words by their shape): compare with `attnlab tag`
        tag_out = run(engine(attnlab) + ["tag", "--load", model_path, "--json", "She saw a blicket."]).stdout
        assert [t for _, t in tagged] == json.loads(tag_out)["tags"], (tagged, tag_out)
    if meta["task"] == "seg_zh":  # Chinese: one token per character, as the engine splits it
        assert ex["shown"] == list("研究生命的起源"), ex["shown"]
        tagged = mod.tag(torch_model, meta, "南京市 长江大桥2024")
        assert [w for w, _ in tagged] == ["南", "京", "市", "长", "江", "大", "桥", "2024"], tagged
        tag_out = run(engine(attnlab) + ["tag", "--load", model_path, "--json", "南京市 长江大桥2024"]).stdout
        assert [t for _, t in tagged] == json.loads(tag_out)["tags"], (tagged, tag_out)
    print("%s: %d inputs of lengths %s, max abs diff %.3g; alone:\n%s" % (name, len(lengths), lengths, worst,
                                                                          p.stdout))


def case_refused(attnlab, tmp):
    model_path = os.path.join(tmp, "m.model")
    train(attnlab, "--task seen --layers 1 --heads 1 --dim 8", model_path)
    # a damaged model file: one byte flipped
    data = bytearray(open(model_path, "rb").read())
    data[len(data) // 2] ^= 0xFF
    bad = os.path.join(tmp, "bad.model")
    open(bad, "wb").write(bytes(data))
    out = os.path.join(tmp, "out")
    p = run(engine(attnlab) + ["export-torch", "--load", bad, "--out", out], check=False)
    assert p.returncode == 1 and "corrupted" in p.stderr and p.stderr.count("\n") == 1, p.stderr
    assert not os.path.exists(out), "a refused export wrote files"
    # a module name Python cannot import
    p = run(engine(attnlab) + ["export-torch", "--load", model_path, "--out", out, "--name", "2fast"], check=False)
    assert p.returncode == 1 and "cannot be imported in Python" in p.stderr, p.stderr
    assert not os.path.exists(out), "a refused export wrote files"
    # --out names a file
    open(out, "w").write("x")
    p = run(engine(attnlab) + ["export-torch", "--load", model_path, "--out", out], check=False)
    assert p.returncode == 1 and "is a file, not a folder" in p.stderr, p.stderr
    print("refused: damaged model, bad name, --out a file: one-line messages, nothing written")


def case_damaged(attnlab, tmp):
    model_path = os.path.join(tmp, "m.model")
    out = os.path.join(tmp, "export")
    train(attnlab, "--task reverse --layers 1 --heads 2 --dim 8", model_path)
    export(attnlab, model_path, out, "--name", "rev")
    py = os.path.join(out, "rev.py")
    weights = os.path.join(out, "rev.weights")
    meta_path = os.path.join(out, "rev.json")
    good = open(weights, "rb").read()
    meta = open(meta_path, encoding="utf-8").read()

    def alone():
        return run(["/usr/bin/python3", py], check=False)

    p = alone()
    assert p.returncode == 0, p.stdout + p.stderr
    open(weights, "wb").write(good[:-4])  # truncated
    p = alone()
    assert p.returncode == 2 and "damaged" in p.stderr and "bytes" in p.stderr, p.stderr
    flipped = bytearray(good)
    flipped[10] ^= 0x40
    open(weights, "wb").write(bytes(flipped))  # same size, one bit changed
    p = alone()
    assert p.returncode == 2 and "CRC-32" in p.stderr, p.stderr
    os.remove(weights)
    p = alone()
    assert p.returncode == 2 and "is missing" in p.stderr, p.stderr
    open(weights, "wb").write(good)
    open(meta_path, "w", encoding="utf-8").write(meta[: len(meta) // 2])  # cut in half
    p = alone()
    assert p.returncode == 2 and "not valid JSON" in p.stderr, p.stderr
    # logits that disagree: change the engine's stored logits of the example
    m = json.loads(meta)
    m["example"]["logits"][0][0] += 0.01
    open(meta_path, "w", encoding="utf-8").write(json.dumps(m))
    p = alone()
    assert p.returncode == 1 and "differ from the engine's" in p.stderr, p.stdout + p.stderr
    open(meta_path, "w", encoding="utf-8").write(meta)
    assert alone().returncode == 0
    print("damaged: truncated, flipped and missing weights and a cut JSON exit 2; disagreeing logits exit 1")


def case_zip(attnlab, tmp):
    model_path = os.path.join(tmp, "m.model")
    out = os.path.join(tmp, "export")
    zpath = os.path.join(tmp, "export.zip")
    train(attnlab, "--task frames --layers 1 --heads 2 --dim 8", model_path)
    export(attnlab, model_path, out, "--zip", zpath)
    with zipfile.ZipFile(zpath) as z:
        assert z.testzip() is None
        names = sorted(z.namelist())
        assert names == sorted(os.listdir(out)), (names, os.listdir(out))
        for n in names:
            assert z.read(n) == open(os.path.join(out, n), "rb").read(), n
        unpacked = os.path.join(tmp, "unzipped")
        z.extractall(unpacked)
    p = run(["/usr/bin/python3", os.path.join(unpacked, "attnlab_model.py")], check=False)
    assert p.returncode == 0, p.stdout + p.stderr
    print("zip: %s holds the same %d files; the unzipped module runs" % (os.path.basename(zpath), len(names)))


def main(argv):
    if argv[1:] == ["--list"]:
        print("\n".join(list(CASES) + OTHER))
        return 0
    attnlab, name = argv[1], argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        if name in CASES:
            case_model(attnlab, name, tmp)
        elif name == "refused":
            case_refused(attnlab, tmp)
        elif name == "damaged":
            case_damaged(attnlab, tmp)
        elif name == "zip":
            case_zip(attnlab, tmp)
        else:
            print("unknown case " + name, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
