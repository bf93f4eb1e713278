"""A module's record form in a real browser: sent over the socket, drawn live on
every phone, the standings and the decided match included."""

import re

import pytest
from playwright.sync_api import expect

from tests.games.lives import lives_game  # noqa: F401 (a fixture)

from .test_table import join_as, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat_id(page, name):
    return page.locator(".fate", has_text=name).first.get_attribute("data-seat")


def record(page, number, payload):
    field = page.locator(f"#payload-{number}")
    field.fill(payload)
    page.get_by_role("button", name="Record").click()


def test_a_record_form_goes_over_the_socket_and_every_phone_sees_the_end(
    asgi_server,
    new_phone,
    lives_game,  # noqa: F811
):
    a, b = new_phone("A"), new_phone("B")
    a.goto(asgi_server + "/start/")
    a.locator("#id_game").select_option(label="Lives (test)")
    a.locator("#id_seat_0").fill("Ann")
    a.locator("#id_seat_1").fill("Bo")
    a.locator("#id_test_lives__lives").select_option("1")
    a.get_by_role("button", name="Start the match").click()
    expect(a).to_have_url(re.compile(r"/matches/\d+/$"))
    join_as(b, a.locator(".join-link a").get_attribute("href"), "Bo")
    wait_live(a, b)
    ann = seat_id(a, "Ann")
    a.evaluate("() => { window.stayed = true; }")

    record(a, 1, f'{{"pays": [{ann}]}}')

    for page in (a, b):
        expect(page.locator("#round-1 .round-result")).to_contain_text("Ann")
        expect(page.locator(f'.fate[data-seat="{ann}"]')).to_have_attribute(
            "data-fate", "swimming"
        )
    # The socket carried it: the page was never reloaded by a POST.
    assert a.evaluate("() => window.stayed") is True

    record(b, 2, f'{{"pays": [{ann}]}}')

    for page in (a, b):
        expect(page.locator("#open-round")).to_contain_text("The match has ended")
        expect(page.locator("#open-round .result-line")).to_contain_text("Bo wins")
        expect(page.locator(f'.fate[data-seat="{ann}"]')).to_have_attribute(
            "data-fate", "out"
        )
    assert a.console_errors == [] and b.console_errors == []

    # The wrong seat was named in the last round: the host corrects it, and the
    # match is live again on every phone.
    bo = seat_id(a, "Bo")
    a.locator("#round-2 summary").click()
    a.locator("#correct-2").fill(f'{{"pays": [{bo}]}}')
    a.get_by_role("button", name="Correct round 2").click()

    for page in (a, b):
        expect(page.locator("#open-round .open-title")).to_have_text("Round 3")
        expect(page.locator(f'.fate[data-seat="{ann}"]')).to_have_attribute(
            "data-fate", "swimming"
        )
        expect(page.locator("[data-end-match]")).to_be_visible()
    assert a.console_errors == [] and b.console_errors == []
