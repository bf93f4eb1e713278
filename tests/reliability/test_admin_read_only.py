"""The admin against the real server (``make run``): a staff user sees a live
match and can change none of it (status, version, seats, rounds, cells), so no
change ever skips the version, the event and the push. The phones hear nothing."""

import os
import sqlite3
import subprocess
import sys

import httpx
import pytest

from tests.reliability.figures import record
from tests.scale.phones import table
from tests.server import ROOT, make_run

pytestmark = pytest.mark.server

PASSWORD = "a long admin password 42"


@pytest.fixture
def server(tmp_path):
    with make_run(tmp_path) as url:
        yield url, tmp_path


def create_superuser(var_dir):
    environment = {**os.environ, "VAR_DIR": str(var_dir)}
    environment.pop("DATABASE_URL", None)
    environment["DJANGO_SUPERUSER_PASSWORD"] = PASSWORD
    command = ["createsuperuser", "--noinput", "--username", "root"]
    subprocess.run(
        [sys.executable, "manage.py", *command, "--email", "root@example.com"],
        cwd=ROOT,
        env=environment,
        check=True,
        capture_output=True,
        timeout=60,
    )


def signed_in_admin(url):
    admin = httpx.Client(base_url=url, timeout=10)
    admin.get("/admin/login/")
    answer = admin.post(
        "/admin/login/",
        data={
            "username": "root",
            "password": PASSWORD,
            "csrfmiddlewaretoken": admin.cookies["csrftoken"],
            "next": "/admin/",
        },
        headers={"Referer": f"{url}/admin/login/"},
    )
    assert answer.status_code == 302, answer.text[:500]
    return admin


def state(database, match_id):
    with sqlite3.connect(database) as conn:
        return conn.execute(
            "select status, version,"
            " (select count(*) from games_event where match_id = :m),"
            " (select group_concat(name || ':' || coalesce(claimed_by_id, ''))"
            "  from games_seat where match_id = :m),"
            " (select group_concat(number || ':' || status)"
            "  from games_round where match_id = :m),"
            " (select count(*) from games_cell join games_round"
            "  on games_cell.round_id = games_round.id where match_id = :m)"
            " from games_match where id = :m",
            {"m": match_id},
        ).fetchone()


def round_id(database, match_id):
    with sqlite3.connect(database) as conn:
        return conn.execute(
            "select id from games_round where match_id = ? and number = 1", (match_id,)
        ).fetchone()[0]


def test_the_admin_sees_a_live_match_and_changes_none_of_it(server):
    url, var_dir = server
    database = var_dir / "squarescores.sqlite3"
    host, _bob, match_id, code, sheet = table(url)
    assert host.tap(match_id, 1, sheet.seat_id("Cara")).status_code == 302
    sheet.settle()
    create_superuser(var_dir)
    admin = signed_in_admin(url)
    before, version = state(database, match_id), sheet.version
    token = {"csrfmiddlewaretoken": admin.cookies["csrftoken"]}
    seat = sheet.seat_id("Ben")
    first_round = round_id(database, match_id)
    match_page = f"/admin/games/match/{match_id}/change/"
    round_page = f"/admin/games/round/{first_round}/change/"

    shown = [admin.get(match_page), admin.get(round_page)]
    attempts = {
        "match: status, version, a seat's name": (
            match_page,
            {
                "status": "ended",
                "version": "99",
                "code": code,
                "seats-TOTAL_FORMS": "1",
                "seats-INITIAL_FORMS": "1",
                "seats-0-id": str(seat),
                "seats-0-name": "Mallory",
            },
        ),
        "round: number, status, a cell": (
            round_page,
            {
                "number": "5",
                "status": "draw",
                "cells-TOTAL_FORMS": "0",
                "cells-INITIAL_FORMS": "0",
            },
        ),
        "add a match": ("/admin/games/match/add/", {"code": "ADMIN2"}),
        "add a round": ("/admin/games/round/add/", {"match": str(match_id)}),
        "delete the match": (f"/admin/games/match/{match_id}/delete/", {"post": "yes"}),
        "delete a round": (
            f"/admin/games/round/{first_round}/delete/",
            {"post": "yes"},
        ),
    }
    answers = {
        what: admin.post(path, data={**token, **data}, headers={"Referer": url + path})
        for what, (path, data) in attempts.items()
    }
    sheet.settle(quiet=1)

    assert [page.status_code for page in shown] == [200, 200]
    assert code in shown[0].text
    assert 'name="_save"' not in shown[0].text
    assert {what: a.status_code for what, a in answers.items()} == dict.fromkeys(
        attempts, 403
    )
    assert state(database, match_id) == before
    assert sheet.version == version  # no push reached the phone
    record(
        "Admin edits of a live match on make run: all refused",
        fuzz=len(attempts),
        lost=0,
        refused_403=len(attempts),
    )
