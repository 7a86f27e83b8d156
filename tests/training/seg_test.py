#!/usr/bin/env python3
"""seg_zh (Chinese word segmentation, one B/M/E/S label per character) learns, and attention beats the window on
the lecture's sentences.

    seg_test.py learns ATTNLAB MODEL  a small attention tagger (D32), 500 steps on the default corpus of real
                                      Chinese (.deps/seg_zh.txt), saved to MODEL: dev accuracy 20 points above
                                      always answering the most frequent label (B, about 36 %); saved, it tags
                                      unspaced Chinese with one B/M/E/S tag per character (attnlab tag --json)
    seg_test.py compare ATTNLAB       attention (L2 H4 D32) and the window FC (k = 3, D32), 1500 steps each, same
                                      seed, on the lecture's template sentences (engine/data/seg_zh.txt, made so
                                      that context decides): attention's dev accuracy must be above the window's.
                                      On real Chinese the window wins (docs/data.md, make results).

ATTNLAB is build/native/attnlab or build/wasm/attnlab.js (run by node). Python 3 standard library only."""
import json
import os
import subprocess
import sys

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "data", "seg_zh.txt")

TEXT = "我们研究生命的起源"
CHARS = list(TEXT)


def attnlab(binary, *args):
    cmd = (["node", "--no-experimental-fetch", binary] if binary.endswith(".js") else [binary]) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()}")
    return p.stdout


def train(binary, *args):
    out = attnlab(binary, "train", "--task", "seg_zh", "--json", *args)
    return json.loads(out.strip().splitlines()[-1])


def learns(binary, model):
    j = train(binary, "--dim", "32", "--heads", "4", "--steps", "500", "--eval-every", "100", "--save", model)
    print(f"attention L2 H4 D32, 500 steps: dev {100 * j['dev_acc']:.2f}% (the most frequent label: "
          f"{100 * j['majority_acc']:.2f}%)")
    # a model that learned nothing scores what always answering the most frequent label (B) scores
    if not j["dev_acc"] > j["majority_acc"] + 0.20:
        sys.exit(f"seg_zh did not learn: dev accuracy {j['dev_acc']:.3f} after 500 steps")
    tagged = json.loads(attnlab(binary, "tag", "--load", model, "--json", TEXT))
    print("tag --json " + TEXT + ": " + json.dumps(tagged, ensure_ascii=False))
    if tagged["tokens"] != CHARS:
        sys.exit(f"expected one token per character {CHARS}, got {tagged['tokens']}")
    if len(tagged["tags"]) != len(CHARS) or any(t not in ("B", "M", "E", "S") for t in tagged["tags"]):
        sys.exit(f"expected one B/M/E/S tag per character, got {tagged['tags']}")
    spaced = json.loads(attnlab(binary, "tag", "--load", model, "--json", "我们 研究", "生命的起源"))
    if spaced["tokens"] != CHARS:
        sys.exit(f"spaces must be ignored: got {spaced['tokens']}")


def compare(binary):
    common = ["--dim", "32", "--steps", "1500", "--eval-every", "500", "--seed", "1", "--data", TEMPLATES]
    a = train(binary, "--model", "attention", "--heads", "4", *common)
    w = train(binary, "--model", "window", "--window", "3", *common)
    print(f"seg_zh dev accuracy on the lecture's sentences after 1500 steps: attention {100 * a['dev_acc']:.2f}% ({a['model']}), "
          f"window FC {100 * w['dev_acc']:.2f}% ({w['model']})")
    if not a["dev_acc"] > w["dev_acc"]:
        sys.exit("attention's dev accuracy is not above the window net's")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "learns":
        learns(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "compare":
        compare(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
