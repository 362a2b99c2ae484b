#!/usr/bin/env python3
"""Cuts a small road extract out of an OpenStreetMap PBF file, for test fixtures.

    python3 Tests/Fixtures/osm/clip_extract.py IN.osm.pbf OUT.osm.pbf SOUTH WEST NORTH EAST

Keeps the `highway` ways with a node inside the box, whole (every node they reference, so
no way is cut), with all their tags, and the nodes they use with their tags; drops
everything else (buildings, relations, metadata). The output is a plain PBF file (dense
nodes, zlib blobs) that any reader of the format opens. Uses only the standard library.
"""
import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "Tools"))
from protobuf_wire import fields, packed, varint  # noqa: E402
from protobuf_wire import zigzag as unzigzag  # noqa: E402


def read(path):
    """(nodes {id: (lat, lon, tags)}, ways {id: (refs, tags)}) of the file."""
    data = open(path, "rb").read()
    nodes, ways = {}, {}
    i = 0
    while i < len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        header = dict(fields(data[i + 4:i + 4 + n]))
        i += 4 + n
        blob = dict(fields(data[i:i + header[3]]))
        i += header[3]
        if header[1] != b"OSMData":
            continue
        raw = zlib.decompress(blob[3]) if 3 in blob else blob[1]
        strings, groups, granularity, lat_off, lon_off = [], [], 100, 0, 0
        for f, v in fields(raw):
            if f == 1:
                strings = [s.decode("utf-8") for _, s in fields(v)]
            elif f == 2:
                groups.append(v)
            elif f == 17:
                granularity = v
            elif f == 19:
                lat_off = v
            elif f == 20:
                lon_off = v
        for group in groups:
            for f, v in fields(group):
                d = {}
                for ff, vv in fields(v):
                    d.setdefault(ff, []).append(vv)
                if f == 2:
                    ids, lats, lons = packed(d[1][0]), packed(d[8][0]), packed(d[9][0])
                    kv = packed(d[10][0]) if 10 in d else []
                    nid = lat = lon = k = 0
                    for j in range(len(ids)):
                        nid += unzigzag(ids[j])
                        lat += unzigzag(lats[j])
                        lon += unzigzag(lons[j])
                        tags = {}
                        while kv and kv[k] != 0:
                            tags[strings[kv[k]]] = strings[kv[k + 1]]
                            k += 2
                        k += 1 if kv else 0
                        nodes[nid] = ((lat_off + lat * granularity) // 100,
                                      (lon_off + lon * granularity) // 100, tags)
                elif f == 1:
                    keys = packed(d[2][0]) if 2 in d else []
                    vals = packed(d[3][0]) if 3 in d else []
                    nodes[d[1][0]] = ((lat_off + unzigzag(d[8][0]) * granularity) // 100,
                                      (lon_off + unzigzag(d[9][0]) * granularity) // 100,
                                      {strings[a]: strings[b] for a, b in zip(keys, vals)})
                elif f == 3:
                    keys = packed(d[2][0]) if 2 in d else []
                    vals = packed(d[3][0]) if 3 in d else []
                    ref, refs = 0, []
                    for r in packed(d[8][0]) if 8 in d else []:
                        ref += unzigzag(r)
                        refs.append(ref)
                    ways[d[1][0]] = (refs, {strings[a]: strings[b] for a, b in zip(keys, vals)})
    return nodes, ways


def key(f, t):
    return enc_varint(f << 3 | t)


def enc_varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def zigzag(v):
    return (v << 1) ^ (v >> 63)


def length_delimited(f, payload):
    return key(f, 2) + enc_varint(len(payload)) + payload


def packed_field(f, values):
    return length_delimited(f, b"".join(enc_varint(v) for v in values))


def blob(kind, payload):
    body = key(2, 0) + enc_varint(len(payload)) + length_delimited(3, zlib.compress(payload, 9))
    header = length_delimited(1, kind.encode()) + key(3, 0) + enc_varint(len(body))
    return struct.pack(">I", len(header)) + header + body


def write(path, nodes, ways):
    strings = [""]
    index = {"": 0}

    def s(text):
        if text not in index:
            index[text] = len(strings)
            strings.append(text)
        return index[text]

    ids, lats, lons, kv = [], [], [], []
    last = (0, 0, 0)
    for nid in sorted(nodes):
        lat, lon, tags = nodes[nid]
        ids.append(zigzag(nid - last[0]))
        lats.append(zigzag(lat - last[1]))
        lons.append(zigzag(lon - last[2]))
        last = (nid, lat, lon)
        for k in sorted(tags):
            kv += [s(k), s(tags[k])]
        kv.append(0)
    dense = packed_field(1, ids) + packed_field(8, lats) + packed_field(9, lons)
    dense += packed_field(10, kv)
    way_messages = b""
    for wid in sorted(ways):
        refs, tags = ways[wid]
        deltas, previous = [], 0
        for r in refs:
            deltas.append(zigzag(r - previous))
            previous = r
        keys = sorted(tags)
        way = key(1, 0) + enc_varint(wid) + packed_field(2, [s(k) for k in keys])
        way += packed_field(3, [s(tags[k]) for k in keys]) + packed_field(8, deltas)
        way_messages += length_delimited(3, way)
    table = b"".join(length_delimited(1, t.encode()) for t in strings)
    block = length_delimited(1, table)
    block += length_delimited(2, length_delimited(2, dense))
    block += length_delimited(2, way_messages)
    header = length_delimited(4, b"OsmSchema-V0.6") + length_delimited(4, b"DenseNodes")
    header += length_delimited(16, b"headunit clip_extract.py")
    with open(path, "wb") as f:
        f.write(blob("OSMHeader", header) + blob("OSMData", block))


def main():
    source, target = sys.argv[1], sys.argv[2]
    south, west, north, east = (int(round(float(v) * 1e7)) for v in sys.argv[3:7])
    nodes, ways = read(source)

    def inside(nid):
        lat, lon, _ = nodes[nid]
        return south <= lat <= north and west <= lon <= east

    kept = {wid: way for wid, way in ways.items()
            if "highway" in way[1] and any(r in nodes and inside(r) for r in way[0])}
    used = {r for refs, _ in kept.values() for r in refs if r in nodes}
    write(target, {nid: nodes[nid] for nid in used}, kept)
    print("%s: %d ways, %d nodes" % (target, len(kept), len(used)))


if __name__ == "__main__":
    main()
