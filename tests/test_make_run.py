"""``make run`` serves the app: pages, static files, and data that outlive a restart."""

import sqlite3

import httpx
import pytest

from tests.server import make_run

pytestmark = pytest.mark.server


def test_make_run_serves_the_home_page_and_a_static_file(tmp_path):
    with make_run(tmp_path) as url:
        home = httpx.get(url + "/")
        css = httpx.get(url + "/static/css/app.css")

    assert home.status_code == 200
    assert "SquareScores" in home.text
    assert "41 Exchange" in home.text
    assert css.status_code == 200
    assert css.headers["content-type"].startswith("text/css")
    assert "--accent" in css.text


def test_make_run_keeps_the_database_under_var_across_restarts(tmp_path):
    with make_run(tmp_path):
        pass
    database = tmp_path / "squarescores.sqlite3"
    assert database.exists()
    with sqlite3.connect(database) as conn:
        conn.execute("insert into django_session values ('kept', 'x', '2999-01-01')")

    with make_run(tmp_path) as url:
        assert httpx.get(url + "/").status_code == 200

    with sqlite3.connect(database) as conn:
        rows = conn.execute("select session_key from django_session").fetchall()
    assert ("kept",) in rows
