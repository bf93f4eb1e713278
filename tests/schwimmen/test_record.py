"""Schwimmen through the core's real write path: the record action, the host's
correction (which can undecide an ended match), the history and the export."""

import csv
import io

import pytest

from games import actions
from games.history.export import export_match, import_match
from games.models import Event, Match, Round
from tests.conftest import SEATS, seat
from tests.history.test_export import empty_the_database

pytestmark = pytest.mark.django_db

CORRECTED = (
    "Corrected: <del><bdi>Dev pays</bdi></del> → <ins><bdi>Alice pays</bdi></ins>"
)


@pytest.fixture
def table(alice, bob):
    """A live Schwimmen table of two lives: alice hosts as Alice, bob sits as Ben."""
    match = actions.start_match(
        alice, "schwimmen", SEATS, {"lives": 2}, host_seat=0
    ).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


def open_number(match):
    return Round.objects.get(match=match, status="open").number


def pays(actor, match, *names):
    ids = [seat(match, name).pk for name in names]
    return actions.record(actor, match.pk, open_number(match), {"pays": ids})


def fates(match):
    match.refresh_from_db()
    by_id = {s.pk: s.name for s in match.seats.all()}
    return {
        by_id[line["seat"]]: (line["lives"], line["fate"])
        for line in match.standings["seats"]
    }


def played_to_alice(bob, match):
    """Seven rounds: Ben swims and goes out, Feuer by Alice, Cara and Dev tie for
    lowest, then go out one by one. Alice wins."""
    for _ in range(3):
        pays(bob, match, "Ben")
    feuer = seat(match, "Alice").pk
    actions.record(bob, match.pk, open_number(match), {"feuer": feuer})
    pays(bob, match, "Cara", "Dev")
    pays(bob, match, "Cara")
    return pays(bob, match, "Dev")


def test_the_last_seat_in_wins_and_ends_the_match(table, bob):
    result = played_to_alice(bob, table)

    table.refresh_from_db()
    assert result.event.kind == "match_decided"
    assert (table.status, table.result["winners"]) == (
        "decided",
        [seat(table, "Alice").pk],
    )
    assert fates(table) == {
        "Alice": (2, "in"),
        "Ben": (0, "out"),
        "Cara": (0, "out"),
        "Dev": (0, "out"),
    }
    assert not Round.objects.filter(match=table, status="open").exists()


def test_a_hosts_correction_that_undecides_the_match_makes_it_live_again(
    table, alice, bob
):
    played_to_alice(bob, table)

    # The wrong seat was tapped in the last round: Alice paid, not Dev.
    result = actions.correct(alice, table.pk, 7, {"pays": [seat(table, "Alice").pk]})

    match = Match.objects.get(pk=table.pk)
    assert result.event.kind == "match_reopened"
    assert (match.status, match.result, match.ended_at) == ("live", None, None)
    assert open_number(match) == 8
    # Dev dealt round 7 and still swims; Ben and Cara are out: Alice deals.
    assert Round.objects.get(match=match, number=8).dealer.name == "Alice"
    assert fates(match)["Dev"] == (0, "swimming")
    assert fates(match)["Alice"] == (1, "in")
    assert Round.objects.get(match=match, number=7).note == "Alice pays"
    assert Event.objects.filter(match=match).latest("version").kind == (
        "match_reopened"
    )
    # The live match plays on to a winner again.
    pays(bob, match, "Dev")
    match.refresh_from_db()
    assert (match.status, match.result["winners"]) == (
        "decided",
        [seat(match, "Alice").pk],
    )


def test_the_page_of_the_reopened_match_offers_the_new_round(client, table, alice, bob):
    played_to_alice(bob, table)
    actions.correct(alice, table.pk, 7, {"pays": [seat(table, "Alice").pk]})
    client.force_login(bob)

    page = " ".join(client.get(f"/matches/{table.pk}/").content.decode().split())

    assert 'Round <span class="round-no">8</span>: who pays?' in page
    assert "The match has ended" not in page


def test_an_ended_match_reads_in_its_history_and_export(client, table, bob):
    client.force_login(bob)
    played_to_alice(bob, table)
    a, b, c, d = (seat(table, name).pk for name in SEATS)

    history = " ".join(
        client.get(f"/matches/{table.pk}/history/").content.decode().split()
    )
    exported = client.get(f"/matches/{table.pk}/export.json").json()
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"/matches/{table.pk}/export.csv").content.decode())
        )
    )

    # A scored round shows what happened, not "open".
    assert '<strong class="h-outcome">Ben pays</strong>' in history
    assert (
        '<strong class="h-outcome">Feuer by Alice: everyone else pays</strong>'
        in history
    )
    assert 'h-outcome">open' not in history
    assert "Alice</span> wins the match." in history
    # Nobody wins a round in Schwimmen: no chart of rounds won, all nought.
    assert "Rounds won" not in history
    assert exported["match"]["game"] == "schwimmen"
    assert exported["match"]["options"]["lives"] == 2
    assert exported["match"]["result"]["winners"] == [a]
    assert exported["rounds"][3]["cells"] == {
        str(a): 0,
        str(b): 0,
        str(c): 1,
        str(d): 1,
    }
    assert exported["rounds"][3]["values"]["feuer"] == {str(a): 1}
    # The CSV gives each round's note and the lives each seat lost in it.
    assert [(r["status"], r["note"]) for r in rows[3:5]] == [
        ("scored", "Feuer by Alice: everyone else pays"),
        ("scored", "Cara and Dev pay"),
    ]
    assert [(r["Alice"], r["Ben"], r["Cara"], r["Dev"]) for r in rows[3:5]] == [
        ("0", "0", "1", "1"),
        ("0", "0", "1", "1"),
    ]


def test_the_history_words_a_correction_of_a_scored_round(client, table, alice, bob):
    played_to_alice(bob, table)
    actions.correct(alice, table.pk, 7, {"pays": [seat(table, "Alice").pk]})
    client.force_login(bob)

    history = client.get(f"/matches/{table.pk}/history/").content.decode()

    assert CORRECTED + " by <bdi>Alice</bdi>" in history


def test_a_correction_of_a_scored_round_reads_the_same_after_an_import(
    client, table, alice, bob
):
    played_to_alice(bob, table)
    actions.correct(alice, table.pk, 7, {"pays": [seat(table, "Alice").pk]})
    data = export_match(table, accounts=True)
    empty_the_database()

    restored = import_match(data)
    client.force_login(restored.host)
    history = client.get(f"/matches/{restored.pk}/history/").content.decode()

    assert CORRECTED in history
