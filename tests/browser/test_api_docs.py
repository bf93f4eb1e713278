"""The API's docs page works in a real browser under the site's CSP, offline."""

import pytest
from playwright.sync_api import expect

from tests.api.test_schema import ENDPOINTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_docs_page_lists_every_operation_with_nothing_from_outside(
    asgi_server, new_phone, shoot
):
    page = new_phone("docs")
    page.set_viewport_size({"width": 1024, "height": 800})
    # Often the first page of a fresh browser (tests/reliability's run of this
    # test alone, in the middle of a busy run), and the heaviest: more than
    # the 5 s a later page gets.
    page.set_default_navigation_timeout(20000)
    complaints, outside = [], []
    page.on(
        "console",
        lambda message: (
            complaints.append(message.text) if message.type == "error" else None
        ),
    )
    page.on(
        "request",
        lambda request: (
            outside.append(request.url)
            if not request.url.startswith(asgi_server)
            and not request.url.startswith("data:")
            else None
        ),
    )

    page.goto(f"{asgi_server}/api/docs/")

    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    expect(
        page.locator(
            ".opblock-summary-path", has_text="/api/matches/{match_id}/record/"
        )
    ).to_be_visible()
    shoot(page, "docs")
    assert page.locator(".opblock").count() == len(ENDPOINTS)
    assert outside == []
    assert complaints == []
