"""Issue 28 at a 360 px phone: one tap, one round; the undo bar; a voided round.

A double tap 80, 150, 250 or 400 ms apart on the control that closes a round
records one round in every game whose entry closes a round with one tap; a tap
after the settle time records the next. A double tap kept offline sends one. The
recorder's undo reopens the round on every phone; the host's void strikes it
through. Screenshots at 360 and 390 px, light and dark, English and Arabic.
"""

import threading
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import actions
from games.models import Round
from tests.conftest import SEATS, seat, win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 800}
GAPS_MS = (80, 150, 250, 400)
SHOTS = Path("/tmp/shots/i28-undo-void")


def off_loop(call, *args, **kwargs):
    """Run an action in a thread of its own: this one holds the browser's event
    loop, where a broadcast cannot send."""
    answer = []
    thread = threading.Thread(target=lambda: answer.append(call(*args, **kwargs)))
    thread.start()
    thread.join()
    return answer[0] if answer else None


def signed_in(new_phone, base_url, user, match, **options):
    """A phone with ``user``'s session on ``match``'s table, live."""
    client = Client()
    client.force_login(user)
    viewport = options.pop("viewport", SMALL)
    page = new_phone(user.username, **options)
    page.set_viewport_size(viewport)
    page.context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": base_url,
            }
        ]
    )
    page.goto(f"{base_url}/matches/{match.pk}/", timeout=20000)
    expect(page.locator("[data-live-status]")).to_have_attribute("data-state", "live")
    return page


def closed(match):
    return Round.objects.filter(match=match).exclude(status="open").count()


def double_tap(page, locator, gap_ms):
    """Two taps at the same spot, ``gap_ms`` apart, as a thumb does."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(gap_ms)
    page.mouse.click(x, y)


def expect_open_round(page, number):
    expect(page.locator('#open-round input[name="round"]').first).to_have_value(
        str(number)
    )


def start(alice, bob, game, options=None):
    def made():
        match = actions.start_match(alice, game, SEATS, options or {}, host_seat=0)
        match = match.match
        actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
        return match

    return off_loop(made)


def play_double_taps(page, match, tap):
    """For each gap: the open round, a double tap, one round more, no other."""
    for index, gap in enumerate(GAPS_MS):
        number = index + 1
        expect_open_round(page, number)
        page.wait_for_timeout(1000)  # a deliberate tap: past the settle time
        tap(page, number, gap)
        expect_open_round(page, number + 1)
        page.wait_for_timeout(900)
        assert closed(match) == number, f"a double tap {gap} ms apart"
        expect(page.locator("#open-round")).not_to_have_class("is-settling")


def test_a_double_tap_records_one_round_in_41_exchange(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "fortyone_exchange")
    page = signed_in(new_phone, asgi_server, bob, match)

    def tap(page, number, gap):
        double_tap(page, page.locator("#open-round .seat-button", has_text="Cara"), gap)

    play_double_taps(page, match, tap)
    assert page.console_errors == []


def test_a_double_tap_records_one_round_in_schwimmen(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "schwimmen", {"lives": 5})
    page = signed_in(new_phone, asgi_server, bob, match)
    payers = ["Ben", "Cara", "Dev", "Alice"]

    def tap(page, number, gap):
        button = page.locator(
            "#open-round .schw-entry .seat-button", has_text=payers[number - 1]
        )
        double_tap(page, button, gap)

    play_double_taps(page, match, tap)
    assert page.console_errors == []


def test_a_double_tap_records_one_round_in_thirty_one(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "thirty_one")
    page = signed_in(new_phone, asgi_server, bob, match)
    lowest = ["Ben", "Cara", "Dev", "Alice"]

    def tap(page, number, gap):
        form = page.locator("#open-round form.t31-form").first
        form.locator(".t31-pick", has_text=lowest[number - 1]).nth(1).locator(
            "input"
        ).check()
        double_tap(page, form.locator(".t31-submit"), gap)

    play_double_taps(page, match, tap)


def test_the_round_just_drawn_is_dimmed_and_announced(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "fortyone_exchange")
    page = signed_in(new_phone, asgi_server, bob, match)
    page.wait_for_timeout(1000)

    page.locator("#open-round .seat-button", has_text="Dev").click()

    expect(page.locator("#open-round")).to_have_class("is-settling", timeout=500)
    expect(page.locator("#open-round .seat-button").first).to_have_attribute(
        "aria-disabled", "true"
    )
    expect(page.locator("[data-settle-line]")).to_contain_text("Round 2")
    expect(page.locator("#open-round")).not_to_have_class("is-settling")


def offline_phone(asgi_server, new_phone, alice, bob):
    """Bob's phone at a 41 Exchange table, its Wi-Fi gone: (the match, the page)."""
    match = start(alice, bob, "fortyone_exchange")
    page = signed_in(new_phone, asgi_server, bob, match)
    page.wait_for_timeout(1000)
    page.context.set_offline(True)
    expect(page.locator("[data-live-status]")).to_have_attribute(
        "data-state", "offline"
    )
    return match, page


def test_a_double_tap_kept_offline_sends_one(asgi_server, new_phone, alice, bob):
    match, page = offline_phone(asgi_server, new_phone, alice, bob)
    double_tap(page, page.locator("#open-round .seat-button", has_text="Cara"), 80)
    expect(page.locator("[data-pending-line]")).to_be_visible()
    page.context.set_offline(False)

    expect_open_round(page, 2)
    page.wait_for_timeout(1500)
    assert closed(match) == 1
    expect(page.locator("[data-pending-line]")).to_have_count(0)


def test_a_tap_kept_offline_that_another_phone_beat_says_who_won(
    asgi_server, new_phone, alice, bob
):
    match, page = offline_phone(asgi_server, new_phone, alice, bob)
    page.locator("#open-round .seat-button", has_text="Cara").click()
    expect(page.locator("[data-pending-line]")).to_be_visible()

    # Meanwhile the host's phone closes round 1 for Dev.
    off_loop(win, alice, match.pk, 1, seat(match, "Dev").pk)
    page.context.set_offline(False)

    expect_open_round(page, 2)
    notice = page.locator("[data-notice]")
    expect(notice).to_have_text("Round 1 was closed on another phone: Dev won.")
    expect(page.locator("[data-pending-line]")).to_have_count(0)
    # Read five seconds later: still there, and the kept tap was never sent.
    page.wait_for_timeout(5000)
    expect(notice).to_be_visible()
    assert closed(match) == 1
    assert Round.objects.get(match=match, number=1).winner == seat(match, "Dev")
    expect(page.locator("#open-round .seat-button", has_text="Cara")).not_to_have_class(
        "is-pending"
    )


def test_the_recorder_undoes_and_every_phone_sees_the_round_open(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "fortyone_exchange")
    host = signed_in(new_phone, asgi_server, alice, match)
    member = signed_in(new_phone, asgi_server, bob, match)
    member.wait_for_timeout(1000)

    member.locator("#open-round .seat-button", has_text="Cara").click()

    bar = member.locator("[data-undo-bar]")
    expect(bar).to_be_visible()
    expect(bar.locator("[data-undo-line]")).to_have_text("Round 1: Cara won")
    # The host may undo too; a third phone would not see the bar.
    expect(host.locator("[data-undo-bar]")).to_be_visible()
    bar.get_by_role("button", name="Undo").click()

    for phone in (host, member):
        expect_open_round(phone, 1)
        expect(phone.locator("#round-1")).to_have_count(0)
        expect(phone.locator("[data-notice]")).to_have_text(
            "Round 1 was undone by Ben."
        )
        expect(phone.locator("[data-undo-bar]")).to_be_hidden()
    assert closed(match) == 0


def test_the_undo_bar_keeps_a_name_in_its_own_direction_on_an_arabic_page(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "fortyone_exchange")
    member = signed_in(new_phone, asgi_server, bob, match, locale="ar-SY")
    expect(member.locator("html")).to_have_attribute("dir", "rtl")
    member.wait_for_timeout(1000)

    member.locator("#open-round .seat-button", has_text="Cara").click()

    # Flattened into one line of text, the name is isolated (FSI … PDI).
    line = member.locator("[data-undo-bar] [data-undo-line]")
    expect(line).to_contain_text("\u2068Cara\u2069")
    assert member.console_errors == []


def test_the_undo_bar_goes_once_a_later_round_is_recorded(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "fortyone_exchange")
    member = signed_in(new_phone, asgi_server, bob, match)
    member.wait_for_timeout(1000)
    member.locator("#open-round .seat-button", has_text="Cara").click()
    expect(member.locator("[data-undo-bar]")).to_be_visible()

    off_loop(win, alice, match.pk, 2, seat(match, "Dev").pk)

    expect(member.locator("[data-undo-bar]")).to_be_hidden()


def test_the_undo_bar_goes_after_the_window(
    asgi_server, new_phone, alice, bob, settings
):
    settings.UNDO_SECONDS = 1
    match = start(alice, bob, "fortyone_exchange")
    member = signed_in(new_phone, asgi_server, bob, match)
    member.wait_for_timeout(1000)
    member.locator("#open-round .seat-button", has_text="Cara").click()

    expect(member.locator("[data-undo-bar]")).to_be_visible()
    expect(member.locator("[data-undo-bar]")).to_be_hidden(timeout=2500)


def test_the_host_voids_and_restores_a_round_on_every_phone(
    asgi_server, new_phone, alice, bob
):
    match = start(alice, bob, "fortyone_exchange")
    for number, name in enumerate(["Cara", "Dev"], start=1):
        off_loop(win, bob, match.pk, number, seat(match, name).pk)
    host = signed_in(new_phone, asgi_server, alice, match)
    member = signed_in(new_phone, asgi_server, bob, match)
    expect(member.locator("#round-2 .void")).to_be_hidden()

    host.get_by_role("button", name="Void round 2").click()

    # Round 2 was never played: Ben, who dealt it, deals round 3.
    for phone in (host, member):
        row = phone.locator("#round-2")
        expect(row).to_have_class("round-row is-won is-voided")
        expect(row.locator(".void-line")).to_contain_text("Voided by Alice")
        # The page had no time to write until this push: it writes this one in
        # the phone's words ("now"), not the server's "… UTC".
        expect(row.locator(".void-line time")).not_to_contain_text("UTC")
        expect(phone.locator("#open-round .dealer-line")).to_contain_text(
            "Ben deals round 3."
        )
    host.get_by_role("button", name="Restore round 2").click()
    for phone in (host, member):
        expect(phone.locator("#round-2")).not_to_have_class("is-voided")
        expect(phone.locator("#open-round .dealer-line")).to_contain_text(
            "Cara deals round 3."
        )


@pytest.mark.parametrize("language", ["en", "ar"])
def test_screenshots_of_the_undo_bar_and_a_voided_round(
    asgi_server, new_phone, alice, bob, language
):
    alice.display_name = "Alexandra Konstantinopoulou"
    alice.save()
    names = ["Alexandra Konstantinopoulou", "Benedikt", "Cara", "Dev"]

    def played():
        match = actions.start_match(alice, "fortyone_exchange", names, host_seat=0)
        match = match.match
        actions.join_match(bob, match.code, seat_id=seat(match, "Benedikt").pk)
        for number in range(1, 12):
            name = names[number % 4]
            win(alice, match.pk, number, seat(match, name).pk)
        actions.void_round(alice, match.pk, 10)
        return match

    match = off_loop(played)
    SHOTS.mkdir(parents=True, exist_ok=True)
    locale = {"en": "en-GB", "ar": "ar-SY"}[language]
    for width in (360, 390):
        for scheme in ("light", "dark"):
            page = signed_in(
                new_phone,
                asgi_server,
                alice,
                match,
                viewport={"width": width, "height": 800},
                color_scheme=scheme,
                locale=locale,
            )
            expect(page.locator("#round-10")).to_have_class(
                "round-row is-won is-voided"
            )
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.locator("#round-10").scroll_into_view_if_needed()
            page.screenshot(path=SHOTS / f"voided-{language}-{width}-{scheme}.png")
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(1000)
            page.locator("#open-round .seat-button").first.click()
            expect(page.locator("[data-undo-bar]")).to_be_visible()
            page.screenshot(path=SHOTS / f"undo-{language}-{width}-{scheme}.png")
            page.locator("[data-undo-button]").click()
            expect(page.locator("[data-undo-bar]")).to_be_hidden()
            page.context.close()
