#!/usr/bin/env python3
"""The pos task on the Brown Corpus from the command line (engine/data/brown.h).

  data     `attnlab data --task pos --data brown --json` gives {name, source, tagset, tags, sentences, tokens}
           with the whole corpus in its three splits: 500 documents, 57,340 sentences, 1,161,192 words, the 12
           universal tags, and the notice naming Francis and Kucera.
  eval     a small model trained on Brown is scored on a CoNLL-U file written in UPOS: the tags are mapped to
           the 12 universal ones (PROPN counts as NOUN, AUX as VERB, ...), the answer says it mapped, and the
           per-tag token counts are the file's counted by hand through the documented table. On the model's
           own test split the answer has the unknown-word accuracy, the most-frequent-tag baseline (about 94.2 %
           on these test documents) and the accuracy of each genre group.

    brown_test.py ATTNLAB CASE TMPDIR     exit 0 = pass (ATTNLAB: the native binary, or attnlab.js under Node)
"""
import json
import os
import sys

from majority_test import engine, run  # (beside this file) how to start attnlab; a command's stdout, or a failure

UNIVERSAL = ["NOUN", "VERB", "ADJ", "ADV", "PRON", "DET", "ADP", "NUM", "CONJ", "PRT", ".", "X"]
UPOS_TO_UNIVERSAL = {"NOUN": "NOUN", "PROPN": "NOUN", "VERB": "VERB", "AUX": "VERB", "ADJ": "ADJ", "ADV": "ADV",
                     "PRON": "PRON", "DET": "DET", "ADP": "ADP", "SCONJ": "ADP", "NUM": "NUM", "CCONJ": "CONJ",
                     "PART": "PRT", "PUNCT": ".", "SYM": "X", "INTJ": "X", "X": "X"}

# Two sentences written for this test, tagged by hand in UPOS.
UD = [
    [("Mary", "PROPN"), ("has", "AUX"), ("seen", "VERB"), ("the", "DET"), ("old", "ADJ"), ("saw", "NOUN"),
     ("that", "SCONJ"), ("John", "PROPN"), ("left", "VERB"), ("in", "ADP"), ("two", "NUM"), ("boxes", "NOUN"),
     (".", "PUNCT")],
    [("Oh", "INTJ"), (",", "PUNCT"), ("she", "PRON"), ("did", "AUX"), ("not", "PART"), ("quickly", "ADV"),
     ("run", "VERB"), ("and", "CCONJ"), ("hide", "VERB"), ("%", "SYM"), ("!", "PUNCT")],
]


def check_data(attnlab, tmp):
    d = json.loads(run(engine(attnlab) + ["data", "--task", "pos", "--data", "brown", "--json"]))
    assert d["name"] == "Brown Corpus", d["name"]
    assert "Francis" in d["source"] and "Kucera" in d["source"] and "1964" in d["source"], d["source"]
    assert d["tagset"] == "universal" and d["tags"] == UNIVERSAL, (d["tagset"], d["tags"])
    assert sum(d["sentences"].values()) == 57340, d["sentences"]
    assert sum(d["tokens"].values()) == 1161192, d["tokens"]
    assert sum(d["documents"].values()) == 500, d["documents"]
    assert 45 <= d["documents"]["test"] <= 55, d["documents"]
    assert 0.93 < d["baseline"]["dev"] < 0.955, d["baseline"]


def check_eval(attnlab, tmp):
    model = os.path.join(tmp, "brown.model")
    run(engine(attnlab) + ["train", "--task", "pos", "--data", "brown", "--steps", "40", "--dim", "16",
                           "--heads", "2", "--layers", "1", "--eval-every", "40", "--save", model])
    conllu = os.path.join(tmp, "ud.conllu")
    with open(conllu, "w", encoding="utf-8") as f:
        for sentence in UD:
            for i, (word, tag) in enumerate(sentence, 1):
                f.write("%d\t%s\t_\t%s\t_\t_\t_\t_\t_\t_\n" % (i, word, tag))
            f.write("\n")
    e = json.loads(run(engine(attnlab) + ["eval", "--load", model, "--data", conllu, "--json"]))
    assert "mapped" in e and "PROPN->NOUN" in e["mapped"], e.get("mapped")
    expected = {}
    for sentence in UD:
        for _, tag in sentence:
            u = UPOS_TO_UNIVERSAL[tag]
            expected[u] = expected.get(u, 0) + 1
    got = {tag: v["tokens"] for tag, v in e["per_tag"].items()}
    assert got == expected, (got, expected)
    assert e["tokens"] == sum(len(s) for s in UD), e["tokens"]
    correct = sum(round(v["accuracy"] * v["tokens"]) for v in e["per_tag"].values())
    assert abs(e["accuracy"] - correct / e["tokens"]) < 1e-9, e

    own = json.loads(run(engine(attnlab) + ["eval", "--load", model, "--json"]))
    assert own["data"] == "brown (test split)", own["data"]
    assert 0.93 < own["baseline"]["accuracy"] < 0.955, own["baseline"]
    assert 0 < own["unknown"]["tokens"] < own["tokens"] / 10, own["unknown"]
    assert set(own["per_genre"]) == {"press", "general prose", "learned", "fiction"}, own["per_genre"]
    assert sum(g["tokens"] for g in own["per_genre"].values()) == own["tokens"], own["per_genre"]


CASES = {"data": check_data, "eval": check_eval}

if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        print("\n".join(CASES))
        sys.exit(0)
    if len(sys.argv) != 4 or sys.argv[2] not in CASES:
        sys.exit("usage: brown_test.py ATTNLAB CASE TMPDIR | --list")
    os.makedirs(sys.argv[3], exist_ok=True)
    CASES[sys.argv[2]](sys.argv[1], sys.argv[3])
    print("ok")
