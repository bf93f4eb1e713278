"""Phones for the server tests: a guest made by the real start or join form, its
session cookie, and a live sheet over a real WebSocket.

``LiveSheet`` follows the page's protocol: it applies pushes in version order,
ignores one it already has, and asks for a snapshot on a gap or a reconnect. What
it holds is what the phone would show.
"""

import json
import re
import time
import uuid

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from games.rules import OPEN, registry
from tests.conftest import tap_frame

SEATS = ["Alice", "Ben", "Cara", "Dev"]


class Phone:
    def __init__(self, url):
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=10)

    def close(self):
        self.http.close()

    def csrf(self, path):
        self.http.get(path)
        return self.http.cookies["csrftoken"]

    def post(self, path, data, *, base=None, csrf=True):
        """POST a form (to another worker when ``base`` is given)."""
        if csrf:
            data = {**data, "csrfmiddlewaretoken": self.http.cookies["csrftoken"]}
        url = (base or self.url) + path
        return self.http.post(url, data=data, headers={"Referer": url})

    def start(self, seats=SEATS):
        """Start a match as its host in the first seat; returns (match id, code)."""
        token = self.csrf("/start/")
        data = {"game": "fortyone_exchange", "me": "0", "csrfmiddlewaretoken": token}
        data.update({f"seat_{i}": name for i, name in enumerate(seats)})
        for option in registry.get("fortyone_exchange").options:
            if not option.is_switch:
                data[f"fortyone_exchange__{option.key}"] = option.default
        answer = self.http.post("/start/", data=data)
        assert answer.status_code == 302, answer.text[:2000]
        match_id = int(re.search(r"/matches/(\d+)/", answer.headers["location"])[1])
        page = self.http.get(f"/matches/{match_id}/")
        code = re.search(r"/j/([A-Z0-9]{6})/", page.text)[1]
        return match_id, code

    def join(self, code, seat_id=None, name=None):
        token = self.csrf(f"/j/{code}/")
        data = {"csrfmiddlewaretoken": token, "name": name or ""}
        if seat_id is not None:
            data["seat"] = str(seat_id)
        answer = self.http.post(f"/j/{code}/", data=data)
        assert answer.status_code == 302, answer.text[:2000]

    def tap(self, match_id, round, seat, key=None, *, base=None):
        data = {
            "round": str(round),
            "winner": str(seat),
            "key": key or uuid.uuid4().hex,
        }
        return self.post(f"/matches/{match_id}/record/", data, base=base)

    def cookie_header(self):
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def live(self, ws_url, match_id, **kwargs):
        return LiveSheet(ws_url, match_id, self.cookie_header(), **kwargs)


class LiveSheet:
    """What one phone's page shows, kept up to date over its WebSocket."""

    def __init__(self, ws_url, match_id, cookie, origin=None):
        self.ws_url = ws_url
        self.match_id = match_id
        self.cookie = cookie
        self.origin = origin or ws_url.replace("ws://", "http://")
        self.version = 0
        self.rounds = {}
        self.seats = {}
        self.status = None
        self.first_shown = 1
        self.errors = []
        self.snapshots = 0
        self.gaps = 0
        self.socket = None
        self.connect()

    def connect(self, timeout=10):
        self.socket = connect(
            f"{self.ws_url}/ws/matches/{self.match_id}/",
            additional_headers={"Cookie": self.cookie},
            origin=self.origin,
            open_timeout=timeout,
            close_timeout=2,
            max_size=2**22,
            legacy=True,
        )
        self.receive(timeout)  # the snapshot comes first

    def reconnect(self, ws_url):
        self.close()
        self.ws_url = ws_url
        self.connect()

    def close(self):
        if self.socket is not None:
            self.socket.close()

    def send(self, frame):
        self.socket.send(json.dumps(frame))

    def tap(self, round, seat, key=None):
        self.send(tap_frame(round, seat, key=key))

    def receive(self, timeout=5):
        frame = json.loads(self.socket.recv(timeout=timeout))
        self.apply(frame)
        return frame

    def apply(self, frame):
        kind = frame.get("type")
        if kind == "snapshot":
            self.snapshots += 1
            self.version = frame["version"]
            self.status = frame["status"]
            self.seats = {s["id"]: s for s in frame["seats"]}
            # A snapshot holds the latest rounds; the page links to the history
            # for the ones before ``first_shown``.
            self.rounds = {r["number"]: r for r in frame["rounds"]}
            self.first_shown = frame.get("first_shown", 1)
        elif kind == "change":
            if frame["version"] <= self.version:
                return
            if frame["version"] != self.version + 1:
                # A push went missing: the database is the truth.
                self.gaps += 1
                self.send({"type": "snapshot"})
                return
            self.version = frame["version"]
            self.status = frame.get("status", self.status)
            for seat in frame.get("seats", ()):
                self.seats[seat["id"]] = seat
            for round in frame.get("rounds", ()):
                self.rounds[round["number"]] = round
        elif kind == "error":
            self.errors.append(frame)

    def wait_for(self, version, timeout=10):
        """Read frames until the sheet shows ``version``; True if it did in time."""
        deadline = time.monotonic() + timeout
        while self.version < version:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                self.receive(timeout=left)
            except TimeoutError:
                return False
        return True

    def settle(self, quiet=0.3):
        """Read whatever is still on its way, until ``quiet`` seconds pass."""
        try:
            while True:
                self.receive(timeout=quiet)
        except (TimeoutError, ConnectionClosed):
            pass

    def seat_id(self, name):
        return next(i for i, s in self.seats.items() if s["name"] == name)

    def open_round(self):
        return next(n for n, r in self.rounds.items() if r["status"] == OPEN)

    def sheet(self):
        """(status, winner) per round, as the phone shows it."""
        return {n: (r["status"], r["winner"]) for n, r in sorted(self.rounds.items())}

    def shows(self, truth):
        """True when the phone shows ``truth`` (the database's sheet): every round
        it holds as the database has it, and none missing since ``first_shown``."""
        shown = self.sheet()
        expected = {n: row for n, row in truth.items() if n >= self.first_shown}
        return all(truth.get(n) == row for n, row in shown.items()) and all(
            shown.get(n) == row for n, row in expected.items()
        )


def database_sheet(cluster, match_id):
    rows = cluster.query(
        "select number, status, winner_id from games_round where match_id = %s",
        match_id,
    )
    return {number: (status, winner) for number, status, winner in sorted(rows)}


def table(url, ws_url=None):
    """A 4-seat match: the host (seat Alice) and bob (seat Ben), both live."""
    host = Phone(url)
    match_id, code = host.start()
    host_sheet = host.live(ws_url or url.replace("http://", "ws://"), match_id)
    bob = Phone(url)
    bob.join(code, seat_id=host_sheet.seat_id("Ben"))
    return host, bob, match_id, code, host_sheet
