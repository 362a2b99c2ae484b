#!/usr/bin/env python3
"""Turns OSRM's Cucumber guidance scenarios into headunit junction files, to compare the two
routers' maneuvers on the same drawn junctions (`headunit junctions OUT`).

    Tools/osrm-scenarios.py OSRM/features/guidance OUT

Reads each `*.feature` written for the car profile and writes `OUT/NAME.junctions`: the node
map, the ways, nodes and restriction relations, and each route of two waypoints with the
maneuver types and road names OSRM's own tests expect. Scenarios OSRM marks @todo, routes
through via points or with bearings/approaches, and node tables by coordinates are left out
(counted on stderr). Nothing of OSRM's is kept in this repository: the files are made from an
OSRM checkout the user names.
"""
import os
import re
import sys


def table(lines, i):
    """The table starting at lines[i]: (rows as dicts, next index)."""
    rows = []
    header = None
    while i < len(lines) and lines[i].strip().startswith("|"):
        row = lines[i].strip()[1:]
        row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)]
        if header is None:
            header = cells
        else:
            rows.append(dict(zip(header, cells)))
        i += 1
    return header or [], rows, i


def docstring(lines, i):
    """The \"\"\" block starting at lines[i]: (its lines, next index)."""
    while lines[i].strip() != '"""':
        i += 1
    indent = len(lines[i]) - len(lines[i].lstrip())
    out = []
    i += 1
    while lines[i].strip() != '"""':
        out.append(lines[i][indent:] if len(lines[i]) >= indent else lines[i].lstrip())
        i += 1
    return out, i + 1


def quote(value):
    if value == "" or re.search(r'[\s",]', value):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


TURN = re.compile(r"^(roundabout|rotary|[\w ]+?)-exit-(\d+|undefined)$")


def step(turn):
    """An OSRM Cucumber turn string as a junction file's step words, or None."""
    turn = turn.strip()
    if turn in ("depart", "arrive"):
        return turn
    m = TURN.match(turn)
    if m:
        kind = m.group(1) if m.group(1) in ("roundabout", "rotary") else "rotary"
        return kind if m.group(2) == "undefined" else f"{kind} exit {m.group(2)}"
    m = re.match(r"^roundabout turn (.+) exit-(\d+)$", turn)
    if m:
        return f"roundabout turn {m.group(1)} exit {m.group(2)}"
    if turn.startswith("use lane"):
        return None
    return turn


class Stats:
    def __init__(self):
        self.counts = {}

    def add(self, why):
        self.counts[why] = self.counts.get(why, 0) + 1


def convert(path, stats):
    lines = open(path).read().split("\n")
    out = []
    background = {"grid": None, "left": False, "car": False, "origin": None}
    i = 0
    current = None
    tags_before = []
    scenarios = []

    while i < len(lines):
        s = lines[i].strip()
        if s.startswith("@"):
            tags_before = s.split()
            i += 1
            continue
        if s.startswith("Background"):
            current = background
            i += 1
            continue
        if s.startswith("Scenario"):
            current = {
                "title": s.split(":", 1)[1].strip(), "todo": any("@todo" in t for t in tags_before),
                "outline": s.startswith("Scenario Outline"), "grid": background["grid"],
                "left": background["left"], "car": background["car"], "origin": background["origin"],
                "map": None, "ways": [], "nodes": [], "relations": [], "routes": [], "skip": None,
            }
            scenarios.append(current)
            tags_before = []
            i += 1
            continue
        tags_before = [] if s and not s.startswith("#") else tags_before
        if current is None:
            i += 1
            continue
        m = re.search(r"a grid size of ([0-9.]+) meters", s)
        if m:
            current["grid"] = float(m.group(1))
        m = re.search(r"the origin ([-0-9.]+),([-0-9.]+)", s)
        if m:
            current["origin"] = (float(m.group(2)), float(m.group(1)))
        if re.search(r'the profile "car"', s):
            current["car"] = True
        if re.search(r'the profile "(?!car)', s):
            current["car"] = False
        if 'the profile file "car" initialized with' in s:
            current["car"] = True
            body, i = docstring(lines, i + 1)
            if any("left_hand_driving = true" in b for b in body):
                current["left"] = True
            else:
                current["skip"] = "profile settings"
            continue
        if s.endswith("the node map"):
            current["map"], i = docstring(lines, i + 1)
            continue
        if "the node locations" in s:
            current["skip"] = "node locations"
        if s.endswith("the ways") or s.endswith("the ways with locations"):
            _, current["ways"], i = table(lines, i + 1)
            continue
        if s.endswith("the nodes"):
            _, current["nodes"], i = table(lines, i + 1)
            continue
        if s.endswith("the relations"):
            header, rows, i = table(lines, i + 1)
            current["relations"] = (header, rows)
            continue
        if s.startswith("When I route I should get"):
            header, rows, i = table(lines, i + 1)
            current["routes"].append((header, rows))
            continue
        if "When I" in s or "Then" in s and "route" not in s:
            if current is not background and "I route" not in s:
                current["skip"] = current["skip"] or "other request"
        i += 1

    for sc in scenarios:
        text = scenario_text(sc, stats)
        if text:
            out.append(text)
    return out


def scenario_text(sc, stats):
    routes = []
    for header, rows in sc["routes"]:
        for row in rows:
            if not sc["car"]:
                stats.add("not the car profile")
                continue
            if sc["todo"] or sc["outline"]:
                stats.add("marked @todo" if sc["todo"] else "scenario outline")
                continue
            if sc["skip"]:
                stats.add(sc["skip"])
                continue
            if sc["map"] is None:
                stats.add("no node map")
                continue
            if any(h in header for h in ("bearings", "approaches", "exclude")) and any(
                row.get(h) for h in ("bearings", "approaches", "exclude")
            ):
                stats.add("bearings or approaches")
                continue
            if "waypoints" in row:
                points = [p.strip() for p in row["waypoints"].split(",")]
            elif "from" in row and "to" in row:
                points = [row["from"], row["to"]]
            else:
                stats.add("no waypoints")
                continue
            if len(points) != 2:
                stats.add("via points")
                continue
            if "turns" not in row:
                stats.add("no turns column")
                continue
            turns = [t for t in (t.strip() for t in row["turns"].split(",")) if t]
            words = [step(t) for t in turns]
            if not turns or None in words:
                stats.add("no turns or use lane")
                continue
            names = [n.strip() for n in row.get("route", "").split(",")] if "route" in row else None
            if names is not None and len(names) != len(words):
                names = None
            items = []
            for k, w in enumerate(words):
                items.append(w + (" " + quote(names[k]) if names is not None else ""))
            routes.append(f"  {points[0]} -> {points[1]}: " + ", ".join(items))
            stats.add("converted")
    if not routes:
        return None
    drawn = [c for row in sc["map"] for c in row if c.isalnum() and c.isascii() and (c.islower() or c.isdigit())]
    used = [c for w in sc["ways"] for c in w["nodes"]]
    used += [p for r in routes for p in r.split(":")[0].replace("->", " ").split()]
    if len(drawn) != len(set(drawn)) or any(c not in drawn for c in used):
        stats.counts["converted"] -= len(routes)
        stats.add("broken drawing")
        return None
    lines = [f"scenario {sc['title'] or 'untitled'}"]
    lines.append(f"grid {sc['grid'] or 100:g}")
    if sc["left"]:
        lines.append("driving left")
    if sc["origin"]:
        lines.append(f"origin {sc['origin'][0]},{sc['origin'][1]}")
    lines.append("map")
    # A column here is half a grid (characters are about twice as tall as wide); a
    # column of the source drawing is a whole one: spread each line out.
    lines += ["  " + " ".join(m).rstrip() for m in sc["map"]]
    lines.append("ways")
    for w in sc["ways"]:
        tags = []
        for k, v in w.items():
            if k == "nodes":
                continue
            if k == "name":
                if v in ('""', "''"):
                    tags.append('name=""')
                elif v in ("", "(nil)"):
                    tags.append("name=")
                else:
                    tags.append("name=" + quote(v))
                continue
            # OSRM's table sets an empty cell as an empty value, which is no road class
            # (a ferry's row, say): no highway, not the default primary.
            if k == "highway" and v in ("(nil)", ""):
                tags.append("highway=")
                continue
            if v == "":
                continue
            tags.append(f"{k}={quote(v)}")
        lines.append("  " + " ".join([w["nodes"]] + tags))
    if sc["nodes"]:
        lines.append("nodes")
        for n in sc["nodes"]:
            tags = [f"{k}={quote(v)}" for k, v in n.items() if k != "node" and v != ""]
            if tags:
                lines.append("  " + " ".join([n["node"]] + tags))
    if sc["relations"]:
        header, rows = sc["relations"]
        lines.append("relations")
        for r in rows:
            words = []
            for k, v in r.items():
                if v == "":
                    continue
                m = re.match(r"^(node|way):(.+)$", k)
                if m:
                    for member in v.split(","):
                        words.append(f"{m.group(2)}:{member.strip()}")
                elif k in ("node", "way"):
                    for member in v.split(","):
                        words.append(f":{member.strip()}")
                else:
                    words.append(f"{k}={quote(v)}")
            lines.append("  " + " ".join(words))
    lines.append("routes")
    lines += routes
    return "\n".join(lines)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    source, target = sys.argv[1], sys.argv[2]
    os.makedirs(target, exist_ok=True)
    stats = Stats()
    for name in sorted(os.listdir(source)):
        if not name.endswith(".feature"):
            continue
        scenarios = convert(os.path.join(source, name), stats)
        if scenarios:
            with open(os.path.join(target, name.replace(".feature", ".junctions")), "w") as f:
                f.write("\n\n".join(scenarios) + "\n")
    for why, n in sorted(stats.counts.items(), key=lambda kv: -kv[1]):
        print(f"{n:5d} {why}", file=sys.stderr)


if __name__ == "__main__":
    main()
