#!/usr/bin/env python3
"""A Traccar OsmAnd-protocol endpoint on loopback for the fleet tests.

Standard library only. Usage: traccar_server.py  (a free port).
Prints "listening PORT" once it accepts connections.

  POST or GET /?id=…&lat=…  a position as traccar.org/osmand documents it, in the query
                            or a form body. Checked: `id` (or `deviceid`) present and not
                            empty; `lat` -90..90 and `lon` -180..180 together; `timestamp`
                            UNIX seconds or ISO-8601; `speed`, `bearing`, `altitude`,
                            `accuracy`, `batt` numbers when present; no unknown parameter.
                            200 when it passes, 400 with the reason when not.
  GET  /log                 every position so far as JSON: [{"params", "status", "error"}].
"""

import json
import sys
import threading
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

KNOWN = {"id", "deviceid", "valid", "timestamp", "lat", "lon", "location", "cell", "wifi",
         "speed", "bearing", "heading", "altitude", "accuracy", "hdop", "batt", "charge",
         "driverUniqueId"}
NUMBERS = ("speed", "bearing", "altitude", "accuracy", "batt")

lock = threading.Lock()
log = []


def check(params):
    ident = params.get("id") or params.get("deviceid")
    if not ident:
        return "no id"
    unknown = set(params) - KNOWN
    if unknown:
        return "unknown parameters %s" % sorted(unknown)
    if ("lat" in params) != ("lon" in params):
        return "lat and lon go together"
    if "lat" in params:
        if not -90 <= float(params["lat"]) <= 90 or not -180 <= float(params["lon"]) <= 180:
            return "lat or lon out of range"
    if "timestamp" in params:
        value = params["timestamp"]
        if value.isdigit():
            if not 1_000_000_000 <= int(value) < 4_000_000_000:
                return "timestamp out of range"
        else:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
    for key in NUMBERS:
        if key in params:
            float(params[key])
    if "bearing" in params and not 0 <= float(params["bearing"]) < 360:
        return "bearing out of range"
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def position(self, body):
        params = dict(parse_qsl(urlsplit(self.path).query))
        params.update(dict(parse_qsl(body)))
        try:
            error = check(params)
        except ValueError as exc:
            error = "not a number: %s" % exc
        status = 400 if error else 200
        with lock:
            log.append({"params": params, "status": status, "error": error})
        self.reply(status, error or "")

    def do_GET(self):
        if self.path == "/log":
            with lock:
                self.reply(200, json.dumps(log))
        else:
            self.position("")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.position(self.rfile.read(length).decode())


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print("listening %d" % server.server_address[1], flush=True)
server.serve_forever()
