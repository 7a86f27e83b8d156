#!/usr/bin/env python3
"""attnlab train --json reports majority_acc, the dev set's chance level, on every line that has dev_acc.

majority_acc must be the share of the dev tokens whose tag is the most frequent tag of the training split.
This test works that out without the engine's majority_share: it saves the model and asks `attnlab eval
--json` for the per-tag token counts of the train and the dev split, then divides. Two tasks: seen (tokens)
and image (pixels).

    majority_test.py ATTNLAB TMPDIR     exit 0 = pass (ATTNLAB: the native binary, or attnlab.js under Node)
"""
import json
import os
import subprocess
import sys

TASKS = {
    "seen": ["--task", "seen", "--train-size", "80", "--dim", "16", "--heads", "2", "--layers", "1"],
    "image": ["--task", "image", "--image-size", "8", "--train-size", "30", "--model", "cnn", "--dim", "8",
              "--hidden", "8"],
}


def engine(attnlab):
    return ["node", "--no-experimental-fetch", attnlab] if attnlab.endswith(".js") else [attnlab]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise AssertionError("%s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return p.stdout


def tag_counts(attnlab, model, split):
    out = json.loads(run(engine(attnlab) + ["eval", "--load", model, "--split", split, "--json"]))
    return {tag: v["tokens"] for tag, v in out["per_tag"].items()}


def check(attnlab, tmp, name, flags):
    model = os.path.join(tmp, name + ".model")
    out = run(engine(attnlab) + ["train"] + flags + ["--steps", "4", "--eval-every", "2", "--batch", "8", "--json",
                                                     "--save", model])
    lines = [json.loads(l) for l in out.splitlines() if l.strip()]
    with_dev = [l for l in lines if "dev_acc" in l]
    assert len(with_dev) >= 3, "%s: expected report lines and a final line, got %s" % (name, lines)
    for l in with_dev:
        assert "majority_acc" in l, "%s: a line with dev_acc has no majority_acc: %s" % (name, l)
    values = {l["majority_acc"] for l in with_dev}
    assert len(values) == 1, "%s: majority_acc changes from line to line: %s" % (name, values)
    got = values.pop()
    train, dev = tag_counts(attnlab, model, "train"), tag_counts(attnlab, model, "dev")
    top = max(train, key=lambda t: train[t])
    want = dev.get(top, 0) / sum(dev.values())
    assert abs(got - want) < 1e-12, "%s: majority_acc %r, but the most frequent training tag %r covers %r of dev" % (
        name, got, top, want)
    assert 0 < got < 1, got
    print("%s: majority_acc %.4f (tag %s, %d of %d dev tokens)" % (name, got, top, dev.get(top, 0), sum(dev.values())))


def main(argv):
    attnlab, tmp = argv[1], argv[2]
    os.makedirs(tmp, exist_ok=True)
    for name, flags in TASKS.items():
        check(attnlab, tmp, name, flags)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
