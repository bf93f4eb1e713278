"""Real phones for the browser tests: Debian's chromium, the real ASGI app.

A plugin loaded by tests/conftest.py, so every browser suite shares one Playwright
and one chromium: a second sync Playwright cannot start inside the first one's
event loop. ``make test`` runs the browser tests in a pytest process of their own,
since that loop stays on the main thread for the whole session.

Fixtures (shared with other suites; keep their names):

- ``asgi_server``: the project's ASGI application (HTTP and WebSockets) served by
  uvicorn in a thread of the test process, on the test database; yields its base
  URL. Tests that use it need ``pytest.mark.django_db(transaction=True)`` so the
  server's threads see their data. pytest-django's ``live_server`` is WSGI and
  serves no WebSockets, hence this.
- ``browser``: one chromium for the whole run: the one ``CHROMIUM`` names, else
  ``chromium`` on the PATH (``make browser`` installs Debian's when it can). With
  none the browser tests skip and say how to get one; under ``CI=true`` they fail,
  since a CI run that skipped them would pass without them.
- ``new_phone``: a factory, ``new_phone(name)`` gives a Page in a fresh 390 x 844
  context (its own cookies: its own session); ``page.console_errors`` lists what
  its console reported as errors.
- ``shoot``: ``shoot(page, step)`` saves a screenshot under test-artifacts/.
"""

import os
import re
import shutil
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from tests.server import free_port

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
NO_CHROMIUM = (
    "no chromium for the browser tests: install one (Debian: `apt-get install "
    "chromium`, or `make browser` as root) or set CHROMIUM=/path/to/chromium"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
WAIT_MS = 5000


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, django_db_blocker):
    from squarescores.asgi import application

    port = free_port()
    config = uvicorn.Config(
        application,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        lifespan="off",
        ws_per_message_deflate=False,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="asgi-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def find_chromium():
    """The path of the chromium to drive, or None."""
    named = os.getenv("CHROMIUM")
    if named:
        return shutil.which(named)
    return shutil.which("chromium")


def in_ci():
    return os.getenv("CI", "").strip().lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def browser():
    chromium_path = find_chromium()
    if chromium_path is None:
        if in_ci():
            pytest.fail(f"CI=true and {NO_CHROMIUM}", pytrace=False)
        pytest.skip(NO_CHROMIUM)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in the test's thread, so
    # Django would refuse the tests' own synchronous (and correct) database calls,
    # such as the flush after a transactional test, for as long as it is open.
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=chromium_path, args=CHROMIUM_ARGS
            )
            yield chromium
            chromium.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def new_phone(browser):
    contexts = []

    def make(name="phone", **options):
        context = browser.new_context(viewport=PHONE, **options)
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        page.phone_name = name
        # What the page's console reports as an error (a CSP refusal, a script
        # error): tests can assert there is none.
        page.console_errors = []
        page.on(
            "console",
            lambda message: (
                message.type == "error" and page.console_errors.append(message.text)
            ),
        )
        page.on("pageerror", lambda error: page.console_errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shoot(request):
    """``shoot(page, step)``: test-artifacts/<test>/<step>-<phone>.png."""
    folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    counter = iter(range(1, 1000))

    def take(page, step):
        name = getattr(page, "phone_name", "phone")
        path = folder / f"{next(counter):02d}-{step}-{name}.png"
        page.screenshot(path=path, full_page=True)
        return path

    return take
