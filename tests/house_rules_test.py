#!/usr/bin/env python3
"""Self-test of tests/house_rules.py: small fake trees in a temporary folder, each checked by running the
script as CTest does, so each rule provably fails on what it forbids and passes what it allows.
Standard library only.

    python3 tests/house_rules_test.py [-v]
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "house_rules.py")


def run(rule, files, git=False):
    """Writes the tree (git: as a repository with the files added), runs one rule: -> (exit code, output)."""
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        if git:
            subprocess.run(["git", "init", "-q", root], check=True)
            subprocess.run(["git", "-C", root, "add", "-A"], check=True)
        p = subprocess.run([sys.executable, RULES, rule, "--root", root], capture_output=True, text=True,
                           timeout=60)
        return p.returncode, p.stdout + p.stderr


def cpp(n, heads=(), index=None, banner=False):
    """A C++ file of n lines with section headings and, optionally, an index of them."""
    lines = ["// a file"]
    if index is not None:
        lines += ["//", "// Sections:"] + ["//   " + e for e in index] + [""]
    for h in heads:
        if banner:
            lines += ["// " + "=" * 60, "// " + h, "// " + "=" * 60]
        else:
            lines.append("// " + "-" * 60 + " " + h)
        lines.append("int x_%d;" % len(lines))
    lines += ["int y_%d;" % i for i in range(len(lines), n)]
    return "\n".join(lines) + "\n"


class LongFilesTest(unittest.TestCase):
    def check(self, files):
        return run("long-files", files)

    def assert_fails(self, files, *needles):
        rc, out = self.check(files)
        self.assertEqual(rc, 1, out)
        for n in needles:
            self.assertIn(n, out)

    def assert_passes(self, files):
        rc, out = self.check(files)
        self.assertEqual(rc, 0, out)
        self.assertIn("house_rules long-files: OK", out)

    def test_short_files_pass(self):
        self.assert_passes({"engine/core/a.cpp": cpp(600, ["one", "two"])})

    def test_long_file_without_index_fails(self):
        self.assert_fails({"engine/core/a.cpp": cpp(601, ["one", "two"])},
                          "engine/core/a.cpp: 601 lines (limit 600) and no section index", "(one, two)")

    def test_long_file_with_index_passes(self):
        self.assert_passes({"engine/core/a.cpp": cpp(900, ["harness", "op cases"], ["harness", "op cases"]),
                            "tests/b.mjs": cpp(700, ["x"], ["x  — with a description"])})

    def test_index_must_match_the_headings(self):
        self.assert_fails({"web/a.h": cpp(700, ["one", "two", "three"], ["one", "three"])},
                          "section 'two' is missing from the index")
        self.assert_fails({"web/a.h": cpp(700, ["one"], ["one", "gone"])},
                          "the index lists 'gone', which is not a section heading")
        self.assert_fails({"web/a.h": cpp(700, ["one", "two"], ["two", "one"])}, "in another order")
        self.assert_fails({"web/a.h": cpp(100, ["one"], ["uno"])}, "'one' is missing")  # short, but has one

    def test_index_far_down_does_not_count(self):
        text = cpp(120, []) + "// Sections:\n//   one\n// ------------ one\n" + "int z;\n" * 600
        self.assert_fails({"engine/a.cpp": text}, "no section index in its first 100 lines")

    def test_python_banners_and_docstring_index(self):
        body = "".join("# %s\n# %s\n# %s\nx = 1\n" % ("=" * 40, h, "=" * 40) for h in ("1. tokens", "2. lexicon"))
        body += "# " + "-" * 40 + " verbs\n" + "y = 2\n" * 700
        doc = '"""A generator.\n\nSections:\n    1. tokens\n    2. lexicon\n    verbs\n"""\n'
        self.assert_passes({"scripts/gen.py": doc + body})
        self.assert_fails({"scripts/gen.py": body}, "(1. tokens, 2. lexicon, verbs)")
        self.assert_fails({"scripts/gen.py": doc.replace("    verbs\n", "") + body}, "'verbs' is missing")

    def test_only_sources_in_scope(self):
        self.assert_passes({"tests/golden/big.json": "{}\n" * 900, "engine/data/c.conllu": "x\n" * 900,
                            "docs/long.py": "x = 1\n" * 900, "tests/a.sh": "true\n" * 900})


class FileNamesTest(unittest.TestCase):
    BASE = {
        "engine/models/tagger.h": "#pragma once\n",
        "engine/models/tagger.cpp": '#include "engine/models/tagger.h"\n',
        "engine/cli/cmd_tag.cpp": "int main() {}\n",
        "CMakeLists.txt": "attnlab_embed(attnlab_data corpora ${FILES})  # makes corpora.h\n",
        "scripts/embed.cmake": "# attnlab_embed(<target> <name> <file>...)\n",
    }

    def check(self, extra, git=False):
        files = dict(self.BASE)
        files.update(extra)
        return run("file-names", files, git)

    def assert_fails(self, extra, *needles):
        rc, out = self.check(extra)
        self.assertEqual(rc, 1, out)
        for n in needles:
            self.assertIn(n, out)
        return out

    def assert_passes(self, extra):
        rc, out = self.check(extra)
        self.assertEqual(rc, 0, out)
        self.assertIn("house_rules file-names: OK", out)

    def test_good_mentions_pass(self):
        self.assert_passes({"engine/models/a.cpp":
                            "// tagger.h declares it; engine/models/tagger.cpp defines it; so does ./tagger.cpp\n"
                            "// one cmd_*.cpp per command, all in ../cli/cmd_tag.cpp style\n"
                            "/* corpora.h is generated by scripts/embed.cmake */\n",
                            "README.md": "See `engine/models/tagger.h` and `tagger.*`, <https://x.org/a/b.h>.\n"})

    def test_bare_name_of_no_file_fails(self):
        self.assert_fails({"engine/models/a.cpp": "int a;  // see attention.h\n"},
                          "engine/models/a.cpp:1: mentions attention.h: no project file is named attention.h")

    def test_path_must_exist_as_written(self):
        self.assert_fails({"tests/t.py": "# checks engine/tagger.h\n"},
                          "tests/t.py:1: mentions engine/tagger.h: no file engine/tagger.h")
        self.assert_fails({"web/w.mjs": "// runs web/cmd_*.cpp\n"}, "mentions web/cmd_*.cpp")

    def test_docs_and_every_comment_kind(self):
        out = self.assert_fails({
            "README.md": "Line one.\nThe layers: `engine/attention.h`.\n",
            "tests/golden/README.md": "made by make_probe.py\n",
            "scripts/s.sh": 'echo "#not.h" ${#a[@]}  # see gone.sh\n',
            "tests/x/tests.cmake": 'set(A "#in.h")  # from old.cmake\n',
            "tests/d.py": '"""Docstring naming doc.py."""\nx = "str.py"  # and com.py\n',
            "web/a.js": "const r = /https?:\\/\\/x.h/; // about api.js\n/* old.mjs */\n"},
            "README.md:2: mentions engine/attention.h", "tests/golden/README.md:1: mentions make_probe.py",
            "scripts/s.sh:1: mentions gone.sh", "tests/x/tests.cmake:1: mentions old.cmake",
            "tests/d.py:1: mentions doc.py", "tests/d.py:2: mentions com.py",
            "web/a.js:1: mentions api.js", "web/a.js:2: mentions old.mjs")
        for quiet in ("not.h", "in.h", "str.py", "x.h"):
            self.assertNotIn("mentions " + quiet, out)

    def test_code_is_not_documentation(self):
        self.assert_passes({"engine/models/b.cpp":
                            '#include <wasm/other.h>\nconst char* s = "x.h // y.h";\n'
                            'const char* r = R"(// raw.h)";\nint n = 1\'000;  // <sys/thing.h>\n',
                            "tests/e.py": 'open("data.json")\n'})

    def test_allowed_names(self):
        self.assert_passes({"engine/cli/cmd_eval.cpp":
                            "// attnlab eval --load pos.model --data my-treebank.conllu; see ../shared/TOOLCHAIN.md\n"
                            "// imgui_demo.cpp, Node.js, build/wasm/attnlab.js, /usr/include/x.h, $DIR/a.conllu\n"})

    def test_names_from_git(self):
        rc, out = self.check({"engine/models/c.cpp": "// tagger.h and new.h\n", "engine/new.h": ""}, git=True)
        self.assertEqual(rc, 0, out)
        rc, out = self.check({"engine/models/c.cpp": "// tagger.h and none.h\n"}, git=True)
        self.assertEqual(rc, 1, out)
        self.assertIn("mentions none.h", out)


if __name__ == "__main__":
    if not shutil.which("git"):
        FileNamesTest.test_names_from_git = unittest.skip("git not found")(FileNamesTest.test_names_from_git)
    unittest.main()
