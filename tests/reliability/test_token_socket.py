"""A token client (a bot, a scoreboard) follows a match live on the real server
(``make run``): its API token goes in the WebSocket handshake, as a subprotocol or
an Authorization header, never in the URL (squarescores/socket_auth.py)."""

import json

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.conftest import tap_frame
from tests.reliability.figures import record
from tests.server import make_run

pytestmark = pytest.mark.server

TAPS = 10


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with make_run(tmp_path_factory.mktemp("token-socket")) as url:
        yield url


class ApiClient:
    """A guest with a token, speaking only the REST API."""

    def __init__(self, url, name):
        self.http = httpx.Client(base_url=url, timeout=10)
        made = self.http.post("/api/guests/", json={"display_name": name})
        assert made.status_code == 201, made.text
        self.token = made.json()["token"]
        self.http.headers["Authorization"] = f"Token {self.token}"

    def post(self, path, body):
        answer = self.http.post(path, json=body)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()

    def start(self):
        return self.post("/api/matches/", {"game": "fortyone_exchange", "seats": SEATS})

    def tap(self, match, seat):
        path = f"/api/matches/{match['id']}/record/"
        body = {"round": match["open_round"], "payload": {"winner": seat}}
        return self.post(path, body)


SEATS = ["Alice", "Ben", "Cara", "Dev"]


def seat_id(match, name):
    return next(s["id"] for s in match["seats"] if s["name"] == name)


@pytest.fixture
def table(server):
    """alice's bot hosts a match; bob's bot has joined it in seat Ben."""
    alice, bob = ApiClient(server, "Alice"), ApiClient(server, "Ben")
    match = alice.start()
    body = {"code": match["code"], "seat": seat_id(match, "Ben")}
    return alice, bob, bob.post("/api/join/", body)


def socket(url, match, *, subprotocols=None, headers=None, origin=None, query=""):
    ws = url.replace("http://", "ws://")
    return connect(
        f"{ws}/ws/matches/{match['id']}/{query}",
        subprotocols=subprotocols,
        additional_headers=headers,
        origin=origin,
        open_timeout=10,
        max_size=2**22,
        legacy=True,
    )


def by_subprotocol(token):
    return {"subprotocols": ["squarescores", f"token.{token}"]}


def by_header(token):
    return {"headers": {"Authorization": f"Token {token}"}}


def receive(connection):
    return json.loads(connection.recv(timeout=5))


def closed_code(connection):
    try:
        while True:
            connection.recv(timeout=5)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def test_a_scoreboard_with_its_token_in_a_subprotocol_receives_every_push(
    server, table
):
    alice, bob, match = table
    board = socket(server, match, **by_subprotocol(alice.token))
    snapshot = receive(board)

    for number in range(TAPS):
        match = bob.tap(match, seat_id(match, SEATS[number % 4]))
    changes = [receive(board) for _ in range(TAPS)]
    board.close()

    assert board.subprotocol == "squarescores"
    assert snapshot["type"] == "snapshot"
    versions = [frame["version"] for frame in changes]
    assert versions == list(range(snapshot["version"] + 1, match["version"] + 1))
    assert all(frame["type"] == "change" for frame in changes)
    record(
        "Token client on the match socket (subprotocol), no Origin, no cookie",
        taps=TAPS,
        lost=TAPS - len(changes),
        pushes=len(changes),
    )


def test_a_bot_with_an_authorization_header_receives_pushes_and_taps(server, table):
    alice, bob, match = table
    hosts = socket(server, match, **by_header(alice.token))
    bots = socket(server, match, **by_header(bob.token))
    receive(hosts), receive(bots)  # the snapshots

    bots.send(json.dumps(tap_frame(1, seat_id(match, "Cara"), key="b1")))
    seen = receive(hosts), receive(bots)

    assert [frame["type"] for frame in seen] == ["change", "change"]
    assert seen[0] == seen[1]
    assert seen[0]["version"] == match["version"] + 1
    record("Token client on the match socket (Authorization header)", taps=1, lost=0)


@pytest.mark.parametrize("how", [by_subprotocol, by_header])
def test_an_unknown_token_is_refused_in_the_handshake(server, table, how):
    _alice, _bob, match = table

    with pytest.raises(InvalidStatus) as refused:
        socket(server, match, **how("0" * 40))

    assert refused.value.response.status_code == 403


def test_a_token_in_the_url_is_never_taken(server, table):
    alice, _bob, match = table
    query = f"?token={alice.token}"

    with pytest.raises(InvalidStatus) as no_origin:
        socket(server, match, query=query)
    with_origin = socket(server, match, query=query, origin=server)

    assert no_origin.value.response.status_code == 403
    assert closed_code(with_origin) == 4403  # a visitor without a session


def test_an_outsiders_token_is_closed_with_4403(server, table):
    _alice, _bob, match = table
    outsider = ApiClient(server, "Charlie")

    connection = socket(server, match, **by_subprotocol(outsider.token))

    assert closed_code(connection) == 4403
