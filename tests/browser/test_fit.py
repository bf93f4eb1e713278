"""Nothing scrolls sideways on a phone (issue 14): every page the site has, at
360 x 800 and 390 x 844, light and dark, with ten seats of 40-character names."""

import threading

import pytest
from django.test import Client

from games import actions
from squarescores.accounts.models import User
from tests.browser.fit import EDGES, PHONES, assert_fits, new_phone_page, too_wide
from tests.browser_fixtures import ARTIFACTS
from tests.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Forty characters each: with spaces, and without one (the hardest to wrap).
LONG_NAMES = [
    "Alexandra Konstantinopoulou-Wintergreens",
    "Bartholomew Fitzwilliam Montgomery-Smyth",
    "W" * 40,
    "Maximiliane Oberhauser-Schwarzenbergerin",
    "Ñandú Ölçüm Żółć Straße Þórsdóttir Ærø A",
    "Christopher-Alexander Featherstonehaughs",
    "Dev" * 13 + "!",
    "Evangeline Rosalind Marchetti-Castiglion",
    "Guinevere Anastasia Papadopoulou-Fernand",
    "Hieronymus Leopold von Wittelsbach-Tudor",
]
# Each page's first screen, and the whole page with every <details> open.
SHOTS = ARTIFACTS / "fit"
OPEN_EVERYTHING = (
    "() => document.querySelectorAll('details').forEach(d => d.open = true)"
)


def make_user(username, name):
    return User.objects.create_user(username, password="x" * 12, display_name=name)


def cookie_for(user, base_url):
    client = Client()
    client.force_login(user)
    return {
        "name": "sessionid",
        "value": client.cookies["sessionid"].value,
        "url": base_url,
    }


def in_a_thread(work):
    """Runs ``work()`` off this thread, where Playwright's event loop runs and the
    actions' after-commit broadcast could not send."""
    result = {}
    thread = threading.Thread(target=lambda: result.update(value=work()))
    thread.start()
    thread.join()
    return result["value"]


@pytest.fixture
def long_table(browser):
    return in_a_thread(play_long_table)


def play_long_table():
    """alice hosts a 10-seat match of long names, bob (a guest) sits in it, four
    rounds are played, and it is on a TV link; a second match of the same seats
    has ended and its next match has begun (a sitting of two)."""
    alice = make_user("alice", LONG_NAMES[0])
    bob = User.create_guest(LONG_NAMES[2])
    live = actions.start_match(
        alice, "fortyone_exchange", LONG_NAMES, host_seat=0
    ).match
    seats = list(live.seats.order_by("position"))
    actions.join_match(bob, live.code, seat_id=seats[2].pk)
    for number, seat in enumerate(seats[:3] + seats[-1:], start=1):
        win(alice, live.pk, number, seat.pk)
    ended = actions.start_match(
        alice, "fortyone_exchange", LONG_NAMES, host_seat=0
    ).match
    actions.end_match(alice, ended.pk)
    actions.rematch(alice, ended.pk)
    tv = actions.share_tv(alice, live.pk).secret
    return {"alice": alice, "bob": bob, "live": live, "ended": ended, "tv": tv}


def pages_of(table):
    live, ended = table["live"], table["ended"]
    visitor = [
        "/",
        "/start/",
        "/login/",
        "/games/fortyone_exchange/rules/",
        "/games/fortyone_exchange/hands/",
        f"/j/{live.code}/",
        f"/j/{ended.code}/",
        "/j/NOSUCH/",
        "/offline/",
        f"/tv/{table['tv']}/",
        "/tv/no-such-link/",
    ]
    host = [
        f"/matches/{live.pk}/",
        f"/matches/{live.pk}/end/",
        f"/matches/{live.pk}/correct/?round=1",
        f"/matches/{live.pk}/rules/",
        f"/matches/{live.pk}/history/",
        f"/matches/{ended.pk}/",
        f"/matches/{ended.pk}/history/",
        "/matches/",
        "/players/",
    ]
    member = [f"/matches/{live.pk}/", f"/j/{ended.code}/", "/account/keep/"]
    return {None: visitor, "alice": host, "bob": member}


SIZES = [(size, scheme) for size in PHONES for scheme in ("light", "dark")] + [
    (size, "light") for size in EDGES
]


def each_size(page):
    """Turns ``page`` to each size and scheme of SIZES in turn, as a phone turned
    sideways or to dark mode redraws a loaded page; yields the pair's name."""
    for size, scheme in SIZES:
        page.set_viewport_size({**PHONES, **EDGES}[size])
        page.emulate_media(color_scheme=scheme)
        yield f"{size}-{scheme}"


@pytest.mark.parametrize("who", ["visitor", "alice", "bob"])
def test_no_page_scrolls_sideways_on_a_phone(asgi_server, browser, long_table, who):
    # Each page is loaded once and looked at in every size and scheme: the same
    # stylesheets answer as on a fresh load at each, at a sixth of the loads.
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    page = new_phone_page(browser, "360x800")
    if who != "visitor":
        page.context.add_cookies([cookie_for(long_table[who], asgi_server)])
    for path in pages_of(long_table)[None if who == "visitor" else who]:
        page.goto(asgi_server + path)
        name = f"{who}-{path.strip('/').replace('/', '_') or 'home'}"
        for look in each_size(page):
            page.screenshot(path=SHOTS / f"{name}-{look}.png")
            problems.append(too_wide(page))
        page.evaluate(OPEN_EVERYTHING)
        for look in each_size(page):
            page.screenshot(path=SHOTS / f"{name}-{look}-open.png", full_page=True)
            problems.append(too_wide(page))
    page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", PHONES)
def test_the_header_of_a_live_match_fits_with_its_live_status(
    asgi_server, browser, long_table, size
):
    page = new_phone_page(browser, size)
    page.context.add_cookies([cookie_for(long_table["alice"], asgi_server)])
    page.goto(f"{asgi_server}/matches/{long_table['live'].pk}/")
    status = page.locator("[data-live-status]")
    status.wait_for()

    header = page.locator(".site-header").bounding_box()
    assert header["width"] <= PHONES[size]["width"]
    for part in (".brand", "[data-live-status]", ".site-nav a"):
        box = page.locator(f".site-header {part}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONES[size]["width"]
    assert_fits(page)
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_desktop_window_and_a_tv_fit_the_ten_seat_match(
    asgi_server, browser, long_table, scheme
):
    """The wide grid (1280 x 800) scrolls inside its own box, never the page; the
    TV link's page (1280 x 720) wraps its long names."""
    problems = []
    for who, path, size in (
        ("alice", f"/matches/{long_table['live'].pk}/", {"width": 1280, "height": 800}),
        ("bob", f"/matches/{long_table['live'].pk}/", {"width": 1280, "height": 800}),
        (None, f"/tv/{long_table['tv']}/", {"width": 1280, "height": 720}),
    ):
        context = browser.new_context(viewport=size, color_scheme=scheme)
        page = context.new_page()
        if who:
            context.add_cookies([cookie_for(long_table[who], asgi_server)])
        page.goto(asgi_server + path)
        name = f"{who or 'visitor'}-{size['width']}-{scheme}-{path.split('/')[1]}"
        page.screenshot(path=SHOTS / f"{name}.png", full_page=True)
        problems.append(too_wide(page))
        context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)
