"""Run the fault, race and fuzz tests and write docs/reliability.md from what they did.

    python -m tests.reliability.report        (or: make reliability)

Each test that passes appends its figures (``tests/reliability/figures.py``); lines
of the same name add up to one row. The page is written only when every test passed:
a failing run lists its failures here, leaves the page as it was and exits with
pytest's code, so ``.ci/run`` fails with it. Set TEST_DATABASE_URL and TEST_REDIS_URL
(as .ci/run does) to include the multi-worker tests; without them they are skipped
and the page says so.
"""

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PAGE = ROOT / "docs" / "reliability.md"
SUITES = ["tests/reliability", "tests/scale"]
COLUMNS = ["races", "faults", "fuzz", "taps", "lost"]


def run_tests(figures, junit):
    env = {**os.environ, "RELIABILITY_FIGURES": str(figures)}
    command = [
        sys.executable,
        "-m",
        "pytest",
        *SUITES,
        "-p",
        "no:cacheprovider",
        "-q",
        f"--junitxml={junit}",
    ]
    started = time.monotonic()
    result = subprocess.run(command, cwd=ROOT, env=env)
    return result.returncode, time.monotonic() - started


def outcomes(junit):
    suite = ET.parse(junit).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    counts = {name: int(suite.get(name, 0)) for name in ("tests", "failures", "errors")}
    skipped, xfailed, reasons, failed = 0, 0, {}, []
    for case in suite.iter("testcase"):
        name = f"{case.get('classname')}.{case.get('name')}"
        skip = case.find("skipped")
        if skip is not None:
            if skip.get("type") == "pytest.xfail":
                xfailed += 1
            else:
                skipped += 1
            reasons[skip.get("message", "")] = (
                reasons.get(skip.get("message", ""), 0) + 1
            )
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(name)
    passed = counts["tests"] - counts["failures"] - counts["errors"] - skipped - xfailed
    return {
        "passed": passed,
        "failed": failed,
        "skipped": skipped,
        "xfailed": xfailed,
        "reasons": reasons,
    }


def read_figures(path):
    """One row per name, in the order first seen: a test that records once per case
    or example (so that no test has to run after the others) adds up to one row."""
    if not path.exists():
        return []
    rows = {}
    for line in path.read_text().splitlines():
        figure = json.loads(line)
        row = rows.setdefault(figure.pop("test"), {})
        for key, value in figure.items():
            row[key] = added(row.get(key), value)
    return [{"test": name, **row} for name, row in rows.items()]


def added(old, value):
    """Counts add up; a note (text, a list) is kept once, the latest if it
    changed."""
    numbers = (int, float)
    if old is None:
        return value
    if isinstance(old, numbers) and isinstance(value, numbers):
        if isinstance(old, bool) or isinstance(value, bool):
            return value
        return old + value
    return value


def services():
    names = {"TEST_DATABASE_URL": "PostgreSQL", "TEST_REDIS_URL": "Redis"}
    return ", ".join(
        f"{label} {'on' if os.getenv(var) else 'off (set ' + var + ')'}"
        for var, label in names.items()
    )


def page(figures, result, code, seconds):
    totals = {column: sum(f.get(column, 0) for f in figures) for column in COLUMNS}
    lines = [
        "# Reliability: faults, races and hostile input",
        "",
        "Written by `python -m tests.reliability.report` (`make reliability`), which",
        "runs `tests/reliability/` and `tests/scale/` against real servers and records",
        "what each passing test did. Rerun it to refresh this page; do not edit it.",
        "",
        f"- run: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {seconds:.0f} s, "
        f"on {platform.node() or 'this machine'} ({os.cpu_count()} cores, "
        f"Python {platform.python_version()})",
        f"- services: {services()}",
        f"- tests: {result['passed']} passed, {len(result['failed'])} failed, "
        f"{result['skipped']} skipped, {result['xfailed']} known failures (xfail); "
        f"pytest exit code {code}",
        "",
        "## Totals",
        "",
        f"- **races run: {totals['races']}** (two phones on one round at once; each "
        "answered with one winner and one 409)",
        f"- **faults injected: {totals['faults']}** (workers and servers SIGKILLed, "
        "Redis restarted, broadcasts dropped, sockets cut for size or flood)",
        f"- **fuzz cases: {totals['fuzz']}** (generated bad input against the actions, "
        "the API bodies and the WebSocket)",
        f"- taps made: {totals['taps']}",
        f"- **lost: {totals['lost']}** (acknowledged changes missing, rounds doubled "
        "or skipped, writes from refused input)",
        "",
        "## Per test",
        "",
        "| what ran | races | faults | fuzz | taps | lost | more |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for figure in figures:
        more = ", ".join(
            f"{key} {value}"
            for key, value in figure.items()
            if key not in ("test", *COLUMNS)
        )
        cells = " | ".join(str(figure.get(column, 0)) for column in COLUMNS)
        lines.append(f"| {figure['test']} | {cells} | {more} |")
    if result["reasons"]:
        lines += ["", "## Skipped or known failures", ""]
        lines += [
            f"- {count} x {reason or 'skipped'}"
            for reason, count in sorted(result["reasons"].items())
        ]
    lines += [
        "",
        "## What the tests are",
        "",
        "- `tests/scale/test_two_workers.py`: two uvicorn workers on a fresh "
        "PostgreSQL database and Redis; a tap through one reaches a phone on the "
        "other; two members on different workers tap different winners of the same "
        "round at once, round after round.",
        "- `tests/reliability/test_worker_killed.py`: a worker SIGKILLed mid-match, "
        "again and again; the tap in flight is resent with its idempotency key, "
        "the phones reconnect to the other worker and catch up.",
        "- `tests/reliability/test_redis_restarted.py`: the test's own redis-server "
        "killed and restarted empty during a match.",
        "- `tests/reliability/test_dropped_broadcast.py`: a change whose broadcast "
        "goes nowhere; the phone is right by the next push or a resync.",
        "- `tests/reliability/test_sqlite_killed.py`: `make run` SIGKILLed during "
        "racing taps; `PRAGMA integrity_check`, version = events, acknowledged taps "
        "kept.",
        "- `tests/reliability/test_hostile_clients.py`: garbage, oversize and flood "
        "frames, a foreign Origin, missing CSRF tokens, against `make run`.",
        "- `tests/reliability/test_permission_matrix.py`: every action x role x "
        "channel against DESIGN.md's roles table.",
        "- `tests/reliability/test_fuzz_actions.py`, `test_fuzz_api.py`, "
        "`test_fuzz_socket.py`: Hypothesis bad input against the actions, the API "
        "bodies and the match socket's frames.",
        "- `tests/reliability/test_code_guessing.py`: join codes guessed from one "
        "address on the join page, its QR code and the API (a new guest per try) "
        "against `make run`, refused with 429 and Retry-After after "
        "JOIN_CODE_GUESSES wrong codes; ten phones behind one address join one "
        "table at once. `tests/scale/test_shared_limits.py`: the count is shared "
        "by two workers through Redis.",
        "- `tests/reliability/test_admin_read_only.py`: a staff user's edits, adds "
        "and deletes of a live match in the admin of `make run`, all refused; the "
        "database and the phone's sheet unchanged.",
        "- `tests/reliability/test_token_socket.py`: a bot and a scoreboard follow a "
        "match on the socket of `make run` with their API token in the handshake "
        "(header or subprotocol); unknown tokens, tokens in the URL and outsiders "
        "refused.",
        "- `tests/reliability/test_make_on_a_laptop.py`: `make browser` and the "
        "browser tests with chromium and apt hidden (skipped with how to get one; "
        "failed under CI=true; run with CHROMIUM), and `make run` without warnings.",
        "- `tests/reliability/test_hostile_bodies.py`, `test_idempotency_keys.py`, "
        "`test_refusal_logs.py` (issue #16): API bodies nested up to 20,000 deep "
        "or over the size limit on every JSON write endpoint; a key sent by "
        "another user; starts racing with one key; each refusal's lines in "
        "`make run`'s log.",
        "- `tests/reliability/test_fuzz_writes.py`: Hypothesis's stateful mode "
        "drives every API write endpoint over HTTP as four users with shared "
        "keys: no 5xx, a refusal changes no version, a replay only to its sender.",
        "- `tests/scale/test_production_settings.py`, `test_csp_pages.py`, "
        "`test_backup.py`: `check --deploy` clean under production settings, every "
        "page loaded by Chromium without a CSP violation, backups round-tripped "
        "into fresh SQLite and PostgreSQL databases.",
        "",
    ]
    return "\n".join(lines)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        figures_path = Path(tmp) / "figures.jsonl"
        junit = Path(tmp) / "junit.xml"
        code, seconds = run_tests(figures_path, junit)
        # pytest writes no report when it stops before running (a usage error).
        result = outcomes(junit) if junit.exists() else {"failed": []}
        figures = read_figures(figures_path)
    where = PAGE.relative_to(ROOT)
    if code != 0:
        # A page of a broken run would read as the project's figures; keep the last
        # good one and say what failed.
        print(f"{where} left as it was: pytest exit code {code}", file=sys.stderr)
        for name in result["failed"]:
            print(f"  failed: {name}", file=sys.stderr)
        return code
    PAGE.write_text(page(figures, result, code, seconds))
    print(f"wrote {where}: {len(figures)} figures, exit code {code}")
    return code


if __name__ == "__main__":
    sys.exit(main())
