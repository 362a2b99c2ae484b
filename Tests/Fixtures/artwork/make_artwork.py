#!/usr/bin/env python3
"""Writes the Now Playing test artwork: cover.png (PNG, written here) and cover.jpg (the same
picture through cjpeg, from libjpeg-turbo-progs). Run from this directory."""
import math
import struct
import subprocess
import zlib

W, H = 300, 300


def pixel(x, y):
    # A sunset: a warm gradient sky, a sun, dark hills — easy to tell apart by eye.
    t = y / H
    r, g, b = int(250 - 80 * t), int(150 - 100 * t), int(60 + 120 * t)
    if math.hypot(x - 190, y - 120) < 50:
        r, g, b = 255, 225, 120
    if y > 200 + 30 * math.sin(x / 40):
        r, g, b = 40, 30, 70
    return r, g, b


rows = [[pixel(x, y) for x in range(W)] for y in range(H)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in rows)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open("cover.png", "wb").write(png)
ppm = b"P6 %d %d 255\n" % (W, H) + bytes(c for row in rows for p in row for c in p)
jpg = subprocess.run(["cjpeg", "-quality", "85"], input=ppm, capture_output=True, check=True)
open("cover.jpg", "wb").write(jpg.stdout)
