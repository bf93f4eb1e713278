"""The rules pages of Schwimmen, Thirty-One and Forty One in each language (issue
15): they fit a phone, light and dark, and the Arabic ones run right to left."""

import pytest

from games import actions
from tests.browser.fit import PHONES, new_phone_page, too_wide
from tests.browser.test_fit import cookie_for, in_a_thread, make_user
from tests.browser_fixtures import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = ["schwimmen", "thirty_one", "forty_one"]
# The phone's own setting: Playwright sends it as Accept-Language.
LOCALES = {"en": "en-GB", "de": "de-DE", "nl": "nl-NL", "ar": "ar-SY"}
SHOTS = ARTIFACTS / "rules"
# Where the rules' first line of text starts and ends, and how its lists indent.
LAYOUT = """() => {
    const text = document.createRange();
    text.selectNodeContents(document.querySelector("#rules-title"));
    const box = text.getBoundingClientRect();
    const list = getComputedStyle(document.querySelector(".rules ul"));
    return {
        direction: getComputedStyle(document.querySelector(".rules")).direction,
        left: box.left,
        right: box.right,
        indentLeft: parseFloat(list.paddingLeft),
        indentRight: parseFloat(list.paddingRight),
    };
}"""


def start_matches():
    """alice hosts a match of each game; Thirty-One's plays Blitz with the points
    limit, so its page tags options on and off."""
    alice = make_user("alice", "Alexandra Konstantinopoulou-Wintergreens")
    seats = ["Alice", "Ben", "Cara", "Dev"]
    options = {"thirty_one": {"points_limit": True}}
    matches = {
        game: actions.start_match(
            alice, game, seats, options=options.get(game, {}), host_seat=0
        ).match
        for game in GAMES
    }
    return {"alice": alice, "matches": matches}


@pytest.fixture
def tables(browser):
    return in_a_thread(start_matches)


def rules_pages(tables):
    for game in GAMES:
        yield game, f"/games/{game}/rules/"
        yield f"{game}-match", f"/matches/{tables['matches'][game].pk}/rules/"


@pytest.mark.parametrize("language", ["de", "ar"])
def test_the_rules_pages_fit_360_and_arabic_runs_right_to_left(
    asgi_server, browser, tables, language
):
    page = new_phone_page(browser, "360x800", locale=LOCALES[language])
    page.context.add_cookies([cookie_for(tables["alice"], asgi_server)])
    problems = []
    for _name, path in rules_pages(tables):
        page.goto(asgi_server + path)
        assert page.locator("html").get_attribute("lang") == language, path
        problems.append(too_wide(page))
        layout = page.evaluate(LAYOUT)
        if language == "ar":
            assert page.locator("html").get_attribute("dir") == "rtl", path
            assert layout["direction"] == "rtl", path
            # The heading starts at the right edge; bullets hang on the right.
            assert layout["right"] > 360 - 40, (path, layout)
            assert layout["indentRight"] > layout["indentLeft"], (path, layout)
        else:
            assert layout["direction"] == "ltr", path
            assert layout["left"] < 40, (path, layout)
            assert layout["indentLeft"] > layout["indentRight"], (path, layout)
    page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LOCALES)
def test_every_languages_rules_pages_fit_both_phones_light_and_dark(
    asgi_server, browser, tables, language
):
    # Each page is loaded once and looked at in both widths, light and dark.
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    page = new_phone_page(browser, "360x800", locale=LOCALES[language])
    page.context.add_cookies([cookie_for(tables["alice"], asgi_server)])
    for name, path in rules_pages(tables):
        page.goto(asgi_server + path)
        for size in PHONES:
            page.set_viewport_size(PHONES[size])
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.screenshot(
                    path=SHOTS / f"{name}-{language}-{size}-{scheme}.png",
                    full_page=True,
                )
                problems.append(too_wide(page))
        page.set_viewport_size(PHONES["360x800"])
        page.emulate_media(color_scheme="light")
    page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)
