"""Join codes against the real server (``make run``): guessing from one address is
refused with 429 after ``JOIN_CODE_GUESSES`` wrong codes on every path that checks a
code, a new guest per guess included, while a table of ten phones behind one Wi-Fi
address joins at once. Each test has a server of its own: the counts are per
process, and every client here is 127.0.0.1."""

import random
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from django.conf import settings

from games.models import CODE_ALPHABET, CODE_LENGTH
from tests.reliability.figures import record
from tests.scale.phones import Phone
from tests.server import make_run

pytestmark = pytest.mark.server

TABLE = ["Alice", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hana", "Ida", "Jo"]


@pytest.fixture
def server(tmp_path):
    with make_run(tmp_path) as url:
        yield url, tmp_path / "squarescores.sqlite3"


def wrong_codes(right, count):
    codes = set()
    while len(codes) < count:
        code = "".join(random.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code != right:
            codes.add(code)
    return sorted(codes)


def api_join_as_new_guest(client, code):
    """The side-step: a fresh guest, with its own token, for every try."""
    guest = client.post("/api/guests/", json={"display_name": "Guesser"})
    assert guest.status_code == 201, guest.text
    token = guest.json()["token"]
    return client.post(
        "/api/join/",
        json={"code": code, "name": "Guesser"},
        headers={"Authorization": f"Token {token}"},
    )


def check_code(client, path, code):
    if path == "page":
        return client.get(f"/j/{code}/")
    if path == "qr":
        return client.get(f"/j/{code}/qr.svg")
    return api_join_as_new_guest(client, code)


def test_guessing_codes_from_one_address_is_refused_after_the_documented_tries(
    server,
):
    url, _ = server
    limit = settings.JOIN_CODE_GUESSES
    _, code = Phone(url).start(TABLE[:4])
    paths = ["page", "qr", "api"]
    guesser = httpx.Client(base_url=url, timeout=10)

    answered, started = [], time.monotonic()
    for number, guess in enumerate(wrong_codes(code, limit)):
        answered.append(check_code(guesser, paths[number % 3], guess).status_code)
    seconds = time.monotonic() - started
    refused = [check_code(guesser, path, code) for path in paths]

    assert answered == [404] * limit
    assert [answer.status_code for answer in refused] == [429, 429, 429]
    waits = [int(answer.headers["Retry-After"]) for answer in refused]
    assert all(0 < wait <= settings.JOIN_CODE_GUESS_SECONDS for wait in waits)
    assert not any(name in refused[0].text for name in ("Ben", "Cara", "Dev"))
    assert refused[2].json()["code"] == "throttled"
    assert "version" not in refused[2].json()
    record(
        "Join-code guessing from one address: page, QR and API (a guest per try)",
        fuzz=limit + len(refused),
        wrong_codes_answered=limit,
        then="429",
        retry_after_s=max(waits),
        guesses_per_s=round(limit / seconds),
    )


def test_ten_phones_behind_one_address_join_at_once(server):
    url, database = server
    host = Phone(url)
    match_id, code = host.start(TABLE)
    seats = seat_ids(database, match_id)
    # One player mistypes the code first, as somebody at a table will.
    mistyped = Phone(url).http.get(f"/j/{wrong_codes(code, 1)[0]}/")

    def join(name):
        phone = Phone(url)
        started = time.monotonic()
        phone.join(code, seat_id=seats[name])  # asserts the 302 into the match
        return time.monotonic() - started

    with ThreadPoolExecutor(len(TABLE) - 1) as pool:
        took = list(pool.map(join, TABLE[1:]))

    assert mistyped.status_code == 404
    with sqlite3.connect(database) as conn:
        members = conn.execute(
            "select count(*) from games_membership where match_id = ?", (match_id,)
        ).fetchone()[0]
        claimed = conn.execute(
            "select count(*) from games_seat where match_id = ?"
            " and claimed_by_id is not null",
            (match_id,),
        ).fetchone()[0]
    assert (members, claimed) == (10, 10)
    record(
        "Ten phones behind one address join one table at once",
        phones=len(TABLE),
        refused=0,
        slowest_join_s=round(max(took), 2),
    )


def seat_ids(database, match_id):
    with sqlite3.connect(database) as conn:
        rows = conn.execute(
            "select name, id from games_seat where match_id = ?", (match_id,)
        ).fetchall()
    return dict(rows)
