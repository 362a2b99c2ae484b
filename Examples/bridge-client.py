#!/usr/bin/env python3
"""An example client of the headunit app bridge (docs/bridge.md), standard library only.

It puts a list on the head unit's screen, reacts to the knob (the driver's choice of a
row comes back as an itemSelected event), and runs a small navigation session whose
maneuvers and estimates it supplies itself.

    python3 Examples/bridge-client.py [--socket /run/headunit/bridge.sock] [--step 1.0]
                                      [--once] [--address "Fabianinkatu 17"]

Rows: "Drive to the office" previews a trip; Start on the head unit begins the session
(maneuvers counting down, then arrival); "About" shows an information template;
"Quit" says goodbye. With --once the client leaves after its navigation session. With
--address, a row "Drive to <address>" hands the address to the head unit's own search and
router (navigateTo with a query), which previews the routes to it.
Every line it gets from the head unit is printed, prefixed with "<-".
"""

import argparse
import json
import socket
import sys
import threading
import time

TRIP = {
    "id": "office",
    "origin": {"latitude": 60.1699, "longitude": 24.9384},
    "destination": {"latitude": 60.1719, "longitude": 24.9414},
    "destinationName": ["The office, Kaivokatu", "Office"],
    "routeChoices": [
        {"summary": "1.2 km", "selectionSummary": "4 min", "additionalInformation": "Fastest"},
        {"summary": "1.6 km", "selectionSummary": "6 min"},
    ],
}

# The maneuvers of the session: type, instruction variants, road, length in metres.
STEPS = [
    ("rightTurn", ["Turn right onto Mannerheimintie", "Turn right"], "Mannerheimintie", 400),
    ("leftTurn", ["Turn left onto Kaivokatu", "Turn left"], "Kaivokatu", 500),
    ("roundaboutExit2", ["At the roundabout, take the second exit", "Second exit"],
     "Keskuskatu", 200),
    ("arriveAtDestinationRight", ["Your destination is on the right", "Arrive"],
     "The office", 100),
]
SPEED = 12.0  # metres per second, for the estimates


class Bridge:
    """One connection: numbered requests, one answer each, events in between."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.reader = self.sock.makefile("r", encoding="utf-8")
        self.lock = threading.Lock()
        self.next_id = 1
        self.events = []

    def send(self, message):
        with self.lock:
            self.sock.sendall((json.dumps(message) + "\n").encode("utf-8"))

    def request(self, kind, **fields):
        """Sends a request and waits for its answer; events meanwhile are kept."""
        request_id = self.next_id
        self.next_id += 1
        self.send(dict(type=kind, id=request_id, **fields))
        while True:
            message = self.receive()
            if message is None:
                raise ConnectionError("the head unit closed the connection")
            if message.get("id") == request_id:
                if message["type"] == "error":
                    raise RuntimeError(f"{kind}: {message['code']}: {message['message']}"
                                       + (f" at {message['path']}" if "path" in message else ""))
                return message
            if message["type"] != "heartbeat":
                self.events.append(message)

    def receive(self):
        line = self.reader.readline()
        if not line:
            return None
        print("<-", line.strip(), flush=True)
        return json.loads(line)

    def next_event(self):
        """The next event (heartbeats skipped); None when the connection ends."""
        while True:
            if self.events:
                return self.events.pop(0)
            message = self.receive()
            if message is None:
                return None
            if message["type"] not in ("heartbeat", "reply", "error"):
                return message

    def keep_alive(self, seconds):
        def beat():
            while True:
                time.sleep(seconds)
                try:
                    self.send({"type": "heartbeat"})
                except OSError:
                    return
        threading.Thread(target=beat, daemon=True).start()


def menu(address=None):
    rows = [
        {"id": "drive", "text": "Drive to the office", "detail": "1.2 km",
         "image": "pin", "accessory": "disclosure"},
        {"id": "about", "text": "About", "image": "info"},
        {"id": "quit", "text": "Quit"},
    ]
    if address:
        rows.insert(1, {"id": "address", "text": f"Drive to {address}", "image": "pin"})
    return {
        "type": "list", "id": "menu", "title": "Bridge demo",
        "sections": [{"header": "Choose with the knob", "items": rows}],
    }


def navigate(bridge, choice, step_seconds):
    """Runs the session: maneuvers counting down to arrival."""
    bridge.request("startNavigation", tripId="office", routeChoice=choice)
    total = sum(step[3] for step in STEPS)
    done = 0.0
    for index, (kind, words, road, length) in enumerate(STEPS):
        upcoming = [
            {"id": f"m{i}", "type": k, "instruction": w, "road": r,
             "distance": l, "time": round(l / SPEED)}
            for i, (k, w, r, l) in enumerate(STEPS[index:], start=index)
        ]
        bridge.request("updateManeuvers", maneuvers=upcoming)
        for left in (length, length * 0.5, 0.0):
            remaining = total - done - (length - left)
            bridge.request("updateEstimates",
                           trip={"distance": remaining, "time": round(remaining / SPEED)},
                           maneuver={"distance": left, "time": round(left / SPEED)})
            time.sleep(step_seconds)
        done += length
    bridge.request("pauseNavigation", reason="arrived")
    time.sleep(step_seconds)
    bridge.request("finishNavigation")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default="/run/headunit/bridge.sock")
    parser.add_argument("--step", type=float, default=1.0,
                        help="seconds between two estimate updates")
    parser.add_argument("--once", action="store_true",
                        help="say goodbye after one navigation session")
    parser.add_argument("--address",
                        help="an address the head unit's own search and router go to")
    args = parser.parse_args()

    bridge = Bridge(args.socket)
    hello = bridge.request("hello", version=1, app="bridge-client.py")
    bridge.keep_alive(hello["heartbeatSeconds"])
    bridge.request("setRootTemplate", template={
        "type": "map", "id": "map",
        "mapButtons": [{"id": "menu", "letters": "App"}],
    })
    bridge.request("pushTemplate", template=menu(args.address))
    print("list on screen", flush=True)

    while True:
        event = bridge.next_event()
        if event is None:
            print("the head unit closed the connection", flush=True)
            return 1
        kind = event["type"]
        if kind == "itemSelected" and event["itemId"] == "address":
            # The built-in app takes the screen and previews the routes it found.
            try:
                answer = bridge.request("navigateTo", destination={"query": args.address},
                                        start=False)
                print(f"navigateTo: {answer['state']}, {answer['routeChoices']} routes",
                      flush=True)
            except RuntimeError as error:
                print(f"navigateTo: {error}", flush=True)
        elif kind == "itemSelected" and event["itemId"] == "drive":
            bridge.request("popToRootTemplate")
            bridge.request("showTripPreviews", trips=[TRIP], startButtonTitle="Start")
        elif kind == "itemSelected" and event["itemId"] == "about":
            bridge.request("pushTemplate", template={
                "type": "information", "id": "about", "title": "About",
                "items": [{"title": "Client", "detail": "Examples/bridge-client.py"},
                          {"title": "Unit", "detail": hello["unit"]}],
                "actions": [{"id": "back", "title": "Back", "style": "primary"}],
            })
        elif kind == "buttonPressed" and event["buttonId"] == "back":
            bridge.request("popTemplate")
        elif kind == "buttonPressed" and event["buttonId"] == "menu":
            bridge.request("pushTemplate", template=menu(args.address))
        elif kind == "tripStarted":
            print(f"navigating on route choice {event['routeChoice']}", flush=True)
            try:
                navigate(bridge, event["routeChoice"], args.step)
            except RuntimeError as error:  # e.g. cancelled by the head unit meanwhile
                print(error, flush=True)
            print("arrived", flush=True)
            if args.once:
                bridge.request("goodbye")
                return 0
            bridge.request("pushTemplate", template=menu(args.address))
        elif kind == "navigationCancelled":
            print(f"the head unit ended navigation ({event['reason']})", flush=True)
        elif kind == "itemSelected" and event["itemId"] == "quit":
            bridge.request("goodbye")
            return 0


if __name__ == "__main__":
    sys.exit(main())
