#!/usr/bin/env python3
"""Layer check: every #include in engine/ and web/ stays in its layer or goes down, never up.

    python3 tests/layers_check.py [--root DIR] [--table]

The layers are declared once, in CMake, and this script reads them there, so the build and the check cannot
disagree:
  engine/  CMakeLists.txt: set(ATTNLAB_LAYERS core kernels ...) and set(ATTNLAB_LAYER_DEPS_<layer> ...).
           Every ATTNLAB_LAYER_DEPS_<layer> also declares <layer> (that is how engine/cli, an executable and not
           one of the libraries in ATTNLAB_LAYERS, is in the table).
  web/     web/app.cmake (any *.cmake under web/): set(ATTNLAB_WEB_LAYERS ...), ATTNLAB_WEB_LAYER_DEPS_<layer>
           (a dep names a web layer or an engine layer), and ATTNLAB_WEB_ROOT_DEPS for the files directly in
           web/ (the app before the web split).
A layer may include itself and the transitive closure of its deps. A folder of the table that does not exist
(yet) is fine.

It fails (exit 1, one line per problem) on:
  - an include of a layer that is not below: "file:line: includes X (layer A) from layer B";
  - an engine file including anything from web/ (a special case of the above: no engine layer lists web);
  - ImGui / SDL / GL / emscripten/html5 includes (quoted or <>) in engine/ or web/app/;
  - a quoted include of engine/... or web/... that does not exist;
  - a source file in a folder that is not in the table (or directly in engine/);
  - a cycle between folders (a folder includes one that, directly or not, includes it back).
Exit 0 with a one-line summary when clean; exit 2 when the table itself cannot be read (or has a cycle).
Python 3 standard library only. tests/layers_check_test.py proves on small fake trees that it can fail.
"""
import argparse
import os
import re
import sys

# ------------------------------------------------------------------------------------------ what is checked

SOURCE_EXTS = (".h", ".hpp", ".hh", ".inc", ".ipp", ".c", ".cc", ".cpp", ".cxx")
SCANNED = ("engine", "web")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
# ImGui, SDL, OpenGL / GLES, Emscripten's HTML5 (canvas, input) API: the UI's libraries.
UI_RE = re.compile(r"(^|/)imgui|SDL|(^|/)GL/|GLES|(^|/)gl[0-9]*\.h$|emscripten/html5")
UI_FREE = ("engine", "web/app")   # folders (and everything below them) that must not touch the UI libraries


class TableError(Exception):
    pass


# ------------------------------------------------------------------------------------------ the CMake table

def strip_cmake_comment(line):
    """The line without its '#' comment ('#' inside a quoted string is kept)."""
    quoted = False
    for i, c in enumerate(line):
        if c == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif c == "#" and not quoted:
            return line[:i]
    return line


def cmake_sets(path, rel, variables, where):
    """Reads every set(ATTNLAB_..LAYER.. values) of one CMake file into variables (name -> list), expanding
    ${VAR} from what was read before. where[name] = "file:line" of its definition."""
    with open(path, encoding="utf-8") as f:
        lines = [strip_cmake_comment(l) for l in f.read().split("\n")]
    text = "\n".join(lines)
    for m in re.finditer(r"\b(set|list)\s*\(([^)]*)\)", text, re.IGNORECASE):
        args = m.group(2).split()
        line = text.count("\n", 0, m.start()) + 1
        if not args:
            continue
        if m.group(1).lower() == "list":
            if len(args) > 1 and re.match(r"ATTNLAB_(WEB_)?LAYER", args[1]):
                raise TableError("%s:%d: list(%s %s ...): declare the layer table with set() only"
                                 % (rel, line, args[0], args[1]))
            continue
        name = args[0]
        if not re.match(r"ATTNLAB_(LAYERS$|LAYER_DEPS_|WEB_LAYERS$|WEB_LAYER_DEPS_|WEB_ROOT_DEPS$)", name):
            continue
        if name in variables:
            raise TableError("%s:%d: %s is set a second time (first at %s): the table must live in one place"
                             % (rel, line, name, where[name]))
        values = []
        for a in args[1:]:
            a = a.strip('"')
            a = re.sub(r"\$\{(\w+)\}", lambda r: " ".join(variables.get(r.group(1), [])), a)
            values += a.replace(";", " ").split()
        variables[name] = values
        where[name] = "%s:%d" % (rel, line)


def read_table(root):
    """-> (deps, origin): deps maps a node ("engine/core", "web/app", "web" for files directly in web/) to the
    nodes it may include besides itself; origin says where each node was declared."""
    variables, where = {}, {}
    cmakelists = os.path.join(root, "CMakeLists.txt")
    if not os.path.isfile(cmakelists):
        raise TableError("no CMakeLists.txt in %s" % root)
    cmake_sets(cmakelists, "CMakeLists.txt", variables, where)
    web_cmake = []
    for d, subdirs, files in os.walk(os.path.join(root, "web")):
        subdirs[:] = sorted(s for s in subdirs if not s.startswith("."))
        web_cmake += [os.path.join(d, f) for f in sorted(files) if f.endswith(".cmake")]
    for p in web_cmake:
        cmake_sets(p, os.path.relpath(p, root).replace(os.sep, "/"), variables, where)
    if "ATTNLAB_LAYERS" not in variables:
        raise TableError("CMakeLists.txt does not set ATTNLAB_LAYERS (the engine's layers, lowest first)")

    def declared(list_name, deps_prefix):
        names = list(variables.get(list_name, []))
        names += [v[len(deps_prefix):] for v in variables if v.startswith(deps_prefix)
                  and v[len(deps_prefix):] not in names]
        return names

    engine = declared("ATTNLAB_LAYERS", "ATTNLAB_LAYER_DEPS_")
    web = declared("ATTNLAB_WEB_LAYERS", "ATTNLAB_WEB_LAYER_DEPS_")
    deps, origin = {}, {}
    for name in engine:
        var = "ATTNLAB_LAYER_DEPS_" + name
        deps["engine/" + name] = []
        origin["engine/" + name] = where.get(var, where["ATTNLAB_LAYERS"])
        for d in variables.get(var, []):
            if d not in engine:
                raise TableError("%s: %s lists '%s', which is not an engine layer" % (where[var], var, d))
            deps["engine/" + name].append("engine/" + d)

    def web_dep(var, d):
        if d in web and d in engine:
            raise TableError("%s: '%s' is both an engine and a web layer: rename one" % (where[var], d))
        if d in web:
            return "web/" + d
        if d in engine:
            return "engine/" + d
        raise TableError("%s: %s lists '%s', which is neither a web nor an engine layer" % (where[var], var, d))

    for name in web:
        var = "ATTNLAB_WEB_LAYER_DEPS_" + name
        deps["web/" + name] = [web_dep(var, d) for d in variables.get(var, [])]
        origin["web/" + name] = where.get(var, where.get("ATTNLAB_WEB_LAYERS"))
    if "ATTNLAB_WEB_ROOT_DEPS" in variables:
        var = "ATTNLAB_WEB_ROOT_DEPS"
        deps["web"] = [web_dep(var, d) for d in variables[var]]
        origin["web"] = where[var]
    cycle = find_cycle({n: set(ds) for n, ds in deps.items()})
    if cycle:
        raise TableError("the layer table has a cycle: %s (declared at %s)"
                         % (" -> ".join(cycle), ", ".join(origin[n] for n in cycle[:-1])))
    return deps, origin


def closure(deps):
    """node -> the set of nodes it may include: itself and everything below it."""
    allowed = {}

    def visit(n):
        if n not in allowed:
            allowed[n] = {n}
            for d in deps[n]:
                allowed[n] |= visit(d)
        return allowed[n]

    for n in deps:
        visit(n)
    return allowed


# ------------------------------------------------------------------------------------------ graphs

def strongly_connected(graph):
    """Tarjan: the strongly connected components of {node: set(successors)}, each as a sorted list."""
    index, low, stack, on_stack, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


def cycle_in(graph, comp):
    """One cycle through the nodes of a strongly connected component, as [a, b, ..., a]."""
    members = set(comp)
    start = comp[0]
    path, seen = [start], {start}
    while True:
        nxt = sorted(w for w in graph[path[-1]] if w in members)
        back = [w for w in nxt if w == start]
        if back and len(path) > 1:
            return path + [start]
        fresh = [w for w in nxt if w not in seen]
        if not fresh:  # every successor visited: close at the earliest one on the path
            w = min(nxt, key=path.index)
            return path[path.index(w):] + [w]
        path.append(fresh[0])
        seen.add(fresh[0])


def find_cycle(graph):
    for comp in strongly_connected(graph):
        if len(comp) > 1 or comp[0] in graph.get(comp[0], ()):
            return cycle_in(graph, comp)
    return None


# ------------------------------------------------------------------------------------------ the sources

def source_files(root):
    out = []
    for top in SCANNED:
        for d, subdirs, files in os.walk(os.path.join(root, top)):
            subdirs[:] = sorted(s for s in subdirs if not s.startswith("."))
            out += [os.path.join(d, f) for f in sorted(files) if f.endswith(SOURCE_EXTS)]
    return out


def node_of(rel):
    """The table node a file belongs to: engine/<folder>, web/<folder>, or 'engine' / 'web' for files directly
    in those folders; None outside engine/ and web/."""
    parts = rel.split("/")
    if parts[0] not in SCANNED:
        return None
    return parts[0] if len(parts) == 2 else parts[0] + "/" + parts[1]


def resolve(root, rel, bracket, path):
    """The repository path an include names, or None (system, external or generated headers)."""
    candidates = []
    if bracket == '"':
        candidates.append(os.path.join(os.path.dirname(rel), path))
    candidates.append(path)
    for c in candidates:
        c = os.path.normpath(c).replace(os.sep, "/")
        if not c.startswith("../") and os.path.isfile(os.path.join(root, c)):
            return c
    return None


def ui_free(node):
    return any(node == f or node.startswith(f + "/") for f in UI_FREE)


def check(root):
    """-> (violations, files, includes): the problems as printable lines, and what was looked at."""
    deps, origin = read_table(root)
    allowed = closure(deps)
    violations, edges = [], {}
    files = source_files(root)
    n_includes = 0
    for path in files:
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        node = node_of(rel)
        if node not in deps:
            if node == "engine":
                why = "directly in engine/: engine files live in a layer folder (CMakeLists.txt's ATTNLAB_LAYERS)"
            elif node == "web":
                why = ("directly in web/, but no ATTNLAB_WEB_ROOT_DEPS is declared (web/app.cmake): move it into a "
                       "web layer folder")
            else:
                table = "CMakeLists.txt's ATTNLAB_LAYERS" if node.startswith("engine/") else \
                        "ATTNLAB_WEB_LAYERS (web/app.cmake)"
                why = ("in folder %s/, which is not a layer: add it to %s with its deps, or move the file"
                       % (node, table))
            violations.append("%s: %s" % (rel, why))
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        for lineno, line in enumerate(lines, 1):
            m = INCLUDE_RE.match(line)
            if not m:
                continue
            bracket, inc = m.group(1), m.group(2).strip()
            where = "%s:%d" % (rel, lineno)
            if ui_free(node) and UI_RE.search(inc):
                violations.append("%s: includes %s (ImGui/SDL/GL, not allowed in engine/ or web/app/) from layer %s"
                                  % (where, inc, node))
                continue
            target = resolve(root, rel, bracket, inc)
            if target is None:
                if bracket == '"' and inc.split("/")[0] in SCANNED:
                    violations.append("%s: includes %s, which does not exist" % (where, inc))
                continue
            n_includes += 1
            tnode = node_of(target)
            if tnode is None:
                violations.append("%s: includes %s (outside engine/ and web/) from layer %s" % (where, target, node))
                continue
            if tnode != node:
                edges.setdefault(node, {}).setdefault(tnode, where + " includes " + target)
            if node in deps and tnode not in allowed[node]:
                tlayer = "layer " + tnode if tnode in deps else "folder %s, not a layer" % tnode
                violations.append("%s: includes %s (%s) from layer %s" % (where, target, tlayer, node))
    graph = {n: set(ts) for n, ts in edges.items()}
    for comp in strongly_connected(graph):
        if len(comp) > 1:
            cyc = cycle_in(graph, comp)
            how = "; ".join(edges[a][b] for a, b in zip(cyc, cyc[1:]))
            more = ""
            if len(comp) > len(cyc) - 1:
                more = " (and %s all reach each other)" % ", ".join(comp)
            violations.append("cycle between folders %s: %s%s" % (" -> ".join(cyc), how, more))
    return violations, files, n_includes, deps


def describe(deps):
    out = []
    for n in sorted(deps, key=lambda n: (not n.startswith("engine"), n)):
        out.append("%-16s may include %s" % (n, ", ".join(sorted(closure(deps)[n] - {n})) or "(nothing else)"))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the repository (default: the one this script is in)")
    ap.add_argument("--table", action="store_true", help="print the layer table as read from CMake and exit")
    args = ap.parse_args(argv)
    try:
        if args.table:
            print(describe(read_table(args.root)[0]))
            return 0
        violations, files, n_includes, deps = check(args.root)
    except TableError as e:
        print("layers_check: %s" % e, file=sys.stderr)
        return 2
    for v in violations:
        print(v)
    present = sorted({node_of(os.path.relpath(f, args.root).replace(os.sep, "/")) for f in files} & set(deps))
    if violations:
        print("layers_check: %d violation(s) in %d files (layers from CMakeLists.txt and web/*.cmake)"
              % (len(violations), len(files)))
        return 1
    print("layers_check: OK, %d files, %d project includes, all down the layers (%d of %d layers present: %s)"
          % (len(files), n_includes, len(present), len(deps), " ".join(present)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
