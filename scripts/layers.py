#!/usr/bin/env python3
"""layers.py: the calls between files, read from the compiled objects, form no cycle and
never go up a layer (docs/architecture.md, "Layers of the core").

    scripts/layers.py [SOURCE_DIR [BUILD_DIR]]    check the tree (defaults: . and build)
    scripts/layers.py --graph [SOURCE_DIR [BUILD_DIR]]   print every file's calls too

Includes say what a file may call; the objects say what it does call. For each library
below, every source file's object (CMake's BUILD_DIR/CMakeFiles/<target>.dir/<path>.o) is
read with `nm`: the symbols it defines and the ones it leaves undefined. Each undefined
symbol defined by another object of the same library is an edge from file to file. Then:

  - no strongly connected component of more than one file (a call cycle), in any library;
  - in a library with layers (src/core), no edge from a file to a file of a higher layer.

A file's layer is the folder it sits in, below the library's folder (src/core/base/util.c
is in "base"); the folders and their order, lowest first, are MURK_CORE_LAYERS in
CMakeLists.txt, which builds the library from them. A .c file of src/core outside those
folders fails, so a new file is placed on purpose.

Exit 0 when the tree keeps its layers, 1 with one line per broken rule, 2 on usage or when
an object is missing (build first).
"""

import os
import re
import subprocess
import sys

# (library folder, CMake target, the CMakeLists.txt list of its layer folders lowest first;
# None: no layers, only no cycle)
LIBRARIES = [
    ("src/core", "murkcore", "MURK_CORE_LAYERS"),
    ("src/sim", "murksim", None),
]


def cmake_list(src_dir, name):
    """The words of `set(NAME ...)` in CMakeLists.txt: the one place the layers are named."""
    text = open(os.path.join(src_dir, "CMakeLists.txt")).read()
    m = re.search(r"^\s*set\(\s*%s\s+([^)]*)\)" % re.escape(name), text, re.M)
    if not m:
        sys.stderr.write("layers.py: no set(%s ...) in CMakeLists.txt\n" % name)
        sys.exit(2)
    return m.group(1).split()


def symbols(obj):
    """(defined, undefined) global symbol names of one object file."""
    out = subprocess.run(["nm", "-g", obj], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] not in "Uw":
            defined.add(parts[2])
    return defined, undefined


def sources(src_dir, lib):
    """Every .c file of a library folder, relative to SOURCE_DIR, sorted."""
    found = []
    for root, _dirs, files in os.walk(os.path.join(src_dir, lib)):
        for f in files:
            if f.endswith(".c"):
                found.append(os.path.relpath(os.path.join(root, f), src_dir))
    return sorted(found)


def graph(src_dir, build_dir, lib, target, files):
    """{file: {file it calls: [symbols]}} over the objects of a library's files."""
    defined_by, wants = {}, {}
    for rel in files:
        # A file compiled once for all the library's builds is in <target>_objs
        # (CMakeLists.txt, MURK_CORE_VARIANTS).
        obj = os.path.join(build_dir, "CMakeFiles", target + "_objs.dir", rel + ".o")
        if not os.path.exists(obj):
            obj = os.path.join(build_dir, "CMakeFiles", target + ".dir", rel + ".o")
        if not os.path.exists(obj):
            sys.stderr.write("layers.py: no object %s (build first)\n" % obj)
            sys.exit(2)
        defined, undefined = symbols(obj)
        for s in defined:
            defined_by[s] = rel
        wants[rel] = undefined
    edges = {}
    for rel, undefined in wants.items():
        edges[rel] = {}
        for s in sorted(undefined):
            to = defined_by.get(s)
            if to and to != rel:
                edges[rel].setdefault(to, []).append(s)
    return edges


def components(edges):
    """Strongly connected components of more than one node (Tarjan, without recursion)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, {})))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    n = stack.pop()
                    on_stack.discard(n)
                    comp.append(n)
                    if n == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def layer_of(rel, lib, layers):
    """The layer folder of a file (src/core/base/util.c: base), or None."""
    parts = os.path.relpath(rel, lib).split(os.sep)
    if len(parts) == 2 and parts[0] in layers:
        return parts[0]
    return None


def check(src_dir, build_dir, show=False):
    problems = []
    for lib, target, layers_var in LIBRARIES:
        layers = cmake_list(src_dir, layers_var) if layers_var else None
        files = sources(src_dir, lib)
        if layers is not None:
            for f in files:
                if layer_of(f, lib, layers) is None:
                    problems.append(
                        "%s: in no layer (put it in one of %s/{%s})" % (f, lib, ",".join(layers))
                    )
            files = [f for f in files if layer_of(f, lib, layers) is not None]
        edges = graph(src_dir, build_dir, lib, target, files)
        if show:
            for f in sorted(edges):
                for to, syms in sorted(edges[f].items()):
                    print("%s -> %s: %s" % (f, to, " ".join(syms)))
        for comp in components(edges):
            inside = [
                "  %s -> %s (%s)" % (f, to, ", ".join(edges[f][to]))
                for f in comp
                for to in sorted(edges[f])
                if to in comp
            ]
            problems.append(
                "%s: a call cycle of %d files: %s\n%s"
                % (lib, len(comp), " ".join(comp), "\n".join(inside))
            )
        if layers is None:
            continue
        rank = {name: i for i, name in enumerate(layers)}
        for f in sorted(edges):
            lf = layer_of(f, lib, layers)
            for to, syms in sorted(edges[f].items()):
                lt = layer_of(to, lib, layers)
                if lt is not None and rank[lt] > rank[lf]:
                    problems.append(
                        "%s (%s) calls up into %s (%s): %s" % (f, lf, to, lt, ", ".join(syms))
                    )
    return problems


def main(argv):
    show = False
    if argv and argv[0] == "--graph":
        show = True
        argv = argv[1:]
    if len(argv) > 2 or any(a.startswith("-") for a in argv):
        sys.stderr.write("usage: layers.py [--graph] [SOURCE_DIR [BUILD_DIR]]\n")
        return 2
    src_dir = argv[0] if argv else "."
    build_dir = argv[1] if len(argv) > 1 else os.path.join(src_dir, "build")
    problems = check(src_dir, build_dir, show)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
