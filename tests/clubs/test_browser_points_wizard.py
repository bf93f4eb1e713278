"""The club page's Points and Wizard leaderboards on a phone: their own columns
(average total, rounds played, exact bids) fit at 360 and 390 px, light and
dark, with the longest names, in every language."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.fit import PHONES, assert_fits

from .table import club_match, end, ids, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/i32b-figures")
LONG = ["Maximiliane " * 3, "Bartholomäus " * 3, "Konstantinos " * 3]


@pytest.fixture
def points_and_wizard_club(db):
    """A club of three members with the longest names and one finished match
    of each game, made before the browser's loop runs."""
    from squarescores.accounts.models import User
    from squarescores.clubs import actions
    from tests.clubs.table import club_of

    users = [
        User.objects.create_user(
            f"player{index}", password="correct horse battery", display_name=name
        )
        for index, name in enumerate(LONG)
    ]
    club = club_of(*users, name="W" * 60)
    names = [name.strip()[:40] for name in LONG]
    claims = list(zip(users[1:], names[1:], strict=True))
    points = club_match(
        club,
        users[0],
        "points",
        names,
        claims=claims,
        options={"entry": "scorer", "end": "open", "wins": "lowest"},
    )
    seat = ids(points)
    for scores in [(-1234, 50, 99_999), (7, 8, 9)]:
        payload = {str(seat[n]): s for n, s in zip(names, scores, strict=True)}
        record(users[0], points, {"scores": payload})
    end(users[0], points)
    wizard = club_match(club, users[0], "wizard", names, claims=claims)
    seat = ids(wizard)
    for name, bid in zip(names, (1, 0, 0), strict=True):
        record(users[0], wizard, {"call": {"seat": seat[name], "value": bid}})
    record(
        users[0],
        wizard,
        {"taken": {str(seat[names[0]]): 1, **{str(seat[n]): 0 for n in names[1:]}}},
    )
    end(users[0], wizard)
    actions.make_invite(users[0], club.pk)
    return club


def test_the_points_and_wizard_leaderboards_fit_a_phone(
    asgi_server, points_and_wizard_club, browser
):
    club = points_and_wizard_club
    for size, viewport in PHONES.items():
        for scheme in ("light", "dark"):
            for language in ("en", "de", "ar"):
                context = browser.new_context(
                    viewport=viewport, color_scheme=scheme, locale=language
                )
                context.set_default_timeout(30_000)
                page = context.new_page()
                page.goto(asgi_server + "/login/")
                page.fill("#id_username", "player1")
                page.fill("#id_password", "correct horse battery")
                page.locator("#id_password").press("Enter")
                expect(page).not_to_have_url(re.compile("/login/"))
                for game in ("points", "wizard"):
                    url = f"{asgi_server}/clubs/{club.pk}/?game={game}"
                    assert page.goto(url).status == 200
                    board = page.locator("[data-testid=leaderboard]")
                    expect(board.locator("tbody tr")).to_have_count(3)
                    assert_fits(page)
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    shot = f"club-{game}-{size}-{scheme}-{language}.png"
                    page.screenshot(path=SHOTS / shot, full_page=True)
                    # The game's own columns sit at the end of the scrolling table.
                    board.evaluate(
                        "table => { const box = table.parentElement;"
                        " box.scrollLeft = box.dir === 'rtl' || "
                        "getComputedStyle(box).direction === 'rtl'"
                        " ? -box.scrollWidth : box.scrollWidth; }"
                    )
                    board.locator("..").screenshot(path=SHOTS / f"end-{shot}")
                context.close()
