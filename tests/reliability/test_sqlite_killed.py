"""``make run``'s server killed (SIGKILL) in the middle of taps leaves SQLite
consistent: the integrity check passes and every match's version is its number of
events, with every acknowledged tap among them."""

import os
import random
import sqlite3
import subprocess
import threading
import time
import uuid

import httpx
import pytest

from tests.reliability.figures import record
from tests.scale.cluster import kill_group, wait_for_http
from tests.scale.phones import table
from tests.server import ROOT, free_port

pytestmark = pytest.mark.server

KILLS = 3


def make_run(var_dir, port):
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL") and not k.startswith("TEST_")
    }
    environment["VAR_DIR"] = str(var_dir)
    with open(var_dir / "make-run.log", "ab") as log:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "run", f"PORT={port}"],
            cwd=ROOT,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    wait_for_http(f"http://127.0.0.1:{port}", process, timeout=90)
    return process


def hammer(phone, match_id, seats, stop, acknowledged, refused):
    """Tap the open round again and again; the other phone beat it to a round
    when the answer is 409, and any other answer is wrong."""
    number = 1
    while not stop.is_set():
        key = uuid.uuid4().hex
        try:
            answer = phone.tap(match_id, number, random.choice(seats), key)
        except httpx.TransportError:
            return
        if answer.status_code == 302:
            acknowledged.append(key)
            number += 1
        else:
            assert answer.status_code == 409, answer.text[:500]
            refused.append(key)
            number += 1


def check(database):
    with sqlite3.connect(database) as conn:
        integrity = conn.execute("pragma integrity_check").fetchall()
        rows = conn.execute(
            "select m.id, m.version, count(e.id), max(e.version)"
            " from games_match m left join games_event e on e.match_id = m.id"
            " group by m.id"
        ).fetchall()
        rounds = conn.execute(
            "select match_id, count(*), max(number),"
            " sum(status = 'open'), sum(status = 'won' and winner_id is null)"
            " from games_round group by match_id"
        ).fetchall()
        keys = {
            key
            for (key,) in conn.execute(
                "select idempotency_key from games_event"
                " where idempotency_key is not null"
            )
        }
    return integrity, rows, rounds, keys


def test_killing_make_run_mid_tap_leaves_sqlite_consistent(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    acknowledged, refused = [], []
    for _ in range(KILLS):
        process = make_run(tmp_path, port)
        host, bob, match_id, _, sheet = table(url)
        sheet.close()
        seats = list(sheet.seats)
        stop = threading.Event()
        tappers = [
            threading.Thread(
                target=hammer,
                args=(phone, match_id, seats, stop, acknowledged, refused),
            )
            for phone in (host, bob)
        ]
        for tapper in tappers:
            tapper.start()
        time.sleep(random.uniform(0.5, 1.5))
        kill_group(process)
        stop.set()
        for tapper in tappers:
            tapper.join(timeout=30)

    integrity, matches, rounds, keys = check(tmp_path / "squarescores.sqlite3")

    assert integrity == [("ok",)]
    assert len(matches) == KILLS
    for _match, version, events, last in matches:
        assert version == events == last
    for _match, count, highest, open_rounds, won_by_nobody in rounds:
        assert count == highest
        assert open_rounds == 1
        assert won_by_nobody == 0
    assert set(acknowledged) <= keys
    assert not set(refused) & keys
    record(
        "make run (SQLite) SIGKILLed in the middle of taps",
        faults=KILLS,
        races=len(refused),
        taps=len(acknowledged),
        lost=len(set(acknowledged) - keys),
    )
