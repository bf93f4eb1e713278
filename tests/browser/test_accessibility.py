"""axe-core finds no serious or critical violation on the table's pages, light or
dark, at phone size."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.test_table import join_as, seat_button, start_match, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

axe = Axe()


def serious_violations(page):
    results = axe.run(page)
    return [
        (v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def check(page, shoot, step):
    shoot(page, step)
    assert serious_violations(page) == [], step


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_home_start_join_and_table_pass_axe(asgi_server, new_phone, shoot, scheme):
    host = new_phone(f"host-{scheme}", color_scheme=scheme)
    guest = new_phone(f"guest-{scheme}", color_scheme=scheme)
    host.goto(asgi_server + "/")
    check(host, shoot, "home")
    host.goto(asgi_server + "/start/")
    check(host, shoot, "start")

    join_link = start_match(host, asgi_server)
    guest.goto(join_link)
    check(guest, shoot, "join")
    join_as(guest, join_link, "Ben")
    wait_live(host, guest)
    seat_button(guest, "Cara").click()
    expect(host.locator("#round-1")).to_be_visible()
    host.locator("#round-1 summary").click()
    check(host, shoot, "table-host")
    check(guest, shoot, "table-member")


def test_every_visible_control_on_the_table_is_big_enough_to_tap(
    asgi_server, new_phone
):
    host = new_phone("host")
    start_match(host, asgi_server)

    boxes = host.locator("button, summary, .match-nav a, input, select").evaluate_all(
        "els => els.filter(e => e.offsetParent).map(e => "
        "[e.textContent.trim() || e.name, e.getBoundingClientRect().width, "
        "e.getBoundingClientRect().height])"
    )

    assert len(boxes) >= 8
    assert [box for box in boxes if box[1] < 44 or box[2] < 44] == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tv_link_a_live_history_and_a_sitting_pass_axe(
    asgi_server, new_phone, shoot, scheme
):
    host = new_phone(f"host-{scheme}", color_scheme=scheme)
    guest = new_phone(f"guest-{scheme}", color_scheme=scheme)
    join_link = start_match(host, asgi_server)
    join_as(guest, join_link, "Ben")
    wait_live(host, guest)
    seat_button(guest, "Cara").click()
    expect(host.locator("#round-1")).to_be_visible()

    host.locator("#host-tools > summary").click()
    host.get_by_role("button", name="Show on a TV").click()
    host.locator("#tv-link summary").click()
    check(host, shoot, "host-tools-tv-link")
    tv = new_phone(f"tv-{scheme}", color_scheme=scheme)
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.goto(host.locator("#tv-link .tv-url a").get_attribute("href"))
    wait_live(tv)
    check(tv, shoot, "tv")

    table = guest.url
    guest.goto(table + "history/")
    check(guest, shoot, "history-live")
    guest.goto(table)
    guest.get_by_text("End match…").click()
    guest.get_by_role("button", name="End the match now").click()
    guest.get_by_role("button", name="Next match, same seats").click()
    expect(guest).not_to_have_url(table)
    guest.goto(asgi_server + "/matches/")
    guest.locator(".sitting-tally summary").click()
    check(guest, shoot, "my-matches-sitting")
    guest.locator(".sitting-matches a", has_text="history").first.click()
    expect(guest.locator("[data-testid=sitting]")).to_be_visible()
    check(guest, shoot, "history-sitting")
