"""A Schwimmen match from the start page to its winner on four phones: every
phone shows each seat's lives, who swims, who is out, who deals and who won,
without a reload. The phones are 390 and 360 px wide, light and dark, so the
screenshots cover each."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Match
from tests.browser.test_table import join_as, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN_MS = 3000
NAMES = ["Alice", "Ben", "Cara", "Dev"]


def start_schwimmen(page, base_url):
    page.goto(base_url + "/start/")
    page.select_option("#id_game", "schwimmen")
    for index, name in enumerate(NAMES):
        field = page.locator(f"#id_seat_{index}")
        if not field.is_visible():
            page.get_by_role("button", name="Add a seat").click()
        field.fill(name)
    options = page.locator('[data-options-for="schwimmen"]')
    options.locator('select[name="schwimmen__lives"]').select_option("2")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    return page.locator(".join-link a").get_attribute("href")


def pays(page, name):
    page.locator("#open-round .schw-entry .seat-button", has_text=name).click()


def tie(page, *names):
    entry = page.locator("#open-round .schw-entry")
    entry.locator("summary", has_text="A tie for lowest").click()
    for name in names:
        entry.locator(".schw-pick", has_text=name).locator("input").check()
    entry.get_by_role("button", name="They pay").click()


def feuer(page, name):
    entry = page.locator("#open-round .schw-entry")
    entry.locator("summary", has_text="Feuer").click()
    entry.get_by_role("button", name=f"Feuer by {name}").click()


def seat_line(page, name):
    return page.locator("#standings .fate", has_text=name)


def expect_everywhere(phones, number, text, dealer=None):
    for phone in phones:
        expect(phone.locator(f"#round-{number} .round-result")).to_have_text(
            text, timeout=LIVE_WITHIN_MS
        )
        if dealer:
            expect(phone.locator("#open-round .dealer-line")).to_have_text(
                f"{dealer} deals round {number + 1}."
            )


def expect_lives(phones, name, text, fate):
    for phone in phones:
        line = phone.locator(".schw-seat", has_text=name)
        expect(line.locator(".schw-fate")).to_have_text(text)
        expect(seat_line(phone, name)).to_have_attribute("data-fate", fate)


def shoot_all(shoot, phones, step):
    for phone in phones:
        shoot(phone, step)


def test_four_phones_play_schwimmen_to_its_winner(asgi_server, new_phone, shoot):
    alice = new_phone("alice-390-light")
    ben = new_phone("ben-360-light")
    cara = new_phone("cara-390-dark", color_scheme="dark")
    dev = new_phone("dev-360-dark", color_scheme="dark")
    for narrow in (ben, dev):
        narrow.set_viewport_size({"width": 360, "height": 780})
    join_link = start_schwimmen(alice, asgi_server)
    for phone, name in ((ben, "Ben"), (cara, "Cara"), (dev, "Dev")):
        join_as(phone, join_link, name)
    phones = (alice, ben, cara, dev)
    wait_live(*phones)
    match = Match.objects.get()
    assert (match.game, match.options["lives"]) == ("schwimmen", 2)
    for phone in phones:
        expect(phone.locator("#open-round .dealer-line")).to_have_text(
            "Alice deals round 1."
        )
    expect_lives(phones, "Ben", "2 lives", "in")
    shoot_all(shoot, phones, "started")

    pays(ben, "Ben")
    expect_everywhere(phones, 1, "Ben pays", dealer="Ben")
    expect_lives(phones, "Ben", "1 life", "in")

    # Ben pays his last life: he swims, and plays on.
    pays(cara, "Ben")
    expect_everywhere(phones, 2, "Ben pays", dealer="Cara")
    expect_lives(phones, "Ben", "swimming", "swimming")
    for phone in phones:
        expect(phone.locator("#open-round .seat-button", has_text="Ben")).to_have_class(
            re.compile("is-swimming")
        )
    shoot_all(shoot, phones, "ben-swims")

    # Paying while swimming puts him out: no button, greyed, never dealing.
    pays(dev, "Ben")
    expect_everywhere(phones, 3, "Ben pays", dealer="Dev")
    expect_lives(phones, "Ben", "out", "out")
    for phone in phones:
        expect(phone.locator("#open-round .seat-button", has_text="Ben")).to_have_count(
            0
        )
    shoot_all(shoot, phones, "ben-out")

    feuer(alice, "Alice")
    expect_everywhere(phones, 4, "Feuer by Alice: everyone else pays", dealer="Alice")
    expect_lives(phones, "Cara", "1 life", "in")
    expect_lives(phones, "Alice", "2 lives", "in")

    # Ben is out, so the deal passes from Alice straight to Cara.
    tie(ben, "Cara", "Dev")
    expect_everywhere(phones, 5, "Cara and Dev pay", dealer="Cara")
    expect_lives(phones, "Dev", "swimming", "swimming")
    shoot_all(shoot, phones, "two-swim")

    pays(cara, "Cara")
    expect_everywhere(phones, 6, "Cara pays", dealer="Dev")
    expect_lives(phones, "Cara", "out", "out")

    pays(dev, "Dev")
    expect_everywhere(phones, 7, "Dev pays")
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "The match has ended"
        )
        expect(phone.locator("#open-round [data-result]")).to_have_text(
            "Alice wins the match."
        )
        expect(seat_line(phone, "Dev")).to_have_attribute("data-fate", "out")
        expect(phone.locator(".schw-seat", has_text="Alice")).to_have_class(
            re.compile("is-winner")
        )
    shoot_all(shoot, phones, "alice-wins")
    match.refresh_from_db()
    assert match.status == "decided"
    assert match.result["winners"] == [match.seats.get(name="Alice").pk]
    assert [phone.console_errors for phone in phones] == [[], [], [], []]

    # The history reads each round as what happened, and the lives at the end.
    for phone in (ben, cara):
        phone.get_by_role("link", name="History").first.click()
        rounds = phone.locator(".h-round .h-outcome")
        expect(rounds.first).to_have_text("Ben pays")
        expect(rounds.nth(3)).to_have_text("Feuer by Alice: everyone else pays")
        expect(phone.locator(".schw-seat", has_text="Alice")).to_have_class(
            re.compile("is-winner")
        )
        shoot(phone, "history")
