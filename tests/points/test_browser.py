"""Points on four phones: each phone enters its own score, every phone sees the
scores arrive, a total below zero, the target reached by two players who share
the win, and the history's chart with the target line."""

import pytest
from playwright.sync_api import expect

from games.models import Match
from tests.browser.fit import assert_fits, shoot_sizes
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


def start_points(page, base_url, **options):
    def choose(page):
        # Numbers are a list to pick from, choices radio buttons; the preset
        # first, since it fills in the others.
        for key, value in options.items():
            if key in ("target", "rounds"):
                page.select_option(f"#id_points__{key}", value)
            else:
                page.check(f'input[name="points__{key}"][value="{value}"]')

    return start_match(page, base_url, NAMES, "points", choose)


def enter(page, seat_id, value):
    form = page.locator(f'#open-round .sc-score[data-seat="{seat_id}"] form')
    form.locator('input[name="score"]').fill(str(value))
    form.locator("button").click()


def expect_count(phones, text):
    expect_text(phones, "#open-round .sc-count", text, LIVE_WITHIN_MS)


def score_round(phones, seats, scores):
    """Each phone enters its own seat's score, one after the other."""
    for count, (phone, name, value) in enumerate(
        zip(phones, NAMES, scores, strict=True), 1
    ):
        enter(phone, seats[name], value)
        if count < len(NAMES):
            expect_count(phones, f"{count} of 4 in")


def total_of(phone, seat_id):
    return phone.locator(f'#standings .sc-total[data-seat="{seat_id}"] .sc-points')


def test_four_phones_enter_their_own_scores_and_two_share_the_win(
    asgi_server, new_phone, shoot
):
    phones = [new_phone(name.lower()) for name in NAMES]
    alice, ben, cara, dev = phones
    join_link = start_points(alice, asgi_server, target="100")
    for phone, name in zip(phones[1:], NAMES[1:], strict=True):
        join_as(phone, join_link, name)
    wait_live(*phones)
    match = Match.objects.get()
    assert match.game == "points"
    assert match.options["target"] == 100
    seats = {seat.name: seat.pk for seat in match.seats.all()}
    expect_count(phones, "0 of 4 in")

    # Round 1: Ben goes below zero.
    score_round(phones, seats, (60, -10, 30, 5))
    expect_row(phones, 1, "Alice +60 · Ben \u221210 · Cara +30 · Dev +5")
    for phone in phones:
        expect(total_of(phone, seats["Ben"])).to_have_text(
            "\u221210", timeout=LIVE_WITHIN_MS
        )
    enter(ben, seats["Ben"], -5)
    expect_count(phones, "1 of 4 in")
    shoot(ben, "round-2-entering")
    for phone in phones:
        assert_fits(phone)
    shoot_sizes(ben, shoot, "below-zero")

    # Round 2: Alice and Cara both reach 105 and share the win.
    for phone, name, value in ((alice, "Alice", 45), (cara, "Cara", 75)):
        enter(phone, seats[name], value)
    enter(dev, seats["Dev"], 0)
    for phone in phones:
        expect(phone.locator("#open-round .open-title")).to_have_text(
            "The match has ended", timeout=LIVE_WITHIN_MS
        )
        expect(phone.locator("#open-round [data-result]")).to_contain_text(
            "Alice and Cara win"
        )
        expect(total_of(phone, seats["Alice"])).to_have_text("105")
    shoot_sizes(cara, shoot, "shared-win")
    match.refresh_from_db()
    assert match.status == "decided"
    assert sorted(match.result["winners"]) == sorted([seats["Alice"], seats["Cara"]])
    assert [phone.console_errors for phone in phones] == [[], [], [], []]

    # The history: the running totals, Ben's below zero, with the target line.
    cara.goto(f"{asgi_server}/matches/{match.pk}/history/")
    expect(cara.locator("svg.chart-lines polyline")).to_have_count(4)
    expect(cara.locator(".sc-history")).to_have_count(2)
    expect(cara.locator("svg.chart-lines")).to_contain_text("100")
    shoot_sizes(cara, shoot, "history", parts=(".chart-figure", ".h-rounds"))
    assert_fits(cara)
    assert cara.console_errors == []


def test_one_scorer_enters_the_whole_round_at_a_scorers_table(
    asgi_server, new_phone, shoot
):
    alice, ben = new_phone("alice"), new_phone("ben")
    join_link = start_points(alice, asgi_server, game="hearts", entry="scorer")
    join_as(ben, join_link, "Ben")
    wait_live(alice, ben)
    seats = {seat.name: seat.pk for seat in Match.objects.get().seats.all()}
    form = ben.locator("#open-round form.pt-round-form")
    for name, value in zip(NAMES, (13, 0, 13, 0), strict=True):
        form.locator(f'input[name="score-{seats[name]}"]').fill(str(value))
    shoot_sizes(ben, shoot, "scorer", parts=("open-round", "standings"))

    form.get_by_role("button", name="Close round 1").click()

    expect_row([alice, ben], 1, "Alice +13 · Ben 0 · Cara +13 · Dev 0")
    for phone in (alice, ben):
        expect(phone.locator("#standings .sc-legend")).to_have_text(
            "Ends when someone reaches 100; the lowest total wins."
        )
    assert [alice.console_errors, ben.console_errors] == [[], []]
    shoot(ben, "scorer-after")


@pytest.mark.parametrize("game", ["points", "wizard"])
def test_the_start_page_with_the_game_chosen_fits_a_phone(
    asgi_server, new_phone, shoot, game
):
    page = new_phone("alice")
    page.goto(asgi_server + "/start/", timeout=30000)
    page.select_option("#id_game", game)
    if game == "points":
        page.check('input[name="points__game"][value="hearts"]')
        expect(
            page.locator('input[name="points__wins"][value="lowest"]')
        ).to_be_checked()
        expect(page.locator("#id_points__target")).to_have_value("100")
    for width in (320, 430):
        page.set_viewport_size({"width": width, "height": 800})
        assert_fits(page)
    shoot_sizes(page, shoot, f"start-{game}", parts=(f"[data-options-for={game}]",))
    assert page.console_errors == []
    shoot(page, f"start-{game}-after")
