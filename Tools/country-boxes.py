#!/usr/bin/env python3
"""Writes Sources/MapImport/Import/CountryBoxes+Table.swift: the bounding box of every
country's part (Natural Earth 1:50m admin-0 map subunits, public domain) with its ISO 3166-1
alpha-2 code, from the data file of the `country-bounding-boxes` package (Apache 2.0):

    pip download --no-deps -d /tmp/cbb country-bounding-boxes
    tar xzf /tmp/cbb/country-bounding-boxes-*.tar.gz -C /tmp/cbb
    python3 Tools/country-boxes.py /tmp/cbb/country-bounding-boxes-*/country_bounding_boxes/generated.py
"""
import os
import sys

# Subunits whose ISO code Natural Earth leaves out (-99), by their country's alpha-3 code.
ALPHA3 = {
    "ATG": "AG", "AUS": "AU", "BEL": "BE", "BIH": "BA", "CHN": "CN", "CHL": "CL", "DNK": "DK",
    "ECU": "EC", "GBR": "GB", "ESP": "ES", "FRA": "FR", "GEO": "GE", "GNQ": "GQ", "IND": "IN",
    "ITA": "IT", "JPN": "JP", "KOR": "KR", "KOS": "XK", "NOR": "NO", "NZL": "NZ", "PRT": "PT",
    "PNG": "PG", "RUS": "RU", "SRB": "RS", "STP": "ST", "TLS": "TL", "TTO": "TT", "TZA": "TZ",
    "USA": "US", "YEM": "YE", "ZAF": "ZA", "SHN": "SH", "IOT": "IO", "SGS": "GS", "PSX": "PS",
    "CYN": "CY", "SOL": "SO", "ATA": "AQ", "ATC": "AU",
}

# Countries whose one box would swallow a neighbour's cities, replaced by boxes drawn by hand:
# Austria's reaches Munich; east of Salzburg, and Tyrol with Vorarlberg, it does not.
OVERRIDES = {
    "AT": [(46.37, 12.9, 49.02, 17.16), (46.8, 9.53, 47.75, 12.9)],
}


def main():
    scope = {}
    exec(open(sys.argv[1], encoding="utf-8").read(), scope)
    rows = set()
    for c in scope["countries"]:
        code = c.iso_a2 if len(c.iso_a2) == 2 else ALPHA3.get(c.adm0_a3)
        if code is None:
            continue  # Kashmir's glacier: no country's
        west, south, east, north = c.bbox
        if code in OVERRIDES:
            continue
        rows.add((code, round(south, 3), round(west, 3), round(north, 3), round(east, 3)))
    for code, boxes in OVERRIDES.items():
        for south, west, north, east in boxes:
            rows.add((code, south, west, north, east))
    lines = [f"{r[0]} {r[1]:.3f} {r[2]:.3f} {r[3]:.3f} {r[4]:.3f}" for r in sorted(rows)]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "Sources/MapImport/Import/CountryBoxes+Table.swift")
    with open(out, "w", encoding="utf-8") as f:
        f.write("// Written by Tools/country-boxes.py from Natural Earth's 1:50m admin-0 map subunits\n")
        f.write("// (public domain): code, south, west, north, east (degrees), one part a line.\n\n")
        f.write("extension CountryBoxes {\n  static let table = \"\"\"\n")
        for line in lines:
            f.write(f"    {line}\n")
        f.write("    \"\"\"\n}\n")
    print(f"{len(lines)} boxes → {out}")


main()
