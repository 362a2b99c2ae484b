#!/usr/bin/env python3
"""An example audio app for the headunit app bridge (docs/bridge.md), standard library only.

It says hello as an audio app, puts a tiny music library on the head unit's screen (artists,
their albums, the songs), and plays the song the driver picks with the knob: it drives the
shared Now Playing screen (updateNowPlaying, showNowPlaying) and follows its buttons —
play/pause, previous, next, shuffle, repeat — and the knob's scrubbing (nowPlayingSeek).
Nothing is really played: the elapsed time is counted, and sent once a second.

    python3 Examples/audio-client.py [--socket /run/headunit/bridge.sock] [--once]

With --once the client says goodbye after the driver's first "next". Every line it gets
from the head unit is printed, prefixed with "<-"; what it does is printed plainly
("now playing Coastline", "paused", "playing", "seek 40").
"""

import argparse
import json
import queue
import socket
import sys
import threading
import time

# artist -> album -> songs (title, seconds)
LIBRARY = {
    "Aurora Lane": {
        "Northern Roads": [("First Light", 214), ("Coastline", 187), ("Harbour", 242)],
    },
    "Grey Pines": {
        "Signal Hill": [("Static", 201), ("Relay", 176)],
    },
}
SHUFFLE = ["off", "songs", "albums"]
REPEAT = ["off", "all", "one"]


class Bridge:
    """One connection. A reader thread queues every line; `request` waits for its answer
    and keeps the events that come meanwhile; `next_event` waits at most `timeout`."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.lines = queue.Queue()
        self.events = []
        self.next_id = 1
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.sock.makefile("r", encoding="utf-8"):
            print("<-", line.strip(), flush=True)
            self.lines.put(json.loads(line))
        self.lines.put(None)

    def send(self, message):
        with self.lock:
            self.sock.sendall((json.dumps(message) + "\n").encode("utf-8"))

    def request(self, kind, **fields):
        request_id = self.next_id
        self.next_id += 1
        self.send(dict(type=kind, id=request_id, **fields))
        while True:
            message = self.lines.get()
            if message is None:
                raise ConnectionError("the head unit closed the connection")
            if message.get("id") == request_id:
                if message["type"] == "error":
                    raise RuntimeError(f"{kind}: {message['code']}: {message['message']}")
                return message
            if message["type"] not in ("heartbeat", "reply", "error"):
                self.events.append(message)

    def next_event(self, timeout):
        """The next event; "tick" when none came within `timeout`; None when closed."""
        if self.events:
            return self.events.pop(0)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "tick"
            try:
                message = self.lines.get(timeout=left)
            except queue.Empty:
                return "tick"
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


class Player:
    """The queue (an album's songs), where in it, and the counted elapsed time."""

    def __init__(self):
        self.artist = self.album = None
        self.songs = []
        self.index = 0
        self.elapsed = 0.0
        self.playing = False
        self.since = time.monotonic()
        self.shuffle = 0
        self.repeat = 0

    def now(self):
        if self.playing:
            self.elapsed += time.monotonic() - self.since
        self.since = time.monotonic()
        title, length = self.songs[self.index]
        if self.elapsed >= length:  # the song ended: the next one
            self.move(1)
            return self.now()
        return self.elapsed

    def play(self, artist, album, index):
        self.artist, self.album = artist, album
        self.songs = LIBRARY[artist][album]
        self.index, self.elapsed, self.playing = index, 0.0, True
        self.since = time.monotonic()

    def move(self, step):
        self.index = (self.index + step) % len(self.songs)
        self.elapsed = 0.0
        self.since = time.monotonic()

    def title(self):
        return self.songs[self.index][0]

    def now_playing(self):
        elapsed = self.now()
        title, length = self.songs[self.index]
        return {
            "title": title, "artist": self.artist, "album": self.album,
            "elapsed": round(elapsed, 1), "duration": length,
            "rate": 1 if self.playing else 0,
            "shuffle": SHUFFLE[self.shuffle], "repeat": REPEAT[self.repeat],
            "buttons": ["shuffle", "repeat"],
        }


def library_list():
    rows = [{"id": f"artist:{name}", "text": name, "accessory": "disclosure"}
            for name in LIBRARY]
    rows.append({"id": "nowplaying", "text": "Now Playing", "image": "info"})
    return {"type": "list", "id": "library", "title": "Library", "items": rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default="/run/headunit/bridge.sock")
    parser.add_argument("--once", action="store_true",
                        help="say goodbye after the driver's first next")
    args = parser.parse_args()

    bridge = Bridge(args.socket)
    hello = bridge.request("hello", version=1, app="audio-client.py", category="audio")
    bridge.keep_alive(hello["heartbeatSeconds"])
    bridge.request("setRootTemplate", template=library_list())
    print("library on screen", flush=True)
    player = Player()

    def update():
        if player.songs:
            bridge.request("updateNowPlaying", nowPlaying=player.now_playing())

    while True:
        event = bridge.next_event(timeout=1.0)
        if event is None:
            print("the head unit closed the connection", flush=True)
            return 1
        if event == "tick":
            if player.playing:
                update()
            continue
        kind = event["type"]
        item = event.get("itemId", "")
        button = event.get("buttonId", "")
        if kind == "itemSelected" and item.startswith("artist:"):
            artist = item.split(":", 1)[1]
            bridge.request("pushTemplate", template={
                "type": "list", "id": "albums", "title": artist,
                "items": [{"id": f"album:{artist}:{album}", "text": album,
                           "accessory": "disclosure"} for album in LIBRARY[artist]]})
        elif kind == "itemSelected" and item.startswith("album:"):
            _, artist, album = item.split(":", 2)
            bridge.request("pushTemplate", template={
                "type": "list", "id": "songs", "title": album,
                "items": [{"id": f"song:{artist}:{album}:{i}", "text": title,
                           "detail": f"{length // 60}:{length % 60:02d}"}
                          for i, (title, length) in enumerate(LIBRARY[artist][album])]})
        elif kind == "itemSelected" and item.startswith("song:"):
            _, artist, album, index = item.split(":", 3)
            player.play(artist, album, int(index))
            update()
            bridge.request("popToRootTemplate")
            bridge.request("showNowPlaying")
            print(f"now playing {player.title()}", flush=True)
        elif kind == "itemSelected" and item == "nowplaying":
            bridge.request("showNowPlaying")
        elif button == "nowPlaying.playPause":
            player.now()
            player.playing = not player.playing
            update()
            print("playing" if player.playing else "paused", flush=True)
        elif button in ("nowPlaying.next", "nowPlaying.previous"):
            player.move(1 if button.endswith("next") else -1)
            update()
            print(f"now playing {player.title()}", flush=True)
            if args.once and button.endswith("next"):
                bridge.request("goodbye")
                return 0
        elif button == "nowPlaying.shuffle":
            player.shuffle = (player.shuffle + 1) % len(SHUFFLE)
            update()
        elif button == "nowPlaying.repeat":
            player.repeat = (player.repeat + 1) % len(REPEAT)
            update()
        elif kind == "nowPlayingSeek":
            player.now()
            player.elapsed = float(event["seconds"])
            update()
            print(f"seek {event['seconds']:g}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
