#!/usr/bin/env python3
"""Regenerates the gpsd and GPX fixtures from the Helsinki NMEA drives.

    python3 Tests/Fixtures/make_fixtures.py   (from the package root)
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVES = os.path.join(HERE, "..", "..", "Sources", "HeadUnit", "Resources", "Helsinki")


def epochs(name, seconds):
    """(time, rmc fields, gga fields, gsa fields) for the first `seconds` epochs."""
    out = []
    rmc = gga = None
    with open(os.path.join(DRIVES, name)) as f:
        for line in f:
            fields = line.strip().split("*")[0].split(",")
            kind = fields[0][3:]
            if kind == "RMC":
                rmc = fields
            elif kind == "GGA":
                gga = fields
            elif kind == "GSA":
                out.append((rmc, gga, fields))
                if len(out) == seconds:
                    break
    return out


def angle(value, hemisphere, width):
    deg = int(value[:width])
    minutes = float(value[width:])
    v = deg + minutes / 60
    return -v if hemisphere in "SW" else v


def iso(rmc):
    t, d = rmc[1], rmc[9]
    return "20%s-%s-%sT%s:%s:%s.000Z" % (d[4:6], d[2:4], d[0:2], t[0:2], t[2:4], t[4:6])


def gpsd():
    lines = [
        {"class": "VERSION", "release": "3.25", "rev": "3.25", "proto_major": 3, "proto_minor": 15},
        {"class": "DEVICES", "devices": [{"class": "DEVICE", "path": "/dev/ttyACM0",
                                          "driver": "u-blox", "subtype": "SW ROM CORE 3.01 (107888),HW 00080000",
                                          "activated": "2026-05-04T07:59:58.412Z", "flags": 1, "native": 1,
                                          "bps": 9600, "parity": "N", "stopbits": 1, "cycle": 1.00, "mincycle": 0.25}]},
        {"class": "WATCH", "enable": True, "json": True, "nmea": False, "raw": 0, "scaled": False,
         "timing": False, "split24": False, "pps": False},
    ]
    for rmc, gga, gsa in epochs("helsinki-1-clean.nmea", 30):
        used = [int(p) for p in gsa[3:15] if p]
        hdop, pdop, vdop = float(gga[8]), float(gsa[15]), float(gsa[17])
        sats = [{"PRN": p, "el": 20 + (p * 7) % 60, "az": (p * 37) % 360, "ss": 30 + p % 15,
                 "used": True, "gnssid": 0, "svid": p} for p in used]
        sats += [{"PRN": 24, "el": 8, "az": 200, "ss": 12, "used": False, "gnssid": 0, "svid": 24}]
        lines.append({"class": "SKY", "device": "/dev/ttyACM0", "time": iso(rmc), "xdop": 0.6,
                      "ydop": 0.7, "vdop": vdop, "tdop": 1.0, "hdop": hdop, "gdop": 2.1, "pdop": pdop,
                      "nSat": len(sats), "uSat": len(used), "satellites": sats})
        lat = angle(rmc[3], rmc[4], 2)
        lon = angle(rmc[5], rmc[6], 3)
        alt, sep = float(gga[9]), float(gga[11])
        lines.append({"class": "TPV", "device": "/dev/ttyACM0", "status": 1, "mode": int(gsa[2]),
                      "time": iso(rmc), "leapseconds": 18, "ept": 0.005, "lat": round(lat, 9),
                      "lon": round(lon, 9), "altHAE": alt + sep, "altMSL": alt, "alt": alt,
                      "epx": 2.1, "epy": 2.6, "epv": 4.4, "track": float(rmc[8]),
                      "magtrack": round((float(rmc[8]) + 10.1) % 360, 1),
                      "magvar": 10.1, "speed": round(float(rmc[7]) * 1852 / 3600, 3),
                      "climb": 0.0, "eps": 5.2, "epc": 8.8, "geoidSep": sep, "eph": 3.4, "sep": 5.6})
    with open(os.path.join(HERE, "gpsd", "helsinki-1-head.json"), "w") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")


def gpx_track():
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<gpx version="1.1" creator="headunit fixtures" xmlns="http://www.topografix.com/GPX/1/1"'
           ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">',
           '  <metadata><name>helsinki-1-clean, first 60 s</name></metadata>',
           '  <trk>', '    <name>Fabianinkatu &amp; Esplanadi</name>', '    <trkseg>']
    for rmc, gga, gsa in epochs("helsinki-1-clean.nmea", 60):
        lat = angle(rmc[3], rmc[4], 2)
        lon = angle(rmc[5], rmc[6], 3)
        out += ['      <trkpt lat="%.7f" lon="%.7f">' % (lat, lon),
                '        <ele>%s</ele>' % gga[9],
                '        <time>%s</time>' % iso(rmc).replace(".000", ""),
                '        <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>%.2f</gpxtpx:speed>'
                '<gpxtpx:course>%s</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>'
                % (float(rmc[7]) * 1852 / 3600, rmc[8]),
                '      </trkpt>']
    out += ['    </trkseg>', '  </trk>', '</gpx>', '']
    with open(os.path.join(HERE, "gpx", "helsinki-1-head.gpx"), "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    gpsd()
    gpx_track()
