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
