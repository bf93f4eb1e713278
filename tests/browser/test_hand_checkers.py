"""Every hand checker keeps its summary up to date as cards are picked (issue 28):
41 Exchange, Schwimmen and Thirty-One share one script."""

import pytest
from playwright.sync_api import expect

from tests.browser.fit import new_phone_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    "game, size", [("fortyone_exchange", 4), ("schwimmen", 3), ("thirty_one", 3)]
)
def test_the_summary_follows_the_cards_picked(asgi_server, browser, game, size):
    page = new_phone_page(browser, "360x800")
    page.goto(f"{asgi_server}/games/{game}/hands/")
    hand = page.locator("[data-hand]").first
    expect(hand.locator("[data-count]")).to_have_text(f"0 of {size}")

    cards = hand.locator("label.playing-card")
    for index in range(size):
        cards.nth(index * 2).click()
        if index < size - 1:
            expect(hand.locator("[data-count]")).to_have_text(f"{index + 1} of {size}")

    expect(hand.locator("[data-count]")).to_have_text(f"{size} of {size}")
    expect(hand.locator("[data-picked] .chip")).to_have_count(size)
    # A full hand takes no more: the other cards are greyed out.
    expect(hand.locator(".card-input:not(:checked)").first).to_be_disabled()
    page.context.close()
