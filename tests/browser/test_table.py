"""Issue 3's table on four phones: start, join, tap, correct, end; live on all."""

import re
import threading
import time

import pytest
from django.db import connection
from playwright.sync_api import expect

from games import broadcast
from games.models import Match
from tests.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Alice", "Ben", "Cara", "Dev"]
LIVE_WITHIN_MS = 2000
WATCH_LAYOUT_SHIFTS = """() => {
    window.layoutShift = 0;
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) {
            if (!entry.hadRecentInput) window.layoutShift += entry.value;
        }
    }).observe({type: "layout-shift"});
}"""


def start_match(page, base_url, names=SEATS, game=None, choose=None):
    """Start a match of ``game`` (the start page's first when None) for
    ``names``; ``choose(page)`` picks its options. The join link."""
    # The first page of a fresh server compiles its templates: slow on a busy box.
    page.goto(base_url + "/start/", timeout=30000)
    if game is not None:
        page.select_option("#id_game", game)
    if choose is not None:
        choose(page)
    for index, name in enumerate(names):
        field = page.locator(f"#id_seat_{index}")
        if not field.is_visible():
            page.get_by_role("button", name="Add a seat").click()
        field.fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    return page.locator(".join-link a").get_attribute("href")


def join_as(page, join_link, name):
    page.goto(join_link)
    page.get_by_role("button", name=f"I am {name}").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))


def wait_live(*phones):
    for page in phones:
        expect(page.locator("[data-live-status]")).to_have_attribute(
            "data-state", "live"
        )


def expect_text(phones, selector, text, timeout=LIVE_WITHIN_MS):
    """Every phone shows ``text`` at ``selector`` within ``timeout`` ms."""
    for phone in phones:
        expect(phone.locator(selector)).to_have_text(text, timeout=timeout)


def expect_row(phones, number, text, timeout=LIVE_WITHIN_MS):
    """Every phone's round ``number`` reads ``text`` (among other words)."""
    found = re.compile(re.escape(text))
    expect_text(phones, f"#round-{number} .round-result", found, timeout)


def seat_button(page, name):
    return page.locator("#open-round .seat-button", has_text=name)


def expect_round(page, number, text, timeout=LIVE_WITHIN_MS):
    expect(page.locator(f"#round-{number} .round-result")).to_have_text(
        text, timeout=timeout
    )


def expect_open(page, number, timeout=LIVE_WITHIN_MS):
    expect(page.locator("#open-round .open-title")).to_have_text(
        f"Round {number}: who won?", timeout=timeout
    )


def csrf_token(page):
    return page.locator('meta[name="csrf-token"]').get_attribute("content")


def test_four_phones_play_correct_and_end_a_match_live(asgi_server, new_phone, shoot):
    a, b, c, d = (new_phone(name) for name in ("A", "B", "C", "D"))
    join_link = start_match(a, asgi_server)
    match_url = a.url
    shoot(a, "started")
    join_as(b, join_link, "Ben")
    join_as(c, join_link, "Cara")
    join_as(d, join_link, "Dev")
    phones = (a, b, c, d)
    wait_live(*phones)
    for phone in phones:
        shoot(phone, "joined")

    # B taps Alice: every phone shows round 1 won and round 2 open, no reload.
    navigations = {phone.phone_name: 0 for phone in phones}
    for phone in phones:
        phone.on(
            "framenavigated",
            lambda f, n=phone.phone_name: navigations.update({n: navigations[n] + 1}),
        )
    watchers = (a, c, d)
    for phone in watchers:
        phone.evaluate(WATCH_LAYOUT_SHIFTS)
    tapped = time.monotonic()
    seat_button(b, "Alice").click()
    for phone in phones:
        expect_round(phone, 1, "Alice won")
        expect_open(phone, 2)
    elapsed = time.monotonic() - tapped
    print(f"round 1 on four phones after {elapsed * 1000:.0f} ms")
    assert navigations == dict.fromkeys(navigations, 0)
    # The push moved nothing on the phones that did not tap (entries come late).
    a.wait_for_timeout(300)
    assert [phone.evaluate("window.layoutShift") for phone in watchers] == [0, 0, 0]
    for phone in phones:
        shoot(phone, "round-1-won")

    # The host corrects round 1 to Cara: B, C and D show Cara.
    a.locator("#round-1 summary").click()
    shoot(a, "correcting")
    a.locator("#round-1 .correct-form button", has_text="Cara").click()
    for phone in phones:
        expect_round(phone, 1, "Cara won")
        shoot(phone, "corrected")

    # B posts the host's form directly: refused, nothing changes.
    ben_seat = b.locator("#open-round .seat-button", has_text="Ben").get_attribute(
        "value"
    )
    response = b.request.post(
        match_url + "correct/",
        form={
            "csrfmiddlewaretoken": csrf_token(b),
            "round": "1",
            "winner": ben_seat,
        },
        headers={"Referer": match_url},
        max_redirects=0,
    )
    assert response.status == 403
    b.wait_for_timeout(300)
    for phone in phones:
        expect_round(phone, 1, "Cara won")
    assert b.locator("#round-1 .correct").is_hidden()

    # C ends the match: the open round is a draw, the match ended, no taps left.
    c.get_by_text("End match…").click()
    expect(c.locator(".end-warning")).to_contain_text("draw")
    shoot(c, "end-confirm")
    c.get_by_role("button", name="End the match now").click()
    for phone in phones:
        expect_round(phone, 2, "Draw")
        expect(phone.locator("#open-round")).to_contain_text("The match has ended")
        expect(phone.locator("body")).to_have_attribute("data-status", "ended")
        expect(phone.locator(".seat-button")).to_have_count(0)
        expect(phone.locator("[data-end-match]")).to_be_hidden()
        shoot(phone, "ended")
    assert [phone.console_errors for phone in phones] == [[], [], [], []]


def test_a_phone_back_online_shows_the_rounds_it_missed(asgi_server, new_phone, shoot):
    a, b = new_phone("A"), new_phone("B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)

    b.context.set_offline(True)
    expect(b.locator("[data-live-status]")).not_to_have_attribute("data-state", "live")
    seat_button(a, "Dev").click()
    expect_open(a, 2)
    seat_button(a, "Ben").click()
    expect_open(a, 3)
    shoot(b, "offline")
    expect(b.locator("#round-1")).to_have_count(0)

    b.context.set_offline(False)
    expect_round(b, 1, "Dev won", timeout=WAIT_BACK_MS)
    expect_round(b, 2, "Ben won", timeout=WAIT_BACK_MS)
    expect_open(b, 3)
    wait_live(b)
    shoot(b, "back-online")


WAIT_BACK_MS = 5000


def test_a_phone_back_online_that_missed_nothing_is_live_and_records(
    asgi_server, new_phone, shoot
):
    a, b = new_phone("A"), new_phone("B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)
    frames = []
    b.on(
        "websocket",
        lambda socket: socket.on("framereceived", lambda frame: frames.append(frame)),
    )

    # The Wi-Fi blinks and nothing happens meanwhile: the server answers the
    # reconnect with "current" (no snapshot), and the page goes on as it was.
    b.context.set_offline(True)
    expect(b.locator("[data-live-status]")).not_to_have_attribute("data-state", "live")
    b.context.set_offline(False)
    wait_live(b)
    assert any('"type":"current"' in f.replace(" ", "") for f in frames), frames
    shoot(b, "back-current")

    seat_button(b, "Dev").click()
    expect_round(a, 1, "Dev won", timeout=WAIT_BACK_MS)
    expect_round(b, 1, "Dev won", timeout=WAIT_BACK_MS)
    assert b.console_errors == []


def test_an_outsider_is_sent_to_join_and_its_socket_is_refused(
    asgi_server, new_phone, shoot
):
    a, outsider = new_phone("A"), new_phone("outsider")
    join_link = start_match(a, asgi_server)
    match_url = a.url

    outsider.goto(match_url)
    # Sent to the join form, which asks for the code instead of giving it away.
    expect(outsider).to_have_url(asgi_server + "/#join-title")
    expect(outsider.locator("#join-title")).to_be_visible()
    assert join_link.rsplit("/", 2)[-2] not in outsider.content()
    shoot(outsider, "sent-to-join")
    close_code = outsider.evaluate(
        """url => new Promise(resolve => {
            const ws = new WebSocket(url);
            ws.onclose = event => resolve(event.code);
        })""",
        match_url.replace("http", "ws").replace("/matches/", "/ws/matches/"),
    )
    assert close_code == 4403
    # A valid CSRF token from a form of the site, so only membership is in question.
    outsider.goto(asgi_server + "/start/")
    token = outsider.locator('input[name="csrfmiddlewaretoken"]').first.get_attribute(
        "value"
    )
    response = outsider.request.post(
        match_url + "record/",
        form={"csrfmiddlewaretoken": token, "round": "1", "winner": "1"},
        max_redirects=0,
    )
    assert response.status == 403
    expect(a.locator("#round-1")).to_have_count(0)


def test_every_form_works_without_javascript(asgi_server, new_phone, shoot):
    a = new_phone("A-nojs", java_script_enabled=False)
    b = new_phone("B-nojs", java_script_enabled=False)
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    shoot(b, "joined")

    seat_button(b, "Cara").click()
    expect_round(b, 1, "Cara won")
    expect_open(b, 2)
    a.reload()
    # Without a script the row's "Correct" opens the round's correction page.
    a.locator("#round-1 summary").click()
    a.get_by_role("link", name="Open the correction of round 1").click()
    expect(a.get_by_role("heading", name="Correct round 1")).to_be_visible()
    shoot(a, "correction-page")
    a.locator(".correct-form button", has_text="Dev").click()
    expect_round(a, 1, "Dev won")
    a.locator("#round-1 summary").click()
    a.get_by_role("link", name="Open the correction of round 1").click()
    a.get_by_role("button", name="Make round 1 a draw").click()
    expect_round(a, 1, "Draw")
    shoot(a, "corrected")

    b.get_by_text("End match…").click()
    b.get_by_role("button", name="End the match now").click()
    expect_round(b, 2, "Draw")
    expect(b.locator(".seat-button")).to_have_count(0)
    shoot(b, "ended")


def test_a_lost_push_is_caught_up_from_the_next_one(
    asgi_server, new_phone, shoot, monkeypatch
):
    a, b = new_phone("A"), new_phone("B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)
    lost = []
    publish = broadcast.publish

    def lose_the_first(*args, **kwargs):
        # A channel layer delivers at most once: here it drops one message.
        if not lost:
            lost.append(args)
            return
        publish(*args, **kwargs)

    monkeypatch.setattr(broadcast, "publish", lose_the_first)
    seat_button(a, "Dev").click()
    b.wait_for_timeout(500)
    assert lost
    expect(b.locator("#round-1")).to_have_count(0)

    match = Match.objects.get(code=join_link.rstrip("/").rsplit("/", 1)[1])
    ben = match.seats.get(name="Ben").pk

    # Another thread: this one runs Playwright's event loop, where the broadcast's
    # async_to_sync may not run.
    def tap_round_2():
        try:
            win(match.host, match.pk, 2, ben)
        finally:
            connection.close()

    tap = threading.Thread(target=tap_round_2)
    tap.start()
    tap.join()

    for phone in (a, b):
        expect_round(phone, 1, "Dev won")
        expect_round(phone, 2, "Ben won")
        expect_open(phone, 3)
    shoot(b, "caught-up")


def test_the_start_page_adds_and_removes_seats_and_knows_which_is_you(
    asgi_server, new_phone, shoot
):
    a = new_phone("A")
    a.goto(asgi_server + "/start/")
    rows = a.locator("[data-seat-row]:visible")
    expect(rows).to_have_count(4)
    for index, name in enumerate(["Alice", "Ben", "Cara", "Dev"]):
        rows.nth(index).locator("input[type=text]").fill(name)
    a.get_by_role("button", name="Add a seat").click()
    rows.nth(4).locator("input[type=text]").fill("Eve")
    a.get_by_role("button", name="Remove seat 2").click()
    a.get_by_role("button", name="Add a seat").click()
    rows.nth(4).locator("input[type=text]").fill("Fay")
    a.get_by_label("Seat 5 is me").check()
    a.get_by_label("41 wins on the spot").check()
    shoot(a, "start-filled")
    a.get_by_role("button", name="Start the match").click()

    expect(a.locator("#open-round .seat-button")).to_have_text(
        ["Alice", "Cara", "Dev", "Eve", "Fay"]
    )
    expect(seat_button(a, "Fay")).to_have_class(re.compile(r"\bis-you\b"))
    a.get_by_text("Seats and table options").click()
    expect(a.locator(".seat-list li", has_text="Fay")).to_contain_text("you")
    expect(a.locator(".option-list")).to_contain_text("41 wins on the spot")
    shoot(a, "started")
