#!/usr/bin/env python3
"""Your own data on the command line: `attnlab train --task own --data FILE` learns a dataset written here, in
which the tag of a word depends on the word before it ("a run" → N, "to run" → V), to a dev accuracy far
above the chance level (the most frequent tag) and above what the word alone can give; the saved model tags
with the file's tags (`tag --load`) and evaluates on its dev split (`eval --load`). Malformed files, a file too
large and a missing --data are refused with one line naming the line, the limit or the flag.

usage: own_data_test.py ATTNLAB OUTDIR   (the native binary, or attnlab.js for the WebAssembly build)"""
import json
import os
import random
import subprocess
import sys

WORDS = ["run", "walk", "fish", "swim", "dance", "cook"]


def run(attnlab, args):
    cmd = ["node", "--no-experimental-fetch", attnlab] if attnlab.endswith(".js") else [attnlab]
    p = subprocess.run(cmd + args, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def easy_text(n, seed):
    """n sentences of 2-5 pairs "a W" (W is N) or "to W" (W is V), in random order: the tag of W is set by the
    word before it, and position alone does not tell."""
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        toks = []
        for _ in range(rng.randint(2, 5)):
            w = rng.choice(WORDS)
            toks += ["a/D", w + "/N"] if rng.random() < 0.5 else ["to/P", w + "/V"]
        lines.append(" ".join(toks))
    return "\n".join(lines) + "\n"


def expect_error(attnlab, args, needle):
    rc, out, err = run(attnlab, args)
    assert rc != 0, f"{args}: exit 0, expected an error with {needle!r}\n{out}"
    lines = [l for l in err.strip().splitlines() if l]
    assert len(lines) == 1, f"{args}: expected one line, got:\n{err}"
    assert needle in lines[0], f"{args}: {needle!r} not in {lines[0]!r}"


def main():
    attnlab, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    tag = "_wasm" if attnlab.endswith(".js") else ""
    data = os.path.join(outdir, f"easy{tag}.txt")
    with open(data, "w") as f:
        f.write(easy_text(400, 1))
    model = os.path.join(outdir, f"easy{tag}.model")

    rc, out, err = run(attnlab, ["train", "--task", "own", "--data", data, "--dim", "32", "--heads", "2",
                                 "--steps", "300", "--eval-every", "100", "--json", "--save", model])
    assert rc == 0, out + err
    last = json.loads(out.strip().splitlines()[-1])
    assert last["task"] == "own", last
    assert last["tags"] == ["D", "N", "P", "V"], last
    assert last["test_acc"] is None, last  # own data has a train and a dev split only
    chance = last["chance"]
    assert 0.2 < chance < 0.4, last
    # the word alone gives D and P, and N/V at best half the time: 75%; the previous word gives all
    assert last["dev_acc"] >= 0.95, f"dev accuracy {last['dev_acc']} (chance {chance})"
    print(f"own: dev accuracy {last['dev_acc']:.3f}, chance {chance:.3f} ({last['chance_tag']})")

    rc, out, err = run(attnlab, ["tag", "--load", model, "--json", "a run to run a fish"])
    assert rc == 0, out + err
    tagged = json.loads(out)
    assert tagged["tokens"] == ["a", "run", "to", "run", "a", "fish"], tagged
    assert tagged["tags"] == ["D", "N", "P", "V", "D", "N"], tagged

    rc, out, err = run(attnlab, ["eval", "--load", model, "--split", "dev", "--json"])
    assert rc == 0, out + err
    ev = json.loads(out)
    assert abs(ev["accuracy"] - last["dev_acc"]) < 1e-9, (ev["accuracy"], last["dev_acc"])
    assert set(ev["per_tag"]) <= {"D", "N", "P", "V"}, ev["per_tag"]
    expect_error(attnlab, ["eval", "--load", model], "use --split dev")

    # refused with one line naming the line and the problem
    bad = os.path.join(outdir, f"bad{tag}.txt")
    with open(bad, "w") as f:
        f.write("a/D run/N\nto/P walk\n")
    expect_error(attnlab, ["train", "--task", "own", "--data", bad, "--steps", "1"],
                 f"{bad}: line 2: token 'walk' has no /TAG")
    with open(bad, "w") as f:
        f.write("# one sentence only\na/D run/N\n")
    expect_error(attnlab, ["train", "--task", "own", "--data", bad, "--steps", "1"],
                 "only one sentence: need at least 2 (one for the dev set)")
    big = os.path.join(outdir, f"big{tag}.txt")
    with open(big, "w") as f:
        f.write("a/D run/N\n" * 900000)  # 9.4 MB
    expect_error(attnlab, ["train", "--task", "own", "--data", big, "--steps", "1"],
                 "data files may be at most 8 MB")
    os.remove(big)
    expect_error(attnlab, ["train", "--task", "own", "--steps", "1"], "task own needs a data file: --data FILE")
    expect_error(attnlab, ["train", "--task", "own", "--data", data, "--lengths", "3:4"], "--lengths is for synthetic")
    print("ok")


if __name__ == "__main__":
    main()
