#!/usr/bin/env python3
"""Writes the fuzzers' text seeds under Fuzz/corpus/TARGET/ from the repository's own files.

Seeds are cut short (a few dozen lines, a few route steps), because libFuzzer mutates small
inputs far faster than large ones and the coverage is the same. The other seeds are kept
as they were written once from the tests' own builders, and this script leaves them alone:
pbf/ holds `SyntheticNetwork.encoder`'s extract (dense and compressed; plain and raw),
map/ the map `SyntheticNetwork.builder` builds and `AddressFileTests.data()`'s (addresses), trip/ `TripStore.encode` of a trip along
route/helsinki-1.json (with and without progress), fleet-queue/ `FleetQueueFile.encode` of a
queue of two reports (one with every field, one with a field become unknown) and of none.

Usage: Fuzz/make-corpus.py
"""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "corpus"
HELSINKI = ROOT / "Sources" / "HeadUnit" / "Resources" / "Helsinki"
FIXTURES = ROOT / "Tests" / "Fixtures"


def write(target: str, name: str, data: bytes) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def head(path: Path, lines: int) -> bytes:
    return b"".join(path.read_bytes().splitlines(keepends=True)[:lines])


def nmea() -> None:
    for kind in ("clean", "noisy", "outage", "wrongturn"):
        write("nmea", f"helsinki-1-{kind}.nmea", head(HELSINKI / f"helsinki-1-{kind}.nmea", 24))
    write("nmea", "bad-lines.nmea", (FIXTURES / "malformed" / "bad-lines.nmea").read_bytes())


def gpsd() -> None:
    log = FIXTURES / "gpsd" / "helsinki-1-head.json"
    write("gpsd", "helsinki-1-head.json", head(log, 12))
    # One seed per class of line, so the fuzzer meets each alone too.
    seen = set()
    for line in log.read_bytes().splitlines(keepends=True):
        kind = json.loads(line).get("class")
        if kind not in seen:
            seen.add(kind)
            write("gpsd", f"{kind.lower()}.json", line)


def short_route(path: Path, steps: int) -> bytes:
    answer = json.loads(path.read_text())
    route = answer["routes"][0]
    leg = route["legs"][0]
    leg["steps"] = leg["steps"][:steps] + leg["steps"][-1:]
    answer["routes"] = [route]
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode()


def routes() -> None:
    for n in (1, 2):
        write("route", f"helsinki-{n}.json", short_route(HELSINKI / f"helsinki-{n}.json", 3))
    write("route", "truncated-route.json", (FIXTURES / "malformed" / "truncated-route.json").read_bytes())
    write("route", "helsinki-4-route.gpx", (FIXTURES / "gpx" / "helsinki-4-route.gpx").read_bytes())


def gpx() -> None:
    write("gpx", "helsinki-4-route.gpx", (FIXTURES / "gpx" / "helsinki-4-route.gpx").read_bytes())
    track = (FIXTURES / "gpx" / "helsinki-1-head.gpx").read_text()
    # The first dozen track points, closed as the file closes them.
    points = list(re.finditer(r"<trkpt\b.*?</trkpt>\s*", track, re.S))
    if len(points) > 12:
        track = track[: points[12].start()] + track[points[-1].end():]
    write("gpx", "helsinki-1-head.gpx", track.encode())


def config() -> None:
    for name in ("config.example.json", "board.example.json"):
        write("config", name, (ROOT / "Deploy" / name).read_bytes())
    write("config", "empty.json", b"{}")


def evemu() -> None:
    # The touch recordings the tests replay, whole: they are a few kilobytes.
    for path in sorted((FIXTURES / "touch").glob("*.evemu")):
        write("evemu", path.name, path.read_bytes())


def bridge() -> None:
    # Every request line the bridge tests send, one seed per test file and one per line.
    lines = []
    for path in sorted((ROOT / "Tests" / "HeadUnitTests").glob("Bridge*.swift")):
        for match in re.finditer(r'#"(\{"type":.*?\})"#', path.read_text()):
            if match.group(1) not in lines:
                lines.append(match.group(1))
    hello = '{"type":"hello","id":1,"version":1,"app":"fuzz"}'
    for i, line in enumerate(lines):
        write("bridge", f"line-{i:02}.jsonl", f"{hello}\n{line}\n".encode())
    write("bridge", "session.jsonl", ("\n".join([hello] + lines) + "\n").encode())


if __name__ == "__main__":
    nmea()
    gpsd()
    routes()
    gpx()
    config()
    evemu()
    bridge()
