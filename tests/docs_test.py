#!/usr/bin/env python3
"""scripts/docs.py on a small fake tree: a stale generated block fails `check`, `generate` mends it, a changed flag
makes the block stale again, and a runnable block that fails fails `run`. Python 3 standard library only.

    python3 tests/docs_test.py
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "scripts", "docs.py")

# Stand-ins for the two programs the generated blocks come from: shell scripts that print what the real ones do.
FAKE_ATTNLAB = """#!/bin/sh
if [ "$1" = "--help" ]; then
  printf 'attnlab: fake\\nUsage: attnlab SUBCOMMAND\\n\\nSubcommands:\\n  train                       Train\\n'
elif [ "$1" = "train" ]; then
  printf 'Train\\nOptions:\\n  %s\\n' "${FAKE_FLAG:---steps INT}"
fi
"""
FAKE_APP = """#!/bin/sh
if [ "$1" = "--settings-json" ]; then
  echo '[{"name": "'"${FAKE_KEY:-heads}"'", "help": "attention heads", "kind": "integer", "lo": 1, "hi": 8, "odd": false,
          "choices": [], "default": "4", "resets_model": true},
         {"name": "pe", "help": "positional encoding", "kind": "text", "lo": 0, "hi": 0, "odd": false,
          "choices": ["none", "sinusoidal"], "default": "sinusoidal", "resets_model": true}]'
else
  echo 'attnlab_app: fake'
fi
"""


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, mode)


class DocsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.build = os.path.join(self.root, "build", "native")
        write(os.path.join(self.build, "attnlab"), FAKE_ATTNLAB, 0o755)
        write(os.path.join(self.build, "attnlab_app"), FAKE_APP, 0o755)
        write(os.path.join(self.root, "README.md"), "# fake\n")
        write(os.path.join(self.root, "web", "ui", "strings_zh.inc"), 'X(setting_help_heads, "注意力头数 H")\n')
        write(os.path.join(self.root, "docs", "cli.md"), textwrap.dedent("""\
            # cli
            <!-- generated: cli-help (scripts/docs.py; `make docs` rewrites it, a test compares it) -->
            <!-- end generated: cli-help -->
            """))
        write(os.path.join(self.root, "docs", "teachers.md"), textwrap.dedent("""\
            <!-- generated: link-keys (scripts/docs.py; `make docs` rewrites it, a test compares it) -->
            <!-- end generated: link-keys -->
            """))
        write(os.path.join(self.root, "docs", "zh", "teachers.md"), textwrap.dedent("""\
            # teachers
            <!-- generated: link-keys (scripts/docs.py; `make docs` rewrites it, a test compares it) -->
            old text
            <!-- end generated: link-keys -->
            after
            """))

    def tearDown(self):
        self.tmp.cleanup()

    def docs(self, *args, env=None):
        return subprocess.run([sys.executable, DOCS, *args, "--root", self.root, "--build", self.build],
                              capture_output=True, text=True, env=dict(os.environ, **(env or {})))

    def test_a_stale_block_fails_until_generated(self):
        r = self.docs("check")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("stale", r.stdout)
        self.assertEqual(self.docs("generate").returncode, 0)
        r = self.docs("check")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        with open(os.path.join(self.root, "docs", "zh", "teachers.md"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn("| `heads` | 注意力头数 H（改动后重新训练新模型） | 1 到 8（整数） | `4` |", text)  # a Chinese doc
        self.assertIn("| `pe` | positional encoding（改动后重新训练新模型）", text)                # (no Chinese text)
        self.assertIn("`none` `sinusoidal`", text)
        self.assertNotIn("old text", text)
        self.assertTrue(text.endswith("after\n"))
        with open(os.path.join(self.root, "docs", "teachers.md"), encoding="utf-8") as f:
            self.assertIn("| `heads` | attention heads (a change trains a new model) | 1 to 8 (whole) | `4` |", f.read())
        with open(os.path.join(self.root, "docs", "cli.md"), encoding="utf-8") as f:
            self.assertIn("### attnlab train", f.read())

    def test_a_changed_flag_makes_the_reference_stale(self):
        self.assertEqual(self.docs("generate").returncode, 0)
        r = self.docs("check", env={"FAKE_FLAG": "--step-count INT"})
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("+  --step-count INT", r.stdout)
        self.assertIn("-  --steps INT", r.stdout)

    def test_a_changed_link_key_makes_the_table_stale(self):
        self.assertEqual(self.docs("generate").returncode, 0)
        self.assertEqual(self.docs("check").returncode, 0)
        r = self.docs("check", env={"FAKE_KEY": "num_heads"})
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("+| `num_heads` |", r.stdout)

    def test_an_unclosed_block_is_an_error(self):
        write(os.path.join(self.root, "docs", "bad.md"), "<!-- generated: link-keys (x) -->\nno end\n")
        r = self.docs("check")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("has no line '<!-- end generated: link-keys -->'", r.stderr)

    def test_runnable_blocks_run_in_a_fresh_folder(self):
        write(os.path.join(self.root, "data.txt"), "hello\n")
        write(os.path.join(self.root, "docs", "run.md"), textwrap.dedent("""\
            ```sh run
            grep -q hello data.txt      # the repository's files are there
            echo made > made.txt        # and what it writes stays in the temporary folder
            ```

            ```sh
            exit 1                      # shown, not run
            ```
            """))
        r = self.docs("run")
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertIn("1 passed, 0 failed", r.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.root, "made.txt")))

    def test_a_failing_command_fails_the_run(self):
        write(os.path.join(self.root, "docs", "run.md"), textwrap.dedent("""\
            ```sh run
            build/native/attnlab train --no-such-flag | grep -q never-printed
            ```

            ```sh run slow
            sleep 600
            ```
            """))
        r = self.docs("run")
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("FAIL  docs/run.md:1", r.stdout)
        self.assertIn("skip  docs/run.md:5 (slow", r.stdout)

    def test_no_runnable_block_is_a_failure(self):
        self.assertEqual(self.docs("run").returncode, 1)


if __name__ == "__main__":
    unittest.main()
