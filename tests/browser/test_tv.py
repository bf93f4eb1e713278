"""The TV link in a real browser (issue 14): a big screen beside the phones, live,
with nothing on it that writes; revoking it stops the screen at once."""

import time

import pytest
from playwright.sync_api import expect

from games import actions
from tests.browser.fit import assert_fits
from tests.browser.test_accessibility import serious_violations
from tests.browser.test_fit import LONG_NAMES, in_a_thread, make_user
from tests.browser.test_table import (
    expect_round,
    join_as,
    seat_button,
    start_match,
    wait_live,
)
from tests.conftest import win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1280, "height": 720}
WITHIN_MS = 3000
# Anything a person could press or fill in, and every link but the brand and the
# skip link.
CONTROLS = "form, button, input, select, textarea, details, summary, [contenteditable]"


def share_from_host_tools(host):
    host.locator("#host-tools > summary").click()
    host.get_by_role("button", name="Show on a TV").click()
    link = host.locator("#tv-link .tv-url a")
    expect(link).to_be_visible()
    expect(host.locator("#tv-link img.qr")).to_be_visible()
    return link.get_attribute("href")


def open_tv(new_phone, url, **options):
    tv = new_phone("tv", **options)
    tv.set_viewport_size(TV)
    tv.goto(url)
    wait_live(tv)
    return tv


def expect_nothing_to_press(tv):
    expect(tv.locator(CONTROLS)).to_have_count(0)
    links = tv.locator("a").evaluate_all("els => els.map(e => e.className)")
    assert sorted(links) == ["brand", "skip-link"]


def test_a_tap_on_a_phone_shows_on_the_tv_which_writes_nothing_and_stops_on_revoke(
    asgi_server, new_phone, shoot
):
    host, member = new_phone("host"), new_phone("member")
    join_link = start_match(host, asgi_server)
    join_as(member, join_link, "Ben")
    wait_live(host, member)
    tv_url = share_from_host_tools(host)
    shoot(host, "host-tools-tv-link")
    tv = open_tv(new_phone, tv_url)
    expect(tv.locator("#tv-now .open-title")).to_have_text("Round 1")
    expect(tv.locator("#tv-now .dealer-line")).to_have_text("Alice deals round 1.")
    expect_nothing_to_press(tv)

    tapped = time.monotonic()
    seat_button(member, "Cara").click()
    expect_round(tv, 1, "Cara won", timeout=WITHIN_MS)
    print(f"the tap on the TV after {(time.monotonic() - tapped) * 1000:.0f} ms")
    expect(tv.locator("#tv-now .open-title")).to_have_text("Round 2")
    expect(tv.locator("#tv-now .dealer-line")).to_have_text("Ben deals round 2.")
    expect(
        tv.locator("#standings .figures tr", has_text="Cara").locator("td")
    ).to_have_text("1")
    # The push carries the host's correction form and the member's buttons: the
    # TV draws neither.
    expect_nothing_to_press(tv)
    shoot(tv, "tv-after-a-tap")

    host.locator("#round-1 summary").click()
    host.locator("#round-1 .correct-form button", has_text="Dev").click()
    expect_round(tv, 1, "Dev won", timeout=WITHIN_MS)
    expect_nothing_to_press(tv)
    assert_fits(tv)

    # The TV page's own socket takes no write: a tap frame sent from its console
    # is refused, and no phone sees a change.
    refusal = tv.evaluate(
        """() => new Promise(done => {
            const ws = new WebSocket(`ws://${location.host}/ws/tv/${document.body.dataset.tv}/`);
            ws.onmessage = e => {
                const m = JSON.parse(e.data);
                if (m.type === "snapshot") {
                    ws.send(JSON.stringify(
                        {type: "record", round: 2, form: {winner: ["1"]}}));
                } else { done(m.code); ws.close(); }
            };
        })"""
    )
    assert refusal == "read_only"
    expect(member.locator("#open-round .open-title")).to_have_text("Round 2: who won?")

    if host.locator("#host-tools").get_attribute("open") is None:
        host.locator("#host-tools > summary").click()
    host.locator("#tv-link summary", has_text="Stop the TV link").click()
    host.get_by_role("button", name="Stop this TV link now").click()
    expect(tv.locator("[data-tv-gone]")).to_be_visible(timeout=WITHIN_MS)
    expect(tv.locator("h1")).to_have_text("This TV link does not work")
    shoot(tv, "tv-revoked")
    expect(host.get_by_role("button", name="Show on a TV")).to_be_visible()
    assert tv.console_errors == [] or all("404" in e for e in tv.console_errors)
    assert host.console_errors == member.console_errors == []


@pytest.fixture
def long_tv(browser):
    """A ten-seat match of 40-character names with five rounds, on a TV link."""

    def play():
        alice = make_user("alice", LONG_NAMES[0])
        match = actions.start_match(
            alice, "fortyone_exchange", LONG_NAMES, host_seat=0
        ).match
        seats = list(match.seats.order_by("position"))
        for number, seat in enumerate(seats[:5], start=1):
            win(alice, match.pk, number, seat.pk)
        return actions.share_tv(alice, match.pk).secret

    return in_a_thread(play)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tv_page_reads_large_fits_and_passes_axe_with_long_names(
    asgi_server, new_phone, shoot, long_tv, scheme
):
    for size in ({"width": 1280, "height": 720}, {"width": 390, "height": 844}):
        page = new_phone(f"tv-{size['width']}-{scheme}", color_scheme=scheme)
        page.set_viewport_size(size)
        page.goto(f"{asgi_server}/tv/{long_tv}/")
        wait_live(page)
        expect(page.locator("#rounds > li")).to_have_count(5)
        expect(page.locator("#standings .figures tbody tr")).to_have_count(10)
        shoot(page, "tv")
        assert_fits(page)
        expect_nothing_to_press(page)
        assert serious_violations(page) == []
        size_px = page.locator("#tv-now .open-title").evaluate(
            "el => parseFloat(getComputedStyle(el).fontSize)"
        )
        # Across a room at 1280 wide; still a phone's page at 390.
        assert size_px >= (48 if size["width"] == 1280 else 32), size_px
