"""A phone-sized Chromium (Debian's) for the rules page and the hand checker.

These pages need no WebSocket, so pytest-django's live_server is enough.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "fortyone_exchange"
PHONE = {"width": 390, "height": 844}
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="module")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is missing: `make browser` installs it")
    # Playwright's sync API keeps an event loop on this thread while the browser is
    # open; the database work of the tests themselves is still plain sync code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
            yield browser
            browser.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


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
