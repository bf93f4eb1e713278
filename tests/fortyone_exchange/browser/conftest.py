"""A phone-sized Chromium (Debian's) for the rules page and the hand checker.

These pages need no WebSocket, so pytest-django's live_server is enough; the
browser itself is the shared one from tests/browser_fixtures.py.
"""

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "fortyone_exchange"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def chromium(browser):
    """The run's one chromium (tests/browser_fixtures.py)."""
    return browser


@pytest.fixture
def phone(chromium):
    """Open a page on a touch phone: ``phone(dark=True)`` in a dark theme,
    ``phone(javascript=False)`` with scripts off."""
    contexts = []

    def open_phone(dark=False, cookies=(), javascript=True):
        context = chromium.new_context(
            viewport=PHONE,
            java_script_enabled=javascript,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            color_scheme="dark" if dark else "light",
        )
        context.set_default_timeout(5000)
        if cookies:
            context.add_cookies(list(cookies))
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def shoot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def screenshot(page, name, full_page=True):
        page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=full_page)

    return screenshot
