"""A weekly table on four phones: a club made on one phone and joined by three
by its invite link, two 41 Exchange matches played for it, and the
leaderboard and a member's page updated. The phones are 390 and 360 px wide,
light and dark; the club's pages fit every phone from 320 to 430 px."""

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.fit import EDGES, PHONES, assert_fits
from tests.browser.test_table import expect_round, join_as, seat_button, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alice", "Ben", "Cara", "Dev"]
SHOTS = Path("/tmp/shots/i32-clubs")


def make_club(page, base_url):
    page.goto(base_url + "/clubs/")
    page.fill("#your-name", "Alice")
    page.fill("#id_name", "The Thursday table of the long street names")
    page.get_by_role("button", name="Make the club").click()
    expect(page).to_have_url(re.compile(r"/clubs/\d+/$"))
    page.get_by_role("button", name="Make an invite link").click()
    return base_url + page.locator(".invite-link a").get_attribute("href")


def join_club(page, link, name):
    page.goto(link)
    page.fill("#join-name", name)
    page.get_by_role("button", name="Join the club").click()
    expect(page).to_have_url(re.compile(r"/clubs/\d+/$"))


def start_for_club(page, base_url, club_url):
    page.goto(base_url + club_url)
    page.get_by_role("link", name="Start a match for the club").click()
    page.select_option("#id_game", "fortyone_exchange")
    for index, name in enumerate(NAMES):
        field = page.locator(f"#id_seat_{index}")
        if not field.is_visible():
            page.get_by_role("button", name="Add a seat").click()
        field.fill(name)
    expect(page.locator("#id_club option:checked")).to_contain_text("Thursday")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    return page.locator(".join-link a").get_attribute("href")


def play(phones, tapper, winners):
    for number, name in enumerate(winners, start=1):
        seat_button(tapper, name).click()
        for phone in phones:
            expect_round(phone, number, f"{name} won", timeout=20_000)


def end(page):
    page.get_by_text("End match…").click()
    page.get_by_role("button", name="End the match now").click()
    expect(page.locator("body")).to_have_attribute("data-status", "ended")


def test_a_club_plays_two_matches_and_its_leaderboard_follows(
    asgi_server, new_phone, shoot
):
    alice = new_phone("alice-390-light")
    ben = new_phone("ben-360-light")
    cara = new_phone("cara-390-dark", color_scheme="dark")
    dev = new_phone("dev-360-dark", color_scheme="dark")
    for narrow in (ben, dev):
        narrow.set_viewport_size({"width": 360, "height": 780})
    phones = (alice, ben, cara, dev)
    for phone in phones:
        phone.set_default_timeout(30_000)
    invite = make_club(alice, asgi_server)
    club_url = re.sub(r"^https?://[^/]+", "", alice.url)
    for phone, name in ((ben, "Ben"), (cara, "Cara"), (dev, "Dev")):
        join_club(phone, invite, name)
    expect(alice.locator("[data-testid=members] li")).to_have_count(1)
    alice.reload()
    expect(alice.locator("[data-testid=members] li")).to_have_count(4)

    for winners in (["Ben", "Ben", "Alice"], ["Cara", "Ben"]):
        join_link = start_for_club(alice, asgi_server, club_url)
        for phone, name in ((ben, "Ben"), (cara, "Cara"), (dev, "Dev")):
            join_as(phone, join_link, name)
        wait_live(*phones)
        play(phones, dev, winners)
        end(cara)

    for phone in phones:
        phone.goto(asgi_server + club_url)
        board = phone.locator("[data-testid=leaderboard]")
        # Ben won the first alone and shared the second with Cara.
        expect(board.locator("tr[data-member=Ben] td").nth(1)).to_have_text("1.5")
        expect(board.locator("tr[data-member=Cara] td").nth(1)).to_have_text("0.5")
        expect(board.locator("tr[data-member=Alice] td").nth(0)).to_have_text("2")
        expect(board.locator("tr[data-member=Ben] .rating")).to_contain_text("±")
        assert_fits(phone)
        shoot(phone, "leaderboard")
    ben.get_by_role("link", name="Ben").first.click()
    expect(ben.locator("[data-figure=played]")).to_have_text("2")
    expect(ben.locator("[data-figure=won]")).to_contain_text("1.5 (75%)")
    assert_fits(ben)
    shoot(ben, "member-page")
    dev.locator("[data-testid=leaderboard] a", has_text="Ben").click()
    expect(dev.locator("[data-figure=played]")).to_have_text("2")
    shoot(dev, "member-page")
    for phone in phones:
        assert phone.console_errors == []


@pytest.fixture
def long_club(db):
    """A club with the longest names and one finished match, made before the
    browser's loop runs (a broadcast from this thread would then fail)."""
    from squarescores.accounts.models import User
    from squarescores.clubs import actions
    from tests.clubs.table import club_match, win
    from tests.clubs.table import end as end_match

    admin = User.objects.create_user(
        "long", password="correct horse battery", display_name="Maximiliane " * 3
    )
    club = actions.create_club(admin, "W" * 60)
    actions.make_invite(admin, club.pk)
    match = club_match(club, admin, "fortyone_exchange")
    win(admin, match, "Alice")
    end_match(admin, match)
    return club, match


def test_the_club_pages_fit_from_320_to_430_px_in_every_language(
    asgi_server, long_club, browser
):
    club, match = long_club
    member = club.members.get()
    urls = [
        f"/clubs/{club.pk}/",
        f"/clubs/{club.pk}/members/{member.pk}/",
        "/clubs/",
        f"/clubs/{club.pk}/matches/{match.pk}/seats/",
        "/account/move/",
    ]
    sizes = [(size, "en") for size in {**PHONES, **EDGES}]
    sizes += [("360x800", language) for language in ("de", "nl", "ar")]
    for size, language in sizes:
        for scheme in ("light", "dark"):
            context = browser.new_context(
                viewport={**PHONES, **EDGES}[size],
                color_scheme=scheme,
                locale=language,
            )
            context.set_default_timeout(30_000)
            page = context.new_page()
            page.goto(asgi_server + "/login/")
            page.fill("#id_username", "long")
            page.fill("#id_password", "correct horse battery")
            page.locator("#id_password").press("Enter")
            expect(page).not_to_have_url(re.compile("/login/"))
            for url in urls:
                assert page.goto(asgi_server + url).status == 200, url
                assert_fits(page)
                if size in PHONES:
                    name = url.strip("/").replace("/", "-") or "home"
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    shot = f"{name}-{size}-{scheme}-{language}.png"
                    page.screenshot(path=SHOTS / shot, full_page=True)
            context.close()


@pytest.fixture(autouse=True)
def _copy_shots(request):
    # Seven engineers share two cores: waits stretch under their load.
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)
    folder = Path("test-artifacts") / re.sub(r"[^\w.-]+", "_", request.node.name)
    if folder.exists():
        SHOTS.mkdir(parents=True, exist_ok=True)
        for shot in folder.glob("*.png"):
            shutil.copy(shot, SHOTS / f"{request.node.name[:20]}-{shot.name}")
