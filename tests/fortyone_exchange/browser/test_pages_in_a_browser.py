"""The rules page and the hand checker on a phone: tapping cards, and axe-core."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.test import Client
from playwright.sync_api import expect

from games import actions
from games.fortyone_exchange.views import EXAMPLE
from tests.browser.fit import PHONES, assert_fits, new_phone_page
from tests.conftest import SEATS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHECKER = "/games/fortyone_exchange/hands/"
AXE = Axe()


def serious_violations(page):
    results = AXE.run(page)
    return [
        f"{violation['id']}: {violation['help']} "
        f"({[node['target'] for node in violation['nodes']][:3]})"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def session_cookie(user, live_server):
    client = Client()
    client.force_login(user)
    return {
        "name": "sessionid",
        "value": client.cookies["sessionid"].value,
        "url": live_server.url,
    }


def card(page, player, code):
    return page.locator(f"label[for='p{player}-{code}']")


def test_tapping_the_worked_round_shows_41_and_alice_best(live_server, phone, shoot):
    page = phone()
    page.goto(live_server.url + CHECKER)
    shoot(page, "checker-empty")
    pick_the_worked_round(page, shoot)

    verdict = page.locator(".verdict")
    assert verdict.get_by_role("heading").inner_text() == (
        "Alice holds the best hand: 41"
    )
    values = page.locator(".hand-values tbody tr").all_inner_texts()
    assert [row.split("\t")[-1] for row in values] == ["41", "17", "17", "11"]
    shoot(page, "checker-alice-best")


def test_the_checker_works_with_scripts_off(live_server, phone, shoot):
    page = phone(javascript=False)
    page.goto(live_server.url + CHECKER)

    for index, (name, cards) in enumerate(EXAMPLE, start=1):
        page.fill(f"#id_p{index}-name", name)
        for code in cards:
            card(page, index, code).tap()
    shoot(page, "checker-no-js-picked")
    page.get_by_role("button", name="Check hands").tap()

    assert page.locator(".verdict h2").inner_text() == "Alice holds the best hand: 41"
    page.get_by_role("button", name="Add a player").tap()
    expect(page.locator("[data-hand]")).to_have_count(5)
    expect(page.locator("#p1 [data-picked]")).to_have_text("A♠ K♠ Q♠ 10♠")


def pick_the_worked_round(page, shoot):
    for index, (name, cards) in enumerate(EXAMPLE, start=1):
        page.fill(f"#id_p{index}-name", name)
        for code in cards:
            card(page, index, code).tap()
        assert page.locator(f"#p{index} [data-count]").inner_text() == "4 of 4"
        if index == 1:
            shoot(page, "checker-alice-picked")
            # A fifth card and another player's card are out of reach.
            assert page.locator("#p1-2C").is_disabled()
            assert page.locator("#p2-AS").is_disabled()
    page.get_by_role("button", name="Check hands").tap()


def test_every_card_is_a_thumb_sized_target(live_server, phone):
    page = phone()
    page.goto(live_server.url + CHECKER)

    sizes = [
        card(page, 1, code).bounding_box()
        for code in ("AS", "10S", "8S", "7S", "2S", "AH", "2C")
    ]

    assert all(box["width"] >= 44 and box["height"] >= 44 for box in sizes)


@pytest.mark.parametrize("size", PHONES)
def test_the_checker_fits_a_phone_without_scrolling_sideways(
    live_server, browser, size
):
    # A mobile context widens itself to fit what overflows: a plain one does not.
    page = new_phone_page(browser, size)
    page.goto(live_server.url + CHECKER)
    assert_fits(page)
    page.context.close()


def test_a_card_can_be_picked_with_the_keyboard(live_server, phone):
    page = phone()
    page.goto(live_server.url + CHECKER)
    page.focus("#id_p1-name")

    page.keyboard.press("Tab")  # the summary that folds the picker
    page.keyboard.press("Tab")  # the ace of spades
    page.keyboard.press("Space")

    assert page.locator("#p1-AS").is_checked()
    outline = page.evaluate(
        "getComputedStyle(document.querySelector(\"label[for='p1-AS']\")).outlineStyle"
    )
    assert outline == "solid"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_hand_checker_passes_axe(live_server, phone, shoot, dark):
    page = phone(dark=dark)
    theme = "dark" if dark else "light"
    page.goto(live_server.url + CHECKER)
    assert serious_violations(page) == []

    page.get_by_role("link", name="Try the worked example").tap()
    page.locator(".verdict").wait_for()
    shoot(page, f"checker-example-{theme}")
    shoot(page, f"checker-example-{theme}-first-screen", full_page=False)
    assert serious_violations(page) == []

    tie = "?players=2&p1-name=Ben&p2-name=Cara" + "".join(
        f"&p{index}-cards={code}"
        for index, (_, cards) in enumerate(EXAMPLE[1:3], start=1)
        for code in cards
    )
    page.goto(live_server.url + CHECKER + tie.replace("10C", "10C"))
    assert "A tie for best" in page.locator(".verdict h2").inner_text()
    shoot(page, f"checker-tie-{theme}")
    assert serious_violations(page) == []

    page.goto(live_server.url + CHECKER + "?players=2&p1-cards=AS&p2-cards=AS")
    page.locator(".error-summary").wait_for()
    shoot(page, f"checker-errors-{theme}")
    assert serious_violations(page) == []


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_rules_pages_pass_axe(live_server, phone, shoot, dark, alice):
    match = actions.start_match(
        alice, "fortyone_exchange", SEATS, options={"instant_41": True}
    ).match
    page = phone(dark=dark, cookies=[session_cookie(alice, live_server)])
    theme = "dark" if dark else "light"

    page.goto(live_server.url + "/games/fortyone_exchange/rules/")
    assert page.get_by_role("heading", name="Table options").is_visible()
    shoot(page, f"rules-defaults-{theme}")
    assert serious_violations(page) == []

    page.goto(live_server.url + f"/matches/{match.pk}/rules/")
    options = page.locator(".rules-options").inner_text()
    assert "41 wins on the spot\nyes" in options
    shoot(page, f"rules-match-{theme}")
    shoot(page, f"rules-match-{theme}-first-screen", full_page=False)
    assert serious_violations(page) == []
