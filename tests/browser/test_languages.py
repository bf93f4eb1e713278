"""A phone set to German or Arabic (issue 15): the pages fit 360 x 800, Arabic runs
right to left and mirrored, and axe finds nothing serious in either language; every
game's table, its history, End match and the hand checkers too, light and dark;
and a push reaches each phone in its own language."""

import pytest

from games import actions
from games.fortyone_exchange.views import example_query as exchange_example
from games.schwimmen.views import example_query as schwimmen_example
from games.thirty_one.views import example_query as thirty_one_example
from tests.browser.fit import PHONES, new_phone_page, too_wide
from tests.browser.test_accessibility import serious_violations
from tests.browser.test_fit import (
    LONG_NAMES,
    OPEN_EVERYTHING,
    cookie_for,
    in_a_thread,
    make_user,
    play_long_table,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The phone's own setting: Playwright sends it as Accept-Language.
LOCALES = {"de": "de-DE", "ar": "ar-SY"}


@pytest.fixture
def table(browser):
    return in_a_thread(play_long_table)


def marked_pages(table):
    live, ended = table["live"], table["ended"]
    return {
        None: ["/", "/start/", "/login/", f"/j/{live.code}/", "/offline/"],
        "alice": [f"/matches/{live.pk}/history/", "/matches/", "/players/"],
        "bob": [f"/j/{ended.code}/", "/account/keep/"],
    }


def brand_box(page):
    return page.locator(".brand").bounding_box()


@pytest.mark.parametrize("language", ["de", "ar"])
def test_the_pages_fit_a_phone_and_pass_axe_in_german_and_arabic(
    asgi_server, browser, table, shoot, language
):
    problems = []
    for who, paths in marked_pages(table).items():
        page = new_phone_page(browser, "360x800", locale=LOCALES[language])
        page.phone_name = f"{who or 'visitor'}-{language}"
        if who:
            page.context.add_cookies([cookie_for(table[who], asgi_server)])
        for path in paths:
            page.goto(asgi_server + path)
            shoot(page, path.strip("/").replace("/", "_") or "home")
            root = page.locator("html")
            assert root.get_attribute("lang") == language, path
            problems.append(too_wide(page))
            violations = serious_violations(page)
            assert violations == [], (path, violations)
            box = brand_box(page)
            if language == "ar":
                assert root.get_attribute("dir") == "rtl", path
                # Mirrored: the brand starts the line on the right.
                assert box["x"] > 180, (path, box)
            else:
                assert root.get_attribute("dir") == "ltr", path
                assert box["x"] + box["width"] < 180, (path, box)
        page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


def test_the_switcher_turns_a_german_phone_arabic_and_it_stays(
    asgi_server, browser, shoot
):
    page = new_phone_page(browser, "360x800", locale=LOCALES["de"])
    page.goto(asgi_server + "/start/")
    assert page.locator("h1").inner_text() == "Partie starten"

    page.locator(".language-choice[lang=ar]").click()
    page.wait_for_url(asgi_server + "/start/")
    shoot(page, "start-after-switch")
    page.goto(asgi_server + "/")

    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("h1").inner_text() == "ورقة نتائج حيّة لطاولة الورق"
    assert page.locator(".language-choice[aria-current=true]").get_attribute(
        "lang"
    ) == ("ar")
    page.context.close()


def play_every_table():
    """Every game's table, live and ended, with a round of each kind, and long
    names at a Schwimmen table and a Points one (tests/i18n_tables.py)."""
    from tests import i18n_tables

    alice = make_user("alice", "Alice")
    bob = make_user("bob", "Ben")
    exchange, exchange_ended = i18n_tables.exchange(alice, bob)
    schwimmen, schwimmen_ended = i18n_tables.schwimmen(alice)
    thirty_one, thirty_one_ended = i18n_tables.thirty_one(alice)
    forty_one, forty_one_playing, forty_one_ended = i18n_tables.forty_one(alice)
    long = actions.start_match(alice, "schwimmen", LONG_NAMES[:6]).match
    first = long.seats.order_by("position").first()
    actions.record(alice, long.pk, 1, {"pays": [first.pk]})
    points = i18n_tables.points(alice)
    wizard = i18n_tables.wizard(alice)
    # Ten seats of 40-character names, scores of five digits and a minus.
    long_points = actions.start_match(
        alice, "points", LONG_NAMES, {"end": "open"}
    ).match
    seats = list(long_points.seats.order_by("position"))
    for number in range(1, 4):
        scores = {str(s.pk): (-1) ** i * 12345 * number for i, s in enumerate(seats)}
        actions.record(alice, long_points.pk, number, {"scores": scores})
    tables = [
        exchange,
        schwimmen,
        thirty_one,
        forty_one,
        long,
        *points,
        *wizard,
        long_points,
    ]
    # The host's correction of round 1, in each game that lets it be corrected.
    corrections = [
        f"/matches/{match.pk}/correct/?round=1"
        for match in tables
        if match.rounds.filter(number=1, voided_at=None).exclude(status="open")
        and match.is_correctable
        and match.rounds.get(number=1).status != "draw"
    ]
    return {
        "alice": alice,
        "bob": bob,
        "corrections": corrections,
        "tables": [
            exchange,
            exchange_ended,
            schwimmen,
            schwimmen_ended,
            thirty_one,
            thirty_one_ended,
            forty_one,
            forty_one_playing,
            forty_one_ended,
            long,
            *points,
            *wizard,
            long_points,
        ],
        "schwimmen": schwimmen,
        "forty_one": forty_one,
    }


@pytest.fixture
def every_table(browser):
    return in_a_thread(play_every_table)


def table_paths(every_table):
    paths = []
    for match in every_table["tables"]:
        paths += [f"/matches/{match.pk}/", f"/matches/{match.pk}/history/"]
    live = every_table["schwimmen"]
    paths += [
        f"/matches/{live.pk}/end/",
        f"/games/schwimmen/hands/?match={live.pk}&players=2&p1-cards=AS",
        "/games/fortyone_exchange/hands/?" + exchange_example(),
        "/games/schwimmen/hands/?" + schwimmen_example(),
        "/games/thirty_one/hands/?" + thirty_one_example(),
        *every_table["corrections"],
    ]
    return paths


def mirrored(page, language, path):
    """Arabic runs right to left: the brand on the right and the page's own
    parts laid out from the right; German from the left."""
    root = page.locator("html")
    box = brand_box(page)
    heading = page.locator("h1").bounding_box()
    if language == "ar":
        assert root.get_attribute("dir") == "rtl", path
        edge = page.viewport_size["width"] - 40
        assert box["x"] + box["width"] > edge, (path, box)
        assert heading["x"] + heading["width"] > edge, (path, heading)
    else:
        assert root.get_attribute("dir") == "ltr", path
        assert box["x"] < 40, (path, box)
        assert heading["x"] < 40, (path, heading)


@pytest.mark.parametrize("language", ["de", "ar"])
def test_every_table_fits_a_phone_and_passes_axe_in_german_and_arabic(
    asgi_server, browser, every_table, shoot, language
):
    # Each page is loaded once and then looked at in both phones' widths, light
    # and dark, as a phone turned sideways or to dark mode redraws it: the same
    # stylesheets answer as on a fresh load, at a quarter of the loads.
    page = new_phone_page(browser, "360x800", locale=LOCALES[language])
    page.context.add_cookies([cookie_for(every_table["alice"], asgi_server)])
    problems = []
    for path in table_paths(every_table):
        page.goto(asgi_server + path)
        if path.startswith("/matches/") and path.count("/") == 3:
            # Live: the socket's snapshot redraws the sheet in the page's language.
            page.wait_for_selector("[data-live-status][data-state=live]")
        assert page.locator("html").get_attribute("lang") == language, path
        page.evaluate(OPEN_EVERYTHING)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for size in PHONES:
                page.set_viewport_size(PHONES[size])
                page.phone_name = f"alice-{language}-{scheme}-{size}"
                mirrored(page, language, path)
                shoot(page, path.strip("/").split("?")[0].replace("/", "_"))
                problems.append(too_wide(page))
            # Contrast is the scheme's; the width changes no colour.
            violations = serious_violations(page)
            assert violations == [], (path, scheme, violations)
        page.emulate_media(color_scheme="light")
        page.set_viewport_size(PHONES["360x800"])
    page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


def test_a_push_reaches_a_german_phone_in_german_and_an_english_one_in_english(
    asgi_server, browser, every_table, shoot
):
    match = every_table["forty_one"]
    phones = {}
    for language, locale in (("de", "de-DE"), ("ar", "ar-SY"), ("en", "en-GB")):
        page = new_phone_page(browser, "360x800", locale=locale)
        page.phone_name = f"alice-{language}"
        page.context.add_cookies([cookie_for(every_table["alice"], asgi_server)])
        page.goto(f"{asgi_server}/matches/{match.pk}/")
        page.wait_for_selector("[data-live-status][data-state=live]")
        phones[language] = page
    german = phones["de"]
    assert german.locator("[data-live-text]").inner_text() == "Live"

    # The German phone enters the bids still missing in round 3.
    forms = german.locator(".fo-bid:not(.has-bid) form")
    for _ in range(forms.count()):
        form = german.locator(".fo-bid:not(.has-bid) form").first
        form.locator("input[name=bid]").fill("4")
        form.locator("button[type=submit]").click()
        german.wait_for_timeout(300)

    for language, title in (
        ("de", "Runde 3: Stiche"),
        ("ar", "الجولة 3: اللمّات"),
        ("en", "Round 3: tricks"),
    ):
        page = phones[language]
        page.locator(".open-title", has_text=title).wait_for()
        shoot(page, "tricks")
    assert "Stiche jedes Spielers" in german.locator("#open-round").inner_text()
    assert "Tricks each player" in phones["en"].locator("#open-round").inner_text()
    for page in phones.values():
        page.context.close()
