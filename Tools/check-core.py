#!/usr/bin/env python3
"""Checks that the pure core stays pure.

Reads `swift package describe --type json` and fails (exit 1) when the dependency closure
of a pure target holds a C target (system library or C sources) or one of the modules that
touch the machine, or when its sources import the OS or read a clock, the file system or a
socket. Run from the package root; `.ci/run` runs it.

    python3 Tools/check-core.py            # checks Core and the pure modules it uses
    python3 Tools/check-core.py --json describe.json
"""
import argparse
import pathlib
import re
import sys

import package_description

# Targets whose sources are checked line by line; Core's whole closure is checked for C and
# edge modules.
PURE = ["Core", "Templates", "Navigation", "Geo", "JSON", "MapLayers"]
# Modules that reach the machine: devices, drawing, the readers' files, routing's file maps and
# the import, the bridge's socket, the app.
IMPURE = {
    "Board", "Audio", "Canvas", "Rendering", "Readers", "Routing", "MapFile", "Maneuvers", "Contraction", "OSMPBF", "MapImport",
    "Search", "Bridge", "Music",
    "HeadUnit", "POSIX", "Desktop",
}
# What a pure source may not use: the OS, threads, the wall clock, files, sockets.
FORBIDDEN = [
    (re.compile(r"^\s*import\s+(Glibc|Darwin|Dispatch|CoreFoundation|Synchronization|POSIX)\b"),
     "imports an OS module"),
    (re.compile(
        r"^\s*import\s+(Board|Audio|Canvas|Rendering|Readers|Routing|MapFile|Maneuvers|Contraction|OSMPBF|MapImport|Search|Bridge|Music|HeadUnit|Desktop)\b"),
     "imports an edge module"),
    (re.compile(r"\bDate\(\)"), "reads the wall clock (Date())"),
    (re.compile(r"\b(ContinuousClock|SuspendingClock)\b"), "reads a clock"),
    (re.compile(r"\b(FileManager|FileHandle|ProcessInfo|Thread|DispatchQueue)\b"), "touches the process"),
    (re.compile(r"\bData\(contentsOf:"), "reads a file"),
    (re.compile(r"\.write\(to:\s*[^&\s]"), "writes a file"),
]


def closure(targets, name):
    seen, stack = set(), [name]
    while stack:
        current = stack.pop()
        for dep in targets[current].get("target_dependencies") or []:
            if dep not in seen:
                seen.add(dep)
                stack.append(dep)
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="a saved `swift package describe --type json`")
    args = parser.parse_args()
    description = package_description.load(args.json)
    targets = {t["name"]: t for t in description["targets"]}
    problems = []
    if "Core" not in targets:
        problems.append("Core: no such target")
    else:
        for dep in sorted(closure(targets, "Core")):
            if targets[dep].get("module_type") in ("SystemLibraryTarget", "ClangTarget"):
                problems.append(f"Core depends on the C target {dep}")
            elif dep in IMPURE:
                problems.append(f"Core depends on {dep}, which reaches the machine")
    for name in PURE:
        if name not in targets:
            problems.append(f"{name}: no such target")
            continue
        root = pathlib.Path(targets[name]["path"])
        for source in sorted(root.rglob("*.swift")):
            for number, line in enumerate(source.read_text().splitlines(), 1):
                code = line.split("//", 1)[0]
                for pattern, why in FORBIDDEN:
                    if pattern.search(code):
                        problems.append(f"{source}:{number}: {why}: {line.strip()}")
    for problem in problems:
        print(f"check-core: {problem}", file=sys.stderr)
    if problems:
        return 1
    print("check-core: Core's closure has no C or edge module; "
          f"{', '.join(PURE)} use no OS, clock, file or socket")
    return 0


if __name__ == "__main__":
    sys.exit(main())
