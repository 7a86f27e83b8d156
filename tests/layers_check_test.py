#!/usr/bin/env python3
"""Self-test of tests/layers_check.py: small fake trees in a temporary folder, each checked by running the
script as CTest does, so the check provably fails on an upward include, a cycle, a UI include in the engine
(and the other rules), and passes a clean tree. Standard library only.

    python3 tests/layers_check_test.py [-v]
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layers_check.py")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A table in the style of CMakeLists.txt (comments, a quoted "", ${} expansion, a layer that has no folder).
CMAKE = """\
# engine/ in layers, lowest first
set(ATTNLAB_LAYERS core ops models data train settings)   # settings: no folder yet
set(ATTNLAB_LAYER_DEPS_core "")
set(ATTNLAB_LAYER_DEPS_ops core)
set(ATTNLAB_LAYER_DEPS_models ops)
set(ATTNLAB_LAYER_DEPS_data core)
set(ATTNLAB_LAYER_DEPS_train models data)
set(ATTNLAB_LAYER_DEPS_settings train)
add_library(x "a#b")  # a '#' inside a string is not a comment
set(ATTNLAB_LAYER_DEPS_cli ${ATTNLAB_LAYERS})
"""
WEB_CMAKE = """\
set(ATTNLAB_WEB_LAYERS ui app panels platform)
set(ATTNLAB_WEB_LAYER_DEPS_ui "")
set(ATTNLAB_WEB_LAYER_DEPS_app ${ATTNLAB_LAYERS})
set(ATTNLAB_WEB_LAYER_DEPS_panels app ui)
set(ATTNLAB_WEB_LAYER_DEPS_platform panels)
set(ATTNLAB_WEB_ROOT_DEPS platform)
"""
CLEAN = {
    "engine/core/tensor.h": "#pragma once\n#include <vector>\n#include <Eigen/Core>\n",
    "engine/core/rng.h": '#pragma once\n#include "engine/core/tensor.h"\n',
    "engine/core/rng.cpp": '#include "engine/core/rng.h"\n#include "tensor.h"  // next to it\n',
    "engine/ops/linear.h": '#include "engine/core/tensor.h"\n',
    "engine/models/tagger.h": '#include "engine/ops/linear.h"\n#include "../core/rng.h"\n',
    "engine/data/tasks.cpp": '#include "engine/core/rng.h"\n#if __has_include("corpora.h")\n#include "corpora.h"\n#endif\n',
    "engine/train/trainer.cpp": '#include "engine/models/tagger.h"\n#include "engine/data/tasks.cpp"\n',
    "engine/cli/main.cpp": '#include "engine/train/trainer.cpp"\n#include <emscripten.h>\n',
    "web/ui/heatmap.h": '#include "imgui.h"\n#include <GLES3/gl3.h>\n',
    "web/app/app.h": '#include "engine/train/trainer.cpp"\n',
    "web/panels/panel_pe.cpp": '#include "web/app/app.h"\n#include "web/ui/heatmap.h"\n#include "imgui.h"\n',
    "web/platform/main.cpp": '#include "web/panels/panel_pe.cpp"\n#include <SDL.h>\n#include <emscripten/html5.h>\n',
    "web/legacy.cpp": '#include "web/platform/main.cpp"\n',
    "web/app.cmake": WEB_CMAKE,
    "CMakeLists.txt": CMAKE,
}


def run(files):
    """Writes the tree, runs the check on it: -> (exit code, stdout + stderr)."""
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            if text is None:
                continue
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(textwrap.dedent(text))
        p = subprocess.run([sys.executable, CHECK, "--root", root], capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout + p.stderr


def tree(changes):
    """The clean tree with some files added or replaced (None removes a file)."""
    files = dict(CLEAN)
    files.update(changes)
    return files


class LayersCheckTest(unittest.TestCase):
    def fails_with(self, files, *needles):
        rc, out = run(files)
        self.assertEqual(rc, 1, out)
        for n in needles:
            self.assertIn(n, out)
        return out

    def test_clean_tree_passes(self):
        rc, out = run(CLEAN)
        self.assertEqual(rc, 0, out)
        self.assertIn("layers_check: OK", out)
        self.assertEqual(len(out.strip().split("\n")), 1, "a clean run prints one line: " + out)

    def test_upward_include(self):
        out = self.fails_with(tree({"engine/core/rng.h": '#include "engine/models/tagger.h"\n'}),
                              "engine/core/rng.h:1: includes engine/models/tagger.h (layer engine/models) "
                              "from layer engine/core")
        self.assertIn("layers_check: ", out.strip().split("\n")[-1])

    def test_upward_relative_include(self):
        self.fails_with(tree({"engine/ops/act.cpp": '#include "../train/trainer.cpp"\n'}),
                        "engine/ops/act.cpp:1: includes engine/train/trainer.cpp (layer engine/train) "
                        "from layer engine/ops")

    def test_sibling_include_is_not_allowed(self):
        # data depends on core only: models (a sibling branch) is not below it
        self.fails_with(tree({"engine/data/words.h": '#include "engine/ops/linear.h"\n'}),
                        "engine/data/words.h:1: includes engine/ops/linear.h (layer engine/ops) from layer engine/data")

    def test_cycle_between_siblings(self):
        out = self.fails_with(tree({"engine/data/words.h": '#include "engine/models/tagger.h"\n',
                                   "engine/models/seq.h": '#include "engine/data/words.h"\n'}),
                              "cycle between folders engine/data -> engine/models -> engine/data",
                              "engine/data/words.h:1 includes engine/models/tagger.h",
                              "engine/models/seq.h:1 includes engine/data/words.h")
        self.assertIn("from layer engine/models", out)  # the two includes are also reported one by one

    def test_cycle_over_three_folders(self):
        self.fails_with(tree({"engine/core/a.h": '#include "engine/data/b.h"\n',
                             "engine/data/b.h": '#include "engine/ops/c.h"\n',
                             "engine/ops/c.h": '#include "engine/core/a.h"\n'}),
                        "cycle between folders engine/core -> engine/data -> engine/core",
                        "(and engine/core, engine/data, engine/ops all reach each other)")

    def test_ui_includes_in_engine(self):
        for inc in ('"imgui.h"', "<SDL.h>", "<SDL_opengl.h>", "<GL/gl.h>", "<GLES3/gl3.h>",
                    "<emscripten/html5.h>", '"backends/imgui_impl_sdl.h"'):
            with self.subTest(inc=inc):
                name = inc.strip('"<>')
                self.fails_with(tree({"engine/kernels/k.cpp": "#include %s\n" % inc}),
                                "engine/kernels/k.cpp:1: includes %s (ImGui/SDL/GL" % name,
                                "from layer engine/kernels")

    def test_ui_include_in_web_app(self):
        self.fails_with(tree({"web/app/state.cpp": '#include "imgui.h"\n'}),
                        "web/app/state.cpp:1: includes imgui.h (ImGui/SDL/GL", "from layer web/app")

    def test_engine_includes_web(self):
        self.fails_with(tree({"engine/cli/x.cpp": '#include "web/app/app.h"\n'}),
                        "engine/cli/x.cpp:1: includes web/app/app.h (layer web/app) from layer engine/cli")

    def test_web_layers(self):
        self.fails_with(tree({"web/ui/w.h": '#include "engine/core/tensor.h"\n'}),
                        "includes engine/core/tensor.h (layer engine/core) from layer web/ui")
        self.fails_with(tree({"web/app/s.h": '#include "web/panels/panel_pe.cpp"\n'}),
                        "includes web/panels/panel_pe.cpp (layer web/panels) from layer web/app")
        self.fails_with(tree({"web/app/t.h": '#include "engine/cli/main.cpp"\n'}),
                        "includes engine/cli/main.cpp (layer engine/cli) from layer web/app")

    def test_folder_not_in_table(self):
        self.fails_with(tree({"engine/extras/x.h": "#pragma once\n"}),
                        "engine/extras/x.h: in folder engine/extras/, which is not a layer")
        self.fails_with(tree({"engine/loose.h": "#pragma once\n"}), "engine/loose.h: directly in engine/")
        self.fails_with(tree({"web/widgets/w.h": "#pragma once\n"}),
                        "web/widgets/w.h: in folder web/widgets/, which is not a layer")

    def test_include_into_folder_not_in_table(self):
        self.fails_with(tree({"engine/extras/x.h": "#pragma once\n",
                             "engine/ops/y.h": '#include "engine/extras/x.h"\n'}),
                        "engine/ops/y.h:1: includes engine/extras/x.h (folder engine/extras, not a layer)")

    def test_missing_project_header(self):
        self.fails_with(tree({"engine/ops/z.h": '#include "engine/attention.h"\n'}),
                        "engine/ops/z.h:1: includes engine/attention.h, which does not exist")

    def test_files_directly_in_web_need_root_deps(self):
        web = WEB_CMAKE.replace("set(ATTNLAB_WEB_ROOT_DEPS platform)\n", "")
        self.fails_with(tree({"web/app.cmake": web}), "web/legacy.cpp: directly in web/")
        self.assertEqual(run(tree({"web/app.cmake": web, "web/legacy.cpp": None}))[0], 0)

    def test_table_errors(self):
        for cmake, needle in (
                (CMAKE.replace("set(ATTNLAB_LAYER_DEPS_core \"\")", "set(ATTNLAB_LAYER_DEPS_core train)"),
                 "the layer table has a cycle"),
                (CMAKE.replace("ops core)", "ops kore)"), "lists 'kore', which is not an engine layer"),
                (CMAKE + "set(ATTNLAB_LAYER_DEPS_ops core)\n", "is set a second time"),
                (CMAKE.replace("set(ATTNLAB_LAYERS", "set(OTHER"), "does not set ATTNLAB_LAYERS")):
            with self.subTest(needle=needle):
                rc, out = run(tree({"CMakeLists.txt": cmake}))
                self.assertEqual(rc, 2, out)
                self.assertIn(needle, out)

    def test_real_table_parses(self):
        """The repository's own CMakeLists.txt and web/*.cmake are read as this test expects."""
        p = subprocess.run([sys.executable, CHECK, "--root", REPO, "--table"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        rows = {line.split()[0]: line.split("may include")[1] for line in p.stdout.strip().split("\n")}
        self.assertIn("(nothing else)", rows["engine/core"])
        self.assertNotIn("engine/models", rows["engine/data"])
        self.assertIn("engine/train", rows["engine/cli"])
        for web_only in ("engine/cli", "web/"):
            self.assertNotIn(web_only, rows.get("web/app", "engine/x"))


if __name__ == "__main__":
    unittest.main()
