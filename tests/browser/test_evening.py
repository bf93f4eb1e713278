"""Issue 14 at the table: taps that survive a dropped Wi-Fi, corrections announced
on every phone, and the next match of the evening, at 360x800 and 390x844."""

import re

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.models import Event, Match
from tests.browser.fit import overflow
from tests.browser.test_accessibility import serious_violations
from tests.browser.test_table import (
    SEATS,
    expect_open,
    expect_round,
    join_as,
    seat_button,
    start_match,
    wait_live,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"360x800": {"width": 360, "height": 800}, "390x844": None}
BACK_MS = 8000


def phones(new_phone, size, *names, **options):
    made = [new_phone(f"{name}-{size}", **options) for name in names]
    if SIZES[size]:
        for page in made:
            page.set_viewport_size(SIZES[size])
    return made


def won_events():
    connection.close()
    return Event.objects.filter(kind=Event.Kind.ROUND_WON).count()


def expect_fits(page):
    assert overflow(page)["culprits"] == []


@pytest.mark.parametrize("size", SIZES)
def test_a_tap_made_offline_is_kept_and_sent_once_when_the_phone_is_back(
    asgi_server, new_phone, shoot, size
):
    a, b = phones(new_phone, size, "A", "B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)
    url = b.url

    b.context.set_offline(True)
    expect(b.locator("[data-live-status]")).to_have_attribute("data-state", "offline")
    seat_button(b, "Dev").click()
    expect(b.locator(".pending-line")).to_contain_text("Pending: Dev")
    expect(b.locator("body")).to_have_attribute("data-offline", "")
    shoot(b, "tap-kept-offline")
    assert b.url == url
    expect_fits(b)
    expect(a.locator("#round-1")).to_have_count(0)

    b.context.set_offline(False)
    expect_round(a, 1, "Dev won", timeout=BACK_MS)
    expect_round(b, 1, "Dev won", timeout=BACK_MS)
    expect_open(b, 2)
    expect(b.locator(".pending-line")).to_have_count(0)
    shoot(b, "tap-sent-back-online")
    # Reloading the page sends nothing again: the kept tap is gone.
    b.reload()
    wait_live(b)
    a.wait_for_timeout(300)
    assert won_events() == 1
    assert b.evaluate("Object.keys(localStorage).length") == 0


@pytest.mark.parametrize("size", SIZES)
def test_a_kept_tap_for_a_round_closed_meanwhile_says_who_won_and_records_nothing(
    asgi_server, new_phone, shoot, size
):
    a, b = phones(new_phone, size, "A", "B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)

    b.context.set_offline(True)
    seat_button(b, "Dev").click()
    expect(b.locator(".pending-line")).to_be_visible()
    seat_button(a, "Cara").click()
    expect_open(a, 2)

    b.context.set_offline(False)
    notice = b.locator("#notice")
    expect(notice).to_have_text(
        "Round 1 was closed on another phone: Cara won.", timeout=BACK_MS
    )
    expect_round(b, 1, "Cara won")
    expect_open(b, 2)
    shoot(b, "lost-race-notice")
    expect_fits(b)
    a.wait_for_timeout(500)
    assert won_events() == 1
    expect(a.locator("#round-2")).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
def test_a_correction_is_announced_on_every_phone_and_the_host_stays_in_place(
    asgi_server, new_phone, shoot, size
):
    a, b, c = phones(new_phone, size, "A", "B", "C")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    join_as(c, join_link, "Cara")
    wait_live(a, b, c)
    seat_button(b, "Ben").click()
    for phone in (a, b, c):
        expect_round(phone, 1, "Ben won")
    navigations = []
    a.on("framenavigated", lambda frame: navigations.append(frame.url))

    a.locator("#round-1 summary").click()
    a.locator("#round-1 .correct-form button", has_text="Cara").click()

    for phone in (a, b, c):
        expect(phone.locator("#notice")).to_have_text("Round 1: Ben → Cara, by Alice")
        expect_round(phone, 1, "Cara won")
        expect(
            phone.locator("#standings .figures tr", has_text="Cara").locator("td")
        ).to_have_text("1")
        shoot(phone, "correction-notice")
    assert navigations == []
    expect(a.locator("[data-live-status]")).to_have_attribute("data-state", "live")
    expect_fits(b)


@pytest.mark.parametrize("size", SIZES)
def test_an_ended_match_shows_the_winner_and_a_member_starts_the_next_one(
    asgi_server, new_phone, shoot, size
):
    a, b, c = phones(new_phone, size, "A", "B", "C")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    join_as(c, join_link, "Cara")
    wait_live(a, b, c)
    for number, name in ((1, "Cara"), (2, "Cara")):
        seat_button(b, name).click()
        expect_open(a, number + 1)
    old = a.url

    c.get_by_text("End match…").click()
    c.get_by_role("button", name="End the match now").click()
    for phone in (a, b, c):
        expect(phone.locator("[data-result]")).to_have_text(
            "Cara won the most rounds (2)."
        )
        expect(phone.locator("[data-live-text]")).to_have_text("Ended")
        expect(phone.locator("#invite")).to_be_hidden()
        expect(
            phone.get_by_role("button", name="Next match, same seats")
        ).to_be_visible()
        expect_fits(phone)
        shoot(phone, "ended")

    # Ben, not the host, starts the next match: all three phones land there.
    b.get_by_role("button", name="Next match, same seats").click()
    for phone in (a, b, c):
        expect(phone).not_to_have_url(old, timeout=BACK_MS)
        expect(phone).to_have_url(re.compile(r"/matches/\d+/$"))
        expect_open(phone, 1)
        wait_live(phone)
    assert a.url == b.url == c.url
    connection.close()
    new = Match.objects.get(pk=int(a.url.rstrip("/").split("/")[-1]))
    assert new.host.display_name == "Alice"
    for phone in (a, b, c):
        expect(phone.locator("body")).to_have_attribute(
            "data-you-seat", re.compile(".")
        )
        expect(phone.locator("#invite")).not_to_have_attribute("open", "")
        shoot(phone, "next-match")
    # The deal passed on: the old match's last round (3, banked) was Cara's.
    expect(a.locator(".dealer-line")).to_contain_text("Dev deals round 1")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_sheet_pending_notice_and_ended_match_pass_axe(
    asgi_server, new_phone, shoot, scheme
):
    a, b = phones(new_phone, "360x800", "A", "B", color_scheme=scheme)
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)
    seat_button(b, "Ben").click()
    expect_open(a, 2)
    a.locator("#round-1 summary").click()
    a.locator("#round-1 .correct-form button", has_text="Dev").click()
    expect(b.locator("#notice")).to_be_visible()
    shoot(b, f"notice-{scheme}")
    assert serious_violations(b) == []
    b.context.set_offline(True)
    seat_button(b, "Cara").click()
    expect(b.locator(".pending-line")).to_be_visible()
    shoot(b, f"pending-{scheme}")
    assert serious_violations(b) == []
    b.context.set_offline(False)
    expect_open(b, 3, timeout=BACK_MS)
    b.get_by_text("End match…").click()
    b.get_by_role("button", name="End the match now").click()
    expect(a.locator("[data-result]")).to_be_visible()
    shoot(a, f"ended-{scheme}")
    assert serious_violations(a) == []


def test_a_desktop_window_shows_the_sheet_as_a_grid_of_seats_and_rounds(
    asgi_server, new_phone, shoot
):
    a, b = new_phone("A-desktop"), new_phone("B-desktop")
    for page in (a, b):
        page.set_viewport_size({"width": 1280, "height": 800})
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)

    seat_button(a, "Cara").click()
    expect_open(a, 2)
    # A newly drawn round takes no tap while it settles (settle.js).
    expect(seat_button(a, "Ben")).not_to_have_attribute("aria-disabled", "true")
    seat_button(a, "Ben").click()

    grid = b.locator("#grid")
    expect(grid).to_be_visible()
    # A member's list of rounds in words stays folded under the grid.
    expect(b.locator("#rounds")).to_be_hidden()
    expect(grid.locator("thead th")).to_have_text(["#Round", *SEATS])
    expect(grid.locator("#grid-round-2 td")).to_have_text(
        ["", "\u2713wonDdealt", "", ""]
    )
    expect(grid.locator("#grid-round-1 td.is-won")).to_have_count(1)
    shoot(b, "grid-member")
    shoot(a, "grid-host")
    assert overflow(b)["culprits"] == []


def test_the_sittings_tally_after_three_matches(asgi_server, new_phone, shoot):
    a, b = phones(new_phone, "390x844", "A", "B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)
    for winner in ("Ben", "Cara", "Ben"):
        before = b.url
        seat_button(a, winner).click()
        expect_open(b, 2)
        b.get_by_text("End match…").click()
        b.get_by_role("button", name="End the match now").click()
        expect(a.locator("[data-result]")).to_contain_text(winner)
        b.get_by_role("button", name="Next match, same seats").click()
        for phone in (a, b):
            expect(phone).not_to_have_url(before, timeout=BACK_MS)
            wait_live(phone)

    tally = b.locator("#sitting")
    expect(tally.locator("h2")).to_have_text("Tonight: 3 matches played")
    expect(tally.locator("tbody tr").first).to_have_text(re.compile(r"Ben\s*2\s*2"))
    expect(tally.locator("tbody tr", has_text="Cara")).to_have_text(
        re.compile(r"Cara\s*1\s*1")
    )
    shoot(b, "sitting-tally")
    expect_fits(b)
    # The history lists the evening as one sitting: three played, one begun.
    b.goto(b.url.split("/matches/")[0] + "/matches/")
    sitting = b.locator(".sitting-group")
    expect(sitting).to_have_count(1)
    expect(sitting.locator(".sitting-head")).to_contain_text(": 4 matches")
    expect(sitting.locator(".sitting-tally summary")).to_have_text(
        "Tally of 3 ended matches"
    )
    expect(sitting.locator(".sitting-matches > .match-row")).to_have_count(4)
    shoot(b, "sitting-in-my-matches")
    expect_fits(b)
