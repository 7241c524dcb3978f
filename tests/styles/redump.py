#!/usr/bin/env python3
"""redump.py OUTDIR MISSION...: missions as YAML tools rewrite them (tests/cli/yaml_styles.sh).

For each style and mission writes OUTDIR/STYLE/ID.yaml, and OUTDIR/STYLE/ID.bad.yaml where
the map's cell 3,2 is a character found nowhere in the mission (so no legend has it); prints
one line per bad file: PATH LINE:COL CHAR, where the dump wrote that character.

Styles: 'default' (yaml.safe_dump's own choices), 'double', 'single', 'folded', 'literal'
(every text in that style; folded and literal for texts with line feeds) and 'rows' (map
and elevation as lists of rows, the rest as 'default')."""
import copy
import os
import sys

import yaml

STYLES = ("default", "double", "single", "folded", "literal", "rows")


def dumper_for(style):
    class Styled(yaml.SafeDumper):
        pass

    def text(dumper, s):
        if style in ("double", "single"):
            return dumper.represent_scalar("tag:yaml.org,2002:str", s, style='"' if style == "double" else "'")
        if style in ("folded", "literal") and "\n" in s:
            return dumper.represent_scalar("tag:yaml.org,2002:str", s, style=">" if style == "folded" else "|")
        return dumper.represent_str(s)

    Styled.add_representer(str, text)
    return Styled


def dump(doc, style, path):
    doc = copy.deepcopy(doc)
    if style == "rows":
        terrain = doc["terrain"]
        for key in ("map", "elevation"):
            if key in terrain:
                terrain[key] = terrain[key].rstrip("\n").split("\n")
    with open(path, "w", encoding="utf-8") as f:
        yaml.dump(doc, f, Dumper=dumper_for(style), sort_keys=False, allow_unicode=True, width=60)


outdir = sys.argv[1]
for src in sys.argv[2:]:
    ident = os.path.splitext(os.path.basename(src))[0]
    with open(src, encoding="utf-8") as f:
        whole = f.read()
    doc = yaml.safe_load(whole)
    mark = next(c for c in "QZ@$%&!?" if c not in whole)
    bad = copy.deepcopy(doc)
    rows = bad["terrain"]["map"].split("\n")
    rows[2] = rows[2][:3] + mark + rows[2][4:]
    bad["terrain"]["map"] = "\n".join(rows)
    for style in STYLES:
        os.makedirs(os.path.join(outdir, style), exist_ok=True)
        dump(doc, style, os.path.join(outdir, style, ident + ".yaml"))
        path = os.path.join(outdir, style, ident + ".bad.yaml")
        dump(bad, style, path)
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if mark in line:
                    print("%s %d:%d %s" % (path, n, line.index(mark) + 1, mark))
                    break
