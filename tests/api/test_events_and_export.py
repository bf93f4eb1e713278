import csv
import io

import pytest

from tests.api.conftest import url
from tests.conftest import seat, win

pytestmark = pytest.mark.django_db


def test_the_event_log_lists_every_change_oldest_first(as_bob, match, bob):
    win(bob, match.pk, 1, seat(match, "Alice").pk)

    response = as_bob.get(url(match, "events/"))

    assert response.status_code == 200
    events = response.json()["results"]
    assert [e["kind"] for e in events] == [
        "match_started",
        "member_joined",
        "round_won",
    ]
    assert [e["version"] for e in events] == [1, 2, 3]
    assert events[2]["actor"] == bob.pk
    assert events[2]["after"]["winner_name"] == "Alice"
    assert "idempotency_key" not in events[2]


def test_the_event_log_is_paginated(as_bob, match, bob):
    for number in range(1, 5):
        win(bob, match.pk, number, seat(match, "Ben").pk)

    page = as_bob.get(url(match, "events/") + "?limit=2&offset=2").json()

    assert page["count"] == 6
    assert [e["version"] for e in page["results"]] == [3, 4]
    assert page["next"] and page["previous"]


def test_an_outsider_cannot_read_the_log(as_charlie, match):
    assert as_charlie.get(url(match, "events/")).status_code == 403


def test_a_member_exports_the_match_as_json(as_bob, match, bob):
    win(bob, match.pk, 1, seat(match, "Alice").pk)

    response = as_bob.get(url(match, "export/"))

    assert response.status_code == 200
    data = response.json()
    assert data["format"] == "squarescores.match"
    assert data["match"]["id"] == match.pk
    assert [r["status"] for r in data["rounds"]] == ["won", "open"]


def test_a_member_exports_the_sheet_as_csv(as_bob, match, bob):
    win(bob, match.pk, 1, seat(match, "Alice").pk)

    response = as_bob.get(url(match, "export/csv/"))

    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["round", "status", "winner"]
    assert rows[1][:3] == ["1", "won", "Alice"]


def test_an_outsider_cannot_export(as_charlie, match):
    assert as_charlie.get(url(match, "export/")).status_code == 403
    assert as_charlie.get(url(match, "export/csv/")).status_code == 403
