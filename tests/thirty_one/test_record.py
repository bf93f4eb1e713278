"""Thirty-One through the core's real write path: the record action, the HTML
record form and the match page, on a Custom table with the closer rule and the
points limit, played to its end."""

import re

import pytest

from games import actions, errors
from games.models import Event, Match, Round
from tests.conftest import SEATS, seat

pytestmark = pytest.mark.django_db

CUSTOM = {"rule_set": "custom", "lives": 2, "closer_rule": True, "points_limit": True}


@pytest.fixture
def table(alice, bob):
    """A live Custom table: alice hosts in seat Alice, bob sits as Ben."""
    match = actions.start_match(alice, "thirty_one", SEATS, CUSTOM, host_seat=0).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


def ids(match, *names):
    return [seat(match, name).pk for name in names]


def open_number(match):
    return Round.objects.get(match=match, status="open").number


def lives(match):
    match.refresh_from_db()
    by_id = {s.pk: s.name for s in match.seats.all()}
    return {
        by_id[line["seat"]]: (line["lives"], line["fate"])
        for line in match.standings["seats"]
    }


def record(match, user, **payload):
    return actions.record(user, match.pk, open_number(match), payload)


def test_the_options_are_stored_with_the_custom_rule_set_filling_the_rest(table):
    assert table.options["rule_set"] == "custom"
    assert table.options["closer_rule"] is True
    assert table.options["points_limit"] is True
    assert table.options["three_of_a_kind"] == "three"
    assert table.options["lives"] == 2


def test_a_custom_table_with_the_closer_rule_and_points_limit_is_played_to_its_end(
    table, alice, bob
):
    [a, b, c, d] = ids(table, *SEATS)

    # Ben closed and is alone at the bottom: he pays one more.
    result = record(table, bob, closer=b, lowest=[b])
    assert result.event.kind == "round_recorded"
    assert lives(table)["Ben"] == (0, "swimming")
    # Cara and Dev at 20 or less both pay; Alice closed and won.
    record(table, bob, closer=a, lowest=[d], limit=[c, d])
    assert lives(table)["Cara"] == (1, "in") and lives(table)["Dev"] == (1, "in")
    # Dev closed and ties Ben for lowest: the closer wins the tie; Ben goes out.
    record(table, bob, closer=d, lowest=[b, d])
    assert lives(table)["Ben"] == (0, "out")
    # An out seat cannot be named again, and the refusal changes nothing.
    version = Match.objects.get(pk=table.pk).version
    with pytest.raises(errors.BadValue, match="Ben is out"):
        record(table, bob, lowest=[b])
    assert Match.objects.get(pk=table.pk).version == version
    # Nobody at 20 or less: the lowest pays.
    record(table, bob, closer=a, lowest=[c])
    record(table, bob, lowest=[c])  # Cara swims, then goes out
    assert lives(table)["Cara"] == (0, "out")
    record(table, bob, closer=d, lowest=[d])  # Dev pays 2 and is out

    table.refresh_from_db()
    assert table.status == "decided"
    assert table.result["winners"] == [a]
    assert lives(table)["Alice"] == (2, "in")
    assert not Round.objects.filter(match=table, status="open").exists()
    assert Event.objects.filter(match=table, kind="match_decided").count() == 1
    notes = list(Round.objects.filter(match=table).values_list("note", flat=True))
    assert notes[0] == "Ben closed: Ben pays 2 lives"
    assert notes[1] == "Alice closed: Cara and Dev pay"
    assert notes[2] == "Dev closed: Ben pays"


def test_the_hosts_correction_recounts_the_lives_and_can_reopen_the_match(
    table, alice, bob
):
    b, c = ids(table, "Ben", "Cara")
    record(table, bob, closer=b, lowest=[b])  # Ben swims
    record(table, bob, lowest=[b])  # Ben out

    with pytest.raises(errors.NotTheHost):
        actions.correct(bob, table.pk, 1, {"lowest": [c]})
    actions.correct(alice, table.pk, 1, {"lowest": [c]})

    assert lives(table)["Ben"] == (1, "in")
    assert lives(table)["Cara"] == (1, "in")
    first = Round.objects.get(match=table, number=1)
    assert first.note == "Cara pays"
    assert not first.cells.filter(field="closer").exists()


def test_the_match_page_and_its_record_form_work_without_javascript(client, table, bob):
    client.force_login(bob)
    a, c, d = ids(table, "Alice", "Cara", "Dev")

    page = client.get(f"/matches/{table.pk}/").content.decode()
    key = re.search(r'name="key" value="([^"]*)"', page).group(1)
    posted = client.post(
        f"/matches/{table.pk}/record/",
        {
            "round": 1,
            "key": key,
            "closer": str(a),
            "lowest": [str(d)],
            "limit": [
                str(c),
                str(d),
            ],
        },
    )
    again = client.post(
        f"/matches/{table.pk}/record/",
        {"round": 2, "closer": "", "thirty_one": str(a)},
    )

    assert 'name="lowest"' in page and 'name="limit"' in page
    assert 'Round <span class="round-no">1</span>: how did it end?' in page
    assert posted.status_code == 302
    assert lives(table)["Cara"] == (1, "in")
    assert lives(table)["Dev"] == (1, "in")
    # A 31 on this table hits only the lowest: the form must say who that was.
    assert again.status_code == 400
    assert "Name who has the lowest hand" in again.content.decode()
    assert open_number(table) == 2
    page = client.get(f"/matches/{table.pk}/").content.decode()
    assert "Alice closed: Cara and Dev pay" in page


def test_an_ended_match_reads_in_its_history_and_export(client, table, bob):
    client.force_login(bob)
    a, b, c, d = ids(table, *SEATS)
    record(table, bob, closer=b, lowest=[b])
    record(table, bob, closer=a, lowest=[d], limit=[c, d])
    record(table, bob, closer=d, lowest=[b, d])  # Ben out
    for _ in range(2):
        record(table, bob, lowest=[c])  # Cara out
    record(table, bob, closer=d, lowest=[d])  # Dev out: Alice wins

    history = client.get(f"/matches/{table.pk}/history/").content.decode()
    exported = client.get(f"/matches/{table.pk}/export.json").json()
    csv = client.get(f"/matches/{table.pk}/export.csv").content.decode()

    # The history shows the module's standings and each scored round's note.
    history = " ".join(history.split())
    assert '<strong class="h-outcome">Ben closed: Ben pays 2 lives</strong>' in history
    assert 'class="t31-seat is-winner"' in history
    assert "wins the match." in history
    assert exported["match"]["game"] == "thirty_one"
    assert exported["match"]["options"]["closer_rule"] is True
    assert exported["match"]["result"]["winners"] == [a]
    notes = [round["note"] for round in exported["rounds"]]
    assert notes[:2] == [
        "Ben closed: Ben pays 2 lives",
        "Alice closed: Cara and Dev pay",
    ]
    # The CSV gives the lives each seat paid, round by round.
    rows = [line.split(",") for line in csv.splitlines()[1:]]
    assert [row[-4:] for row in rows[:2]] == [
        ["0", "2", "0", "0"],
        ["0", "0", "1", "1"],
    ]


def test_the_rules_page_of_a_match_shows_its_options(client, table, bob):
    client.force_login(bob)

    page = " ".join(client.get(f"/matches/{table.pk}/rules/").content.decode().split())

    assert "This match's table options" in page
    assert "Closer rule" in page
    assert 'Points limit <span class="t31-tag">on here</span>' in page
    assert '31 affects all other players <span class="t31-tag">off here</span>' in page
    assert f'href="/games/thirty_one/hands/?match={table.pk}"' in page


def test_the_api_records_a_round_with_the_same_payload(table, bob):
    from tests.api.conftest import client_for

    a, c, d = ids(table, "Alice", "Cara", "Dev")
    api = client_for(bob)

    answer = api.post(
        f"/api/matches/{table.pk}/record/",
        {"round": 1, "payload": {"closer": a, "lowest": [d], "limit": [c, d]}},
        format="json",
    )
    refused = api.post(
        f"/api/matches/{table.pk}/record/",
        {"round": 2, "payload": {"lowest": [c], "pays": [c]}},
        format="json",
    )

    assert answer.status_code == 200
    lines = {
        line["seat"]: line["lives"] for line in answer.json()["standings"]["seats"]
    }
    assert (lines[c], lines[d], lines[a]) == (1, 1, 2)
    assert refused.status_code == 400
    assert open_number(table) == 2


def test_a_correction_that_undecides_the_ended_match_makes_it_live_again(
    table, alice, bob
):
    a, b, c, d = ids(table, *SEATS)
    record(table, bob, closer=b, lowest=[b])
    record(table, bob, closer=a, lowest=[d], limit=[c, d])
    record(table, bob, closer=d, lowest=[b, d])  # Ben out
    for _ in range(2):
        record(table, bob, lowest=[c])  # Cara out
    record(table, bob, closer=d, lowest=[d])  # Dev out: Alice wins
    table.refresh_from_db()
    assert table.status == "decided"

    # Alice, not Dev, held the lowest hand in the last round.
    result = actions.correct(alice, table.pk, 6, {"lowest": [a], "closer": d})

    match = Match.objects.get(pk=table.pk)
    assert result.event.kind == "match_reopened"
    assert (match.status, match.result) == ("live", None)
    assert open_number(match) == 7
    assert lives(match)["Dev"][1] == "in"  # two lives would have put Dev out
