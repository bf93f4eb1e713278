"""The API over real HTTP on the real ASGI server, beside a member's WebSocket.

``asgi_server`` is the browser suites' uvicorn in a thread (tests/browser_fixtures.py).

The browser half of this (a member's page shows an API tap) is
tests/browser/test_api_live.py; these run without a browser, so the PostgreSQL
pass covers them too.
"""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import websockets
from django.conf import settings
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.conftest import seat

pytestmark = pytest.mark.django_db(transaction=True)


async def _next_change(socket):
    while True:
        frame = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
        if frame["type"] == "change":
            return frame


def test_a_tap_through_the_api_reaches_a_members_socket(asgi_server, match, alice, bob):
    session = Client()
    session.force_login(bob)
    name = settings.SESSION_COOKIE_NAME
    cookie = f"{name}={session.cookies[name].value}"
    token = Token.objects.create(user=alice).key
    ws_url = asgi_server.replace("http", "ws") + f"/ws/matches/{match.pk}/"
    tap = {"round": 1, "payload": {"winner": seat(match, "Alice").pk}}

    async def scenario():
        async with websockets.connect(
            ws_url,
            additional_headers={"Cookie": cookie},
            origin=asgi_server,
        ) as socket:
            snapshot = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
            assert snapshot["type"] == "snapshot"
            async with httpx.AsyncClient() as api:
                tapped = await api.post(
                    f"{asgi_server}/api/matches/{match.pk}/record/",
                    json=tap,
                    headers={"Authorization": f"Token {token}"},
                    timeout=10,
                )
            assert tapped.status_code == 200
            return snapshot, await _next_change(socket), tapped.json()

    snapshot, change, answer = asyncio.run(scenario())

    assert change["version"] == answer["version"] == snapshot["version"] + 1
    assert change["kind"] == "round_won"


def test_two_clients_tapping_at_once_get_one_win_and_one_409(
    asgi_server, match, alice, bob
):
    tokens = [Token.objects.create(user=user).key for user in (alice, bob)]
    seats = [seat(match, "Alice").pk, seat(match, "Ben").pk]

    def tap(token, seat_id):
        return httpx.post(
            f"{asgi_server}/api/matches/{match.pk}/record/",
            json={"round": 1, "payload": {"winner": seat_id}},
            headers={"Authorization": f"Token {token}"},
            timeout=20,
        )

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(tap, tokens, seats))

    assert sorted(a.status_code for a in answers) == [200, 409]
    [refused] = [a for a in answers if a.status_code == 409]
    [won] = [a for a in answers if a.status_code == 200]
    assert refused.json()["code"] == "round_closed"
    assert refused.json()["version"] == won.json()["version"]
    assert match.rounds.filter(status="won").count() == 1
