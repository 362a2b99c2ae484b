#!/usr/bin/env python3
"""Checks OwnTracks location messages against owntracks-location.schema.json.

Usage: owntracks_check.py [FILE]   (one JSON message a line; standard input without FILE)
Validates each line with the `jsonschema` package (Debian's python3-jsonschema, draft
2020-12). Prints "ok N" and exits 0 when every message conforms; otherwise prints one line
per breach, "line L: PATH: REASON" with PATH a JSON path such as $.vel, and exits 1.
"""

import json
import os
import sys

from jsonschema import Draft202012Validator

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "owntracks-location.schema.json")


def main():
    with open(SCHEMA, encoding="utf-8") as file:
        schema = json.load(file)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    breaches = []
    count = 0
    source = open(sys.argv[1], encoding="utf-8") if len(sys.argv) > 1 else sys.stdin
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        count += 1
        try:
            message = json.loads(line)
        except ValueError as error:
            breaches.append("line %d: $: not JSON: %s" % (number, error))
            continue
        for error in sorted(validator.iter_errors(message), key=lambda e: list(e.path)):
            path = "$" + "".join(
                "[%d]" % part if isinstance(part, int) else ".%s" % part for part in error.path)
            breaches.append("line %d: %s: %s" % (number, path, error.message))
    if breaches:
        print("\n".join(breaches))
        return 1
    print("ok %d" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
