"""A Custom Thirty-One table with the closer rule and the points limit, played to
its end on three phones: every record on one phone shows on all three."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Match
from games.thirty_one.rules import PRESETS
from tests.browser.test_table import join_as, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_WITHIN_MS = 3000


def start_custom_table(page, base_url):
    page.goto(base_url + "/start/")
    page.select_option("#id_game", "thirty_one")
    for index, name in enumerate(["Alice", "Ben", "Cara"]):
        page.locator(f"#id_seat_{index}").fill(name)
    options = page.locator('[data-options-for="thirty_one"]')
    options.locator('input[name="thirty_one__rule_set"][value="custom"]').check()
    options.locator('select[name="thirty_one__lives"]').select_option("2")
    options.locator('input[name="thirty_one__closer_rule"]').check()
    options.locator('input[name="thirty_one__points_limit"]').check()
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    return page.locator(".join-link a").get_attribute("href")


def close_form(page):
    return page.locator("#open-round form.t31-form").first


def record_close(page, seats, closer=None, lowest=(), limit=()):
    form = close_form(page)
    form.locator(f'input[name="closer"][value="{seats.get(closer, "")}"]').check()
    for name in lowest:
        form.locator(f'input[name="lowest"][value="{seats[name]}"]').check()
    for name in limit:
        form.locator(f'input[name="limit"][value="{seats[name]}"]').check()
    form.get_by_role("button", name=re.compile(r"^Record round")).click()


def expect_everywhere(phones, number, text):
    for phone in phones:
        expect(phone.locator(f"#round-{number} .round-result")).to_have_text(
            text, timeout=LIVE_WITHIN_MS
        )


def test_three_phones_play_a_custom_table_to_its_end(asgi_server, new_phone, shoot):
    alice, ben, cara = new_phone("alice"), new_phone("ben"), new_phone("cara")
    join_link = start_custom_table(alice, asgi_server)
    join_as(ben, join_link, "Ben")
    join_as(cara, join_link, "Cara")
    phones = (alice, ben, cara)
    wait_live(*phones)
    match = Match.objects.get()
    assert match.options["rule_set"] == "custom"
    assert (match.options["closer_rule"], match.options["points_limit"]) == (
        True,
        True,
    )
    seats = {seat.name: seat.pk for seat in match.seats.all()}
    shoot(alice, "custom-table")

    # Ben closed and is alone at the bottom: two lives, swimming.
    record_close(ben, seats, closer="Ben", lowest=["Ben"])
    expect_everywhere(phones, 1, "Ben closed: Ben pays 2 lives")
    for phone in phones:
        line = phone.locator(f'.t31-seat[data-seat="{seats["Ben"]}"]')
        expect(line).to_have_class(re.compile("is-swimming"))
    shoot(cara, "ben-swims")

    # Alice closed; Ben and Cara both at 20 or less: both pay, Ben goes out.
    record_close(cara, seats, closer="Alice", lowest=["Ben"], limit=["Ben", "Cara"])
    expect_everywhere(phones, 2, "Alice closed: Ben and Cara pay")
    # An out seat gets no box to tick in the open round.
    for phone in phones:
        expect(
            close_form(phone).locator(f'input[name="lowest"][value="{seats["Ben"]}"]')
        ).to_have_count(0, timeout=LIVE_WITHIN_MS)
    shoot(ben, "ben-out")

    record_close(alice, seats, closer="Alice", lowest=["Cara"])
    expect_everywhere(phones, 3, "Alice closed: Cara pays")
    record_close(alice, seats, lowest=["Cara"])
    expect_everywhere(phones, 4, "Cara pays")

    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "The match has ended", timeout=LIVE_WITHIN_MS
        )
        expect(phone.locator("#open-round [data-result]")).to_contain_text("Alice")
    shoot(alice, "alice-wins")
    shoot(ben, "alice-wins")
    match.refresh_from_db()
    assert match.status == "decided"
    assert match.result["winners"] == [seats["Alice"]]
    assert [phone.console_errors for phone in phones] == [[], [], []]


def test_the_hand_checker_records_its_verdict_with_one_tap(
    asgi_server, new_phone, shoot
):
    alice, ben = new_phone("alice"), new_phone("ben")
    join_link = start_custom_table(alice, asgi_server)
    join_as(ben, join_link, "Ben")
    wait_live(alice, ben)
    match = Match.objects.get()
    hands = [("Alice", "AS KD 7H"), ("Ben", "AC KH 7D"), ("Cara", "8S 9D JS")]
    query = [f"players=3&closer=2&match={match.pk}"]
    for index, (name, cards) in enumerate(hands, start=1):
        query.append(f"p{index}-name={name}")
        query += [f"p{index}-cards={card}" for card in cards.split()]

    ben.goto(f"{asgi_server}/games/thirty_one/hands/?{'&'.join(query)}")
    # Alice and Ben hold 11 each, Cara 18, the best hand. Under the points limit
    # both elevens pay: winning the tie as closer does not lift Ben over 20.
    expect(ben.locator("#verdict-title")).to_have_text("Ben closed")
    shoot(ben, "checker")
    ben.get_by_role("button", name="Record this for round 1").click()

    expect(alice.locator("#round-1 .round-result")).to_have_text(
        "Ben closed: Alice and Ben pay", timeout=LIVE_WITHIN_MS
    )
    shoot(alice, "recorded")


def test_choosing_a_rule_set_fills_in_its_options(asgi_server, new_phone):
    phone = new_phone("alice")
    phone.goto(f"{asgi_server}/games/thirty_one/hands/")
    options = phone.locator("fieldset.t31-options")
    tiebreaker = options.locator('input[name="hand_tiebreaker"]')
    expect(tiebreaker).not_to_be_checked()  # Blitz plays none

    options.locator('select[name="rule_set"]').select_option("schwimmen")

    expect(options.locator('select[name="three_of_a_kind"]')).to_have_value("fire")
    expect(options.locator('input[name="remove_2_to_6"]')).to_be_checked()
    expect(tiebreaker).to_be_checked()
    expect(options.locator('input[name="closer_rule"]')).not_to_be_checked()
    # The table may still change an option after the rule set filled it in.
    options.locator('input[name="closer_rule"]').check()
    expect(options.locator('select[name="rule_set"]')).to_have_value("schwimmen")
    assert phone.console_errors == []


def test_the_start_form_fills_in_the_chosen_rule_set(asgi_server, new_phone):
    phone = new_phone("alice")
    phone.goto(asgi_server + "/start/")
    phone.select_option("#id_game", "thirty_one")
    for index, name in enumerate(["Alice", "Ben"]):
        phone.locator(f"#id_seat_{index}").fill(name)
    options = phone.locator('[data-options-for="thirty_one"]')
    lives = options.locator('select[name="thirty_one__lives"]')
    expect(lives).to_have_value("4")  # Blitz: four markers and one more hand

    options.locator('input[name="thirty_one__rule_set"][value="schwimmen"]').check()

    expect(lives).to_have_value("3")
    expect(
        options.locator('input[name="thirty_one__three_of_a_kind"][value="fire"]')
    ).to_be_checked()
    expect(options.locator('input[name="thirty_one__remove_2_to_6"]')).to_be_checked()
    # The table changes one option after the rule set filled them in.
    options.locator('input[name="thirty_one__closer_rule"]').check()
    phone.get_by_role("button", name="Start the match").click()
    expect(phone).to_have_url(re.compile(r"/matches/\d+/$"))
    assert Match.objects.get().options == {
        **PRESETS["schwimmen"],
        "rule_set": "schwimmen",
        "closer_rule": True,
    }
    assert phone.console_errors == []
