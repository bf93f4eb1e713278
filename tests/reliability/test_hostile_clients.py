"""Hostile clients against the real server (``make run``): garbage frames, oversize
frames and floods on the WebSocket, a foreign Origin, forms and API writes without
their CSRF token. Each is refused or closed, nothing is written, and the server goes
on serving the other tables."""

import json
import sqlite3

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.conftest import tap_frame
from tests.reliability.figures import record
from tests.scale.phones import Phone, table
from tests.server import make_run

pytestmark = pytest.mark.server

GARBAGE = [
    "",
    "not json",
    "{",
    "[]",
    "null",
    "42",
    '"tap"',
    json.dumps({"action": None}),
    json.dumps({"action": "tap"}),
    json.dumps(tap_frame("1", "1")),
    json.dumps(tap_frame(1.5, True)),
    json.dumps(tap_frame(2**80, -(2**80))),
    json.dumps({"action": "tap", "round": [], "seat": {}, "key": {"a": 1}}),
    json.dumps({"action": "mark", "round": 1, "seat": 1, "value": 1}),
    json.dumps({"action": "end"}),
    "[" * 1000 + "]" * 1000,
    # Seats spelled as an outside tester spelled them (issue 29): refused, and
    # the socket stays open (it answers every frame after these).
    *(
        json.dumps({"type": "record", "round": 1, "form": {"winner": [seat]}})
        for seat in ("²", "٣", "\uff10", "-1", "+1", "9" * 3000, "1_0")
    ),
    json.dumps({"type": "record", "round": 1, "payload": {"winner": "²"}}),
    json.dumps({"type": "record", "round": 1, "payload": {"winner": None}}),
    json.dumps({"type": "record", "round": 1, "form": {"winner": ["1"]}, "key": 5}),
    json.dumps({"action": "tap", "round": 1, "seat": "²", "key": "k" * 101}),
    "\udcff".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var = tmp_path_factory.mktemp("hostile")
    with make_run(var) as url:
        yield url, var / "squarescores.sqlite3"


def state(database, match_id):
    with sqlite3.connect(database) as conn:
        return conn.execute(
            "select version, (select count(*) from games_event where match_id = ?),"
            " (select count(*) from games_round where match_id = ?)"
            " from games_match where id = ?",
            (match_id, match_id, match_id),
        ).fetchone()


def raw_socket(url, phone, match_id, origin=None):
    ws = url.replace("http://", "ws://")
    return connect(
        f"{ws}/ws/matches/{match_id}/",
        additional_headers={"Cookie": phone.cookie_header()},
        origin=origin or url,
        open_timeout=10,
        max_size=2**22,
        legacy=True,
    )


def closed_code(socket, timeout=5):
    try:
        while True:
            socket.recv(timeout=timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


@pytest.fixture
def two_tables(server):
    url, database = server
    attacked = table(url)
    other = table(url)
    return url, database, attacked, other


def test_garbage_frames_are_answered_with_errors_and_write_nothing(two_tables):
    url, database, (host, _bob, match_id, _, _sheet), other = two_tables
    before = state(database, match_id)
    socket = raw_socket(url, host, match_id)
    json.loads(socket.recv(timeout=5))  # the snapshot

    answers = []
    for frame in GARBAGE:
        socket.send(frame)
        answers.append(json.loads(socket.recv(timeout=5)))
    socket.send(b"\x00\xff binary")

    assert all(a["type"] == "error" and a["code"] for a in answers), answers
    assert state(database, match_id) == before
    assert_still_serving(url, other)
    record("WebSocket garbage frames", fuzz=len(GARBAGE) + 1, lost=0)


def test_an_oversize_frame_closes_the_socket_and_writes_nothing(two_tables):
    url, database, (host, _bob, match_id, _, sheet), other = two_tables
    before = state(database, match_id)
    seat = sheet.seat_id("Cara")

    codes = []
    for size in (5_000, 100_000):
        socket = raw_socket(url, host, match_id)
        socket.recv(timeout=5)
        padding = "x" * size
        socket.send(json.dumps({**tap_frame(1, seat), "pad": padding}))
        codes.append(closed_code(socket))

    assert codes == [1009, 1009]
    assert state(database, match_id) == before
    assert_still_serving(url, other)
    record("WebSocket oversize frames", faults=len(codes), lost=0)


def test_a_flood_closes_the_socket_and_the_other_tables_play_on(two_tables):
    url, database, (host, _bob, match_id, _, _sheet), other = two_tables
    before = state(database, match_id)
    socket = raw_socket(url, host, match_id)
    socket.recv(timeout=5)

    sent = 0
    try:
        for _ in range(500):
            socket.send(json.dumps(tap_frame(99, 0)))
            sent += 1
    except ConnectionClosed:
        pass

    assert closed_code(socket) == 4429
    assert state(database, match_id) == before
    assert_still_serving(url, other)
    record("WebSocket flood, closed at the rate limit", faults=1, frames=sent, lost=0)


def assert_still_serving(url, other):
    """The other table's tap goes through and reaches its phone."""
    host, _bob, match_id, _, sheet = other
    sheet.settle()
    number, version = sheet.open_round(), sheet.version
    answer = host.tap(match_id, number, sheet.seat_id("Dev"))
    assert answer.status_code == 302
    assert sheet.wait_for(version + 1)
    assert sheet.rounds[number]["winner"] == sheet.seat_id("Dev")


def test_a_websocket_from_a_foreign_origin_is_refused(two_tables):
    url, _database, (host, _bob, match_id, _, _sheet), _other = two_tables

    with pytest.raises(InvalidStatus) as refused:
        raw_socket(url, host, match_id, origin="http://evil.example")

    assert refused.value.response.status_code == 403


def test_a_form_post_without_its_csrf_token_is_refused(two_tables):
    _url, database, (host, _bob, match_id, _, sheet), _other = two_tables
    before = state(database, match_id)
    data = {"round": "1", "winner": str(sheet.seat_id("Cara")), "key": "k"}

    without = host.post(f"/matches/{match_id}/record/", data, csrf=False)
    forged = host.post(
        f"/matches/{match_id}/record/",
        {**data, "csrfmiddlewaretoken": "x" * 64},
        csrf=False,
    )

    assert without.status_code == 403
    assert forged.status_code == 403
    assert state(database, match_id) == before


def test_a_session_api_write_without_its_csrf_token_is_refused(two_tables):
    url, database, (host, _bob, match_id, _, sheet), _other = two_tables
    before = state(database, match_id)
    body = {"round": 1, "payload": {"winner": sheet.seat_id("Cara")}}
    path = f"/api/matches/{match_id}/record/"

    without = host.http.post(path, json=body)
    assert without.status_code == 403
    assert state(database, match_id) == before

    token = host.http.cookies["csrftoken"]
    with_token = host.http.post(
        path, json=body, headers={"X-CSRFToken": token, "Referer": url + "/"}
    )
    assert with_token.status_code == 200, with_token.text
    assert state(database, match_id)[0] == before[0] + 1


def test_a_visitor_without_a_session_cannot_open_a_match_socket(two_tables):
    url, _database, (_host, _bob, match_id, _, _sheet), _other = two_tables

    socket = raw_socket(url, Phone(url), match_id)

    assert closed_code(socket) == 4403
