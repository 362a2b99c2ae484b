#!/usr/bin/env python3
"""A fleet endpoint and token endpoint on loopback for the fleet reporting tests.

Standard library only. Usage: fleet_server.py [PORT]  (0 or none: a free port).
Prints "listening PORT" on stdout once it accepts connections.

  POST /token    OAuth 2 client credentials (form body); answers
                 {"access_token": "token-N", "expires_in": E}; E set by /control.
  POST /reports  a report; 401 unless "Authorization: Bearer <the latest token>"
                 (when tokens are required), else the configured status (default 204).
  POST /control  JSON: {"status": 503 | null, "expiresIn": seconds,
                 "requireToken": bool, "revoke": true (the latest token stops working),
                 "delay": seconds before each answer}
  GET  /log      every request so far (control and log excepted), in order, as JSON:
                 [{"path", "authorization", "body", "status"}]; reports' bodies as
                 objects, the token request's as the form text.
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
state = {
    "log": [],
    "tokens": 0,
    "valid": None,
    "status": None,
    "expiresIn": 3600,
    "requireToken": True,
    "delay": 0,
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/log":
            with lock:
                self.reply(200, state["log"])
        else:
            self.reply(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode()
        with lock:
            status, body, delay = self.answer(raw)
        # Outside the lock: /log answers while a slow reply is held back.
        time.sleep(delay)
        self.reply(status, body)

    def answer(self, raw):
        """Records the request and decides the answer; called with the lock held."""
        if self.path == "/control":
            control = json.loads(raw)
            for key in ("status", "expiresIn", "requireToken", "delay"):
                if key in control:
                    state[key] = control[key]
            if control.get("revoke"):
                state["valid"] = None
            return 200, {}, 0
        entry = {
            "path": self.path,
            "authorization": self.headers.get("Authorization"),
            "body": raw,
        }
        if self.path == "/token":
            if "grant_type=client_credentials" not in raw.split("&"):
                status, body = 400, {"error": "unsupported_grant_type"}
            elif state["status"] is not None:
                status, body = state["status"], {"error": "unavailable"}
            else:
                state["tokens"] += 1
                token = "token-%d" % state["tokens"]
                state["valid"] = token
                status = 200
                body = {"access_token": token, "token_type": "Bearer"}
                if state["expiresIn"] is not None:
                    body["expires_in"] = state["expiresIn"]
        elif self.path == "/reports":
            entry["body"] = json.loads(raw)
            bearer = "Bearer %s" % state["valid"]
            if state["status"] is not None:
                status, body = state["status"], {"error": "unavailable"}
            elif state["requireToken"] and self.headers.get("Authorization") != bearer:
                status, body = 401, {"error": "invalid_token"}
            else:
                status, body = 204, None
        else:
            status, body = 404, None
        entry["status"] = status
        state["log"].append(entry)
        return status, body, state["delay"]


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print("listening %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
