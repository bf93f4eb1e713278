"""A refusal is one log line, against ``make run``: the server's own log, read as an
operator would, holds no traceback for a client's mistake."""

import json
import time

import httpx
import pytest

from tests.reliability.figures import record
from tests.scale.phones import Phone
from tests.server import make_run

pytestmark = pytest.mark.server


def lines(log):
    return log.read_text(errors="replace").splitlines()


def logged_by(log, request, settle=0.3, timeout=5):
    """The lines the server logs while answering ``request()``."""
    before = len(lines(log))
    answer = request()
    deadline = time.monotonic() + timeout
    while len(lines(log)) == before and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(settle)  # a traceback would follow its first line at once
    return answer, lines(log)[before:]


def test_each_refusal_is_one_log_line(tmp_path):
    log = tmp_path / "server.log"
    with make_run(tmp_path / "var", log=log) as url:
        host, outsider = Phone(url), Phone(url)
        match_id, _code = host.start()
        token = httpx.post(f"{url}/api/guests/", json={}).json()["token"]
        api = httpx.Client(
            base_url=url, headers={"Authorization": f"Token {token}"}, timeout=20
        )
        tap = f"/matches/{match_id}/record/"
        many_fields = {f"f{n}": "1" for n in range(1_001)}
        deep = "[" * 5_000 + "]" * 5_000
        refusals = {
            "an export of another's match": lambda: outsider.http.get(
                f"/matches/{match_id}/export.csv"
            ),
            "every match's export, signed out": lambda: httpx.get(
                f"{url}/matches/export.json"
            ),
            "a form body too large": lambda: host.post(tap, {"pad": "x" * 2_700_000}),
            "a form with too many fields": lambda: host.post(tap, many_fields),
            "an API body nested deep": lambda: api.post(
                f"/api/matches/{match_id}/record/",
                content=deep,
                headers={"Content-Type": "application/json"},
            ),
            "an API body too large": lambda: api.post(
                "/api/matches/", content=json.dumps({"pad": "x" * 100_000})
            ),
            "an API export of another's match": lambda: api.get(
                f"/api/matches/{match_id}/export/"
            ),
        }

        logged = {}
        for what, request in refusals.items():
            answer, new_lines = logged_by(log, request)
            assert 400 <= answer.status_code < 500, (what, answer.status_code)
            logged[what] = new_lines
        api.close()

    assert {what: len(new) for what, new in logged.items()} == dict.fromkeys(
        refusals, 1
    ), logged
    assert "Traceback" not in log.read_text()
    record(
        "Refusals logged against make run (issue #16)",
        refusals=len(refusals),
        log_lines=sum(len(new) for new in logged.values()),
        tracebacks=0,
    )
