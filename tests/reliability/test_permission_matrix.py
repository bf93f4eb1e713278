"""The permission matrix, generated: every action x {anonymous, outsider, member,
host} x {form, API, WebSocket}, allowed exactly where DESIGN.md's roles table says
and refused, with nothing written, everywhere else."""

import itertools
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.test import Client

from games.models import Match
from squarescores.asgi import application
from tests.conftest import seat, tap_frame, win
from tests.reliability.figures import record
from tests.sockets import WebsocketCommunicator

ROLES = ["anonymous", "outsider", "member", "host"]

# DESIGN.md, "Roles": who may do what.
ALLOWED = {
    "see": {"member", "host"},
    "tap": {"member", "host"},
    "end": {"member", "host"},
    "correct": {"host"},
    "add_seat": {"host"},
    "rename_seat": {"host"},
    "release_claim": {"host"},
    "hand_over_host": {"host"},
    # Round 1 recorded by the host: a member may undo only a round of their own.
    "undo": {"host"},
    "void": {"host"},
}
# Actions on a closed round: the host records round 1 first.
ON_A_CLOSED_ROUND = {"undo", "void"}

# How each action is asked for on each channel: (path, body) from the match and its
# seats. The WebSocket carries only the sheet and taps.
FORM = {
    "see": ("GET", "/matches/{m}/", None),
    "tap": ("POST", "/matches/{m}/record/", {"round": 1, "winner": "{cara}"}),
    "end": ("POST", "/matches/{m}/end/", {}),
    "correct": ("POST", "/matches/{m}/correct/", {"round": 1, "winner": "{cara}"}),
    "add_seat": ("POST", "/matches/{m}/seats/add/", {"name": "Eve"}),
    "rename_seat": (
        "POST",
        "/matches/{m}/seats/rename/",
        {"seat": "{dev}", "name": "Devi"},
    ),
    "release_claim": ("POST", "/matches/{m}/seats/release/", {"seat": "{ben}"}),
    "hand_over_host": ("POST", "/matches/{m}/host/", {"user": "{bob}"}),
    "undo": ("POST", "/matches/{m}/undo/", {"round": 1}),
    "void": ("POST", "/matches/{m}/void/", {"round": 1}),
}
API = {
    "see": ("GET", "/api/matches/{m}/", None),
    "tap": (
        "POST",
        "/api/matches/{m}/record/",
        {"round": 1, "payload": {"winner": "{cara}"}},
    ),
    "end": ("POST", "/api/matches/{m}/end/", {}),
    "correct": (
        "POST",
        "/api/matches/{m}/correct/",
        {"round": 1, "payload": {"winner": "{cara}"}},
    ),
    "add_seat": ("POST", "/api/matches/{m}/seats/", {"name": "Eve"}),
    "rename_seat": ("POST", "/api/matches/{m}/seats/{dev}/rename/", {"name": "Devi"}),
    "release_claim": ("POST", "/api/matches/{m}/seats/{ben}/release/", {}),
    "hand_over_host": ("POST", "/api/matches/{m}/host/", {"user": "{bob}"}),
    "undo": ("POST", "/api/matches/{m}/undo/", {"round": 1}),
    "void": ("POST", "/api/matches/{m}/void/", {"round": 1}),
}
WEBSOCKET = {"see", "tap"}

CASES = [
    # A socket's consumer reads the database from another thread: it needs the
    # rows committed, so only those cases pay for a transactional test.
    pytest.param(
        action,
        role,
        channel,
        marks=pytest.mark.django_db(transaction=channel == "websocket"),
    )
    for action, role, channel in itertools.product(
        ALLOWED, ROLES, ["form", "api", "websocket"]
    )
    if channel != "websocket" or action in WEBSOCKET
]


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def ids(match, bob):
    return {
        "m": match.pk,
        "cara": seat(match, "Cara").pk,
        "dev": seat(match, "Dev").pk,
        "ben": seat(match, "Ben").pk,
        "bob": bob.pk,
    }


def fill(value, names):
    if isinstance(value, str):
        filled = value.format(**names)
        return int(filled) if filled.isdigit() and value.startswith("{") else filled
    if isinstance(value, dict):
        return {key: fill(item, names) for key, item in value.items()}
    return value


def client_for(role, users):
    client = Client()
    if role != "anonymous":
        client.force_login(users[role])
    return client


def over_http(channel, action, client, names):
    method, path, body = (FORM if channel == "form" else API)[action]
    path, body = fill(path, names), fill(body, names)
    if method == "GET":
        answer = client.get(path)
    elif channel == "form":
        answer = client.post(path, body)
    else:
        answer = client.post(path, json.dumps(body), content_type="application/json")
    if channel == "form":
        # A page shown, or a form applied and redirected back to the match.
        return answer.status_code == 200 or (
            answer.status_code == 302
            and answer["Location"] == f"/matches/{names['m']}/"
        ), answer
    return 200 <= answer.status_code < 300, answer


async def over_websocket(action, role, users, names):
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if role != "anonymous":
        client = await database_sync_to_async(client_for)(role, users)
        cookie = client.cookies["sessionid"].value
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    socket = WebsocketCommunicator(
        application, f"/ws/matches/{names['m']}/", headers=headers
    )
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_output(timeout=5)
    if first["type"] == "websocket.close":
        return False, first
    assert json.loads(first["text"])["type"] == "snapshot"
    if action == "see":
        await socket.disconnect()
        return True, first
    await socket.send_json_to(tap_frame(1, names["cara"]))
    answer = await socket.receive_json_from(timeout=5)
    await socket.disconnect()
    return answer["type"] == "change", answer


def version(match):
    return Match.objects.get(pk=match.pk).version


@pytest.mark.parametrize(("action", "role", "channel"), CASES)
def test_the_roles_table_holds(action, role, channel, match, alice, bob, charlie):
    users = {"outsider": charlie, "member": bob, "host": alice}
    names = ids(match, bob)
    if action == "correct" or action in ON_A_CLOSED_ROUND:
        # A correction, an undo or a void needs a closed round: Ben won round 1.
        win(alice, match.pk, 1, names["ben"])
    before = version(match)

    if channel == "websocket":
        done, answer = async_to_sync(over_websocket)(action, role, users, names)
    else:
        done, answer = over_http(channel, action, client_for(role, users), names)

    allowed = role in ALLOWED[action]
    assert done == allowed, (action, role, channel, answer)
    writes = action != "see"
    assert version(match) == before + (1 if allowed and writes else 0)
    if not allowed and channel == "api":
        assert answer.status_code in (401, 403, 404), answer.content
        assert answer.json()["code"]
    # One row of docs/reliability.md; each case adds itself, in any test order.
    record("the permission matrix", cases=1)
