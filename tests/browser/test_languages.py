"""A phone set to German or Arabic (issue 15): the pages fit 360 x 800, Arabic runs
right to left and mirrored, and axe finds nothing serious in either language."""

import pytest

from tests.browser.fit import new_phone_page, too_wide
from tests.browser.test_accessibility import serious_violations
from tests.browser.test_fit import cookie_for, in_a_thread, play_long_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The phone's own setting: Playwright sends it as Accept-Language.
LOCALES = {"de": "de-DE", "ar": "ar-SY"}


@pytest.fixture
def table(browser):
    return in_a_thread(play_long_table)


def marked_pages(table):
    live, ended = table["live"], table["ended"]
    return {
        None: ["/", "/start/", "/login/", f"/j/{live.code}/", "/offline/"],
        "alice": [f"/matches/{live.pk}/history/", "/matches/", "/players/"],
        "bob": [f"/j/{ended.code}/", "/account/keep/"],
    }


def brand_box(page):
    return page.locator(".brand").bounding_box()


@pytest.mark.parametrize("language", ["de", "ar"])
def test_the_pages_fit_a_phone_and_pass_axe_in_german_and_arabic(
    asgi_server, browser, table, shoot, language
):
    problems = []
    for who, paths in marked_pages(table).items():
        page = new_phone_page(browser, "360x800", locale=LOCALES[language])
        page.phone_name = f"{who or 'visitor'}-{language}"
        if who:
            page.context.add_cookies([cookie_for(table[who], asgi_server)])
        for path in paths:
            page.goto(asgi_server + path)
            shoot(page, path.strip("/").replace("/", "_") or "home")
            root = page.locator("html")
            assert root.get_attribute("lang") == language, path
            problems.append(too_wide(page))
            violations = serious_violations(page)
            assert violations == [], (path, violations)
            box = brand_box(page)
            if language == "ar":
                assert root.get_attribute("dir") == "rtl", path
                # Mirrored: the brand starts the line on the right.
                assert box["x"] > 180, (path, box)
            else:
                assert root.get_attribute("dir") == "ltr", path
                assert box["x"] + box["width"] < 180, (path, box)
        page.context.close()
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


def test_the_switcher_turns_a_german_phone_arabic_and_it_stays(
    asgi_server, browser, shoot
):
    page = new_phone_page(browser, "360x800", locale=LOCALES["de"])
    page.goto(asgi_server + "/start/")
    assert page.locator("h1").inner_text() == "Partie starten"

    page.locator(".language-choice[lang=ar]").click()
    page.wait_for_url(asgi_server + "/start/")
    shoot(page, "start-after-switch")
    page.goto(asgi_server + "/")

    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("h1").inner_text() == "ورقة نتائج حيّة لطاولة الورق"
    assert page.locator(".language-choice[aria-current=true]").get_attribute(
        "lang"
    ) == ("ar")
    page.context.close()
