#!/usr/bin/env python3
"""CoNLL-U -> one sentence per line, every word written FORM/t with t one character for its UPOS, for the copy of
the corpus compiled into the binaries (the page downloads it: 139 KB instead of 825 KB for pos_en). The first
line names the tags: "#tags NOUN DET VERB ..." (the most frequent first); the tag of a word is the letter at its
place in that list (a = the first, b = the second, ...). engine/data/tasks.cpp turns these lines back into
CoNLL-U (ID, FORM and UPOS, the only columns the reader uses) before parsing, so the sentences are exactly the
file's.

  compact_corpus.py IN.conllu OUT.tags

As in the reader (engine/data/conllu.h), multiword-token lines (3-4) and empty nodes (5.1) are not words of
the sentence. A FORM with a space in it cannot be written this way: that is an error.
"""
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    sentences, words = [], []
    with open(src, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if not line.strip():
                if words:
                    sentences.append(words)
                    words = []
                continue
            cols = line.split("\t")
            if len(cols) != 10:
                sys.exit("%s:%d: %d columns, not 10" % (src, n, len(cols)))
            if not cols[0].isdigit():
                continue  # 3-4 or 5.1
            form, upos = cols[1], cols[3]
            if " " in form or not form:
                sys.exit("%s:%d: the form %r cannot be written as FORM/TAG" % (src, n, form))
            words.append((form, upos))
    if words:
        sentences.append(words)
    counts = {}
    for sentence in sentences:
        for _, upos in sentence:
            counts[upos] = counts.get(upos, 0) + 1
    tags = sorted(counts, key=lambda t: (-counts[t], t))
    if len(tags) > 26 or any(" " in t or not t for t in tags):
        sys.exit("%s: %d tags, or a tag with a space: they cannot be written as letters" % (src, len(tags)))
    letter = {t: chr(ord("a") + i) for i, t in enumerate(tags)}
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("#tags " + " ".join(tags) + "\n")
        for sentence in sentences:
            fh.write(" ".join(form + "/" + letter[upos] for form, upos in sentence) + "\n")


if __name__ == "__main__":
    main()
