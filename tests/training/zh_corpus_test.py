#!/usr/bin/python3
"""The seg_zh corpus of real Chinese (scripts/make_zh_corpus.py) and the hand-made test set.

    /usr/bin/python3 tests/training/zh_corpus_test.py [CORPUS [ATTNLAB]]   (CORPUS: default .deps/seg_zh.txt)

- the loader reads Debian's HTML (paragraphs, not code blocks) and segments with jieba's dictionary;
- the dictionary's sequences are its words, drawn in proportion to their frequency;
- every common character (Unihan kTGH 1..3500) is in enough sequences, and (with ATTNLAB) a model trained on
  the corpus reads none of them as an unknown vector;
- a missing package gives a message that names it and the command that installs it;
- the conventions' rules (numeral + measure apart, 们 joined, ...) do what CONVENTIONS.md says;
- no sentence of the hand-made test or development set is in the corpus or in the template corpus
  (engine/data/seg_zh.txt), and the two sets share none.
"""
import bz2
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import make_zh_corpus as zh  # noqa: E402

CORPUS = os.path.join(ROOT, ".deps", "seg_zh.txt")
ATTNLAB = None  # the CLI, to check the vocabulary of a model trained on CORPUS
HAND = os.path.join(ROOT, "tests", "fixtures", "seg_zh_handmade")
TEST_FILES = ("everyday", "news", "textbook")

# A fake dictionary (word, frequency, part of speech) and a fake Unihan file for the loader's tests: 熊 猫 晚
# 上 感 冒 are common characters in it, 龘 is (in this fake) one that no dictionary word holds, and 鬱 is
# not common.
DICT = "熊猫 1000 n\n晚上 300 t\n感冒 30 v\n熊熊 2 z\nC++ 50 nz\n鬱鬱 40 a\n一个 500 m\n"
KTGH = {"熊": 900, "猫": 1200, "晚": 800, "上": 20, "感": 300, "冒": 1500, "龘": 3400, "鬱": 6000}

PAGE = """<html><head><title>第 1 章 入门</title></head><body>
<p>企业界陆续有人提供捐款。这是一个<code>apt</code>命令的例子！</p>
<pre class="screen">$ 这一行是代码块中的中文，不应进入语料。</pre>
<ul><li>我们研究生命的起源；三百多个孩子们来了。</li></ul>
<p>only English here.</p></body></html>
"""


def sentences(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def fake_root(d, skip=None):
    for package, _, pattern, _ in zh.SOURCES:
        if package == skip:
            continue
        path = d + pattern.replace("*", "ch01")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(PAGE)
    if skip != "python3-jieba":
        os.makedirs(os.path.dirname(d + zh.JIEBA_DICT), exist_ok=True)
        with open(d + zh.JIEBA_DICT, "w", encoding="utf-8") as f:
            f.write(DICT)
    if skip != "unicode-data":
        os.makedirs(os.path.dirname(d + zh.UNIHAN), exist_ok=True)
        with bz2.open(d + zh.UNIHAN, "wt", encoding="utf-8") as f:
            f.write("# Unihan_OtherMappings.txt\n")
            for c, n in KTGH.items():
                f.write("U+%04X\tkTGH\t2013:%d\n" % (ord(c), n))
                f.write("U+%04X\tkGB0\t1234\n" % ord(c))


def make(root):
    """The corpus of a fake root, as {doc: [sentence as words]}."""
    return {doc: sents for doc, _, sents in zh.build(seed=1, root=root)}


class Loader(unittest.TestCase):
    def fake_root(self, d, skip=None):
        fake_root(d, skip)

    def test_reads_the_pages_and_segments_with_the_dictionary(self):
        with tempfile.TemporaryDirectory() as d:
            self.fake_root(d)
            docs = zh.build(seed=1, root=d)
        real = [" ".join(w) for doc, _, s in docs if doc not in zh.MADE for w in s]
        # every page is a document, and a sentence met twice (the same page in four packages) is kept once
        self.assertEqual(len([doc for doc, _, _ in docs if doc not in zh.MADE]), len(zh.SOURCES))
        self.assertIn("企业界 陆续 有人 提供 捐款 。", real)  # jieba's dictionary words
        self.assertIn("我们 研究 生命 的 起源 ；", real)
        self.assertIn("三百多 个 孩子们 来 了 。", real)  # the conventions' rules
        self.assertTrue(any(s.startswith("这是 一 个 apt 命令") for s in real), real)
        self.assertFalse(any("代码" in s for s in real), "a <pre> block was read")
        self.assertFalse(any("English" in s for s in real), "a sentence without Chinese was kept")
        self.assertTrue([s for doc, _, s in docs if doc == "lecture"][0], "the lecture's sentences are missing")

    def test_the_dictionary_sequences_are_its_words_by_frequency(self):
        with tempfile.TemporaryDirectory() as d:
            fake_root(d)
            docs = make(d)
        seqs = docs["dict"]
        self.assertEqual(len(seqs), zh.DICT_SENTENCES)
        count = collections.Counter(w for ws in seqs for w in ws)
        # the words of the dictionary only (一个 split by the conventions), not the rare one (熊熊, frequency 2)
        # nor one with a Latin letter (C++); and more often the more frequent (熊猫 1000 > 晚上 300 > 感冒 30)
        self.assertEqual(set(count) - set("，。？！"), {"熊猫", "晚上", "感冒", "鬱鬱", "一", "个"})
        self.assertGreater(count["熊猫"], 2 * count["晚上"])
        self.assertGreater(count["晚上"], 5 * count["感冒"])
        self.assertTrue(all(4 <= len([w for w in ws if w not in "，。？！"]) <= 28 for ws in seqs))  # 一个: 2 words

    def test_every_common_character_is_in_enough_sequences(self):
        with tempfile.TemporaryDirectory() as d:
            fake_root(d)
            self.assertEqual(zh.common_chars(d), ["上", "感", "晚", "熊", "猫", "冒", "龘"])  # kTGH ≤ 3500, in order
            docs = make(d)
        held = collections.Counter(c for sents in docs.values() for ws in sents for c in set("".join(ws)))
        for c in "上感熊晚猫冒龘":
            self.assertGreaterEqual(held[c], zh.COMMON_MIN, c)
        self.assertEqual(held["鬱"] > 0, True)  # in the dictionary's sequences, but not made common
        common = docs["common"]
        self.assertIn(["龘", "。"], common)  # no dictionary word holds it: alone, once in each sequence
        self.assertFalse(any("鬱" in "".join(ws) for ws in common))

    def test_a_missing_package_is_named_with_its_install_command(self):
        for package in ("maint-guide-zh-cn", "unicode-data", "python3-jieba"):
            with tempfile.TemporaryDirectory() as d:
                self.fake_root(d, skip=package)
                r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_zh_corpus.py"), "--root", d,
                                    "--out", os.path.join(d, "out.txt")], capture_output=True, text=True)
            self.assertNotEqual(r.returncode, 0, package)
            self.assertIn(package, r.stderr)
            self.assertIn("apt-get install", r.stderr)
            self.assertNotIn("Traceback", r.stderr)

    def test_other_text_reads_man_pages_and_leaves_out_the_corpus(self):
        import gzip
        with tempfile.TemporaryDirectory() as d:
            fake_root(d)
            script = [sys.executable, os.path.join(ROOT, "scripts", "make_zh_corpus.py"), "--root", d,
                      "--other", os.path.join(d, "out")]
            r = subprocess.run(script, capture_output=True, text=True)  # no manual pages yet
            self.assertNotEqual(r.returncode, 0)
            self.assertIn("manpages-zh", r.stderr)
            self.assertNotIn("Traceback", r.stderr)
            page = os.path.join(d, "usr/share/man/zh_CN/man1/ls.1.gz")
            os.makedirs(os.path.dirname(page))
            with gzip.open(page, "wt", encoding="utf-8") as f:
                f.write('.TH LS 1\n.SH 描述\n.PP\n列出\\fB目录\\fP的内容，我们研究生命的起源。\n'
                        '.TP\n\\fB\\-a\\fP\n不要忽略以点号起始的条目。\n.PP\n企业界陆续有人提供捐款。\n')
            corpus = os.path.join(d, "corpus.txt")
            with open(corpus, "w", encoding="utf-8") as f:
                f.write("# a corpus\n企业界 陆续 有 人 提供 捐款 。\n")
            r = subprocess.run(script + ["--corpus", corpus], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            cut = {n: open(os.path.join(d, "out", n), encoding="utf-8").read().splitlines()
                   for n in ("other_jieba.txt", "other_rules.txt")}
        # the macros and font changes are gone, the sentence the corpus holds is left out
        self.assertEqual(sorted("".join(l.split()) for l in cut["other_jieba.txt"]),
                         ["不要忽略以点号起始的条目。", "列出目录的内容，我们研究生命的起源。"])
        self.assertEqual(len(cut["other_rules.txt"]), 2)

    def test_check_counts_the_silver_words_that_differ_from_a_hand_check(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "check.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write("# a hand check\nok\t我们 研究 生命 的 起源 。\nfix\t企业界 陆续 有 人 提供 捐款 。\t有人 -> 有 人\n")
            r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_zh_corpus.py"), "--check", path],
                               capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        # jieba's 有人 is one silver word where the check has two: 1 of the 12 silver words differs
        self.assertIn("2 sentences, 1 segmented as checked; 1 of 12 silver words (8.3 %)", r.stdout)

    def test_the_conventions_rules(self):
        saved = dict(zh.LEXICON)
        zh.LEXICON.clear()
        try:
            cases = {("三百", "多", "人"): ["三百多", "人"], ("孩子", "们"): ["孩子们"], ("三点", "半"): ["三", "点", "半"],
                     ("第一次",): ["第一", "次"], ("这家", "店"): ["这", "家", "店"], ("这个", "问题"): ["这个", "问题"],
                     ("上个月",): ["上", "个", "月"], ("不能", "去"): ["不", "能", "去"], ("十分", "一些"): ["十分", "一些"],
                     ("三千克",): ["三", "千克"], ("六十", "千克"): ["六十", "千克"], ("三千",): ["三千"],
                     ("看着", "期末考试"): ["看着", "期末考试"]}  # (no dictionary read: its rules are not applied)
            for words, want in cases.items():
                self.assertEqual(zh.to_conventions(list(words)), want, words)
            # the rules that read the dictionary's parts of speech and frequencies
            zh.LEXICON.update({"看着": (6766, "v"), "接着": (6206, "c"), "放在": (6549, "v"), "存在": (9000, "v"),
                               "还给": (300, "v"), "最早": (4124, "d"), "最后": (19355, "f"), "期末考试": (3, "n"),
                               "期末": (500, "t"), "考试": (5000, "vn"), "画蛇添足": (31, "i"), "画蛇": (100, "n"),
                               "添足": (100, "v"), "电子邮件": (900, "n"), "电子": (3000, "n"), "邮件": (2000, "n")})
            cases = {("看着", "接着"): ["看", "着", "接着"], ("放在", "存在", "还给"): ["放", "在", "存在", "还", "给"],
                     ("最早", "最后"): ["最", "早", "最后"], ("期末考试",): ["期末", "考试"], ("画蛇添足",): ["画蛇添足"],
                     ("电子邮件",): ["电子邮件"]}  # (listed 900 times: a word)
            for words, want in cases.items():
                self.assertEqual(zh.to_conventions(list(words)), want, words)
        finally:
            zh.LEXICON.clear()
            zh.LEXICON.update(saved)


def key(s):
    return re.sub(r"\s", "", s)


def hand(*names):
    return [s for n in names for s in sentences(os.path.join(HAND, n + ".txt"))]


def corpus():
    if not os.path.exists(CORPUS):
        raise AssertionError("%s is missing: make setup makes it" % CORPUS)
    return sentences(CORPUS)


class HandMadeTestSet(unittest.TestCase):
    def test_it_is_large_enough_and_well_formed(self):
        for names, least in ((TEST_FILES, 300), (("dev",), 150)):
            got = hand(*names)
            self.assertTrue(all("  " not in s and s == s.strip() for s in got), names)
            self.assertGreaterEqual(len(got), least, names)

    def test_no_sentence_is_in_the_training_data(self):
        train = {key(s) for s in corpus()} | {key(s) for s in sentences(
            os.path.join(ROOT, "engine", "data", "seg_zh.txt"))}
        for names in (TEST_FILES, ("dev",)):
            self.assertEqual([s for s in hand(*names) if key(s) in train], [], names)
        self.assertGreater(len(train), 5000)

    def test_the_development_set_is_apart_from_the_test_set(self):
        test = {key(s) for s in hand(*TEST_FILES)}
        self.assertEqual([s for s in hand("dev") if key(s) in test], [])


class CommonCharacters(unittest.TestCase):
    def test_every_one_is_in_enough_sequences_of_the_corpus(self):
        chars = zh.common_chars()
        self.assertEqual(len(chars), 3500)
        held = collections.Counter(c for s in corpus() for c in set(key(s)))
        self.assertEqual([c for c in chars if held[c] < zh.COMMON_MIN], [])

    def test_a_model_trained_on_the_corpus_has_a_vector_for_each(self):
        if ATTNLAB is None:
            self.skipTest("give the attnlab binary as the second argument")
        chars = zh.common_chars()
        with tempfile.TemporaryDirectory() as d:
            text = os.path.join(d, "common.txt")
            with open(text, "w", encoding="utf-8") as f:
                f.write("\n".join(" ".join(chars[i:i + 50]) for i in range(0, len(chars), 50)) + "\n")
            for seed in ("1", "2"):  # two splits of the corpus
                model = os.path.join(d, "m%s.model" % seed)
                subprocess.run([ATTNLAB, "train", "--task", "seg_zh", "--data", CORPUS, "--steps", "1", "--data-seed",
                                seed, "--save", model], check=True, capture_output=True)
                r = subprocess.run([ATTNLAB, "eval", "--load", model, "--data", text, "--json"], check=True,
                                   capture_output=True, text=True)
                e = json.loads(r.stdout)
                self.assertEqual(e["tokens"], 3500)
                self.assertEqual(e["unknown_chars"], 0, "data seed %s" % seed)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        CORPUS = sys.argv.pop(1)
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        ATTNLAB = sys.argv.pop(1)
    unittest.main()
