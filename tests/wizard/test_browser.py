"""Wizard on four phones to its last round: each phone bids for its own seat,
every phone sees the bids arrive, the dealer rule refuses a bid that makes them
add up, the tricks close each round everywhere, and round 15 decides the match.
Rounds 3 to 13 are played through the write path between the phones' rounds, so
the test reaches the last round in a few minutes."""

import re
import threading

import pytest
from playwright.sync_api import expect

from games import actions
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


def start_wizard(page, base_url, dealer_rule=False):
    def choose(page):
        if dealer_rule:
            page.check("#id_wizard__dealer_rule")

    return start_match(page, base_url, NAMES, "wizard", choose)


def bid(page, seat_id, value):
    form = page.locator(f'#open-round .wz-bid[data-seat="{seat_id}"] form')
    form.locator('input[name="bid"]').fill(str(value))
    form.get_by_role("button", name="Bid").click()


def expect_count(phones, text):
    expect_text(phones, "#open-round .sc-count", text, LIVE_WITHIN_MS)


def bid_round(phones, seats, bids, order=NAMES):
    """Each phone bids for its own seat, in ``order``."""
    by_name = dict(zip(NAMES, phones, strict=True))
    values = dict(zip(NAMES, bids, strict=True))
    for count, name in enumerate(order, 1):
        bid(by_name[name], seats[name], values[name])
        if count < len(order):
            expect_count(phones, f"{count} of 4 in")


def enter_tricks(page, seats, tricks):
    form = page.locator("#open-round form.wz-tricks-form")
    for name, value in zip(NAMES, tricks, strict=True):
        form.locator(f'input[name="tricks-{seats[name]}"]').fill(str(value))
    form.get_by_role("button", name=re.compile(r"^Close round")).click()


def total_of(phone, seat_id):
    return phone.locator(f'#standings .sc-total[data-seat="{seat_id}"] .sc-points')


def play_through_the_write_path(match, host, seats, numbers):
    """Rounds ``numbers``: everyone bids 0, Dev takes every trick. Off this
    thread, where Playwright's loop would stop the after-commit broadcast."""

    def work():
        for number in numbers:
            # The dealer bids last: the seats from the dealer's left round.
            dealer = (number - 1) % 4
            for name in (NAMES[(dealer + 1 + i) % 4] for i in range(4)):
                payload = {"call": {"seat": seats[name], "value": 0}}
                actions.record(host, match.pk, number, payload)
            taken = {str(seats[name]): 0 for name in NAMES}
            taken[str(seats["Dev"])] = number
            actions.record(host, match.pk, number, {"taken": taken})

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()


def test_four_phones_play_wizard_to_its_last_round(asgi_server, new_phone, shoot):
    phones = [new_phone(name.lower()) for name in NAMES]
    alice, ben, cara, dev = phones
    join_link = start_wizard(alice, asgi_server, dealer_rule=True)
    for phone, name in zip(phones[1:], NAMES[1:], strict=True):
        join_as(phone, join_link, name)
    wait_live(*phones)
    match = Match.objects.get()
    assert (match.game, match.options) == ("wizard", {"dealer_rule": True})
    seats = {seat.name: seat.pk for seat in match.seats.all()}
    expect_count(phones, "0 of 4 in")

    # Round 1, one card, Alice deals and bids last: 0 would make the bids 1.
    bid_round(phones, seats, (0, 1, 0, 0), order=["Ben", "Cara", "Dev"])
    bid(alice, seats["Alice"], 0)
    expect(alice.locator("#refusal")).to_contain_text(
        "may not add up to 1", timeout=LIVE_WITHIN_MS
    )
    expect_count(phones, "3 of 4 in")
    bid(alice, seats["Alice"], 1)
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "Round 1 of 15: tricks", timeout=LIVE_WITHIN_MS
        )
    enter_tricks(cara, seats, (1, 0, 0, 0))
    expect_row(phones, 1, "Alice +30 · Ben \u221210 · Cara +20 · Dev +20")

    # Round 2, Ben deals: Ben goes two under zero.
    bid_round(phones, seats, (0, 2, 0, 1), order=["Cara", "Dev", "Alice", "Ben"])
    shoot_sizes(ben, shoot, "tricks-step")
    enter_tricks(dev, seats, (1, 0, 0, 1))
    expect_row(phones, 2, "Ben \u221220")
    for phone in phones:
        expect(total_of(phone, seats["Ben"])).to_have_text(
            "\u221230", timeout=LIVE_WITHIN_MS
        )

    # Rounds 3 to 14 through the write path: Dev takes every trick.
    play_through_the_write_path(match, match.host, seats, range(3, 15))
    for phone in phones:
        phone.reload()
    wait_live(*phones)
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "Round 15 of 15: bids"
        )
    shoot_sizes(cara, shoot, "last-round-bids")

    # Round 15, Cara deals fifteen cards each: Ben bids and takes all 15.
    bid_round(phones, seats, (0, 15, 0, 1), order=["Dev", "Alice", "Ben", "Cara"])
    enter_tricks(alice, seats, (0, 15, 0, 0))
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "The match has ended", timeout=LIVE_WITHIN_MS
        )
    match.refresh_from_db()
    totals = {line["seat"]: line["points"] for line in match.standings["seats"]}
    best = max(totals.values())
    winners = sorted(seat for seat, total in totals.items() if total == best)
    assert match.status == "decided"
    assert sorted(match.result["winners"]) == winners
    names = {pk: name for name, pk in seats.items()}
    for phone in phones:
        expect(phone.locator("#open-round [data-result]")).to_contain_text(
            " and ".join(names[pk] for pk in winners)
            if len(winners) < 3
            else names[winners[0]]
        )
    shoot_sizes(ben, shoot, "ended")
    assert [phone.console_errors for phone in phones] == [[], [], [], []]

    # The history: fifteen rounds and the running totals.
    ben.goto(f"{asgi_server}/matches/{match.pk}/history/")
    expect(ben.locator("svg.chart-lines polyline")).to_have_count(4)
    expect(ben.locator(".sc-history")).to_have_count(15)
    shoot_sizes(ben, shoot, "history", parts=(".chart-figure",))
    assert ben.console_errors == []
