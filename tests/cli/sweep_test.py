#!/usr/bin/env python3
"""attnlab sweep: one JSON line per (size, model), then both curves and the verdict; every point is the run
`attnlab train --train-size N` makes with the same settings (the same dev accuracy, to the last digit); on a corpus
(pos, here a small CoNLL-U file) the sizes are sentences and 'all' is the whole training split; bad sizes, 'all' on a
generated task and --train-size are refused with one line.

usage: sweep_test.py ATTNLAB   (the native binary, or attnlab.js for the WebAssembly build)"""
import json
import os
import subprocess
import sys

# 8x8 images, a one-layer attention of width 8, a narrow CNN: seconds, not minutes
COMMON = ["--task", "image", "--image-size", "8", "--steps", "6", "--batch", "4", "--warmup", "2", "--dim", "8",
          "--heads", "2", "--layers", "1", "--hidden", "8", "--seed", "2", "--eval-every", "3"]


def run(attnlab, args):
    cmd = ["node", "--no-experimental-fetch", attnlab] if attnlab.endswith(".js") else [attnlab]
    p = subprocess.run(cmd + args, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def main():
    attnlab = sys.argv[1]
    rc, out, err = run(attnlab, ["sweep", "--sizes", "5,20", "--json"] + COMMON)
    assert rc == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 5, out
    points, final = lines[:4], lines[4]
    assert [(p["size"], p["model"]) for p in points] == [(5, "attention"), (5, "baseline"), (20, "attention"),
                                                        (20, "baseline")], points
    assert all(p["steps"] == 6 for p in points), points
    assert points[0]["epochs"] == 6 * 4 / 5, points[0]
    c = final["curves"]
    assert c["sizes"] == [5, 20] and len(c["attention"]) == 2 and len(c["baseline"]) == 2, c
    assert c["attention"][1] == points[2]["dev_acc"] and c["baseline"][0] == points[1]["dev_acc"], (c, points)
    assert final["verdict"] in ("crossover", "reverse", "attention_always", "baseline_always", "level", "mixed"), final
    assert final["sentence"] and "%" in final["sentence"], final

    # each point is the run of `attnlab train --train-size N` with the same settings
    for p in points:
        args = ["train", "--json", "--train-size", str(p["size"])] + COMMON
        if p["model"] == "baseline":
            args += ["--model", "cnn"]
        rc, out, err = run(attnlab, args)
        assert rc == 0, err
        last = json.loads(out.splitlines()[-1])
        assert last["dev_acc"] == p["dev_acc"], (p, last)

    # the text form: the budget line, one line per run, the table and the verdict
    rc, out, err = run(attnlab, ["sweep", "--sizes", "5,20"] + COMMON)
    assert rc == 0, err
    assert "the same budget for every size: 6 steps of 4 images" in out, out
    assert out.count(" images  ") == 4, out
    assert "verdict: " in out and final["sentence"] in out, out

    # bad input: one line on stderr naming the problem, nothing on stdout, a non-zero exit
    for args, says in ((["--sizes", "20,5"], "grow"), (["--sizes", "5,x"], "--sizes"), (["--sizes", "0,5"], "--sizes"),
                       (["--train-size", "10"], "--train-size"), (["--model", "cnn"], "--model")):
        rc, out, err = run(attnlab, ["sweep"] + COMMON + args)
        assert rc != 0 and out == "" and says in err and len(err.strip().splitlines()) == 1, (args, rc, out, err)
    rc, out, err = run(attnlab, ["sweep", "--sizes", "5,all"] + COMMON)
    assert rc != 0 and out == "" and "'all'" in err, err

    # a corpus: sentences drawn by the data seed, 'all' = the whole training split
    conllu = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "data", "pos_en.conllu")
    small = ["--task", "pos", "--data", conllu, "--steps", "3", "--batch", "4", "--warmup", "1", "--dim", "8",
             "--heads", "2", "--layers", "1", "--hidden", "8", "--eval-every", "3"]
    rc, out, err = run(attnlab, ["sweep", "--sizes", "20,all", "--json"] + small)
    assert rc == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 5, out
    whole = lines[4]["curves"]["sizes"][1]
    assert lines[4]["curves"]["sizes"][0] == 20 and whole > 20, lines[4]
    assert [p["size"] for p in lines[:4]] == [20, 20, whole, whole], lines[:4]
    rc, out, err = run(attnlab, ["sweep", "--sizes", "20,all"] + small)
    assert rc == 0 and "training sets of 20,%d sentences" % whole in out, out
    print("sweep: ok")


if __name__ == "__main__":
    main()
