"""A change made through the API reaches a phone on the match page, live.

Bob's phone (a real chromium with his session cookie) has the match page open on
its WebSocket; Alice's scoreboard client taps through the API with her token, over
real HTTP to the same ASGI server. Bob's page shows it without a reload.
"""

import httpx
import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

from tests.conftest import seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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


def test_a_tap_through_the_api_shows_on_a_members_page(
    asgi_server, new_phone, shoot, match, alice, bob
):
    phone = signed_in_phone(new_phone, asgi_server, bob, "Ben")
    phone.goto(f"{asgi_server}/matches/{match.pk}/")
    expect(phone.locator("[data-live-status]")).to_have_attribute("data-state", "live")
    shoot(phone, "before")

    token = Token.objects.create(user=alice).key
    tapped = httpx.post(
        f"{asgi_server}/api/matches/{match.pk}/record/",
        json={"round": 1, "payload": {"winner": seat(match, "Alice").pk}},
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
