"""The bench harness runs end to end on a tiny load, so it cannot rot unnoticed.

The figures it prints are not checked here (speed goals live in ``make bench``);
what is checked is that every phone heard every tap, the summary line carries every
key of issues 17 and 33 and the report is written.
"""

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.server import ROOT

pytestmark = pytest.mark.server

SUMMARY = re.compile(
    r"^bench: cpu_ratio=(?P<cpu_ratio>\S+) floor_cpu_ratio=(?P<floor_cpu_ratio>\S+) "
    r"max_rate_ratio=\S+ floor_max_rate_ratio=\S+ p99_ratio=(?P<p99_ratio>\S+) "
    r"scaleout_p99_ratio=\S+ floor_scaleout_p99_ratio=\S+ "
    r"push_growth=(?P<push_growth>\S+) lost=(?P<lost>\d+) "
    r"page_kb=(?P<page_kb>\S+) slow_first_ms=(?P<slow_first_ms>\S+) "
    r"storm_s=(?P<storm_s>\S+) storm_lost=(?P<storm_lost>\d+)$"
)


@pytest.fixture
def short_tmp():
    # The run's own temporary folder, kept short: chromium refuses a profile whose
    # socket path passes 107 bytes, and pytest-xdist's tmp_path
    # (/tmp/pytest-of-<user>/pytest-<n>/popen-gw<k>/<test name>) nearly does.
    path = Path(tempfile.mkdtemp(prefix="bench-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_the_smoke_run_delivers_every_tap_and_ends_with_the_summary(
    tmp_path, short_tmp
):
    env = {**os.environ, "TMPDIR": str(short_tmp)}
    docs = tmp_path / "benchmarks.md"
    run = subprocess.run(
        [sys.executable, "-m", "bench", "--smoke", "--docs", str(docs)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=480,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    last = run.stdout.strip().splitlines()[-1]
    summary = SUMMARY.match(last)
    assert summary, last
    assert summary["lost"] == "0", run.stdout[-3000:]
    # Measured like for like in the smoke's one embedded size; the sweeps' ratio
    # and the scale-out one (no PostgreSQL or Redis in the smoke) may be nan on a
    # busy machine or without the services.
    for key in (
        "cpu_ratio",
        "floor_cpu_ratio",
        "p99_ratio",
        "push_growth",
        "page_kb",
        "slow_first_ms",
        "storm_s",
    ):
        assert math.isfinite(float(summary[key])), (key, last)
    # A dozen phones blinking lose nothing, whatever the machine's load.
    assert summary["storm_lost"] == "0", run.stdout[-3000:]
    # Both stacks through the socket, then over HTTP.
    for stack in ("app  ws   embedded", "app  form embedded"):
        assert stack in run.stdout
    for stack in ("bare ws   embedded", "bare form embedded"):
        assert stack in run.stdout
    # The floor: the bare stack with a record's database work, through the socket.
    assert "floor ws   embedded" in run.stdout
    written = docs.read_text()
    assert last in written
    assert "both tapped through `ws`" in written
    assert "Endpoint against endpoint" in written
    assert "The floor: the database work no record can skip" in written
    assert "## A phone opening its match" in written
    assert "## A reconnect storm" in written
    assert "## Targets (issue 33)" in written
    # Each game's record, back to back and after the worker idled.
    assert "## A record, game by game" in written
    assert "after idle, ms" in written
