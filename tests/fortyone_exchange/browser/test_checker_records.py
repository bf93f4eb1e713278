"""The hand checker opened from a live table records its one winner with one tap,
and every phone at the table shows the round won, without a reload."""

import pytest
from playwright.sync_api import expect

from games.fortyone_exchange.views import example_query
from games.models import Match
from tests.browser.test_table import expect_open, expect_round, join_as, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_checkers_button_records_the_winner_on_every_phone(
    asgi_server, new_phone, shoot
):
    alice, ben = new_phone("alice"), new_phone("ben-dark", color_scheme="dark")
    join_as(ben, start_match(alice, asgi_server), "Ben")
    match = Match.objects.get()

    ben.goto(f"{asgi_server}/games/fortyone_exchange/hands/?{example_query(match)}")
    button = ben.get_by_role("button", name="Record Alice's win for round 1")
    expect(button).to_be_visible()
    shoot(ben, "checker")
    button.click()

    for phone in (alice, ben):
        expect_round(phone, 1, "Alice won", timeout=3000)
        expect_open(phone, 2, timeout=3000)
    assert [alice.console_errors, ben.console_errors] == [[], []]
