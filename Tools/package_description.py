"""The package as SwiftPM describes it, for the tools that read Package.swift."""
import json
import pathlib
import subprocess


def load(saved=None):
    """`swift package describe --type json` of the package in the current folder, or the
    saved copy at `saved`."""
    if saved:
        return json.loads(pathlib.Path(saved).read_text())
    out = subprocess.run(["swift", "package", "describe", "--type", "json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)
