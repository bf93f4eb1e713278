"""The host's seat tools reach every phone live: a latecomer, a rename, the host
role handed over, all without a reload."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_table import (
    expect_open,
    expect_round,
    join_as,
    seat_button,
    start_match,
    wait_live,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_seat_changes_and_a_new_host_show_on_every_phone(asgi_server, new_phone, shoot):
    a, b = new_phone("A"), new_phone("B")
    join_link = start_match(a, asgi_server)
    join_as(b, join_link, "Ben")
    wait_live(a, b)
    seat_button(b, "Dev").click()
    expect_open(a, 2)

    a.get_by_text("Host tools").last.click()
    a.get_by_label("Add a latecomer").fill("Eve")
    a.get_by_role("button", name="Add", exact=True).click()
    expect(seat_button(b, "Eve")).to_be_visible()
    shoot(b, "latecomer")

    a.get_by_text("Host tools").last.click()
    a.get_by_text("Rename or free a seat").click()
    a.get_by_label("Rename Dev").fill("Devi")
    rename = a.locator("form", has=a.get_by_label("Rename Dev"))
    rename.get_by_role("button", name="Rename").click()
    expect_round(b, 1, "Devi won")
    expect(seat_button(b, "Devi")).to_be_visible()

    assert b.locator("#host-tools").count() == 0
    a.get_by_text("Host tools").last.click()
    a.get_by_label("Hand the host role to").select_option(label="Ben")
    a.get_by_role("button", name="Hand over").click()
    expect(b.locator("body")).to_have_attribute("data-host", "")
    expect(b.locator("#host-tools")).to_have_count(1)
    expect(b.locator("#round-1 .correct")).to_be_attached()
    b.locator("#round-1 summary").click()
    expect(b.locator("#round-1 .correct-form button", has_text="Cara")).to_be_visible()
    shoot(b, "new-host")
    expect(a.locator("#host-tools")).to_have_count(0)


def cara_wins_round_one(asgi_server, new_phone):
    """Alice hosts, Ben joins and taps Cara: round 1 is closed on both phones."""
    a, b = new_phone("A"), new_phone("B")
    join_as(b, start_match(a, asgi_server), "Ben")
    wait_live(a, b)
    seat_button(b, "Cara").click()
    expect_open(a, 2)
    return a, b


def test_a_rows_correction_loads_when_opened_and_survives_a_push(
    asgi_server, new_phone, shoot
):
    a, b = cara_wins_round_one(asgi_server, new_phone)
    # The row came by push: it holds a link, not the forms.
    expect(a.locator("#round-1 .correct-form")).to_have_count(0)

    a.locator("#round-1 summary").click()
    expect(a.locator("#round-1 .correct-form button", has_text="Dev")).to_be_visible()
    shoot(a, "correction-open")
    # Another phone closes round 2 while the host's correction is open: round 1's
    # row, and its forms, stay as they are.
    seat_button(b, "Ben").click()
    expect_open(a, 3)
    expect(a.locator("#round-1 .correct-form button", has_text="Dev")).to_be_visible()

    a.locator("#round-1 .correct-form button", has_text="Dev").click()
    for phone in (a, b):
        expect_round(phone, 1, "Dev won")
    expect(a.locator("#round-1 .correct-form")).to_have_count(0)
    # Opened again, the forms load afresh: Dev's button is the one not to press.
    a.locator("#round-1 summary").click()
    expect(a.locator("#round-1 .correct-form button", has_text="Dev")).to_be_disabled()


def test_a_correction_that_cannot_load_says_so(asgi_server, new_phone):
    a, _ = cara_wins_round_one(asgi_server, new_phone)

    a.context.set_offline(True)
    a.locator("#round-1 summary").click()
    expect(a.locator("#notice")).to_contain_text("The correction did not load")
    expect(a.get_by_role("link", name="Open the correction of round 1")).to_be_visible()
    a.context.set_offline(False)
    a.locator("#round-1 summary").click()
    a.locator("#round-1 summary").click()
    expect(a.locator("#round-1 .correct-form button", has_text="Dev")).to_be_visible()
