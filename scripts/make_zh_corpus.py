#!/usr/bin/python3
"""
make_zh_corpus.py -- the seg_zh task's corpus of real Chinese: Debian's Simplified Chinese documentation,
segmented by jieba and brought to the project's conventions, plus the lecture's ambiguous sentences.

    /usr/bin/python3 scripts/make_zh_corpus.py --out build/data/seg_zh.txt
    /usr/bin/python3 scripts/make_zh_corpus.py --sample 100 --seed 7     # sentences to check by hand
    /usr/bin/python3 scripts/make_zh_corpus.py --check tests/fixtures/seg_zh_handmade/silver_check.txt
    /usr/bin/python3 scripts/make_zh_corpus.py --other DIR [--corpus .deps/seg_zh.txt]   # real text never trained on

Output (UTF-8, LF): '#' header lines, then one sentence per line with its words separated by single spaces,
each document's sentences after a line "# doc ID SOURCE". The engine reads it as any segmented text
(engine/data/segmentation.h).

Sections:
    1. sources
    2. text to sentences
    3. silver segmentation
    4. the dictionary's words
    5. the lecture's sentences
    6. output
    7. other real text

SOURCES (Debian packages; make setup installs them, scripts/setup.sh)
    debian-reference-zh-cn  Osamu Aoki et al., Debian Reference, Chinese translation, GPL-2+
    maint-guide-zh-cn       Josip Rodin, Osamu Aoki et al., Debian New Maintainers' Guide, GPL-2+
    debian-edu-doc-zh-cn    Debian Edu / Skolelinux manual, Chinese translation, GPL-2+
    python3-jieba           Sun Junyi, jieba 0.42.1 and its dictionary of 349,046 words, MIT
    unicode-data            Unicode's Unihan database (kTGH: the 通用规范汉字表 of 2013), Unicode licence
    (debian-faq-zh-cn is a PDF whose fonts carry no text: pdftotext reads nothing from it.)
    Every HTML page is one document. Code blocks (<pre>) are dropped; a sentence is kept when at
    least half of its tokens are Han characters and it has 4 of them or more; sentences met before are dropped.

SILVER SEGMENTATION
    jieba (default dictionary, HMM on, as Debian ships it) cuts every sentence; then the project's conventions
    (tests/fixtures/seg_zh_handmade/CONVENTIONS.md) are applied where jieba's dictionary differs from them by
    a rule: a numeral and its measure word apart (三点 → 三 点, 第一次 → 第一 次), except the lexicalised ones
    (一些, 一下, 十分, month names), and where jieba's dictionary says a word is a verb + 着/在/给, 最 + an
    adjective, or a rare four-character noun made of two common words (split_by_lexicon). A sample was checked
    by hand (docs/data.md, "seg_zh").

THE DICTIONARY'S WORDS
    Technical text lacks most everyday words (熊猫, 感冒, 晚上). jieba's dictionary has them with their
    frequencies, so the corpus also has DICT_SENTENCES sequences of dictionary words drawn in proportion to
    their frequency (words of 1 to 4 Han characters, seen 3 times or more), 4 to 14 words each, with a comma and
    an end mark, brought to the conventions as above. They are not sentences: they teach which characters
    make words, and the real text teaches how words sit in a sentence. Then every character of the 3,500 of
    level 1 of the 通用规范汉字表 (2013; the successor of the 现代汉语常用字表 of 1988, all of whose 2,500 常用字
    it holds) that fewer than COMMON_MIN sequences of the corpus hold gets sequences of the most frequent dictionary
    words that hold it (or the character alone, if none), so that each has a vector of its own in a model
    trained on the corpus. The header says what share of the corpus each part is.

THE LECTURE'S SENTENCES
    The ambiguity templates and hand-written sentences of scripts/make_seg_corpus.py (研究 生命 / 研究生 命,
    南京市 长江 大桥 / 南京 市长 江大桥, ...), which real text seldom has; their share is printed in the header.

OTHER REAL TEXT (--other DIR)
    A check on real text that no training source holds, segmented by other conventions: OTHER_N sentences of the
    Simplified Chinese manual pages of manpages-zh (GFDL-1.2+ and the pages' own licences), none of which is a
    sentence of the corpus, drawn with --seed; DIR/other_jieba.txt holds them as jieba cuts them, by its own
    conventions (no rule of ours), DIR/other_rules.txt as the corpus would (jieba and our rules). Both are silver:
    no person segmented them. make results scores the models against both.

Determinism: the same packages and --seed write the same file.
"""

import argparse
import glob
import html
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_seg_corpus  # noqa: E402  (the lecture's sentences, and tokens() as the engine reads text)

# ------------------------------------------------------------------------------------------- 1. sources

# (package, document id prefix, how its files are found, licence)
SOURCES = [
    ("debian-reference-zh-cn", "ref", "/usr/share/debian-reference/*.zh-cn.html", "GPL-2+"),
    ("maint-guide-zh-cn", "maint", "/usr/share/doc/maint-guide-zh-cn/html/*.zh-cn.html", "GPL-2+"),
    ("debian-edu-doc-zh-cn", "edu", "/usr/share/doc/debian-edu-doc-zh-cn/debian-edu-bookworm-manual.html",
     "GPL-2+"),
]
JIEBA_DICT = "/usr/lib/python3/dist-packages/jieba/dict.txt"
UNIHAN = "/usr/share/unicode/Unihan_OtherMappings.txt.bz2"
PACKAGES = [s[0] for s in SOURCES] + ["python3-jieba", "unicode-data"]


MADE = ("lecture", "dict", "common")  # the corpus's documents that are not real text (sections 4 and 5)


class Missing(Exception):
    pass


def missing_message(what, packages=PACKAGES):
    return ("%s is missing: the seg_zh corpus is made from Debian packages. Install them with\n"
            "    sudo apt-get install %s\n(make setup does this)" % (what, " ".join(packages)))


def source_files(root=""):
    """[(package, doc id, path)] of every source; raises Missing naming the first package not there."""
    out = []
    for package, prefix, pattern, _ in SOURCES:
        paths = sorted(glob.glob(root + pattern))
        if not paths:
            raise Missing(missing_message("%s (%s)" % (package, pattern)))
        for p in paths:
            name = os.path.basename(p).split(".")[0]
            out.append((package, prefix if len(paths) == 1 else "%s-%s" % (prefix, name), p))
    return out


def read_document(path):
    """The text of one source file, as blocks (paragraphs, list items, cells) of running text."""
    raw = open(path, encoding="utf-8", errors="replace").read()
    raw = re.sub(r"(?is)<(pre|script|style|code class=\"literal\")[^>]*>.*?</\1>", "\n\n", raw)
    raw = re.sub(r"(?i)</?(p|li|td|th|dt|dd|h[1-6]|div|br|tr|title|table)[^>]*>", "\n\n", raw)
    raw = html.unescape(re.sub(r"<[^>]+>", "", raw))
    return re.split(r"\n\s*\n", raw)


# ------------------------------------------------------------------------------------------- 2. text to sentences

HAN = re.compile(r"[\u4e00-\u9fff]")
HAN_WORD = re.compile(r"[\u4e00-\u9fff]+")
END = re.compile(r"(?<=[。！？；])")
tokens = make_seg_corpus.tokens  # as the engine reads text: an ASCII run is one token


def sentences_of(block):
    """Sentences of one block of running text: cut after 。！？；, lines joined, spaces kept between Latin words."""
    block = re.sub(r"\s*\n\s*", " ", block).strip()
    block = re.sub(r"(?<=[\u4e00-\u9fff，。、：；！？“”（）]) (?=[\u4e00-\u9fff，。、：；！？“”（）])", "", block)
    for s in END.split(block):
        s = s.strip()
        toks = tokens(s)
        han = sum(1 for t in toks if HAN.fullmatch(t))
        if han >= 4 and 2 * han >= len(toks) and len(toks) <= 120:
            yield s


# ------------------------------------------------------------------------------------------- 3. silver segmentation

NUMERAL = "[0-9零〇一二三四五六七八九十百千万亿两几多]+"
MEASURES = ("个 只 本 次 张 条 件 位 种 台 辆 名 份 篇 部 句 段 点 秒 岁 元 块 米 公里 公斤 千克 千米 克 吨 年 天 周 层 项 组 "
            "步 遍 趟 顿 杯 碗 双 对 套 节 页 章 行 字 首 座 棵 朵 匹 头 支 把 间 所 家 片 颗 粒 份 批 封 场 届 门 班 轮 "
            "倍 号 期 类 级 根 道 盘 瓶 箱 袋 包 斤 两 尺 寸 眼 厘米 毫米 分钟 小时 个月 星期").split()
NUM_MEASURE = re.compile("(第?%s?)(%s)" % (NUMERAL, "|".join(sorted(set(MEASURES), key=len, reverse=True))))
LEXICALISED = set("一些 一点 一下 一起 一样 一直 一定 一般 一切 一次性 十分 万分 一行 一头 一把 一道 一带 一家 "
                  "两者 一手 一片 三角 一部 八成 百万 千万 一号 多年 多数 多次 多半".split())


DIGITS = "零〇一二三四五六七八九十百千万亿两"
NUMBER = re.compile("[%s]+[多几]?" % DIGITS)
DEMONSTRATIVE = re.compile("(这|那|哪|每|某|上|下)(个月|个星期|%s)" % "|".join(sorted(set(MEASURES), key=len, reverse=True)))
KEEP_DEMONSTRATIVE = set("这个 那个 哪个 这些 那些 哪些 这样 那样 这里 那里 哪里 这么 那么 这次 上次 下次 上面 下面 "
                         "上午 下午 上天 下天 上年 下年 上周 下周 上层 下层 上级 下级 上部 下部 上头 下头 上行 下行 "
                         "上门 下门 上道 下道 上场 下场 上台 下台 每天 每年".split())
NEGATED = set("不能 不会 不是 不到 不敢 不想 不肯 不该 不在 不可 没能 没想 没去 没来".split())
# Rules that read jieba's dictionary (word → frequency and part of speech; chosen on the development set):
KEEP_AT = set("存在 实在 自在 所在 现在 正在 好在 内在 外在 潜在 旨在 供给 补给 配给".split())  # X在 X给 words
KEEP_MOST = set("最后 最近 最初 最终 最好 最佳 最为".split())
LEXICON = {}  # jieba's dictionary, filled by load_lexicon()


def load_lexicon(root=""):
    """jieba's dictionary as {word: (frequency, part of speech)}, for the rules of to_conventions."""
    path = root + JIEBA_DICT
    if not os.path.exists(path):
        raise Missing(missing_message("python3-jieba (%s)" % JIEBA_DICT))
    LEXICON.clear()
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3:
                LEXICON[parts[0]] = (int(parts[1]), parts[2])
    return LEXICON


def split_by_lexicon(w):
    """The parts of one of jieba's words where its dictionary entry is not a word by the conventions:
    verb + 着 (看着 → 看 着; 接着 and 随着 are not verbs there), verb + 在/给 (放在 → 放 在, 还给 → 还 给), 最 +
    adjective (最早 → 最 早, but 最后 最近 ...), and a four-character noun jieba lists rarely (under 100 times)
    whose halves it lists often (期末考试 → 期末 考试; idioms and names are never split)."""
    freq, pos = LEXICON.get(w, (0, ""))
    if len(w) == 2 and pos.startswith("v") and (w[1] == "着" or (w[1] in "在给" and w not in KEEP_AT)):
        return [w[0], w[1]]
    if len(w) == 2 and w[0] == "最" and w not in KEEP_MOST and pos in ("a", "d", "ad"):
        return [w[0], w[1]]
    if len(w) == 4 and pos in ("n", "t") and freq < 100:
        a, b = w[:2], w[2:]
        if LEXICON.get(a, (0, ""))[0] >= 100 and LEXICON.get(b, (0, ""))[0] >= 100:
            return split_by_lexicon(a) + split_by_lexicon(b)
    return [w]


def to_conventions(words):
    """jieba's words → the project's conventions (the module's docstring), by these rules in turn:
    a number jieba cut in pieces is one word (三百 多 → 三百多); X 们 → X们; numeral + measure apart
    (三点 → 三 点, 第一次 → 第一 次); demonstrative + measure apart (这家 → 这 家, except 这个 这些 ...);
    negation + verb apart (不能 → 不 能); then split_by_lexicon (when load_lexicon has read the dictionary)."""
    merged = []
    for w in words:
        last = merged[-1] if merged else ""
        if NUMBER.fullmatch(last) and NUMBER.fullmatch(last + w) and not last.endswith(("多", "几")):
            merged[-1] += w
        elif last and w == "们" and last[-1] not in "，。、的了我你他她它":
            merged[-1] += w
        else:
            merged.append(w)
    out = []
    for w in merged:
        m = NUM_MEASURE.fullmatch(w)
        d = DEMONSTRATIVE.fullmatch(w)
        if m and w not in LEXICALISED and w not in MEASURES and m.group(1) != "第":
            out += [m.group(1), m.group(2)]
        elif d and w not in KEEP_DEMONSTRATIVE:
            measure = d.group(2)  # 个月 → 个 月
            out += [d.group(1)] + (["个", measure[1:]] if measure.startswith("个") and len(measure) > 1 else [measure])
        elif w in NEGATED:
            out += [w[0], w[1:]]
        else:
            out += split_by_lexicon(w)
    return out


def load_jieba():
    try:
        import jieba
    except ImportError:
        raise Missing(missing_message("python3-jieba (run this script with /usr/bin/python3)"))
    import logging
    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


def segment(jieba, sentence):
    return to_conventions([w for w in jieba.cut(sentence) if w.strip()])


# ------------------------------------------------------------------------------------------- 4. the dictionary's words

DICT_SENTENCES = 30000  # sequences of dictionary words (chosen on the development set, docs/data.md)
COMMON_MIN = 10         # a common character is in this many sequences, so the training split keeps it (min_count 2)


def dictionary():
    """[(word, frequency)] of jieba's dictionary (LEXICON, read by load_lexicon), in its order: words of 1 to 4
    Han characters with a frequency of 3 or more."""
    return [(w, f) for w, (f, _) in LEXICON.items() if 1 <= len(w) <= 4 and f >= 3 and HAN_WORD.fullmatch(w)]


def common_chars(root=""):
    """The 3,500 characters of level 1 of the 通用规范汉字表 (2013) in its order: Unihan's kTGH numbers 1 to 3500."""
    import bz2
    path = root + UNIHAN
    if not os.path.exists(path):
        raise Missing(missing_message("unicode-data (%s)" % UNIHAN))
    ranked = []
    with bz2.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3 and parts[1] == "kTGH":
                n = min(int(v.split(":")[1]) for v in parts[2].split())
                if n <= 3500:
                    ranked.append((n, chr(int(parts[0][2:], 16))))
    return [c for _, c in sorted(ranked)]


def dictionary_sentences(words, n, seed):
    """n sequences of dictionary words drawn in proportion to their frequency, as lists of words."""
    rng = random.Random(seed)
    cum, total = [], 0
    for _, f in words:
        total += f
        cum.append(total)
    vocab = [w for w, _ in words]
    out = []
    for _ in range(n):
        k = rng.randint(4, 14)
        ws = rng.choices(vocab, cum_weights=cum, k=k)
        if rng.random() < 0.5:
            ws.insert(rng.randint(1, k - 1), "，")
        ws.append(rng.choice("。。。？！"))
        out.append(to_conventions(ws))
    return out


def coverage_sentences(sentences, words, chars):
    """Sequences that bring every character of chars into COMMON_MIN sequences of sentences + them: the most
    frequent dictionary words that hold it, else the character alone; six words and an end mark each, the words
    of one character in different sequences (so that a split of the corpus seldom takes all of them)."""
    count = {}  # character → the sequences that hold it
    for ws in sentences:
        for c in set("".join(ws)):
            count[c] = count.get(c, 0) + 1
    holding = {}
    for w, f in sorted(words, key=lambda wf: -wf[1]):
        if len(w) > 1:
            for c in set(w):
                holding.setdefault(c, []).append(w)
    needs = [(holding.get(c, []) + [c] * COMMON_MIN)[:max(0, COMMON_MIN - count.get(c, 0))] for c in chars]
    out = []
    for k in range(COMMON_MIN):  # the k-th word of every character, six to a sequence
        round_k = [ws[k] for ws in needs if k < len(ws)]
        out += [to_conventions(round_k[i:i + 6]) + ["。"] for i in range(0, len(round_k), 6)]
    return out


# ------------------------------------------------------------------------------------------- 5. the lecture's sentences

def lecture_sentences(seed):
    """The ambiguity templates and hand-written sentences of make_seg_corpus.py, as lists of words."""
    m = make_seg_corpus
    g = m.Gen(seed)
    out = [list(s) for s in m.hand_sentences()]
    for _ in range(600):
        out.append(m.clean(m.ambiguous(g)))
    return out


# ------------------------------------------------------------------------------------------- 6. output

def build(seed, root=""):
    files = source_files(root)
    jieba = load_jieba()
    load_lexicon(root)
    seen, docs = set(), []
    for package, doc, path in files:
        sents = []
        for block in read_document(path):
            for s in sentences_of(block):
                key = re.sub(r"\s", "", s)
                if key not in seen:
                    seen.add(key)
                    sents.append(segment(jieba, s))
        docs.append((doc, package, sents))
    lecture, lseen = [], set()
    for words in lecture_sentences(seed):
        key = "".join(words)
        if key not in lseen and key not in seen:
            lseen.add(key)
            lecture.append(words)
    docs.append(("lecture", "make_seg_corpus.py", lecture))
    words = dictionary()
    docs.append(("dict", "python3-jieba", dictionary_sentences(words, DICT_SENTENCES, seed)))
    docs.append(("common", "python3-jieba unicode-data",
                 coverage_sentences([w for _, _, s in docs for w in s], words, common_chars(root))))
    return docs


def write(docs, out):
    def share(kinds):
        sents = [w for d, _, s in docs if d in kinds for w in s]
        return len(sents), sum(len(tokens("".join(w))) for w in sents)
    parts = [("real text", [d for d, _, _ in docs if d not in MADE]),
             ("the lecture's sentences", ["lecture"]), ("dictionary words", ["dict"]),
             ("common characters", ["common"])]
    counts = [(name,) + share(kinds) for name, kinds in parts]
    chars = sum(c for _, _, c in counts)
    lines = ["# seg_zh: real Chinese for word segmentation, made by scripts/make_zh_corpus.py (see its docstring).",
             "# Debian's Simplified Chinese documentation (GPL-2+) segmented by jieba 0.42.1 (MIT) and brought to",
             "# the conventions of tests/fixtures/seg_zh_handmade/CONVENTIONS.md, the lecture's sentences, sequences",
             "# of jieba's dictionary words, and the common characters (Unihan kTGH) that would be rare otherwise."]
    lines += ["# %-24s %6d sequences %8d characters (%4.1f %% of the characters)" %
              (name, n, c, 100.0 * c / max(1, chars)) for name, n, c in counts]
    for doc, source, sents in docs:
        lines.append("# doc %s %s" % (doc, source))
        lines += [" ".join(w) for w in sents]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, out)
    print("%s: %s; %d characters" % (out, ", ".join("%s %d" % (name, n) for name, n, _ in counts), chars))


def check_silver(path, root=""):
    """Prints how many words of today's silver segmentation of a hand check's sentences are not the checked ones."""
    jieba = load_jieba()
    load_lexicon(root)

    def text_of(words):  # the sentence as it was read: Latin words apart
        out = ""
        for w in words:
            out += (" " if out and re.match(r"[A-Za-z0-9]", w) and re.search(r"[A-Za-z0-9]$", out) else "") + w
        return out

    def spans(words):
        out, i = set(), 0
        for w in words:
            out.add((i, i + len(w)))
            i += len(w)
        return out

    sentences = right = wrong = total = 0
    for line in open(path, encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(parts) < 2:
            continue
        checked = parts[1].split()
        silver = segment(jieba, text_of(checked))
        differ = spans(silver) - spans(checked)
        sentences, right, wrong, total = sentences + 1, right + (not differ), wrong + len(differ), total + len(silver)
    print("%s: %d sentences, %d segmented as checked; %d of %d silver words (%.1f %%) are not the checked words" %
          (path, sentences, right, wrong, total, 100.0 * wrong / max(1, total)))


# ------------------------------------------------------------------------------------------- 7. other real text

OTHER_PACKAGE = "manpages-zh"
OTHER_PAGES = "/usr/share/man/zh_CN/man*/*.gz"
OTHER_N = 300


def read_man_page(path):
    """The running text of one troff manual page, as blocks: macros dropped, a new block at each paragraph macro,
    the tag line after .TP (an option: -a, --all) a block of its own."""
    import gzip
    blocks, block, tag = [], [], False
    for line in gzip.open(path, "rt", encoding="utf-8", errors="replace"):
        if line.startswith((".", "'")):
            if re.match(r"[.'](PP|P|LP|TP|IP|SH|SS|HP|br|sp|nf|fi)\b", line) and block:
                blocks.append("\n".join(block))
                block = []
            tag = tag or line.startswith(".TP")
            continue
        line = re.sub(r"\\f(\(..|\[[^]]*\]|.)", "", line)      # font changes
        line = re.sub(r"\\\((lq|rq)", "\"", line)
        line = re.sub(r"\\[-e]", "-", line)
        line = re.sub(r"\\[,/&|^ ]", "", line)
        block.append(line.strip())
        if tag:
            blocks.append("\n".join(block))
            block, tag = [], False
    if block:
        blocks.append("\n".join(block))
    return blocks


def other_text(out_dir, corpus, seed, root=""):
    paths = sorted(glob.glob(root + OTHER_PAGES))
    if not paths:
        raise Missing(missing_message("%s (%s)" % (OTHER_PACKAGE, OTHER_PAGES), [OTHER_PACKAGE]))
    trained = set()
    for line in open(corpus, encoding="utf-8"):
        if not line.startswith("#"):
            trained.add(re.sub(r"\s", "", line))
    found, seen = [], set()
    for path in paths:
        for block in read_man_page(path):
            for s in sentences_of(block):
                key = re.sub(r"\s", "", s)
                if key not in seen and key not in trained:
                    seen.add(key)
                    found.append(s)
    random.Random(seed).shuffle(found)
    chosen = found[:OTHER_N]
    jieba = load_jieba()
    load_lexicon(root)
    os.makedirs(out_dir, exist_ok=True)
    for name, cut in (("other_jieba.txt", lambda s: [w for w in jieba.cut(s) if w.strip()]),
                      ("other_rules.txt", lambda s: segment(jieba, s))):
        with open(os.path.join(out_dir, name), "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(" ".join(cut(s)) + "\n" for s in chosen))
    print("%s: %d sentences of %s (of %d never in the corpus), jieba's cut and the corpus's" %
          (out_dir, len(chosen), OTHER_PACKAGE, len(found)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--out", help="the corpus file to write")
    ap.add_argument("--seed", type=int, default=1, help="the lecture's templates' seed, and the sample's")
    ap.add_argument("--sample", type=int, default=0, help="print N random real sentences to check by hand")
    ap.add_argument("--root", default="", help="a directory to find the packages' files under (tests)")
    ap.add_argument("--check", metavar="FILE",
                    help="segment again the sentences of a hand check (silver_check.txt: ok|fix TAB the checked "
                         "words) and print how many of the silver words differ from the checked ones")
    ap.add_argument("--other", metavar="DIR", help="write real text never trained on (manpages-zh), segmented by "
                    "jieba alone and by the corpus's rules, to DIR/other_jieba.txt and DIR/other_rules.txt")
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", ".deps", "seg_zh.txt"),
                    help="--other: the corpus whose sentences are left out")
    a = ap.parse_args()
    if a.other:
        try:
            other_text(a.other, a.corpus, a.seed, a.root)
        except Missing as e:
            sys.exit("make_zh_corpus.py: %s" % e)
        return
    if not a.out and not a.sample and not a.check:
        ap.error("nothing to do: give --out, --sample, --check or --other")
    if a.check:
        try:
            check_silver(a.check, a.root)
        except Missing as e:
            sys.exit("make_zh_corpus.py: %s" % e)
        return
    try:
        docs = build(a.seed, a.root)
    except Missing as e:
        sys.exit("make_zh_corpus.py: %s" % e)
    if a.sample:
        real = [w for d, _, s in docs if d not in MADE for w in s]
        for w in random.Random(a.seed).sample(real, min(a.sample, len(real))):
            print(" ".join(w))
    if a.out:
        write(docs, a.out)


if __name__ == "__main__":
    main()
