"""A newcomer's laptop: ``make test`` without chromium and without root or apt, and
``make run``'s first lines.

``make browser`` says how to get a chromium instead of stopping the run, and the
browser tests skip with that reason; under CI=true they fail, so CI never passes
without them. ``make run`` starts without a warning."""

import os
import shutil
import subprocess
import sys

import httpx
import pytest

from tests.reliability.figures import record
from tests.server import ROOT, make_run

# One small browser suite stands for all of them: they share the ``browser`` fixture.
BROWSER_SUITE = "tests/browser/test_api_docs.py"


@pytest.fixture
def bare_path(tmp_path):
    """A PATH with make on it and neither chromium nor apt-get nor id."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "make").symlink_to(shutil.which("make"))
    return str(folder)


def run(command, bare_path, tmp_path, **env):
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("CHROMIUM", "CI", "DATABASE_URL", "PYTEST_ADDOPTS")
    }
    # Its own var/ so that the inner pytest never touches this run's test database.
    environment.update(PATH=bare_path, VAR_DIR=str(tmp_path / "var"), **env)
    return subprocess.run(
        command,
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def pytest_browser_suite(bare_path, tmp_path, **env):
    command = [sys.executable, "-m", "pytest", "-m", "browser", BROWSER_SUITE]
    command += ["-q", "-rs", "-p", "no:cacheprovider"]
    return run(command, bare_path, tmp_path, **env)


def test_make_browser_says_how_to_get_chromium_instead_of_failing(bare_path, tmp_path):
    done = run(["make", "--no-print-directory", "browser"], bare_path, tmp_path)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "browser tests will skip" in done.stdout
    assert "CHROMIUM=/path/to/chromium" in done.stdout
    record("make browser without chromium, root or apt: exit 0, says how", faults=1)


def test_without_chromium_the_browser_tests_skip_with_how_to_get_one(
    bare_path, tmp_path
):
    done = pytest_browser_suite(bare_path, tmp_path)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "skipped" in done.stdout
    assert "no chromium for the browser tests" in done.stdout
    assert "set CHROMIUM=/path/to/chromium" in done.stdout
    record("Browser tests without chromium: skipped with how to get one", faults=1)


def test_under_ci_a_missing_chromium_fails_the_browser_tests(bare_path, tmp_path):
    done = pytest_browser_suite(bare_path, tmp_path, CI="true")

    assert done.returncode != 0
    assert "CI=true and no chromium for the browser tests" in done.stdout
    record("Browser tests without chromium under CI=true: failed", faults=1)


@pytest.mark.browser
def test_a_chromium_named_by_CHROMIUM_runs_the_browser_tests_off_the_path(
    bare_path, tmp_path
):
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("no chromium on this machine to name in CHROMIUM")

    made = run(
        ["make", "--no-print-directory", "browser"],
        bare_path,
        tmp_path,
        CHROMIUM=chromium,
    )
    done = pytest_browser_suite(bare_path, tmp_path, CHROMIUM=chromium, CI="true")

    assert made.returncode == 0
    assert made.stdout == ""
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    record("Browser tests with chromium named by CHROMIUM, off the PATH: ran")


@pytest.mark.server
def test_make_run_starts_without_warnings(tmp_path):
    log = tmp_path / "run.log"
    with make_run(tmp_path, log=log) as url:
        assert httpx.get(url + "/").status_code == 200

    output = log.read_text()
    assert "Uvicorn running on" in output
    assert "'lifespan' protocol appears unsupported" not in output
    assert "WARNING" not in output
    record("make run's output: no lifespan warning, no WARNING line")
