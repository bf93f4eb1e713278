"""Schemathesis over the whole schema, against the live server ``make run`` starts.

It generates valid and invalid requests for every operation (and chains them
statefully) and fails on any 5xx or any answer the schema does not describe:
status code, content type, headers and body. ``positive_data_acceptance`` is left
out on purpose: the schema cannot express the game's own rules (a seat count for
the chosen game, a name already at the table), so some schema-valid bodies are
rightly refused with 400.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server import ROOT, make_run

pytestmark = pytest.mark.server

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"

# A guest with a token, hosting a live match whose ids the fuzzer then uses.
SETUP = """
from rest_framework.authtoken.models import Token
from games import actions
from squarescores.accounts.models import User
user = User.create_guest(display_name="Fuzz")
match = actions.start_match(user, "fortyone_exchange", ["Fuzz", "Ben", "Cara"]).match
print(Token.objects.create(user=user).key, match.pk, match.seats.last().pk, match.code)
"""


def prepare(var_dir):
    environment = {**os.environ, "VAR_DIR": str(var_dir)}
    environment.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SETUP],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.split()[-4:]


def test_schemathesis_finds_no_server_error_and_no_answer_off_the_schema(tmp_path):
    var_dir = tmp_path / "var"
    # Joins and taps fast enough that the fuzzer reaches the actions; accounts at
    # a rate it passes, so 429s (and their Retry-After) are checked as well.
    rates = {
        "API_RATE_JOIN": "100000/min",
        "API_RATE_TAPS": "100000/min",
        "API_RATE_ACCOUNTS": "20/min",
    }
    with make_run(var_dir, env=rates) as url:
        token, match_id, seat_id, code = prepare(var_dir)
        config = tmp_path / "schemathesis.toml"
        config.write_text(
            "[parameters]\n"
            f'"path.match_id" = {match_id}\n'
            f'"path.seat_id" = {seat_id}\n'
            f'"body.code" = "{code}"\n'
        )
        run = subprocess.run(
            [
                SCHEMATHESIS,
                "--config-file",
                config,
                "--no-color",
                "run",
                f"{url}/api/schema/",
                "--header",
                f"Authorization: Token {token}",
                "--checks",
                "all",
                "--exclude-checks",
                "positive_data_acceptance",
                "--max-examples",
                "10",
                "--seed",
                "1",
                "--workers",
                "1",
                "--request-timeout",
                "10",
                "--report",
                "vcr",
                "--report-dir",
                tmp_path / "report",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            # 36 operations: the clubs' added 15 (issue 32).
            timeout=600,
        )
    summary = run.stdout[-8000:]
    print(summary)
    assert run.returncode == 0, summary
    assert "Tested: 39" in run.stdout
    # The cassette holds every exchange: the throttle was reached and checked too.
    cassette = next((tmp_path / "report").glob("*.yaml")).read_text()
    assert "code: '429'" in cassette
