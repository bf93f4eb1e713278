"""``make test`` on a laptop without chromium and without apt: ``make browser`` says
how to get one instead of stopping the run, and the browser tests skip with that
reason; under CI=true they fail, so CI never passes without them."""

import os
import shutil
import subprocess
import sys

import pytest

from tests.server import ROOT

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


def test_without_chromium_the_browser_tests_skip_with_how_to_get_one(
    bare_path, tmp_path
):
    done = pytest_browser_suite(bare_path, tmp_path)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "skipped" in done.stdout
    assert "no chromium for the browser tests" in done.stdout
    assert "set CHROMIUM=/path/to/chromium" in done.stdout


def test_under_ci_a_missing_chromium_fails_the_browser_tests(bare_path, tmp_path):
    done = pytest_browser_suite(bare_path, tmp_path, CI="true")

    assert done.returncode != 0
    assert "CI=true and no chromium for the browser tests" in done.stdout


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
