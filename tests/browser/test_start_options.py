"""The start page shows only the chosen game's options and seat range, and a
rule set chosen after a change keeps what the person changed (issue 28)."""

import pytest
from playwright.sync_api import expect

from tests.browser.fit import new_phone_page, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_only_the_chosen_games_options_show(asgi_server, browser):
    page = new_phone_page(browser, "360x800")
    page.goto(asgi_server + "/start/", timeout=20000)

    page.select_option("#id_game", "schwimmen")

    expect(page.locator("[data-options-for]:visible")).to_have_count(1)
    expect(page.locator('[data-options-for="schwimmen"]')).to_be_visible()
    expect(page.locator("[data-range-for]:visible")).to_have_count(1)
    shown = page.locator("[data-range-for]:visible")
    expect(shown).to_have_text("2 to 8 seats", use_inner_text=True)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 2000, height
    assert too_wide(page) is None, too_wide(page)
    page.select_option("#id_game", "forty_one")
    expect(shown).to_have_text("4 seats", use_inner_text=True)
    page.screenshot(path="/tmp/shots/i28-sheet-ui/start-forty-one.png", full_page=True)
    page.context.close()


def test_choosing_custom_keeps_what_the_person_changed(asgi_server, browser):
    page = new_phone_page(browser, "360x800")
    page.goto(asgi_server + "/start/", timeout=20000)
    page.select_option("#id_game", "thirty_one")
    lives = page.locator('[name="thirty_one__lives"]')
    expect(lives).to_have_value("4")

    lives.select_option("2")
    page.locator('[name="thirty_one__rule_set"][value="custom"]').check()

    expect(lives).to_have_value("2")
    # An option left as the rule set had it takes the chosen set's value.
    page.locator('[name="thirty_one__rule_set"][value="schwimmen"]').check()
    expect(lives).to_have_value("2")
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_screenshots_of_the_start_page(asgi_server, browser, language):
    locale = {"en": "en-GB", "ar": "ar-SY"}[language]
    for width in (360, 390):
        for scheme in ("light", "dark"):
            size = f"{width}x{800 if width == 360 else 844}"
            page = new_phone_page(browser, size, locale=locale, color_scheme=scheme)
            page.goto(asgi_server + "/start/", timeout=20000)
            page.select_option("#id_game", "thirty_one")
            page.screenshot(
                path=f"/tmp/shots/i28-sheet-ui/start-{language}-{width}-{scheme}.png",
                full_page=True,
            )
            assert too_wide(page) is None, too_wide(page)
            page.context.close()
