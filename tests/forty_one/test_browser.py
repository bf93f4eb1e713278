"""Forty One played to a team's win on four phones: each phone bids for its own
seat, every phone sees the bids arrive and the meter move, a throw-in, a total
below zero, and the tricks close each round everywhere."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Match
from tests.browser.fit import shoot_sizes
from tests.browser.test_table import (
    expect_row,
    expect_text,
    join_as,
    start_match,
    wait_live,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN_MS = 3000
NAMES = ["Alice", "Ben", "Cara", "Dev"]


def start_forty_one(page, base_url):
    return start_match(page, base_url, NAMES, "forty_one")


def bid(page, seat_id, value):
    form = page.locator(f'#open-round .fo-bid[data-seat="{seat_id}"] form')
    form.locator('input[name="bid"]').fill(str(value))
    form.get_by_role("button", name="Bid").click()


def enter_tricks(page, seats, tricks):
    form = page.locator("#open-round form.fo-tricks-form")
    for name, value in zip(NAMES, tricks, strict=True):
        form.locator(f'input[name="tricks-{seats[name]}"]').fill(str(value))
    form.get_by_role("button", name=re.compile(r"^Close round")).click()


def expect_meter(phones, text):
    expect_text(phones, "#open-round .fo-meter-text", text, LIVE_WITHIN_MS)


def bid_round(phones, seats, bids):
    """Each phone bids for its own seat, one after the other."""
    total = 0
    for phone, name, value in zip(phones, NAMES, bids, strict=True):
        bid(phone, seats[name], value)
        total += value
        if name != NAMES[-1]:
            expect_meter(phones, f"bids {total} of at least 11")


def total_of(phone, seat_id):
    return phone.locator(f'#standings .fo-total[data-seat="{seat_id}"] .fo-points')


def test_four_phones_bid_play_a_throw_in_and_a_team_wins(asgi_server, new_phone, shoot):
    phones = [new_phone(name.lower()) for name in NAMES]
    alice, ben, cara, dev = phones
    join_link = start_forty_one(alice, asgi_server)
    for phone, name in zip(phones[1:], NAMES[1:], strict=True):
        join_as(phone, join_link, name)
    wait_live(*phones)
    match = Match.objects.get()
    assert match.game == "forty_one"
    seats = {seat.name: seat.pk for seat in match.seats.all()}
    expect_meter(phones, "bids 0 of at least 11")

    # Round 1: three bids make 9, short of 11; the fourth opens play.
    bid_round(phones, seats, (4, 3, 2, 2))
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "Round 1: tricks", timeout=LIVE_WITHIN_MS
        )
    enter_tricks(cara, seats, (4, 3, 2, 4))
    expect_row(phones, 1, "Alice +4 · Ben +3 · Cara +2 · Dev +2")

    # Round 2: the bids come to 8 and the cards go back in.
    bid_round(phones, seats, (2, 2, 2, 2))
    expect_row(phones, 2, "Thrown in: bids 8 of at least 11")
    for phone in phones:
        expect(phone.locator("#open-round .fo-notice")).to_contain_text(
            "Round 2 was thrown in", timeout=LIVE_WITHIN_MS
        )
    shoot_sizes(ben, shoot, "thrown-in")

    # Round 3: Ben bids 9 and takes 5; a big bid costs double, below zero.
    bid_round(phones, seats, (3, 9, 3, 1))
    enter_tricks(dev, seats, (3, 5, 3, 2))
    expect_row(phones, 3, "Ben \u221218")
    for phone in phones:
        expect(total_of(phone, seats["Ben"])).to_have_text(
            "\u221215", timeout=LIVE_WITHIN_MS
        )
    shoot_sizes(ben, shoot, "below-zero")

    # Round 4: Alice bids all 13 and takes them: 26.
    bid_round(phones, seats, (13, 1, 1, 1))
    shoot_sizes(alice, shoot, "tricks-step")
    enter_tricks(alice, seats, (13, 0, 0, 0))
    expect_row(phones, 4, "Alice +26")

    # Round 5: Alice makes 7 for 14 more: 47, with Cara above zero.
    bid_round(phones, seats, (7, 1, 2, 1))
    enter_tricks(ben, seats, (7, 2, 2, 2))
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "The match has ended", timeout=LIVE_WITHIN_MS
        )
        expect(phone.locator("#open-round [data-result]")).to_contain_text(
            "Alice and Cara win"
        )
        expect(total_of(phone, seats["Alice"])).to_have_text("47")
    shoot_sizes(cara, shoot, "team-a-wins")
    match.refresh_from_db()
    assert match.status == "decided"
    assert match.result["team"] == "A"
    assert sorted(match.result["winners"]) == sorted([seats["Alice"], seats["Cara"]])
    assert [phone.console_errors for phone in phones] == [[], [], [], []]

    # The history: the running totals (Ben's below zero) with the 41 line.
    cara.goto(f"{asgi_server}/matches/{match.pk}/history/")
    expect(cara.locator("svg.chart-lines polyline")).to_have_count(4)
    expect(cara.locator(".fo-history")).to_have_count(5)
    shoot_sizes(cara, shoot, "history", parts=(".chart-figure", ".h-rounds"))
    assert cara.console_errors == []


def test_one_phone_enters_two_bids_in_quick_succession(asgi_server, new_phone):
    """The host bids for two seats without phones, one tap after the other:
    both bids count."""
    alice = new_phone("alice")
    start_forty_one(alice, asgi_server)
    wait_live(alice)
    seats = {seat.name: seat.pk for seat in Match.objects.get().seats.all()}

    bid(alice, seats["Cara"], 3)
    bid(alice, seats["Dev"], 4)

    expect_meter([alice], "bids 7 of at least 11")
    assert alice.console_errors == []


def test_a_bid_half_typed_survives_another_phones_bid(asgi_server, new_phone):
    """Ben's bid redraws the round on Alice's phone while she is typing Dev's:
    the number she typed stays, and her bid counts."""
    alice, ben = new_phone("alice"), new_phone("ben")
    join_link = start_forty_one(alice, asgi_server)
    join_as(ben, join_link, "Ben")
    wait_live(alice, ben)
    seats = {seat.name: seat.pk for seat in Match.objects.get().seats.all()}
    dev_bid = alice.locator(
        f'#open-round .fo-bid[data-seat="{seats["Dev"]}"] input[name="bid"]'
    )
    dev_bid.fill("4")

    bid(ben, seats["Ben"], 3)
    expect_meter([alice], "bids 3 of at least 11")

    expect(dev_bid).to_have_value("4")
    alice.locator(f'#open-round .fo-bid[data-seat="{seats["Dev"]}"] form').get_by_role(
        "button", name="Bid"
    ).click()
    expect_meter([alice, ben], "bids 7 of at least 11")
    assert [alice.console_errors, ben.console_errors] == [[], []]
