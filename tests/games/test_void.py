"""Void and restore through the one write path: the host marks a closed round as
never played (it counts for nothing: standings, summaries, charts, export, the
deal) and can make it count again."""

import csv
import io

import pytest
from django.test import Client

from games import actions, errors
from games.history.charts import timeline
from games.history.export import export_match, match_csv
from games.history.summaries import load_sheets
from games.models import Event, Match, Round
from games.sheet import rebuild_standings
from tests.api.conftest import client_for
from tests.conftest import seat, win
from tests.games.test_match_result import decided_duel

pytestmark = pytest.mark.django_db


def tap(user, match, number, name):
    return win(user, match.pk, number, seat(match, name).pk)


@pytest.fixture
def played(match, bob):
    """Three rounds: Cara, Dev, Cara won; round 4 open."""
    for number, name in enumerate(["Cara", "Dev", "Cara"], start=1):
        tap(bob, match, number, name)
    match.refresh_from_db()
    return match


def won(match):
    match.refresh_from_db()
    return {
        line["seat"]: line["rounds_won"]
        for line in match.standings["seats"]
        if line["rounds_won"]
    }


def test_the_host_voids_a_round_and_it_counts_for_nothing(played, alice):
    result = actions.void_round(alice, played.pk, 2)

    voided = Round.objects.get(match=played, number=2)
    assert (voided.status, voided.voided_by, voided.voided_at is not None) == (
        "won",
        alice,
        True,
    )
    assert result.event.kind == "round_voided"
    assert won(played) == {seat(played, "Cara").pk: 2}
    assert played.standings["rounds"] == 2
    # Later rounds keep their numbers.
    assert list(
        Round.objects.filter(match=played).values_list("number", flat=True)
    ) == [1, 2, 3, 4]


def test_a_restore_puts_it_back(played, alice):
    before = won(played)
    actions.void_round(alice, played.pk, 2)

    result = actions.restore_round(alice, played.pk, 2)

    assert result.event.kind == "round_restored"
    assert Round.objects.get(match=played, number=2).voided_at is None
    assert won(played) == before


def test_the_standings_equal_a_sheet_without_the_voided_round(played, alice, bob):
    actions.void_round(alice, played.pk, 1)

    played.refresh_from_db()
    seats = list(played.seats.all())
    rebuilt = rebuild_standings(played, seats).to_data()
    assert played.standings == rebuilt
    assert won(played) == {seat(played, "Dev").pk: 1, seat(played, "Cara").pk: 1}


def test_the_deal_passes_as_if_the_voided_round_was_never_played(played, alice):
    dealers = dict(
        Round.objects.filter(match=played).values_list("number", "dealer__name")
    )
    assert dealers == {1: "Alice", 2: "Ben", 3: "Cara", 4: "Dev"}

    actions.void_round(alice, played.pk, 3)
    assert Round.objects.get(match=played, number=4).dealer.name == "Cara"

    actions.restore_round(alice, played.pk, 3)
    assert Round.objects.get(match=played, number=4).dealer.name == "Dev"


def test_summaries_charts_and_the_export_leave_it_out(played, alice):
    actions.void_round(alice, played.pk, 1)

    (sheet,) = load_sheets([played])
    cara = seat(played, "Cara").pk
    assert sheet.summary["rounds_won"][cara] == 1
    assert [r.number for r in sheet.closed] == [2, 3]
    chart = timeline(list(played.seats.all()), list(Round.objects.filter(match=played)))
    assert [mark.number for mark in chart["marks"]] == [2, 3]
    data = export_match(played)
    assert data["summary"]["rounds_won"][str(cara)] == 1
    assert data["rounds"][0]["voided_at"] is not None
    assert data["rounds"][0]["voided_by"] == alice.pk
    rows = list(csv.reader(io.StringIO(match_csv(played))))
    voided_column = rows[0].index("voided_at")
    assert rows[1][voided_column] and not rows[2][voided_column]


def test_a_member_cannot_void_or_restore(played, alice, bob):
    with pytest.raises(errors.NotTheHost):
        actions.void_round(bob, played.pk, 1)
    actions.void_round(alice, played.pk, 1)
    with pytest.raises(errors.NotTheHost):
        actions.restore_round(bob, played.pk, 1)


def test_the_open_round_cannot_be_voided(played, alice):
    with pytest.raises(errors.BadValue):
        actions.void_round(alice, played.pk, 4)


def test_voiding_twice_or_restoring_a_counted_round_changes_nothing(played, alice):
    with pytest.raises(errors.NoChange):
        actions.restore_round(alice, played.pk, 1)
    actions.void_round(alice, played.pk, 1)
    version = Match.objects.get(pk=played.pk).version
    with pytest.raises(errors.NoChange):
        actions.void_round(alice, played.pk, 1)
    assert Match.objects.get(pk=played.pk).version == version


def test_a_voided_round_takes_no_correction_and_no_undo(played, alice):
    actions.void_round(alice, played.pk, 3)

    with pytest.raises(errors.RoundVoided):
        actions.correct(alice, played.pk, 3, {"winner": seat(played, "Dev").pk})
    with pytest.raises(errors.RoundVoided):
        actions.undo_round(alice, played.pk, 3)


def test_the_checks_answer_without_acting(played, alice, bob):
    version = Match.objects.get(pk=played.pk).version

    actions.check_void(played, alice, 1)
    with pytest.raises(errors.NotTheHost):
        actions.check_void(played, bob, 1)
    with pytest.raises(errors.NoChange):
        actions.check_restore(played, alice, 1)
    assert Match.objects.get(pk=played.pk).version == version


@pytest.fixture
def duel(alice, bob):
    """Schwimmen for two with two lives: Ben paying three times is out."""
    return decided_duel(alice, bob)


def test_voiding_the_deciding_round_makes_the_match_live_again(duel, alice):
    assert duel.is_decided

    result = actions.void_round(alice, duel.pk, 3)

    duel.refresh_from_db()
    assert (duel.status, duel.result) == ("live", None)
    assert result.event.after["reopened"] is True
    assert Round.objects.get(match=duel, status="open").number == 4


def test_restoring_it_decides_the_match_again(duel, alice):
    actions.void_round(alice, duel.pk, 3)

    actions.restore_round(alice, duel.pk, 3)

    duel.refresh_from_db()
    assert duel.status == "decided" and duel.is_decided
    assert not Round.objects.filter(match=duel, status="open").exists()


# The edges.


def test_the_form_voids_and_restores(played, alice):
    client = Client()
    client.force_login(alice)

    voided = client.post(f"/matches/{played.pk}/void/", {"round": 2})
    assert voided.status_code == 302
    assert Round.objects.get(match=played, number=2).voided_at is not None
    restored = client.post(f"/matches/{played.pk}/restore/", {"round": 2})
    assert restored.status_code == 302
    assert Round.objects.get(match=played, number=2).voided_at is None


def test_the_form_refuses_a_member(played, bob):
    client = Client()
    client.force_login(bob)

    response = client.post(f"/matches/{played.pk}/void/", {"round": 2})

    assert response.status_code == 403


def test_the_api_voids_restores_and_replays_a_key(played, alice):
    api = client_for(alice)
    url = f"/api/matches/{played.pk}/"

    first = api.post(
        url + "void/", {"round": 1}, format="json", HTTP_IDEMPOTENCY_KEY="v"
    )
    again = api.post(
        url + "void/", {"round": 1}, format="json", HTTP_IDEMPOTENCY_KEY="v"
    )
    restored = api.post(url + "restore/", {"round": 1}, format="json")

    assert first.status_code == again.status_code == restored.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert first.json()["rounds"][0]["voided"]["by"] == alice.pk
    assert first.json()["rounds"][0]["voided"]["by_name"] == "Alice"
    assert restored.json()["rounds"][0]["voided"] is None
    assert Event.objects.filter(match=played, kind="round_voided").count() == 1


def test_the_api_refuses_a_member_with_not_host(played, bob):
    response = client_for(bob).post(
        f"/api/matches/{played.pk}/void/", {"round": 1}, format="json"
    )

    assert response.status_code == 403
    assert response.json()["code"] == "not_host"


def test_the_table_and_history_strike_a_voided_round_through(played, alice):
    actions.void_round(alice, played.pk, 2)
    client = Client()
    client.force_login(alice)

    table = client.get(f"/matches/{played.pk}/").content.decode()
    history = client.get(f"/matches/{played.pk}/history/").content.decode()

    assert 'id="round-2"' in table
    row = table.split('id="round-2"')[0].rsplit("<li", 1)[1]
    assert "is-voided" in row
    assert "Voided by <bdi>Alice</bdi>" in table
    assert "is-voided" in history and "Voided by <bdi>Alice</bdi>" in history
