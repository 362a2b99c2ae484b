#!/usr/bin/env python3
"""Composes real OpenStreetMap extracts into one synthetic country-sized PBF for scale tests.

This is a simulation, not a map: copies ("towns") of real town street networks placed on a
lattice and joined by trunk roads. Its point is how the cost of importing and routing grows
with the size of the map (people import their whole country: 3-10 million road edges), not
realism between the towns. Inside each copy the streets are the real ones, with all their
tags (oneway, access, maxspeed, destination, lanes, ...), their turn restrictions, addresses
and places.

    Deploy/tools    # once: a venv at .tools/venv with the pinned pyosmium
    .tools/venv/bin/python Tools/compose-region.py --size 300k --out /tmp/region-300k.osm.pbf

Sources: by default the real extracts in Tests/Fixtures/osm/ (andorra, monaco,
north-bayreuth, krems, harrisburg, helsinki; not the clips cut from two of them, nor
composed-*.osm.pbf), plus any given with --source FILE (repeatable; --only: just those).
Each source is read once into compact arrays; the copies are then streamed out.

The lattice: square cells as large as the largest source plus a gap (--gap, 3 km), rows
going north from 47 N 8 E, columns going east; each cell's width in longitude follows the
latitude of its row, and a copy keeps its size in metres (its east-west offsets are scaled
by the cosine of its new latitude). Each copy gets fresh ids for every node, way and
relation (the copies' id ranges follow one another, the trunk roads' come last).

What a copy keeps: every highway way (all tags), the nodes they reference (with their tags:
signals, barriers, motorway junctions), turn restrictions (type=restriction, members
remapped; one whose members are not all kept is dropped), nodes and ways with addr:* tags
(addresses, buildings with addresses, addr:interpolation ways), place nodes; with --areas
also multipolygon relations (and their member ways) and area ways (natural, landuse, water,
waterway, building; not natural=coastline ways, which out of place would make a sea of the
lattice). addr:city, addr:place and the names of place nodes get the copy's number:
"Helsinki" becomes "Helsinki 7" in copy 7, so that a search sees distinct towns.

The trunk roads: one two-way way (highway=trunk, ref "T n", maxspeed=100, lanes=2) from
each copy to its right and upper neighbours on the lattice, with nodes every ~300 m. Each
end is a node of the copy's own road network, shared with the trunk way: of the largest
strongly connected component of the roads of classes motorway...residential/unclassified
(and links; oneway respected, access=no/private left out), the node nearest to the middle
of the side facing the neighbour (not on a motorway or its link).

Road edges (the target of --size/--edges), approximately as the project counts them: for
each drivable highway way (motorway, trunk, primary, secondary, tertiary, unclassified,
residential, living_street, service and their _link forms), the segments between
consecutive way nodes that are junctions (on two drivable ways, or twice on one) or ends,
times 2 for a two-way way, 1 for a oneway; plus 2 per trunk road (and the way it splits
at each end). Copies are added, cycling through the sources in an order shuffled per round
by --seed, until the target is reached (a copy that would overshoot the target by more than
it fills is skipped for a smaller one). `headunit maps import` counts about 7 % fewer edges
than this (small: 27.9k for 30.1k; 300k: 280k; 1.5m: 1.41m; 5m: 4.67m).

Sizes and costs measured on 2 cores: small 9 copies, 1.2 MB, 3 s; 300k 79 copies, 11 MB,
9 s; 1.5m 395 copies, 55 MB, 34 s; 5m 1308 copies (a 36 x 37 lattice up to ~59 N), 182 MB,
95 s, 145 MB peak memory.

Output: all nodes, then all ways, then all relations, each ascending by id, with the
bounding box of the cells used in the header. The same arguments give the same bytes.

Map data (c) OpenStreetMap contributors, under the Open Database License 1.0 (ODbL): the
output is derived from OpenStreetMap data and says so in its header (writingprogram).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "Fixtures" / "osm"
DEFAULT_SOURCES = ["andorra", "monaco", "north-bayreuth", "krems", "harrisburg", "helsinki"]
SIZES = {"small": 30_000, "300k": 300_000, "1.5m": 1_500_000, "5m": 5_000_000}
ATTRIBUTION = ("data derived from OpenStreetMap, (c) OpenStreetMap contributors, "
               "ODbL 1.0 (https://www.openstreetmap.org/copyright)")
GENERATOR = f"headunit compose-region; synthetic region of copies of real towns; {ATTRIBUTION}"

ORIGIN_LAT, ORIGIN_LON = 47.0, 8.0
M_PER_DEG = 111_320.0  # metres per degree of latitude (and of longitude at the equator)

MAIN_CLASSES = {"motorway", "trunk", "primary", "secondary", "tertiary", "unclassified",
                "residential", "motorway_link", "trunk_link", "primary_link",
                "secondary_link", "tertiary_link"}
DRIVABLE = MAIN_CLASSES | {"living_street", "service"}
NO_JOIN = {"motorway", "motorway_link"}
AREA_KEYS = ("natural", "landuse", "water", "waterway", "building")
CLOSED = {"no", "private"}


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def oneway_of(tags: dict) -> int:
    """1 forward only, -1 backward only, 0 both ways."""
    value = tags.get("oneway", "")
    if value in ("yes", "true", "1"):
        return 1
    if value in ("-1", "reverse"):
        return -1
    if value == "no":
        return 0
    if tags.get("highway") == "motorway" or tags.get("junction") in ("roundabout", "circular"):
        return 1
    return 0


def is_closed(tags: dict) -> bool:
    keys = ("access", "vehicle", "motor_vehicle", "motorcar")
    return any(tags.get(key) in CLOSED for key in keys)


class Source:
    """One extract, read once: its kept nodes, ways and relations as compact arrays."""

    def __init__(self, path: Path, areas: bool):
        import osmium

        self.path = path
        self.name = path.name.removesuffix(".osm.pbf").removesuffix(".pbf")
        node_ids: list[int] = []
        node_lat: list[int] = []
        node_lon: list[int] = []
        node_tags: dict[int, dict] = {}
        ways: list[tuple[int, list[int], dict]] = []
        relations: list[tuple[int, list[tuple[str, int, str]], dict]] = []
        for obj in osmium.FileProcessor(str(path)):
            if obj.is_node():
                if not obj.location.valid():
                    continue
                node_ids.append(obj.id)
                node_lat.append(obj.location.y)  # 1e-7 degrees
                node_lon.append(obj.location.x)
                if len(obj.tags):
                    node_tags[obj.id] = dict(obj.tags)
            elif obj.is_way():
                ways.append((obj.id, [n.ref for n in obj.nodes], dict(obj.tags)))
            elif obj.is_relation():
                relations.append((obj.id, [(m.type, m.ref, m.role) for m in obj.members],
                                  dict(obj.tags)))
        location = {nid: i for i, nid in enumerate(node_ids)}

        # Which relations and ways stay.
        way_by_id = {w[0]: w for w in ways}
        keep_way: set[int] = set()
        for wid, refs, tags in ways:
            if "highway" in tags or any(k.startswith("addr:") for k in tags):
                keep_way.add(wid)
            elif areas and any(k in tags for k in AREA_KEYS) and tags.get("natural") != "coastline":
                # Not a coastline: out of its place, an importer would close it along the
                # whole region's box into a sea over the other towns.
                keep_way.add(wid)
        kept_relations = []
        for rid, members, tags in relations:
            kind = tags.get("type")
            if kind == "restriction":
                pass
            elif areas and kind == "multipolygon":
                if all(t == "w" and ref in way_by_id for t, ref, _ in members):
                    keep_way.update(ref for _, ref, _ in members)
            else:
                continue
            kept_relations.append((rid, members, tags))

        # Kept ways reference only nodes there are (a clipped way loses its missing nodes).
        kept_ways = []
        for wid, refs, tags in ways:
            if wid not in keep_way:
                continue
            refs = [r for r in refs if r in location]
            if len(refs) >= 2:
                kept_ways.append((wid, refs, tags))
        kept_ways.sort()
        keep_node = set()
        for _, refs, _ in kept_ways:
            keep_node.update(refs)
        for nid, tags in node_tags.items():
            if "place" in tags or any(k.startswith("addr:") for k in tags):
                keep_node.add(nid)

        # Compact arrays, in the order of the source's ids (so of the copies' new ids).
        order = sorted(keep_node)
        self.node_index = {nid: i for i, nid in enumerate(order)}
        self.lat = [node_lat[location[nid]] / 1e7 for nid in order]
        self.lon = [node_lon[location[nid]] / 1e7 for nid in order]
        # index -> (tags as a list of pairs, positions of the values a copy renames)
        self.tags: dict[int, tuple[list, list[int]]] = {}
        for i, nid in enumerate(order):
            tags = node_tags.get(nid)
            if tags:
                self.tags[i] = renamable(tags, "place" in tags)
        self.way_index = {wid: i for i, (wid, _, _) in enumerate(kept_ways)}
        self.way_refs = [[self.node_index[r] for r in refs] for _, refs, _ in kept_ways]
        self.way_tags = [renamable(tags, False) for _, _, tags in kept_ways]
        self.relations = []
        for rid, members, tags in sorted(kept_relations):
            remapped = []
            for t, ref, role in members:
                index = self.way_index.get(ref) if t == "w" else (
                    self.node_index.get(ref) if t == "n" else None)
                if index is None:
                    break
                remapped.append((t, index, role))
            else:
                self.relations.append((remapped, list(tags.items())))

        self.place_extent()
        self.count_edges(kept_ways)
        self.find_joints(kept_ways)

    def place_extent(self) -> None:
        """Local metres around the centre of the bounding box of the kept nodes."""
        if not self.lat:
            raise ValueError("no roads, addresses or places")
        south, north, west, east = min(self.lat), max(self.lat), min(self.lon), max(self.lon)
        self.centre = ((south + north) / 2, (west + east) / 2)
        scale = math.cos(math.radians(self.centre[0]))
        self.y = [(la - self.centre[0]) * M_PER_DEG for la in self.lat]
        self.x = [(lo - self.centre[1]) * M_PER_DEG * scale for lo in self.lon]
        self.width = (east - west) * M_PER_DEG * scale
        self.height = (north - south) * M_PER_DEG

    def count_edges(self, kept_ways) -> None:
        uses: dict[int, int] = {}
        drivable = []
        for (_, _, tags), refs in zip(kept_ways, self.way_refs):
            if tags.get("highway") in DRIVABLE and tags.get("area") != "yes":
                drivable.append((refs, tags))
                for r in refs:
                    uses[r] = uses.get(r, 0) + 1
        edges = 0
        for refs, tags in drivable:
            breaks = sum(1 for r in refs[1:-1] if uses[r] >= 2) + 1
            edges += breaks * (1 if oneway_of(tags) else 2)
        self.edges = edges
        self.junctions = uses

    def find_joints(self, kept_ways) -> None:
        """Per side (E, W, N, S): a well-connected road node nearest to its middle."""
        successors: dict[int, list[int]] = {}
        joinable: set[int] = set()
        for (_, _, tags), refs in zip(kept_ways, self.way_refs):
            highway = tags.get("highway")
            if highway not in MAIN_CLASSES or is_closed(tags) or tags.get("area") == "yes":
                continue
            direction = oneway_of(tags)
            for a, b in zip(refs, refs[1:]):
                if direction >= 0:
                    successors.setdefault(a, []).append(b)
                if direction <= 0:
                    successors.setdefault(b, []).append(a)
                successors.setdefault(a, [])
                successors.setdefault(b, [])
            if highway not in NO_JOIN:
                joinable.update(refs)
        component = largest_scc(successors)
        candidates = sorted(n for n in component if n in joinable) or sorted(component)
        if not candidates:
            raise ValueError("no connected roads of classes motorway...residential")
        half_w, half_h = self.width / 2, self.height / 2
        targets = {"E": (half_w, 0.0), "W": (-half_w, 0.0), "N": (0.0, half_h), "S": (0.0, -half_h)}
        self.joints = {}
        for side, (tx, ty) in targets.items():
            self.joints[side] = min(
                candidates, key=lambda n: ((self.x[n] - tx) ** 2 + (self.y[n] - ty) ** 2, n))
        self.component_size = len(component)


def renamable(tags: dict, place: bool) -> tuple[list, list[int]]:
    pairs = list(tags.items())
    rename = [i for i, (k, _) in enumerate(pairs)
              if k in ("addr:city", "addr:place")
              or (place and (k == "name" or k.startswith("name:")))]
    return pairs, rename


def largest_scc(successors: dict[int, list[int]]) -> set[int]:
    """The largest strongly connected component (iterative Tarjan; ties: the lowest node)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    best: list[int] = []
    counter = 0
    for root in sorted(successors):
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, i = work[-1]
            nexts = successors[node]
            if i < len(nexts):
                work[-1] = (node, i + 1)
                succ = nexts[i]
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, 0))
                elif succ in on_stack:
                    low[node] = min(low[node], index[succ])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > len(best) or (
                        len(members) == len(best) and min(members) < min(best)):
                    best = members
    return set(best)


class Copy:
    def __init__(self, number: int, source: Source, row: int, col: int):
        self.number = number  # 1-based, in the names
        self.source = source
        self.row, self.col = row, col


def plan(sources: list[Source], target: int, seed: int, gap: float):
    """The copies (which source in which cell) and the trunk roads between them."""
    rng = random.Random(seed)
    picks: list[Source] = []
    edges = 0
    while edges < target:
        order = list(sources)
        rng.shuffle(order)
        for source in order:
            if edges >= target:
                break
            # A copy that would overshoot by more than it fills is left for a smaller one.
            if picks and edges + source.edges - target > target - edges and \
                    any(edges + s.edges <= target for s in sources if s is not source):
                continue
            picks.append(source)
            edges += source.edges + 8  # ~2 trunk roads per copy
    cols = max(1, math.ceil(math.sqrt(len(picks))))
    cell = max(max(s.width, s.height) for s in sources) + gap
    copies = [Copy(i + 1, s, i // cols, i % cols) for i, s in enumerate(picks)]
    return copies, cols, cell


def cell_centre(row: int, col: int, cell: float) -> tuple[float, float]:
    lat = ORIGIN_LAT + (row + 0.5) * cell / M_PER_DEG
    lon = ORIGIN_LON + (col + 0.5) * cell / (M_PER_DEG * math.cos(math.radians(lat)))
    return lat, lon


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Compose copies of real OSM extracts on a lattice, joined by trunk roads, "
                    "into one country-sized PBF for scale tests (a simulation).",
        epilog=f"The output is {ATTRIBUTION}.")
    parser.add_argument("--size", choices=list(SIZES), help="target road edges: small ~30k, "
                        "300k, 1.5m, 5m")
    parser.add_argument("--edges", type=int, help="target road edges (instead of --size)")
    parser.add_argument("--source", action="append", default=[], metavar="FILE",
                        help="another extract to copy (repeatable)")
    parser.add_argument("--only", action="store_true", help="only the --source extracts")
    parser.add_argument("--areas", action="store_true",
                        help="also multipolygons and area ways (natural, landuse, water, building)")
    parser.add_argument("--seed", type=int, default=1, help="the order of the copies (default 1)")
    parser.add_argument("--gap", type=float, default=3000.0,
                        help="metres between the cells of the lattice (default 3000)")
    parser.add_argument("--out", required=True, metavar="FILE.osm.pbf")
    args = parser.parse_args()
    if (args.size is None) == (args.edges is None):
        parser.error(f"give one of --size ({'|'.join(SIZES)}) or --edges N")
    target = SIZES[args.size] if args.size else args.edges
    if target <= 0:
        parser.error("--edges must be positive")

    paths = [] if args.only else [FIXTURES / f"{name}.osm.pbf" for name in DEFAULT_SOURCES]
    paths += [Path(p) for p in args.source]
    if not paths:
        parser.error("no sources: --only needs --source FILE")
    for path in paths:
        if not path.is_file() or not os.access(path, os.R_OK):
            print(f"compose-region: cannot read source {path}", file=sys.stderr)
            return 2
    try:
        import osmium
        from osmium.osm.mutable import Node, Relation, Way
    except ImportError:
        print("compose-region: pyosmium is missing: run Deploy/tools, then "
              ".tools/venv/bin/python Tools/compose-region.py ...", file=sys.stderr)
        return 2

    started = time.monotonic()
    sources = []
    for path in paths:
        try:
            source = Source(path, args.areas)
        except (RuntimeError, ValueError) as error:
            print(f"compose-region: cannot use source {path}: {error}", file=sys.stderr)
            return 2
        log(f"source {source.name}: {len(source.lat)} nodes, {len(source.way_refs)} ways, "
            f"{len(source.relations)} relations, ~{source.edges} road edges, "
            f"{source.width / 1000:.1f} x {source.height / 1000:.1f} km, "
            f"main road component {source.component_size} nodes")
        sources.append(source)

    copies, cols, cell = plan(sources, target, args.seed, args.gap)
    rows = math.ceil(len(copies) / cols)
    log(f"plan: {len(copies)} copies on a {rows} x {cols} lattice of {cell / 1000:.1f} km cells "
        f"(read in {time.monotonic() - started:.1f} s)")

    # Id ranges: the copies one after another, then the trunk roads.
    node_base = way_base = relation_base = 0
    for copy in copies:
        copy.node_base, copy.way_base, copy.relation_base = node_base, way_base, relation_base
        node_base += len(copy.source.lat)
        way_base += len(copy.source.way_refs)
        relation_base += len(copy.source.relations)
        copy.centre = cell_centre(copy.row, copy.col, cell)
    by_cell = {(c.row, c.col): c for c in copies}

    # Trunk roads: to the right and upper neighbours.
    trunks = []  # (way id, [node ids], [(lat, lon) of the inner nodes])
    trunk_node = node_base
    trunk_way = way_base
    for copy in copies:
        for (dr, dc), (side, other_side) in (((0, 1), ("E", "W")), ((1, 0), ("N", "S"))):
            other = by_cell.get((copy.row + dr, copy.col + dc))
            if other is None:
                continue
            a_lat, a_lon = position(copy, copy.source.joints[side])
            b_lat, b_lon = position(other, other.source.joints[other_side])
            dy = (b_lat - a_lat) * M_PER_DEG
            dx = (b_lon - a_lon) * M_PER_DEG * math.cos(math.radians((a_lat + b_lat) / 2))
            steps = max(1, round(math.hypot(dx, dy) / 300))
            inner = [(a_lat + (b_lat - a_lat) * i / steps, a_lon + (b_lon - a_lon) * i / steps)
                     for i in range(1, steps)]
            ids = [copy.node_base + copy.source.joints[side] + 1]
            for _ in inner:
                trunk_node += 1
                ids.append(trunk_node)
            ids.append(other.node_base + other.source.joints[other_side] + 1)
            trunk_way += 1
            trunks.append((trunk_way, ids, inner))

    south = ORIGIN_LAT
    north = ORIGIN_LAT + rows * cell / M_PER_DEG
    east = max(ORIGIN_LON + cols * cell / (M_PER_DEG * math.cos(math.radians(
        ORIGIN_LAT + (r + 1) * cell / M_PER_DEG))) for r in range(rows))
    header = osmium.io.Header()
    header.set("generator", GENERATOR)
    header.add_box(osmium.osm.Box(osmium.osm.Location(ORIGIN_LON, south),
                                  osmium.osm.Location(east, north)))

    out = Path(args.out)
    if out.parent and not out.parent.is_dir():
        out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part")
    writer = osmium.SimpleWriter(osmium.io.File(str(tmp), "pbf"), header=header, overwrite=True)
    counts = {"nodes": 0, "ways": 0, "relations": 0}
    phase_started = time.monotonic()

    def progress(kind: str, done: int, force: bool = False) -> None:
        if force or done % 25 == 0:
            seconds = time.monotonic() - phase_started
            log(f"{kind}: {done}/{len(copies)} copies, {counts[kind]} {kind}, "
                f"{counts[kind] / max(seconds, 1e-9):,.0f}/s")

    try:
        plain = Node(id=1, location=(0.0, 0.0))
        tagged = Node(id=1, location=(0.0, 0.0), tags=[("a", "b")])
        for done, copy in enumerate(copies, 1):
            src = copy.source
            clat, clon = copy.centre
            lat_scale = 1 / M_PER_DEG
            lon_scale = 1 / (M_PER_DEG * math.cos(math.radians(clat)))
            base = copy.node_base + 1
            suffix = f" {copy.number}"
            tags = src.tags
            for i, (x, y) in enumerate(zip(src.x, src.y)):
                location = (clon + x * lon_scale, clat + y * lat_scale)
                t = tags.get(i)
                if t is None:
                    plain.id = base + i
                    plain.location = location
                    writer.add_node(plain)
                else:
                    tagged.id = base + i
                    tagged.location = location
                    tagged.tags = renamed(t, suffix)
                    writer.add_node(tagged)
            counts["nodes"] += len(src.x)
            progress("nodes", done, done == len(copies))
        for _, _, inner in trunks:
            for lat, lon in inner:
                counts["nodes"] += 1
                plain.id = counts["nodes"]
                plain.location = (lon, lat)
                writer.add_node(plain)
        assert counts["nodes"] == trunk_node

        phase_started = time.monotonic()
        way = Way(id=1, nodes=[1, 2], tags=[("a", "b")])
        for done, copy in enumerate(copies, 1):
            src = copy.source
            node0 = copy.node_base + 1
            way0 = copy.way_base + 1
            suffix = f" {copy.number}"
            for i, (refs, t) in enumerate(zip(src.way_refs, src.way_tags)):
                way.id = way0 + i
                way.nodes = [node0 + r for r in refs]
                way.tags = renamed(t, suffix)
                writer.add_way(way)
            counts["ways"] += len(src.way_refs)
            progress("ways", done, done == len(copies))
        for number, (wid, ids, _) in enumerate(trunks, 1):
            way.id = wid
            way.nodes = ids
            way.tags = [("highway", "trunk"), ("ref", f"T {number}"), ("maxspeed", "100"),
                        ("lanes", "2")]
            writer.add_way(way)
            counts["ways"] += 1

        phase_started = time.monotonic()
        relation = Relation(id=1, members=[], tags=[("a", "b")])
        for done, copy in enumerate(copies, 1):
            src = copy.source
            bases = {"n": copy.node_base + 1, "w": copy.way_base + 1}
            for i, (members, t) in enumerate(src.relations):
                relation.id = copy.relation_base + 1 + i
                relation.members = [(kind, bases[kind] + index, role)
                                    for kind, index, role in members]
                relation.tags = t
                writer.add_relation(relation)
            counts["relations"] += len(src.relations)
        writer.close()
    except BaseException:
        writer.close()
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(out)

    edges = sum(c.source.edges for c in copies) + 4 * len(trunks)
    seconds = time.monotonic() - started
    size = out.stat().st_size
    log(f"done: {len(copies)} copies, {len(trunks)} trunk roads, {counts['nodes']} nodes, "
        f"{counts['ways']} ways, {counts['relations']} relations, ~{edges} road edges "
        f"(target {target}), {size / 1e6:.1f} MB, {seconds:.1f} s -> {out}")
    return 0


def position(copy: Copy, index: int) -> tuple[float, float]:
    src = copy.source
    clat, clon = copy.centre
    return (clat + src.y[index] / M_PER_DEG,
            clon + src.x[index] / (M_PER_DEG * math.cos(math.radians(clat))))


def renamed(tags: tuple[list, list[int]], suffix: str) -> list:
    pairs, rename = tags
    if not rename:
        return pairs
    pairs = list(pairs)
    for i in rename:
        key, value = pairs[i]
        pairs[i] = (key, value + suffix)
    return pairs


if __name__ == "__main__":
    sys.exit(main())
