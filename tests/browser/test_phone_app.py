"""Issue 14 on a phone: the service worker installs and keeps the shell, a page
offline shows the offline notice (never an old sheet), a live match keeps the
screen awake, and times read in the phone's own zone."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import check
from tests.browser.test_table import start_match, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

READY = "() => navigator.serviceWorker.ready.then(r => r.active.scriptURL)"


def test_the_worker_installs_and_offline_a_match_shows_the_notice(
    asgi_server, new_phone, shoot
):
    page = new_phone("host")
    start_match(page, asgi_server)
    match_url = page.url

    assert page.evaluate(READY) == asgi_server + "/sw.js"
    manifest = page.request.get(
        asgi_server + page.locator("link[rel=manifest]").get_attribute("href")
    )
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert manifest.json()["name"] == "SquareScores"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    page.context.set_offline(True)
    page.goto(match_url)
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    assert page.url == match_url
    assert page.locator(".rounds").count() == 0
    # The look of the page came from the worker's cache.
    assert page.evaluate("getComputedStyle(document.body).marginTop") == "0px"
    shoot(page, "offline-match")
    page.goto(asgi_server + "/")
    expect(page.get_by_role("heading", name="Start a match")).to_be_visible()

    # The notice reloads itself into the live match once the server answers.
    page.goto(match_url)
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    page.context.set_offline(False)
    wait_live(page)
    assert page.console_errors == []


def test_a_live_match_keeps_the_screen_awake(asgi_server, new_phone):
    page = new_phone("host")
    start_match(page, asgi_server)
    if not page.evaluate("'wakeLock' in navigator"):
        pytest.skip("this chromium has no Screen Wake Lock")
    wait_live(page)
    page.locator(".match-head h1").click()  # a tap, for browsers that want one

    expect(page.locator("body")).to_have_attribute("data-awake", "")


def test_history_times_read_in_the_phones_zone(asgi_server, new_phone, browser):
    page = new_phone("host", timezone_id="Asia/Kolkata", locale="en-GB")
    start_match(page, asgi_server)
    page.get_by_role("link", name="History").click()

    started = page.locator(".match-facts time").first
    expect(started).not_to_contain_text("UTC")
    # Chromium names the zone by its older name.
    assert re.search(r"\(Asia/(Kolkata|Calcutta)\)", started.get_attribute("title"))
    # 17:41 UTC is 23:11 in Kolkata: the half hour tells the zones apart.
    moment = started.get_attribute("datetime")
    minutes = int(re.search(r"T\d\d:(\d\d)", moment).group(1))
    assert f":{(minutes + 30) % 60:02d}" in started.inner_text()

    no_script = browser.new_context(java_script_enabled=False)
    no_script.add_cookies(page.context.cookies())
    plain = no_script.new_page()
    plain.goto(page.url)
    expect(plain.locator(".match-facts time").first).to_contain_text("UTC")
    no_script.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_offline_ended_and_loopback_notices_pass_axe(
    asgi_server, new_phone, shoot, scheme
):
    host = new_phone(f"host-{scheme}", color_scheme=scheme)
    guest = new_phone(f"guest-{scheme}", color_scheme=scheme)
    join_link = start_match(host, asgi_server)
    # Opened on 127.0.0.1: the invite card says its QR code cannot work.
    notice = host.locator("[data-loopback-notice]")
    expect(notice).to_contain_text("Phones cannot open this QR code.")
    check(host, shoot, "loopback-notice")

    host.locator("[data-end-match] summary").click()
    host.get_by_role("button", name=re.compile("End the match")).click()
    expect(host.locator("body")).to_have_attribute("data-status", "ended")
    host.goto(join_link)
    expect(
        host.get_by_role("link", name=re.compile("See the match.s history"))
    ).to_be_visible()
    check(host, shoot, "ended-member")
    guest.goto(join_link)
    expect(guest.get_by_role("heading", level=1)).to_contain_text("has ended")
    assert guest.locator("main form").count() == 0
    check(guest, shoot, "ended-visitor")

    guest.goto(asgi_server + "/offline/")
    check(guest, shoot, "offline")
