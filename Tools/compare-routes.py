#!/usr/bin/env python3
"""Compares route lengths and times between headunit's router and real routing engines.

For each pair of points it asks each engine for a car route and prints a table of route
lengths, with the difference of the first engine (the subject, normally headunit) to each
of the others (the references), and flags a pair whose length is outside max(15 m, 3 %) of
every reference. Then a summary: the share of pairs within that tolerance of at least one
reference (the target is 90 %), failures, and the query time (median and max) per engine,
measured around each HTTP request or subprocess.

Engines (--engines, comma-separated, the first is the subject):
  headunit  `headunit route --from LAT,LON --to LAT,LON --json` (--headunit PATH), or an
            OSRM-compatible HTTP service at --headunit-url
  osrm      osrm-routed: GET /route/v1/driving/LON,LAT;LON,LAT?steps=true&overview=full
            &geometries=polyline6
  valhalla  valhalla_service: POST /route, costing auto, format osrm, banner and voice
            instructions
OSRM's and Valhalla's addresses come from .engines/run/*.json (Deploy/engines-serve start)
unless --osrm-url / --valhalla-url give them.

Pairs: `LAT,LON LAT,LON` per line (from --pairs FILE, or - for stdin; # starts a comment;
a pair may also be separated by `;` or `->`, and lines without a pair, such as headers, are
skipped and counted, so `headunit bench routing --pairs` output can be piped in). By
default, --count pairs (60) of nodes of the extract's drivable ways, at least
--min-distance metres apart as the crow flies, drawn with --seed (1): always the same pairs
for the same extract; with --middle, pairs near the extract's middle instead (what
Deploy/engines draws its test route from). --write-pairs FILE saves the pairs used.

Time (when valhalla is a reference): each route that is not Valhalla's own is re-costed by
Valhalla along its geometry (POST /trace_route, shape_match map_snap, costing auto), and
divided by the time of Valhalla's own best route: the ratio says how much slower the route
is by one cost model, whatever each engine's own time estimate. A ratio under 1 means the
route is faster than Valhalla's by Valhalla's own costs (map matching at the ends, or a route
Valhalla's search missed, such as one where Valhalla ends on a road it makes very slow). A
trace whose matched length is more than 5 % off the route's is left out (shown as —): part
of the route ran where Valhalla matched nothing. The summary gives the share of the traced
pairs within 1.10x.

Exit status: 0 when it ran, whatever it found; with --check, 1 when fewer than 90 % of the
pairs are within tolerance. 2 for a wrong command line or input, or an engine that cannot
be reached at all.

Python standard library only. The extract is read with a small protobuf + zlib reader.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shlex
import statistics
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from protobuf_wire import fields as _fields
from protobuf_wire import packed as _packed
from protobuf_wire import varint as _varint
from protobuf_wire import zigzag as _zigzag

ROOT = Path(__file__).resolve().parent.parent
EXTRACTS = [
    ROOT / "Sources/HeadUnit/Resources/Helsinki/helsinki.osm.pbf",
    ROOT / "Tests/Fixtures/osm/helsinki.osm.pbf",
]
RUN = ROOT / ".engines/run"
TOLERANCE_M = 15.0
TOLERANCE_SHARE = 0.03
TARGET = 0.90
TIME_TOLERANCE = 1.10
ENGINES = ("headunit", "osrm", "valhalla")

# Ways a car may drive on, for the default pairs. Service roads (parking aisles, driveways)
# are left out: where a point on one snaps to is a matter of each engine's taste.
DRIVABLE = {
    "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link",
    "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
    "residential", "living_street",
}
NO_ACCESS = {"no", "private"}


# --- The extract: a minimal OSM PBF reader (dense nodes, nodes and ways) --------------------

def _delta(values: list[int]) -> list[int]:
    out, running = [], 0
    for value in values:
        running += _zigzag(value)
        out.append(running)
    return out


def read_extract(path: Path) -> tuple[dict[int, tuple[float, float]], list[tuple[dict, list[int]]]]:
    """Nodes {id: (lat, lon)} and ways [(tags, node ids)] of an .osm.pbf file."""
    nodes: dict[int, tuple[float, float]] = {}
    ways: list[tuple[dict, list[int]]] = []
    data = path.read_bytes()
    pos = 0
    while pos < len(data):
        (header_size,) = struct.unpack(">I", data[pos:pos + 4])
        pos += 4
        header = dict(_fields(data[pos:pos + header_size]))
        pos += header_size
        blob_size = header[3]
        blob = dict(_fields(data[pos:pos + blob_size]))
        pos += blob_size
        if header[1] != b"OSMData":
            continue
        if 1 in blob:
            raw = blob[1]
        elif 3 in blob:
            raw = zlib.decompress(blob[3])
        else:
            raise ValueError(f"{path}: unsupported blob compression (only raw and zlib)")
        _read_block(raw, nodes, ways)
    return nodes, ways


def _read_block(raw: bytes, nodes: dict, ways: list) -> None:
    strings: list[str] = []
    groups: list[bytes] = []
    granularity, lat_offset, lon_offset = 100, 0, 0
    for number, value in _fields(raw):
        if number == 1:
            strings = [s.decode("utf-8", "replace") for n, s in _fields(value) if n == 1]
        elif number == 2:
            groups.append(value)
        elif number == 17:
            granularity = value
        elif number in (19, 20):  # int64 (two's complement), not zigzag-coded
            offset = value - (1 << 64) if value >= 1 << 63 else value
            if number == 19:
                lat_offset = offset
            else:
                lon_offset = offset

    def coordinate(offset: int, raw_value: int) -> float:
        return (offset + granularity * raw_value) * 1e-9

    for group in groups:
        for number, value in _fields(group):
            if number == 2:  # DenseNodes
                dense = {}
                for n, v in _fields(value):
                    if n in (1, 8, 9):
                        dense[n] = v
                ids = _delta(_packed(dense.get(1, b"")))
                lats = _delta(_packed(dense.get(8, b"")))
                lons = _delta(_packed(dense.get(9, b"")))
                for node_id, lat, lon in zip(ids, lats, lons):
                    nodes[node_id] = (coordinate(lat_offset, lat), coordinate(lon_offset, lon))
            elif number == 1:  # Node
                node = dict(_fields(value))
                nodes[_zigzag(node[1])] = (coordinate(lat_offset, _zigzag(node[8])),
                                           coordinate(lon_offset, _zigzag(node[9])))
            elif number == 3:  # Way
                keys, values, refs = [], [], []
                for n, v in _fields(value):
                    if n == 2:
                        keys = _packed(v)
                    elif n == 3:
                        values = _packed(v)
                    elif n == 8:
                        refs = _delta(_packed(v))
                tags = {strings[k]: strings[v] for k, v in zip(keys, values)}
                ways.append((tags, refs))


def drivable_nodes(path: Path) -> list[tuple[float, float]]:
    nodes, ways = read_extract(path)
    ids: set[int] = set()
    for tags, refs in ways:
        if tags.get("highway") not in DRIVABLE or tags.get("area") == "yes":
            continue
        if any(tags.get(key) in NO_ACCESS for key in ("access", "motor_vehicle", "motorcar")):
            continue
        ids.update(ref for ref in refs if ref in nodes)
    return [nodes[i] for i in sorted(ids)]


def metres(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def sample_pairs(path: Path, count: int, seed: int, min_distance: float):
    points = drivable_nodes(path)
    if len(points) < 2:
        raise InputError(f"{path}: no drivable ways")
    rng = random.Random(seed)
    pairs = []
    for _ in range(count * 1000):
        if len(pairs) == count:
            break
        a, b = rng.sample(points, 2)
        if metres(a, b) >= min_distance:
            pairs.append((round_point(a), round_point(b)))
    return pairs


def middle_pairs(path: Path, count: int, min_distance: float):
    """Up to `count` pairs of nodes of the extract's drivable ways near its middle (the
    median latitude and longitude of those nodes): each starts at one of the nodes nearest
    the middle and ends at the node nearest the middle that is between `min_distance` and
    three times that from the start, as the crow flies. Always the same pairs for the same
    extract; the first are the most central."""
    points = drivable_nodes(path)
    if len(points) < 2:
        raise InputError(f"{path}: no drivable ways")
    middle = (statistics.median(p[0] for p in points), statistics.median(p[1] for p in points))
    central = sorted(points, key=lambda p: metres(p, middle))[:20000]
    pairs = []
    # Starts a few nodes apart, so that one dead end does not spoil every pair.
    for a in central[:count * 25:25]:
        b = next((p for p in central if min_distance <= metres(a, p) <= 3 * min_distance), None)
        if b is not None:
            pairs.append((round_point(a), round_point(b)))
    return pairs


def round_point(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 7), round(p[1], 7))


_NUM = r"([-+]?\d+(?:\.\d+)?)"
PAIR = re.compile(_NUM + r"\s*,\s*" + _NUM + r"\s*(?:\s|;|->|→)\s*" + _NUM + r"\s*,\s*" + _NUM)


def read_pairs(text: str, origin: str):
    """The LAT,LON LAT,LON pairs of a text; other lines (headers, comments) are skipped."""
    pairs, skipped = [], 0
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = PAIR.search(line)
        if not match:
            skipped += 1
            continue
        lat1, lon1, lat2, lon2 = map(float, match.groups())
        for lat, lon in ((lat1, lon1), (lat2, lon2)):
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise InputError(f"{origin}:{number}: {lat},{lon} is not a latitude,longitude")
        pairs.append(((lat1, lon1), (lat2, lon2)))
    if skipped:
        print(f"compare-routes: {origin}: skipped {skipped} line(s) without a "
              "'LAT,LON LAT,LON' pair", file=sys.stderr)
    if not pairs:
        raise InputError(f"{origin}: no 'LAT,LON LAT,LON' pairs")
    return pairs


def point_text(p: tuple[float, float]) -> str:
    return f"{p[0]:.7f},{p[1]:.7f}"


# --- The engines ---------------------------------------------------------------------------

@dataclass
class Answer:
    distance: float | None = None  # metres
    duration: float | None = None  # seconds
    seconds: float = 0.0           # query time
    error: str | None = None
    geometry: str | None = None    # polyline6


class InputError(Exception):
    """Wrong input: reported with exit status 2."""


class EngineUnreachable(Exception):
    pass


def _http_json(request: urllib.request.Request, timeout: float):
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:  # the engines answer "no route" with a 4xx
        body = error.read()
        try:
            return json.loads(body)
        except ValueError:
            return {"code": f"HTTP {error.code}", "message": body[:200].decode("utf-8", "replace")}
    except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
        raise EngineUnreachable(str(getattr(error, "reason", error))) from error


def _first_route(answer: dict, seconds: float) -> Answer:
    routes = answer.get("routes") or []
    if not routes:
        message = answer.get("message") or answer.get("error") or answer.get("code") or "no route"
        return Answer(seconds=seconds, error=str(message))
    return Answer(float(routes[0]["distance"]), float(routes[0].get("duration", "nan")), seconds,
                  geometry=routes[0].get("geometry"))


TRACE_LENGTH_SHARE = 0.05


def trace_valhalla(base: str, geometry: str, length: float, timeout: float) -> float | None:
    """Seconds Valhalla gives for driving along a polyline6 route of `length` metres
    (map-matched), or None when it matched no route or one whose length is more than 5 %
    off (a part of the route only: the rest ran on roads Valhalla does not have)."""
    body = {"encoded_polyline": geometry, "shape_match": "map_snap", "costing": "auto",
            # Route geometries have no points along a straight road: a long gap between two
            # points is still one road, not a break in the trace.
            "trace_options": {"breakage_distance": 10000}, "units": "kilometers"}
    request = urllib.request.Request(f"{base.rstrip('/')}/trace_route",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    answer = _http_json(request, timeout)
    try:
        seconds = float(answer["trip"]["summary"]["time"])
        matched = 1000 * float(answer["trip"]["summary"]["length"])
    except (KeyError, TypeError, ValueError):
        return None
    return seconds if abs(matched - length) <= TRACE_LENGTH_SHARE * length + 20 else None


def query_osrm_http(base: str, a, b, timeout: float) -> Answer:
    url = (f"{base.rstrip('/')}/route/v1/driving/{a[1]},{a[0]};{b[1]},{b[0]}"
           "?steps=true&overview=full&geometries=polyline6")
    t = time.monotonic()
    answer = _http_json(urllib.request.Request(url), timeout)
    return _first_route(answer, time.monotonic() - t)


def query_valhalla(base: str, a, b, timeout: float, language: str) -> Answer:
    body = {"locations": [{"lat": a[0], "lon": a[1]}, {"lat": b[0], "lon": b[1]}],
            "costing": "auto", "format": "osrm", "banner_instructions": True,
            "voice_instructions": True, "language": language, "units": "kilometers"}
    request = urllib.request.Request(f"{base.rstrip('/')}/route", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    t = time.monotonic()
    answer = _http_json(request, timeout)
    return _first_route(answer, time.monotonic() - t)


def query_headunit(command: list[str], a, b, timeout: float, map_file: Path | None) -> Answer:
    argv = command + ["route", "--from", f"{a[0]},{a[1]}", "--to", f"{b[0]},{b[1]}", "--json"]
    if map_file:
        argv += ["--map", str(map_file)]
    t = time.monotonic()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError as error:
        raise EngineUnreachable(f"cannot run {command[0]}: {error.strerror}") from error
    except subprocess.TimeoutExpired:
        return Answer(seconds=time.monotonic() - t, error=f"no answer in {timeout:.0f} s")
    seconds = time.monotonic() - t
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return Answer(seconds=seconds,
                      error=f"exit {done.returncode}: {lines[-1] if lines else ''}".strip())
    try:
        return _first_route(json.loads(done.stdout), seconds)
    except (ValueError, KeyError, TypeError) as error:
        return Answer(seconds=seconds, error=f"unreadable output: {error}")


def engine_url(name: str, given: str | None) -> str:
    if given:
        return given
    state = RUN / f"{name}.json"
    try:
        return json.loads(state.read_text())["url"]
    except (OSError, ValueError, KeyError):
        raise InputError(f"no {name} address: start the engines (Deploy/engines-serve start) "
                         f"or give --{name}-url") from None


# --- Comparing -----------------------------------------------------------------------------

def tolerance(reference: float) -> float:
    return max(TOLERANCE_M, TOLERANCE_SHARE * reference)


@dataclass
class Row:
    a: tuple[float, float]
    b: tuple[float, float]
    answers: dict[str, Answer] = field(default_factory=dict)
    # Valhalla's time along each engine's route over its time along its own best route.
    time_ratios: dict[str, float] = field(default_factory=dict)


def within(subject: Answer, reference: Answer) -> bool | None:
    """None when there is nothing to compare (the reference found no route)."""
    if reference.distance is None:
        return None
    if subject.distance is None:
        return False
    return abs(subject.distance - reference.distance) <= tolerance(reference.distance)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="compare-routes.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--engines", default="headunit,osrm,valhalla",
                        help="comma-separated, the first is compared with the others "
                             "(default: headunit,osrm,valhalla)")
    parser.add_argument("--pairs", metavar="FILE", help="pairs to route ('-' for stdin)")
    parser.add_argument("--pbf", metavar="FILE", type=Path,
                        help="extract to draw pairs from (default: the app's Helsinki extract)")
    parser.add_argument("--count", type=int, default=60, help="pairs to draw (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed for drawing them (default 1)")
    parser.add_argument("--min-distance", type=float, default=300, metavar="M",
                        help="least crow-flies distance of a drawn pair (default 300 m)")
    parser.add_argument("--middle", action="store_true",
                        help="draw the pairs near the extract's middle instead of anywhere "
                             "(for a test route: Deploy/engines)")
    parser.add_argument("--write-pairs", metavar="FILE", help="save the pairs used")
    parser.add_argument("--print-pairs", action="store_true",
                        help="print the pairs (LAT,LON LAT,LON per line) and exit")
    parser.add_argument("--map", metavar="FILE", type=Path,
                        help="headunit's map file (headunit route --map; default: its own)")
    parser.add_argument("--headunit", default=str(ROOT / ".build/release/headunit"),
                        metavar="PATH",
                        help="the headunit executable, or a command line "
                             "(default: .build/release/headunit)")
    parser.add_argument("--headunit-url", metavar="URL",
                        help="query headunit as an OSRM-compatible HTTP service instead")
    parser.add_argument("--osrm-url", metavar="URL")
    parser.add_argument("--valhalla-url", metavar="URL")
    parser.add_argument("--language", default="en-US", help="Valhalla's language (default en-US)")
    parser.add_argument("--timeout", type=float, default=30, metavar="S",
                        help="seconds per query (default 30)")
    parser.add_argument("--json", metavar="FILE", help="also write every result and the summary")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 when under {TARGET * 100:.0f} %% of the pairs are within "
                             "tolerance")
    args = parser.parse_args(argv)

    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown or len(engines) < 2 or len(set(engines)) != len(engines):
        parser.error(f"--engines: two or more of {', '.join(ENGINES)}, each once")
    subject, references = engines[0], engines[1:]

    if args.pairs:
        if args.pairs == "-":
            pairs = read_pairs(sys.stdin.read(), "stdin")
        else:
            try:
                pairs = read_pairs(Path(args.pairs).read_text(), args.pairs)
            except OSError as error:
                parser.error(f"--pairs: {error.strerror}: {args.pairs}")
        source = args.pairs if args.pairs != "-" else "stdin"
    else:
        pbf = args.pbf or next((p for p in EXTRACTS if p.exists()), None)
        if pbf is None or not pbf.exists():
            parser.error(f"no extract: give --pbf or --pairs (looked for {EXTRACTS[0]})")
        if args.middle:
            pairs = middle_pairs(pbf, args.count, args.min_distance)
        else:
            pairs = sample_pairs(pbf, args.count, args.seed, args.min_distance)
        try:
            shown = pbf.resolve().relative_to(ROOT)
        except ValueError:
            shown = pbf
        drawn = "near its middle" if args.middle else f"seed {args.seed}"
        source = f"{len(pairs)} pairs drawn from {shown} ({drawn}, " \
                 f">= {args.min_distance:.0f} m apart)"
    if not pairs:
        parser.error("no pairs")
    if args.write_pairs:
        Path(args.write_pairs).write_text(
            "".join(f"{a[0]},{a[1]} {b[0]},{b[1]}\n" for a, b in pairs))
    if args.print_pairs:
        print("".join(f"{a[0]},{a[1]} {b[0]},{b[1]}\n" for a, b in pairs), end="")
        return 0

    queries = {}
    for engine in engines:
        if engine == "osrm":
            url = engine_url("osrm", args.osrm_url)
            queries[engine] = (url, lambda a, b, u=url: query_osrm_http(u, a, b, args.timeout))
        elif engine == "valhalla":
            url = engine_url("valhalla", args.valhalla_url)
            queries[engine] = (url, lambda a, b, u=url: query_valhalla(
                u, a, b, args.timeout, args.language))
        elif args.headunit_url:
            url = args.headunit_url
            queries[engine] = (url, lambda a, b, u=url: query_osrm_http(u, a, b, args.timeout))
        else:
            command = shlex.split(args.headunit)
            if not command:
                parser.error("--headunit: empty")
            shown_command = " ".join(command) + " route" + (f" --map {args.map}" if args.map else "")
            queries[engine] = (shown_command, lambda a, b, c=command:
                               query_headunit(c, a, b, args.timeout, args.map))
    timed = [e for e in engines if e != "valhalla"] if "valhalla" in references else []

    print(f"pairs: {source}")
    for engine in engines:
        print(f"{engine}: {queries[engine][0]}")
    print(f"tolerance: max({TOLERANCE_M:.0f} m, {TOLERANCE_SHARE:.0%}) of the reference; "
          f"{subject} is compared with {', '.join(references)}")
    print()

    header = (f"{'#':>3}  {'from':<21} {'to':<21}"
              + "".join(f" {e + ' m':>11}" for e in engines)
              + "".join(f" {'Δ% ' + r:>12}" for r in references)
              + "".join(f" {'t× ' + e:>12}" for e in timed) + "  ")
    print(header)
    rows: list[Row] = []
    for index, (a, b) in enumerate(pairs, 1):
        row = Row(a, b)
        for engine in engines:
            try:
                row.answers[engine] = queries[engine][1](a, b)
            except EngineUnreachable as error:
                print(f"compare-routes: {engine} at {queries[engine][0]} cannot be reached: "
                      f"{error}", file=sys.stderr)
                return 2
        rows.append(row)
        s = row.answers[subject]
        cells = []
        for engine in engines:
            d = row.answers[engine].distance
            cells.append(f" {d:>11.0f}" if d is not None else f" {'—':>11}")
        deltas, verdicts = [], []
        for reference in references:
            r = row.answers[reference]
            verdicts.append(within(s, r))
            if s.distance is not None and r.distance:
                deltas.append(f" {100 * (s.distance - r.distance) / r.distance:>+12.1f}")
            else:
                deltas.append(f" {'—':>12}")
        valhalla = row.answers.get("valhalla")
        for engine in timed:
            answer = row.answers[engine]
            if valhalla and valhalla.duration and answer.geometry and answer.distance:
                traced = trace_valhalla(queries["valhalla"][0], answer.geometry,
                                        answer.distance, args.timeout)
                if traced is not None:
                    row.time_ratios[engine] = traced / valhalla.duration
        ratios = [f" {row.time_ratios[e]:>12.3f}" if e in row.time_ratios else f" {'—':>12}"
                  for e in timed]
        compared = [v for v in verdicts if v is not None]
        flag = "" if not compared else ("" if any(compared) else "  OUTSIDE")
        if not compared:
            flag = "  (no reference route)"
        errors = [f"{e}: {row.answers[e].error}" for e in engines if row.answers[e].error]
        note = ("  " + "; ".join(errors)) if errors else ""
        print(f"{index:>3}  {point_text(a):<21} {point_text(b):<21}"
              + "".join(cells) + "".join(deltas) + "".join(ratios) + flag + note, flush=True)

    # Summary.
    print()
    compared_rows = [r for r in rows
                     if any(within(r.answers[subject], r.answers[x]) is not None
                            for x in references)]
    ok_any = [r for r in compared_rows
              if any(within(r.answers[subject], r.answers[x]) for x in references)]
    share = len(ok_any) / len(compared_rows) if compared_rows else 0.0
    summary = {"subject": subject, "references": references, "pairs": len(rows),
               "compared": len(compared_rows), "within_any": len(ok_any), "share": share,
               "target": TARGET, "within": {}, "failures": {}, "query_ms": {}}
    print(f"pairs: {len(rows)}; compared (a reference found a route): {len(compared_rows)}")
    for reference in references:
        verdicts = [within(r.answers[subject], r.answers[reference]) for r in rows]
        counted = [v for v in verdicts if v is not None]
        ok = sum(1 for v in counted if v)
        summary["within"][reference] = ok
        if counted and len(references) > 1:
            print(f"{subject} within tolerance of {reference}: {ok}/{len(counted)} "
                  f"({ok / len(counted):.0%})")
        deltas = sorted(abs(r.answers[subject].distance - r.answers[reference].distance)
                        / r.answers[reference].distance for r in rows
                        if r.answers[subject].distance is not None
                        and r.answers[reference].distance)
        if deltas:
            print(f"  |Δ| vs {reference}: median {statistics.median(deltas):.1%}, "
                  f"90th percentile {deltas[min(len(deltas) - 1, int(0.9 * len(deltas)))]:.1%}, "
                  f"max {deltas[-1]:.1%}")
    print(f"{subject} within tolerance of {' or '.join(references)}: {len(ok_any)}/"
          f"{len(compared_rows)} ({share:.0%}; target ≥ {TARGET:.0%})")
    summary["time"] = {}
    for engine in timed:
        ratios = sorted(r.time_ratios[engine] for r in rows if engine in r.time_ratios)
        if not ratios:
            continue
        ok = sum(1 for x in ratios if x <= TIME_TOLERANCE)
        summary["time"][engine] = {"traced": len(ratios), "within": ok,
                                   "median": statistics.median(ratios), "max": ratios[-1]}
        print(f"{engine} time by Valhalla's costs / Valhalla's best: within "
              f"{TIME_TOLERANCE:.2f}x {ok}/{len(ratios)} ({ok / len(ratios):.0%}), "
              f"median {statistics.median(ratios):.3f}, max {ratios[-1]:.3f}")
    for engine in engines:
        failed = [r for r in rows if r.answers[engine].error]
        summary["failures"][engine] = len(failed)
        if failed:
            print(f"{engine}: no route for {len(failed)} pair(s)")
    print("query time:")
    for engine in engines:
        times = [1000 * r.answers[engine].seconds for r in rows]
        summary["query_ms"][engine] = {"median": statistics.median(times), "max": max(times)}
        print(f"  {engine:<9} median {statistics.median(times):7.1f} ms   "
              f"max {max(times):7.1f} ms   ({len(times)} queries)")

    if args.json:
        report = {"summary": summary, "pairs": [
            {"from": list(r.a), "to": list(r.b),
             **{e: {"distance": r.answers[e].distance, "duration": r.answers[e].duration,
                    "ms": round(1000 * r.answers[e].seconds, 2), "error": r.answers[e].error,
                    "time_ratio": r.time_ratios.get(e)}
                for e in engines}} for r in rows]}
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")

    if args.check and share < TARGET:
        print(f"check: {share:.0%} within tolerance, under {TARGET:.0%}")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (InputError, OSError, ValueError) as error:
        print(f"compare-routes: {error}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        os._exit(0)
