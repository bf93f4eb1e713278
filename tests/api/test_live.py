# ruff: noqa: F811 (the imported fixtures are used as parameters)
"""A change made through the API reaches a phone on the match page, live.

Bob's phone (a real chromium with his session cookie) has the match page open on
its WebSocket; Alice's scoreboard client taps through the API with her token, over
real HTTP to the same ASGI server. Bob's page shows the round without a reload.
"""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import websockets
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

# The browser suite's fixtures, imported so pytest finds them here.
from tests.browser.conftest import (  # noqa: F401
    _sync_database_beside_playwright,
    asgi_server,
    browser,
    new_phone,
    shoot,
)
from tests.conftest import seat

pytestmark = pytest.mark.django_db(transaction=True)


def signed_in_phone(make_phone, base_url, user, name):
    session = Client()
    session.force_login(user)
    page = make_phone(name)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": base_url,
            }
        ]
    )
    return page


@pytest.mark.browser
def test_a_tap_through_the_api_shows_on_a_members_page(
    asgi_server, new_phone, shoot, match, alice, bob
):
    phone = signed_in_phone(new_phone, asgi_server, bob, "Ben")
    phone.goto(f"{asgi_server}/matches/{match.pk}/")
    expect(phone.locator("[data-live-status]")).to_have_attribute("data-state", "live")
    shoot(phone, "before")

    token = Token.objects.create(user=alice).key
    tapped = httpx.post(
        f"{asgi_server}/api/matches/{match.pk}/tap/",
        json={"round": 1, "seat": seat(match, "Alice").pk},
        headers={"Authorization": f"Token {token}", "Idempotency-Key": "tv-1"},
        timeout=10,
    )

    assert tapped.status_code == 200
    expect(phone.locator("#round-1 .round-result")).to_have_text("Alice won")
    expect(phone.locator("#open-round .open-title")).to_have_text("Round 2: who won?")
    shoot(phone, "after-api-tap")

    ended = httpx.post(
        f"{asgi_server}/api/matches/{match.pk}/end/",
        headers={"Authorization": f"Token {token}"},
        timeout=10,
    )
    assert ended.status_code == 200
    expect(phone.locator("#round-2 .round-result")).to_have_text("Draw")
    expect(phone.locator("body")).to_have_attribute("data-status", "ended")


async def _next_change(socket):
    while True:
        frame = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
        if frame["type"] == "change":
            return frame


def test_a_tap_through_the_api_reaches_a_members_socket(asgi_server, match, alice, bob):
    """The same path without a browser, so the PostgreSQL pass covers it too."""
    session = Client()
    session.force_login(bob)
    name = settings.SESSION_COOKIE_NAME
    cookie = f"{name}={session.cookies[name].value}"
    token = Token.objects.create(user=alice).key
    ws_url = asgi_server.replace("http", "ws") + f"/ws/matches/{match.pk}/"

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
                    f"{asgi_server}/api/matches/{match.pk}/tap/",
                    json={"round": 1, "seat": seat(match, "Alice").pk},
                    headers={"Authorization": f"Token {token}"},
                    timeout=10,
                )
            assert tapped.status_code == 200
            return snapshot, await _next_change(socket), tapped.json()

    # Its own thread: a browser test's event loop may be running in this one.
    with ThreadPoolExecutor(1) as worker:
        snapshot, change, answer = worker.submit(asyncio.run, scenario()).result()

    assert change["version"] == answer["version"] == snapshot["version"] + 1
    assert change["kind"] == "round_won"


def test_two_clients_tapping_at_once_get_one_win_and_one_409(
    asgi_server, match, alice, bob
):
    tokens = [Token.objects.create(user=user).key for user in (alice, bob)]
    seats = [seat(match, "Alice").pk, seat(match, "Ben").pk]

    def tap(token, seat_id):
        return httpx.post(
            f"{asgi_server}/api/matches/{match.pk}/tap/",
            json={"round": 1, "seat": seat_id},
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
