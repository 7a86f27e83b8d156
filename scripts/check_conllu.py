#!/usr/bin/env python3
"""
check_conllu.py -- validate a CoNLL-U part-of-speech corpus and print statistics.

    python3 scripts/check_conllu.py engine/data/pos_en.conllu [--quiet]

Checks (any failure -> exit status 1):
  * the file is UTF-8, uses LF line endings, ends with a blank line;
  * every sentence has exactly one "# sent_id = ..." (unique) and one
    "# text = ..." comment;
  * token lines have 10 tab-separated columns, ids run 1..n without gaps,
    no multiword-token ranges ("1-2") or empty nodes ("1.1");
  * FORM and LEMMA are non-empty and contain no spaces; UPOS is one of the
    17 Universal Dependencies tags; MISC is "_" or SpaceAfter=No;
  * "# text" equals the tokens joined with a space unless SpaceAfter=No;
  * no two sentences have the same text.

Statistics printed: sentence and token counts, sentence-length distribution,
UPOS histogram, and ambiguous-word coverage: how many word types occur
with more than one UPOS, and, for the words the Attention Lab tagger demo
is built around (saw, flies, like, can, ...), the number of sentences that
use each reading.  Standard library only.
"""

import argparse
import sys
from collections import Counter, defaultdict

UPOS = set("ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X".split())

# Words whose readings the corpus is meant to cover (shown in the table).
AMBIGUOUS_WORDS = """saw flies fly like can book watch run set light play park rock fish well
that round back bear train point mean right close open face last still lead duck ring
present left water plant kind fast hard no there when before after 's will may""".split()


def fail(errors, lineno, msg):
    errors.append("line %d: %s" % (lineno, msg))


def read_sentences(path, errors):
    with open(path, "rb") as fh:
        raw = fh.read()
    try:
        data = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        errors.append("file is not valid UTF-8: %s" % e)
        data = raw.decode("utf-8", "replace")
    if "\r" in data:
        errors.append("file contains CR characters (must use LF line endings)")
    if data.startswith("\ufeff"):
        errors.append("file starts with a byte-order mark")
    if not data.endswith("\n\n"):
        errors.append("file must end with a blank line after the last sentence")
    sents = []
    cur = None
    for lineno, line in enumerate(data.split("\n"), 1):
        if line == "":
            if cur is not None:
                sents.append(cur)
                cur = None
            continue
        if cur is None:
            cur = {"line": lineno, "comments": [], "tokens": []}
        if line.startswith("#"):
            if cur["tokens"]:
                fail(errors, lineno, "comment after token lines")
            cur["comments"].append((lineno, line))
        else:
            cur["tokens"].append((lineno, line))
    if cur is not None:
        sents.append(cur)
    return sents


def check(path):
    errors = []
    sents = read_sentences(path, errors)
    ids = set()
    texts = {}
    upos_hist = Counter()
    lengths = []
    word_tags = defaultdict(Counter)          # lowercased form -> UPOS -> tokens
    word_sent_tags = defaultdict(Counter)     # lowercased form -> UPOS -> sentences
    n_tokens = 0
    for s in sents:
        sid = None
        text = None
        for lineno, c in s["comments"]:
            if c.startswith("# sent_id = "):
                if sid is not None:
                    fail(errors, lineno, "second sent_id")
                sid = c[len("# sent_id = "):]
                if not sid or " " in sid:
                    fail(errors, lineno, "bad sent_id %r" % sid)
                elif sid in ids:
                    fail(errors, lineno, "duplicate sent_id %s" % sid)
                ids.add(sid)
            elif c.startswith("# text = "):
                if text is not None:
                    fail(errors, lineno, "second # text")
                text = c[len("# text = "):]
        if sid is None:
            fail(errors, s["line"], "sentence without # sent_id")
        if text is None:
            fail(errors, s["line"], "sentence without # text")
        if not s["tokens"]:
            fail(errors, s["line"], "sentence without tokens")
            continue
        rebuilt = []
        seen_here = set()
        for k, (lineno, line) in enumerate(s["tokens"], 1):
            cols = line.split("\t")
            if len(cols) != 10:
                fail(errors, lineno, "expected 10 tab-separated columns, got %d" % len(cols))
                continue
            tid, form, lemma, upos, xpos, feats, head, deprel, deps, misc = cols
            if "-" in tid or "." in tid:
                fail(errors, lineno, "multiword token or empty node %r not allowed" % tid)
                continue
            if tid != str(k):
                fail(errors, lineno, "token id %r, expected %d" % (tid, k))
            if not form or " " in form:
                fail(errors, lineno, "bad FORM %r" % form)
            if not lemma or " " in lemma:
                fail(errors, lineno, "bad LEMMA %r" % lemma)
            if upos not in UPOS:
                fail(errors, lineno, "UPOS %r is not one of the 17 UD tags" % upos)
            for name, val in (("XPOS", xpos), ("FEATS", feats), ("HEAD", head), ("DEPREL", deprel), ("DEPS", deps)):
                if not val:
                    fail(errors, lineno, "empty %s column (use _)" % name)
            if misc not in ("_", "SpaceAfter=No"):
                fail(errors, lineno, "MISC must be _ or SpaceAfter=No, got %r" % misc)
            rebuilt.append(form)
            if misc != "SpaceAfter=No" and k != len(s["tokens"]):
                rebuilt.append(" ")
            upos_hist[upos] += 1
            n_tokens += 1
            low = form.lower()
            word_tags[low][upos] += 1
            if (low, upos) not in seen_here:
                seen_here.add((low, upos))
                word_sent_tags[low][upos] += 1
        lengths.append(len(s["tokens"]))
        joined = "".join(rebuilt)
        if text is not None and joined != text:
            fail(errors, s["line"], "# text %r does not match tokens %r" % (text, joined))
        if text is not None:
            key = text
            if key in texts:
                fail(errors, s["line"], "duplicate sentence (same text as line %d): %s" % (texts[key], text))
            else:
                texts[key] = s["line"]
    return errors, sents, n_tokens, lengths, upos_hist, word_tags, word_sent_tags


def report(path, quiet=False):
    errors, sents, n_tokens, lengths, upos_hist, word_tags, word_sent_tags = check(path)
    out = []
    out.append("file:       %s" % path)
    out.append("sentences:  %d" % len(sents))
    out.append("tokens:     %d" % n_tokens)
    if lengths:
        ls = sorted(lengths)
        out.append("length:     min %d, median %d, mean %.1f, max %d (tokens/sentence)" % (
            ls[0], ls[len(ls) // 2], sum(ls) / len(ls), ls[-1]))
        buckets = Counter()
        for n in ls:
            lo = (n - 1) // 5 * 5 + 1
            buckets[lo] += 1
        out.append("            " + "  ".join("%d-%d:%d" % (lo, lo + 4, buckets[lo]) for lo in sorted(buckets)))
    vocab = len(word_tags)
    singletons = sum(1 for w, c in word_tags.items() if sum(c.values()) == 1)
    out.append("word types: %d (lowercased), %d occur once" % (vocab, singletons))
    out.append("")
    out.append("UPOS histogram:")
    for tag, cnt in sorted(upos_hist.items(), key=lambda kv: -kv[1]):
        out.append("  %-6s %6d  %5.1f%%" % (tag, cnt, 100.0 * cnt / max(1, n_tokens)))
    missing = sorted(UPOS - set(upos_hist))
    if missing:
        out.append("  (never used: %s)" % " ".join(missing))
    ambiguous = {w: c for w, c in word_tags.items() if len([t for t in c if t != "PUNCT"]) > 1}
    amb_tokens = sum(sum(c.values()) for c in ambiguous.values())
    out.append("")
    out.append("ambiguous-word coverage: %d word types carry more than one UPOS; %d tokens (%.1f%%) belong to them"
               % (len(ambiguous), amb_tokens, 100.0 * amb_tokens / max(1, n_tokens)))
    out.append("  sentences per reading for the demo words (word: TAG=sentences ...):")
    for w in AMBIGUOUS_WORDS:
        c = word_sent_tags.get(w, Counter())
        cells = " ".join("%s=%d" % (t, n) for t, n in sorted(c.items(), key=lambda kv: -kv[1]))
        out.append("  %-8s %s" % (w, cells or "(absent)"))
    if not quiet:
        others = sorted((w for w in ambiguous if w not in AMBIGUOUS_WORDS),
                        key=lambda w: -sum(ambiguous[w].values()))
        out.append("  other ambiguous types (tokens per tag):")
        line = "   "
        for w in others:
            cell = " %s(%s)" % (w, ",".join("%s:%d" % (t, n) for t, n in sorted(ambiguous[w].items(), key=lambda kv: -kv[1])))
            if len(line) + len(cell) > 110:
                out.append(line)
                line = "   "
            line += cell
        if line.strip():
            out.append(line)
    out.append("")
    if errors:
        out.append("FAILED: %d problem(s)" % len(errors))
        out.extend("  " + e for e in errors[:200])
        if len(errors) > 200:
            out.append("  ... %d more" % (len(errors) - 200))
    else:
        out.append("OK: no problems found")
    print("\n".join(out))
    return 1 if errors else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Validate a CoNLL-U POS corpus and print statistics.")
    ap.add_argument("path", help="CoNLL-U file")
    ap.add_argument("--quiet", action="store_true", help="omit the list of other ambiguous word types")
    args = ap.parse_args(argv)
    try:
        with open(args.path, "rb"):
            pass
    except OSError as e:
        print("cannot read %s: %s" % (args.path, e), file=sys.stderr)
        return 2
    try:
        return report(args.path, args.quiet)
    except BrokenPipeError:      # e.g. piped into `head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
