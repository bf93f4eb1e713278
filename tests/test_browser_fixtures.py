"""A browser test leaves no running event loop behind (tests/browser_fixtures.py).

In file order the first test drives Playwright and the others run after it, in the
same thread, as any test after a browser test does in a mixed selection.
"""

import asyncio

import pytest
from asgiref.sync import async_to_sync


@pytest.mark.browser
def test_a_browser_test_runs_inside_playwrights_loop(browser):
    context = browser.new_context()
    context.close()

    assert asyncio.get_running_loop().is_running()


def test_a_later_test_finds_no_running_loop():
    assert asyncio._get_running_loop() is None
    # What the browser test's loop broke: Django's sync-to-async bridge.
    assert async_to_sync(asyncio.sleep)(0, result="slept") == "slept"


async def test_a_later_async_test_gets_a_loop_of_its_own():
    assert await asyncio.sleep(0, result="slept") == "slept"
