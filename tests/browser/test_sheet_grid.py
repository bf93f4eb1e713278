"""The scoresheet as people keep it on paper (issue 28): every game's grid holds
its figures at 1280 and 360 px, six long-named seats fit a 360 px phone without
sideways scrolling, more scroll inside the grid's own box; a refusal stays on the
table, announced, after 5 s. Screenshots at 360 and 390 px, light and dark,
English and Arabic, under /tmp/shots/ (or SHOTS_DIR)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import actions
from tests.browser.fit import new_phone_page, too_wide
from tests.browser.test_fit import LONG_NAMES, cookie_for, in_a_thread, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SHOTS_DIR", "/tmp/shots/i28-sheet-ui"))
SIX = LONG_NAMES[:6]
MINUS = "\u2212"


def phone(browser, size, **options):
    """A phone page; its first page of a busy run may take a while to load."""
    page = new_phone_page(browser, size, **options)
    page.set_default_navigation_timeout(20000)
    return page


def ids(match):
    return [seat.pk for seat in match.seats.order_by("position")]


def open_number(match):
    return match.rounds.get(status="open").number


def record(match, actor, payload):
    actions.record(actor, match.pk, open_number(match), payload)


def play_every_grid():
    """A long match of every game, six long names where the game seats six."""
    alice = make_user("alice", LONG_NAMES[0])
    exchange = actions.start_match(alice, "fortyone_exchange", SIX, host_seat=0).match
    seats = ids(exchange)
    for number in range(12):
        record(exchange, alice, {"winner": seats[number % 6]})
    ten = actions.start_match(alice, "fortyone_exchange", LONG_NAMES, host_seat=0)
    ten = ten.match
    for seat in ids(ten)[:3]:
        record(ten, alice, {"winner": seat})
    schwimmen = actions.start_match(
        alice, "schwimmen", SIX, {"lives": 5}, host_seat=0
    ).match
    seats = ids(schwimmen)
    for number in range(8):
        record(schwimmen, alice, {"pays": [seats[number % 6]]})
    record(schwimmen, alice, {"pays": [seats[1]]})
    thirty_one = actions.start_match(alice, "thirty_one", SIX, host_seat=0).match
    seats = ids(thirty_one)
    for number in range(7):
        record(thirty_one, alice, {"lowest": [seats[(number * 5) % 6]]})
    forty_one = actions.start_match(alice, "forty_one", SIX[:4], host_seat=0).match
    seats = ids(forty_one)
    rounds = [
        ((3, 3, 3, 3), (4, 3, 3, 3)),
        ((7, 1, 2, 1), (6, 2, 3, 2)),
        ((2, 3, 2, 3), None),
        ((4, 2, 3, 2), (4, 2, 5, 2)),
    ]
    for bids, tricks in rounds:
        for seat, value in zip(seats, bids, strict=True):
            record(forty_one, alice, {"bid": {"seat": seat, "value": value}})
        if tricks:
            by_seat = {str(s): t for s, t in zip(seats, tricks, strict=True)}
            record(forty_one, alice, {"tricks": by_seat})
    return {
        "alice": alice,
        "fortyone_exchange": exchange,
        "ten": ten,
        "schwimmen": schwimmen,
        "thirty_one": thirty_one,
        "forty_one": forty_one,
    }


@pytest.fixture
def grids(browser):
    return in_a_thread(play_every_grid)


def cell(page, number, column):
    """The text of round ``number``'s cell in seat column ``column`` (from 1)."""
    return page.locator(f"#grid-round-{number} > td").nth(column - 1)


def foot(page, column):
    return page.locator("#grid-foot td").nth(column - 1)


def expect_figures(page, game):
    """Each game's figures in its own words, round by round and at the foot."""
    if game == "fortyone_exchange":
        expect(page.locator("#grid-rows tr")).to_have_count(12)
        expect(cell(page, 1, 1)).to_contain_text("\u2713")
        expect(cell(page, 1, 2)).to_have_text("")
        expect(cell(page, 8, 2)).to_contain_text("won")
        expect(foot(page, 1)).to_have_text("2")
    elif game == "schwimmen":
        expect(page.locator("#grid-rows tr")).to_have_count(9)
        expect(cell(page, 1, 1)).to_contain_text(f"{MINUS}1")
        expect(cell(page, 1, 1)).to_contain_text("paid 1 life")
        expect(cell(page, 1, 2)).to_have_text("")
        # Ben paid three of his five; Alice two.
        expect(foot(page, 2).locator(".grid-fig")).to_have_text("2")
        expect(foot(page, 1).locator(".grid-fig")).to_have_text("3")
    elif game == "thirty_one":
        expect(page.locator("#grid-rows tr")).to_have_count(7)
        expect(cell(page, 1, 1)).to_contain_text(f"{MINUS}1")
        expect(cell(page, 2, 6)).to_contain_text(f"{MINUS}1")
    elif game == "forty_one":
        expect(page.locator("#grid-rows tr")).to_have_count(4)
        expect(cell(page, 1, 1).locator(".grid-fig")).to_have_text("3/4")
        expect(cell(page, 1, 1).locator(".grid-sub")).to_have_text("+3")
        expect(cell(page, 2, 1).locator(".grid-sub")).to_have_text(f"{MINUS}14")
        expect(cell(page, 3, 1).locator(".grid-fig")).to_have_text("2/\u2013")
        expect(foot(page, 1)).to_have_text(f"{MINUS}7")
        expect(foot(page, 3)).to_have_text("8")
        expect(page.locator("#grid-foot th")).to_contain_text("Total")
    # The dealer of every round is marked.
    expect(page.locator("#grid-rows .is-dealer").first).to_be_attached()


GAMES = ["fortyone_exchange", "schwimmen", "thirty_one", "forty_one"]


@pytest.mark.parametrize("width", [1280, 360])
def test_every_games_grid_holds_its_figures(asgi_server, browser, grids, width):
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    page.set_default_navigation_timeout(20000)
    page.context.add_cookies([cookie_for(grids["alice"], asgi_server)])
    for game in GAMES:
        page.goto(asgi_server + f"/matches/{grids[game].pk}/")
        page.wait_for_selector("[data-live-status][data-state=live]")
        expect(page.locator("#grid")).to_be_visible()
        expect_figures(page, game)
        # Round numbers with empty cells and the rounds listed again: not any more.
        expect(page.locator("#grid-rows td:not(:empty)").first).to_be_visible()
        if width == 360:
            assert too_wide(page) is None, too_wide(page)
    page.context.close()


def test_the_history_has_the_grid_too(asgi_server, browser, grids):
    page = phone(browser, "360x800")
    page.context.add_cookies([cookie_for(grids["alice"], asgi_server)])
    page.goto(asgi_server + f"/matches/{grids['forty_one'].pk}/history/")
    expect_figures(page, "forty_one")
    assert too_wide(page) is None, too_wide(page)
    page.context.close()


def test_ten_seats_scroll_inside_the_grid_with_the_round_column_fixed(
    asgi_server, browser, grids
):
    page = phone(browser, "360x800")
    page.context.add_cookies([cookie_for(grids["alice"], asgi_server)])
    page.goto(asgi_server + f"/matches/{grids['ten'].pk}/")
    wrap = page.locator(".sheet .grid-wrap")

    sizes = wrap.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] > sizes[1]
    assert too_wide(page) is None, too_wide(page)
    number = page.locator("#grid-round-1 > th")
    before = number.bounding_box()["x"]
    wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    assert number.bounding_box()["x"] == pytest.approx(before, abs=1)
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_refusal_stays_visible_as_an_alert(asgi_server, browser, grids, language):
    page = phone(browser, "360x800", locale={"en": "en-GB", "ar": "ar-SY"}[language])
    page.context.add_cookies([cookie_for(grids["alice"], asgi_server)])
    page.goto(asgi_server + f"/matches/{grids['forty_one'].pk}/")
    page.wait_for_selector("[data-live-status][data-state=live]")
    seats = ids(grids["forty_one"])
    for seat in seats:
        form = page.locator(f'#open-round .fo-bid[data-seat="{seat}"] form')
        form.locator('input[name="bid"]').fill("3")
        form.locator('button[type="submit"]').click()
        if seat != seats[-1]:
            expect(
                page.locator(f'#open-round .fo-bid.has-bid[data-seat="{seat}"]')
            ).to_be_attached()
    tricks = page.locator("#open-round form.fo-tricks-form")
    expect(tricks).to_be_visible()
    for seat in seats:
        tricks.locator(f'input[name="tricks-{seat}"]').fill("3")
    tricks.locator('button[type="submit"]').click()

    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    page.wait_for_timeout(5000)
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("13")
    shoot_all(page, f"refusal-{language}", "#open-round ~ #refusal")
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 800})
        page.locator("#refusal").scroll_into_view_if_needed()
        page.screenshot(path=SHOTS / f"refusal-page-{language}-{width}.png")
    page.locator("#refusal [data-dismiss]").click()
    expect(alert).to_be_hidden()
    page.context.close()


def shoot_all(page, step, selector):
    """``selector``'s part of the page as it is, light and dark."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator(selector).screenshot(path=SHOTS / f"{step}-{scheme}.png")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_screenshots_of_every_grid(asgi_server, browser, grids, language):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locale = {"en": "en-GB", "ar": "ar-SY"}[language]
    problems = []
    for width in (360, 390):
        for scheme in ("light", "dark"):
            page = phone(
                browser,
                f"{width}x{800 if width == 360 else 844}",
                locale=locale,
                color_scheme=scheme,
            )
            page.context.add_cookies([cookie_for(grids["alice"], asgi_server)])
            for game in [*GAMES, "ten"]:
                page.goto(asgi_server + f"/matches/{grids[game].pk}/")
                page.wait_for_selector("[data-live-status][data-state=live]")
                name = f"{game}-{language}-{width}-{scheme}"
                page.screenshot(path=SHOTS / f"table-{name}.png")
                page.locator(".sheet .grid-wrap").screenshot(
                    path=SHOTS / f"grid-{name}.png"
                )
                problems.append(too_wide(page))
            page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


def test_the_strip_puts_every_match_on_the_first_screen(asgi_server, browser, grids):
    page = phone(browser, "360x800")
    page.context.add_cookies([cookie_for(grids["alice"], asgi_server)])
    for game in GAMES:
        page.goto(asgi_server + f"/matches/{grids[game].pk}/")
        page.wait_for_selector("[data-live-status][data-state=live]")
        strip = page.locator("#strip .strip")
        box = strip.bounding_box()
        assert box["y"] + box["height"] <= 800, (game, box)
        expect(strip.locator(".strip-seat")).to_have_count(
            4 if game == "forty_one" else 6
        )
    # The leader of 41 Exchange's twelve rounds: each seat won two; none ahead.
    page.goto(asgi_server + f"/matches/{grids['forty_one'].pk}/")
    expect(page.locator("#strip .strip-what")).to_have_text("Total")
    expect(page.locator("#strip [data-lead='1'] .strip-fig")).to_have_text("8")
    page.context.close()


def forty_one_with_bob():
    alice = make_user("alice2", "Alice")
    bob = make_user("bob2", "Ben")
    names = ["Alice", "Ben", "Cara", "Dev"]
    match = actions.start_match(alice, "forty_one", names, host_seat=0).match
    actions.join_match(bob, match.code, seat_id=ids(match)[1])
    return {"alice": alice, "bob": bob, "match": match, "seats": ids(match)}


def test_forty_one_puts_your_bid_first_and_the_other_phones_bids_read_only(
    asgi_server, browser
):
    table = in_a_thread(forty_one_with_bob)
    alice_seat, ben_seat, cara_seat, _ = table["seats"]
    ben = phone(browser, "360x800")
    ben.context.add_cookies([cookie_for(table["bob"], asgi_server)])
    ben.goto(asgi_server + f"/matches/{table['match'].pk}/")
    ben.wait_for_selector("[data-live-status][data-state=live]")

    rows = ben.locator("#open-round .fo-bid")
    expect(rows.first).to_have_attribute("data-seat", str(ben_seat))
    expect(rows.first.locator(".you-tag")).to_have_text("you")
    alice_row = ben.locator(f'#open-round .fo-bid[data-seat="{alice_seat}"]')
    expect(alice_row).to_have_class("fo-bid team-a is-readonly")
    expect(alice_row.locator('input[name="bid"]')).to_be_disabled()
    # A seat without a phone: anyone at the table enters its bid.
    cara_bid = ben.locator(f'#open-round .fo-bid[data-seat="{cara_seat}"] input')
    expect(cara_bid.and_(ben.locator('[name="bid"]'))).to_be_enabled()

    host = phone(browser, "360x800")
    host.context.add_cookies([cookie_for(table["alice"], asgi_server)])
    host.goto(asgi_server + f"/matches/{table['match'].pk}/")
    host.wait_for_selector("[data-live-status][data-state=live]")
    ben_row = host.locator(f'#open-round .fo-bid[data-seat="{ben_seat}"]')
    expect(ben_row.locator('input[name="bid"]')).to_be_enabled()
    expect(ben_row.locator(".host-tag")).to_have_text("as host")

    # Alice bids: Ben's page redraws the round, still his row first, hers read only.
    form = host.locator(f'#open-round .fo-bid[data-seat="{alice_seat}"] form')
    form.locator('input[name="bid"]').fill("3")
    form.locator('button[type="submit"]').click()
    expect(alice_row).to_have_class("fo-bid team-a has-bid is-readonly")
    expect(rows.first).to_have_attribute("data-seat", str(ben_seat))
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        ben.emulate_media(color_scheme=scheme)
        ben.screenshot(path=SHOTS / f"forty-one-bids-ben-{scheme}.png")
    for page in (ben, host):
        page.context.close()


def form_record(match, actor, form):
    """A round, or a bid, as the game's form sends it."""
    from games.rules import registry

    payload = registry.get(match.game).payload_from_form(form)
    actions.record(actor, match.pk, open_number(match), payload)


def play_for_the_grid(game, alice, match):
    """Rounds that touch every part of a grid row, its foot and the strip: a
    figure and a mark read aloud, a second figure, a kind, a dealer, a draw, a
    void, a seat ahead."""
    seats = ids(match)
    if game == "fortyone_exchange":
        for seat in seats[:3]:
            record(match, alice, {"winner": seat})
        actions.correct(alice, match.pk, 2, {"draw": True})
    elif game == "schwimmen":
        for seat in (seats[0], seats[1], seats[0], seats[2]):
            record(match, alice, {"pays": [seat]})
    else:  # Wizard: each seat bids, then one takes every trick.
        for number, taker in enumerate(seats[:3], start=1):
            for seat in seats:
                form_record(match, alice, {"seat": [str(seat)], "bid": ["0"]})
            tricks = {f"tricks-{s}": [str(number if s == taker else 0)] for s in seats}
            form_record(match, alice, tricks)
    actions.void_round(alice, match.pk, 3)


GRID_PARTS = ("#grid-rows", "#grid-foot", "#strip")
# A part's markup, less the passing mark of what just changed (notices.js) and
# the line breaks the page's template puts between rows.
MARKUP = """part => {
  const copy = document.querySelector(part).cloneNode(true);
  copy.querySelectorAll(".is-changed").forEach(el => el.classList.remove("is-changed"));
  return copy.innerHTML.trim().replace(/>\\n\\s*</g, "><");
}"""


@pytest.mark.parametrize("game", ["fortyone_exchange", "schwimmen", "wizard"])
def test_a_push_draws_the_grid_and_strip_as_the_page_does(asgi_server, browser, game):
    def start():
        alice = make_user("alice", "Alice")
        names = ["Alice", "Ben", "Cara"] if game == "wizard" else SIX[:4]
        return alice, actions.start_match(alice, game, names, host_seat=0).match

    alice, match = in_a_thread(start)
    page = phone(browser, "390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.context.add_cookies([cookie_for(alice, asgi_server)])
    page.goto(asgi_server + f"/matches/{match.pk}/")
    page.wait_for_selector("[data-live-status][data-state=live]")

    in_a_thread(lambda: play_for_the_grid(game, alice, match))
    version = in_a_thread(lambda: type(match).objects.get(pk=match.pk).version)
    expect(page.locator("body")).to_have_attribute("data-version", str(version))
    pushed = [page.evaluate(MARKUP, part) for part in GRID_PARTS]
    page.reload()
    page.wait_for_selector("[data-live-status][data-state=live]")
    drawn = [page.evaluate(MARKUP, part) for part in GRID_PARTS]

    assert "is-voided" in pushed[0]
    assert pushed == drawn
    page.context.close()
