#!/usr/bin/python3
"""The seg_zh corpus of real Chinese (scripts/make_zh_corpus.py) and the hand-made test set.

    /usr/bin/python3 tests/training/zh_corpus_test.py [CORPUS]      (CORPUS: default .deps/seg_zh.txt)

- the loader reads Debian's HTML (paragraphs, not code blocks) and segments with jieba's dictionary;
- a missing package gives a message that names it and the command that installs it;
- the conventions' rules (numeral + measure apart, 们 joined, ...) do what CONVENTIONS.md says;
- no sentence of the hand-made test set is in the corpus or in the template corpus (engine/data/seg_zh.txt).
"""
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
HAND = os.path.join(ROOT, "tests", "fixtures", "seg_zh_handmade")

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


class Loader(unittest.TestCase):
    def fake_root(self, d, skip=None):
        for package, _, pattern, _ in zh.SOURCES:
            if package == skip:
                continue
            path = d + pattern.replace("*", "ch01")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(PAGE)

    def test_reads_the_pages_and_segments_with_the_dictionary(self):
        with tempfile.TemporaryDirectory() as d:
            self.fake_root(d)
            docs = zh.build(seed=1, root=d)
        real = [" ".join(w) for doc, _, s in docs if doc != "lecture" for w in s]
        # every page is a document, and a sentence met twice (the same page in four packages) is kept once
        self.assertEqual(len([doc for doc, _, _ in docs if doc != "lecture"]), len(zh.SOURCES))
        self.assertIn("企业界 陆续 有人 提供 捐款 。", real)  # jieba's dictionary words
        self.assertIn("我们 研究 生命 的 起源 ；", real)
        self.assertIn("三百多 个 孩子们 来 了 。", real)  # the conventions' rules
        self.assertTrue(any(s.startswith("这是 一 个 apt 命令") for s in real), real)
        self.assertFalse(any("代码" in s for s in real), "a <pre> block was read")
        self.assertFalse(any("English" in s for s in real), "a sentence without Chinese was kept")
        self.assertTrue([s for doc, _, s in docs if doc == "lecture"][0], "the lecture's sentences are missing")

    def test_a_missing_package_is_named_with_its_install_command(self):
        with tempfile.TemporaryDirectory() as d:
            self.fake_root(d, skip="maint-guide-zh-cn")
            r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_zh_corpus.py"), "--root", d,
                                "--out", os.path.join(d, "out.txt")], capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("maint-guide-zh-cn", r.stderr)
        self.assertIn("apt-get install", r.stderr)
        self.assertNotIn("Traceback", r.stderr)

    def test_the_conventions_rules(self):
        cases = {("三百", "多", "人"): ["三百多", "人"], ("孩子", "们"): ["孩子们"], ("三点", "半"): ["三", "点", "半"],
                 ("第一次",): ["第一", "次"], ("这家", "店"): ["这", "家", "店"], ("这个", "问题"): ["这个", "问题"],
                 ("上个月",): ["上", "个", "月"], ("不能", "去"): ["不", "能", "去"], ("十分", "一些"): ["十分", "一些"]}
        for words, want in cases.items():
            self.assertEqual(zh.to_conventions(list(words)), want, words)


class HandMadeTestSet(unittest.TestCase):
    def test_it_is_large_enough_and_well_formed(self):
        n = 0
        for name in ("everyday", "news", "textbook"):
            for s in sentences(os.path.join(HAND, name + ".txt")):
                self.assertNotIn("  ", s)
                n += 1
        self.assertGreaterEqual(n, 300)

    def test_no_sentence_is_in_the_training_data(self):
        if not os.path.exists(CORPUS):
            self.fail("%s is missing: make setup makes it" % CORPUS)
        key = lambda s: re.sub(r"\s", "", s)  # noqa: E731
        train = {key(s) for s in sentences(CORPUS)} | {key(s) for s in sentences(
            os.path.join(ROOT, "engine", "data", "seg_zh.txt"))}
        hand = [key(s) for n in ("everyday", "news", "textbook") for s in sentences(os.path.join(HAND, n + ".txt"))]
        shared = [s for s in hand if s in train]
        self.assertEqual(shared, [])
        self.assertGreater(len(train), 5000)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        CORPUS = sys.argv.pop(1)
    unittest.main()
