#!/usr/bin/env python3
"""Draws the package's module graph as an SVG, from Package.swift.

Reads `swift package describe --type json` (run from the package root), keeps the targets
that ship (libraries, the executable and the C libraries they link), leaves out every arrow
implied by others (A → C → B, not also A → B), and has Graphviz's `dot` lay it out with
each module above what it imports. The README shows the result; regenerate it after
changing Package.swift:

    apt-get install graphviz      # once
    python3 Tools/module-graph.py --out docs/modules.svg
"""
import argparse
import pathlib
import shutil
import subprocess
import sys

import package_description

# What each kind of module is: its colours and its line in the legend.
PURE = {"Geo", "Navigation", "Templates", "Core", "JSON", "MapLayers"}
EDGES = {
    "Board", "Audio", "Canvas", "Rendering", "Readers", "Routing", "MapFile", "Maneuvers", "Contraction", "OSMPBF", "MapImport",
    "Search", "Bridge", "Music",
    "POSIX",
}
KINDS = {
    "pure": ("#dbeafe", "#1d4ed8", "pure core: no I/O, no clock"),
    "edge": ("#ffedd5", "#c2410c", "edges: devices, drawing, files and maps, the OS"),
    "app": ("#dcfce7", "#15803d", "the app and the program"),
    "c": ("#f1f5f9", "#64748b", "C libraries (system-library targets)"),
}


def kind(target):
    if target.get("module_type") in ("SystemLibraryTarget", "ClangTarget"):
        return "c"
    if target["name"] in PURE:
        return "pure"
    if target["name"] in EDGES:
        return "edge"
    return "app"


def reduce(deps):
    """The transitive reduction: drops A → B when B is reachable through another of A's."""
    def reachable(start):
        seen, stack = set(), list(deps[start])
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack.extend(deps[current])
        return seen

    reduced = {}
    for name, direct in deps.items():
        through = set().union(*(reachable(d) for d in direct)) if direct else set()
        reduced[name] = [d for d in direct if d not in through]
    return reduced


def dot_source(description):
    shipped = {t["name"]: t for t in description["targets"]
               if t["type"] != "test" and t["name"] != "TestSupport"}
    deps = reduce({name: [d for d in t.get("target_dependencies") or [] if d in shipped]
                   for name, t in shipped.items()})
    lines = [
        "digraph modules {",
        '  graph [rankdir=TB, nodesep=0.25, ranksep=0.45, fontname="DejaVu Sans"];',
        '  node [shape=box, style="rounded,filled", fontname="DejaVu Sans", fontsize=13,'
        " penwidth=1.5, height=0.4];",
        '  edge [color="#94a3b8", arrowsize=0.7];',
    ]
    for name, t in sorted(shipped.items()):
        fill, stroke, _ = KINDS[kind(t)]
        lines.append(f'  "{name}" [fillcolor="{fill}", color="{stroke}"];')
    for name in sorted(deps):
        for dep in deps[name]:
            lines.append(f'  "{name}" -> "{dep}";')
    lines.append("  subgraph cluster_legend {")
    lines.append('    label=""; color="#e2e8f0"; fontsize=12;')
    for key, (fill, stroke, label) in KINDS.items():
        lines.append(f'    "legend_{key}" [label="{label}", fillcolor="{fill}", color="{stroke}",'
                     " fontsize=11];")
    keys = list(KINDS)
    lines.append("    " + " -> ".join(f'"legend_{k}"' for k in keys) + " [style=invis];")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="a saved `swift package describe --type json`")
    parser.add_argument("--out", default="docs/modules.svg")
    parser.add_argument("--dot", action="store_true", help="print the Graphviz source only")
    args = parser.parse_args()
    description = package_description.load(args.json)
    source = dot_source(description)
    if args.dot:
        sys.stdout.write(source)
        return 0
    if shutil.which("dot") is None:
        print("module-graph: Graphviz's dot is needed: apt-get install graphviz", file=sys.stderr)
        return 1
    svg = subprocess.run(["dot", "-Tsvg"], input=source, check=True, capture_output=True,
                         text=True).stdout
    path = pathlib.Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg)
    print(f"module-graph: written to {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
