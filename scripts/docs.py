#!/usr/bin/env python3
"""The documentation's generated parts and runnable commands. Python 3 standard library only.

    python3 scripts/docs.py generate [--build DIR]          rewrite the generated blocks of README.md and docs/
    python3 scripts/docs.py check    [--build DIR]          exit 1 if a generated block is stale (shows the diff)
    python3 scripts/docs.py run      [--build DIR] [--all]  run the shell blocks marked runnable (exit 1 on failure)
    python3 scripts/docs.py list                            the runnable blocks, one line each

`make docs` runs generate; `make test` runs check and run (ctest: docs_generated, docs_commands);
tests/docs_test.py proves on a small fake tree that both fail when they should.

Generated blocks
    References that a table in the code already holds are never retyped. A block sits between two marker lines
        <!-- generated: NAME (scripts/docs.py; `make docs` rewrites it, a test compares it) -->
        <!-- end generated: NAME -->
    and NAME is one of
        link-keys   the settings of a link (URL hash), the JavaScript API and the desktop app's flags: the app's
                    one field table (web/app/state.cpp), read from `attnlab_app --settings-json`
        cli-help    `attnlab --help`, every subcommand's --help, and `attnlab_app --help`
    The programs come from the native build (--build, default build/native).

Runnable blocks
    A fenced block whose info string is `sh run` is a promise that its commands work as written, from the
    repository's root, after `make test` has built everything. `run` executes each one with bash -eo pipefail in a
    fresh temporary folder that holds a link to every top-level entry of the repository (so build/native/attnlab,
    engine/data/... resolve, and what the commands write stays in the temporary folder), with a time limit.
    `sh run slow` marks a block that takes minutes: only `run --all` runs it. A plain `sh` block is shown, not
    run (a server, the desktop app's window, `make test` itself).
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------------------------------- the documents

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = re.compile(r"^<!-- generated: ([a-z-]+) .*-->$")
END = "<!-- end generated: {} -->"
FENCE = re.compile(r"^(\s*)(```+)\s*(.*)$")
BLOCK_TIMEOUT_S = 300


def documents(root):
    """README.md, CONTRIBUTING.md and every Markdown file under docs/ (root-relative paths, sorted)."""
    out = [f for f in ("README.md", "CONTRIBUTING.md") if os.path.isfile(os.path.join(root, f))]
    for folder, _, files in os.walk(os.path.join(root, "docs")):
        out += [os.path.relpath(os.path.join(folder, f), root) for f in files if f.endswith(".md")]
    return sorted(out)


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read().split("\n")


# ---------------------------------------------------------------------------------------------- generated blocks

def program(build, name):
    path = os.path.join(build, name)
    if not os.access(path, os.X_OK):
        raise SystemExit(f"docs.py: {path} is missing: build it first (make native)")
    return path


def capture(args):
    r = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise SystemExit(f"docs.py: {' '.join(args)} exited {r.returncode}: {r.stderr.strip()}")
    return r.stdout.rstrip("\n")


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


# The words of the link-key table; a Chinese document (docs/zh/) reads each key's text from the app's Chinese
# string table (setting_help_<key> in web/ui/strings_zh*.inc, the settings' tooltips), else the English.
WORDS = {
    "en": {"head": "| key | what | values | default |", "to": "{} to {}", "whole": " (whole)", "odd": ", odd",
           "bool": "`true` `false` (or 1 0)", "text": "text", "empty": "(empty)", "new": " (a change trains a new model)"},
    "zh": {"head": "| 键 | 含义 | 取值 | 默认值 |", "to": "{} 到 {}", "whole": "（整数）", "odd": "，奇数",
           "bool": "`true` `false`（或 1 0）", "text": "文字", "empty": "（空）", "new": "（改动后重新训练新模型）"},
}


def zh_help(root):
    out = {}
    ui = os.path.join(root, "web", "ui")
    for name in sorted(os.listdir(ui)) if os.path.isdir(ui) else []:
        if name.startswith("strings_zh") and name.endswith(".inc"):
            with open(os.path.join(ui, name), encoding="utf-8") as f:
                for m in re.finditer(r'^X\(setting_help_(\w+), "((?:[^"\\]|\\.)*)"\)', f.read(), re.M):
                    out[m.group(1)] = m.group(2).replace('\\"', '"')
    return out


def link_keys(build, lang="en", root=ROOT):
    """The link keys as a Markdown table, from the app's own field table."""
    fields = json.loads(capture([program(build, "attnlab_app"), "--settings-json"]))
    w = WORDS[lang]
    helps = zh_help(root) if lang == "zh" else {}
    rows = [w["head"], "| --- | --- | --- | --- |"]
    for f in fields:
        if f["choices"]:
            values = " ".join(f"`{c}`" for c in f["choices"])
        elif f["kind"] in ("integer", "number"):
            values = w["to"].format(f"{f['lo']:g}", f"{f['hi']:g}") + (w["odd"] if f.get("odd") else "")
            values += "" if f["kind"] == "number" else w["whole"]
        elif f["kind"] == "boolean":
            values = w["bool"]
        else:
            values = w["text"]
        default = f"`{f['default']}`" if f["default"] != "" else w["empty"]
        what = cell(helps.get(f["name"], f["help"])) + (w["new"] if f["resets_model"] else "")
        rows.append(f"| `{f['name']}` | {what} | {values} | {cell(default)} |")
    return rows


def cli_help(build, lang="en", root=ROOT):
    """Every command's --help, verbatim (in English in every document: it is what the programs print)."""
    attnlab = program(build, "attnlab")
    top = capture([attnlab, "--help"])
    subs = []
    in_subs = False
    for line in top.split("\n"):
        if line.startswith("Subcommands:"):
            in_subs = True
        elif in_subs and re.match(r"^  [a-z][a-z-]*\s", line):
            subs.append(line.split()[0])
    if not subs:
        raise SystemExit("docs.py: `attnlab --help` lists no subcommands")
    out = ["### attnlab", "", "```text", top, "```"]
    for s in subs:
        out += ["", f"### attnlab {s}", "", "```text", capture([attnlab, s, "--help"]), "```"]
    out += ["", "### attnlab_app (the desktop app)", "", "```text",
            capture([program(build, "attnlab_app"), "--help"]), "```"]
    return out


GENERATORS = {"link-keys": link_keys, "cli-help": cli_help}


def regenerate(lines, build, cache, where, root=ROOT):
    """The document with every generated block rebuilt; raises on an unknown or unclosed block."""
    out, i = [], 0
    while i < len(lines):
        m = BEGIN.match(lines[i])
        out.append(lines[i])
        i += 1
        if not m:
            continue
        name = m.group(1)
        if name not in GENERATORS:
            raise SystemExit(f"docs.py: {where}:{i}: unknown generated block '{name}' ({', '.join(GENERATORS)})")
        end = END.format(name)
        j = i
        while j < len(lines) and lines[j] != end:
            j += 1
        if j == len(lines):
            raise SystemExit(f"docs.py: {where}:{i}: '{name}' has no line '{end}'")
        lang = "zh" if where.replace(os.sep, "/").startswith("docs/zh/") else "en"
        if (name, lang) not in cache:
            cache[(name, lang)] = "\n".join(GENERATORS[name](build, lang, root)).split("\n")
        out += cache[(name, lang)]
        out.append(end)
        i = j + 1
    return out


def generate(root, build, check):
    cache, stale = {}, 0
    for rel in documents(root):
        lines = read(root, rel)
        new = regenerate(lines, build, cache, rel, root)
        if new == lines:
            continue
        if check:
            stale += 1
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(lines, new, rel, rel + " (generated)",
                                                                        lineterm="", n=1))
        else:
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write("\n".join(new))
            print(f"docs.py: rewrote {rel}")
    if check and stale:
        print(f"docs.py: {stale} document(s) are stale: run `make docs` and commit the result")
        return 1
    if check:
        print(f"docs.py: the generated blocks of {len(documents(root))} documents are up to date")
    return 0


# ---------------------------------------------------------------------------------------------- runnable blocks

def runnable_blocks(root):
    """(file, line of its fence, slow, text) of every ```sh run block."""
    blocks = []
    for rel in documents(root):
        lines = read(root, rel)
        i = 0
        while i < len(lines):
            m = FENCE.match(lines[i])
            if not m:
                i += 1
                continue
            indent, fence, info = m.groups()
            start, i = i + 1, i + 1
            while i < len(lines) and not lines[i].strip().startswith(fence):
                i += 1
            words = info.split()
            if len(words) >= 2 and words[0] in ("sh", "bash") and words[1] == "run":
                body = [l[len(indent):] if l.startswith(indent) else l for l in lines[start:i]]
                blocks.append((rel, start, "slow" in words[2:], "\n".join(body) + "\n"))
            i += 1
    return blocks


def run_block(root, text, timeout):
    """Runs one block in a fresh folder of links to the repository's top level: (ok, output)."""
    with tempfile.TemporaryDirectory(prefix="attnlab-docs-") as tmp:
        for entry in os.listdir(root):
            if entry not in (".git",):
                os.symlink(os.path.join(root, entry), os.path.join(tmp, entry))
        env = dict(os.environ, NODE_PATH="/usr/share/nodejs")
        try:
            r = subprocess.run(["bash", "-eo", "pipefail", "-c", text], cwd=tmp, env=env, capture_output=True,
                               text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            return False, f"timed out after {timeout} s\n{e.stdout or ''}{e.stderr or ''}"
        return r.returncode == 0, (r.stdout + r.stderr) + ("" if r.returncode == 0 else f"\n(exit {r.returncode})")


def run(root, everything, timeout):
    blocks = runnable_blocks(root)
    failed = ran = 0
    for rel, line, slow, text in blocks:
        if slow and not everything:
            print(f"skip  {rel}:{line} (slow: run --all)")
            continue
        ok, output = run_block(root, text, timeout)
        ran += 1
        print(f"{'ok   ' if ok else 'FAIL '} {rel}:{line}")
        if not ok:
            failed += 1
            print("  " + text.rstrip().replace("\n", "\n  "))
            print("  --- output\n  " + output.rstrip()[-3000:].replace("\n", "\n  "))
    print(f"{ran - failed} passed, {failed} failed")
    return 1 if failed or ran == 0 else 0


# ---------------------------------------------------------------------------------------------- main

def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=["generate", "check", "run", "list"])
    p.add_argument("--root", default=ROOT, help="the repository (default: this script's)")
    p.add_argument("--build", default=None, help="the native build with attnlab and attnlab_app (build/native)")
    p.add_argument("--all", action="store_true", help="run: the slow blocks too")
    p.add_argument("--timeout", type=int, default=BLOCK_TIMEOUT_S, help="run: seconds per block")
    a = p.parse_args(argv)
    root = os.path.abspath(a.root)
    build = os.path.abspath(a.build or os.path.join(root, "build", "native"))
    if a.what == "list":
        for rel, line, slow, text in runnable_blocks(root):
            print(f"{rel}:{line}{' (slow)' if slow else ''}: {text.splitlines()[0] if text.strip() else ''}")
        return 0
    if a.what == "run":
        return run(root, a.all, a.timeout)
    return generate(root, build, a.what == "check")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
