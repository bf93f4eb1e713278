"""Points through the core's real write path: the actions, the API, the HTML
forms and the socket, on a table where alice hosts in seat Alice and bob sits as
Ben; Cara and Dev have no phone."""

import re

import pytest
from channels.db import database_sync_to_async

from games import actions, errors
from games.models import Cell, Event, Match, Round
from tests.api.conftest import client_for
from tests.conftest import SEATS, seat
from tests.games.test_consumer import connect, fresh_layers, receive  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def start(alice, bob, **options):
    match = actions.start_match(alice, "points", SEATS, options, host_seat=0).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


@pytest.fixture
def table(alice, bob):
    return start(alice, bob, end="target", target=100)


def ids(match):
    return [seat(match, name).pk for name in SEATS]


def open_number(match):
    return Round.objects.get(match=match, status="open").number


def by_seat(match, numbers):
    return {str(pk): n for pk, n in zip(ids(match), numbers, strict=True)}


def play(match, alice, numbers):
    """One round entered whole by the host."""
    payload = {"scores": by_seat(match, numbers)}
    actions.record(alice, match.pk, open_number(match), payload)


def totals(match):
    match.refresh_from_db()
    names = {s.pk: s.name for s in match.seats.all()}
    return {names[line["seat"]]: line["points"] for line in match.standings["seats"]}


def state(match):
    match.refresh_from_db()
    return (
        match.version,
        Event.objects.filter(match=match).count(),
        match.standings,
        Cell.objects.filter(round__match=match).count(),
    )


def test_negative_scores_are_stored_and_counted(table, alice):
    play(table, alice, (-15, 20, 0, -5))

    cells = Cell.objects.filter(round__match=table, round__number=1)
    assert sorted(cells.values_list("value", flat=True)) == [-15, -5, 0, 20]
    assert totals(table) == {"Alice": -15, "Ben": 20, "Cara": 0, "Dev": -5}
    assert open_number(table) == 2


def test_the_api_stores_a_phones_negative_score(table, bob):
    ben = seat(table, "Ben").pk
    payload = {"score": {"seat": ben, "value": -42}}

    answer = client_for(bob).post(
        f"/api/matches/{table.pk}/record/",
        {"round": 1, "payload": payload},
        format="json",
    )

    assert answer.status_code == 200, answer.content
    assert Cell.objects.get(round__match=table, seat_id=ben).value == -42
    assert open_number(table) == 1


def test_a_round_that_does_not_add_up_is_a_400_that_changes_nothing(alice, bob):
    match = start(alice, bob, entry="scorer", adds_up_to="0")
    before = state(match)

    answer = client_for(bob).post(
        f"/api/matches/{match.pk}/record/",
        {"round": 1, "payload": {"scores": by_seat(match, (10, -4, 0, 7))}},
        format="json",
    )

    assert answer.status_code == 400
    assert answer.json()["detail"] == (
        "This round adds up to 13, but at this table a round must add up to 0. "
        "Check the scores."
    )
    assert state(match) == before


def test_a_score_off_the_schema_is_a_400_that_changes_nothing(table, bob):
    ben = seat(table, "Ben").pk
    before = state(table)
    url = f"/api/matches/{table.pk}/record/"
    bad = [
        {"score": {"seat": ben, "value": 1.5}},
        {"score": {"seat": ben, "value": -100_000}},
        {"score": {"seat": ben}},
        {"scores": {"x": 1}, "score": 1},
    ]

    answers = [
        client_for(bob).post(url, {"round": 1, "payload": p}, format="json")
        for p in bad
    ]

    assert [a.status_code for a in answers] == [400] * 4
    assert state(table) == before


def test_a_member_cannot_enter_another_phones_score(table, bob):
    alices = seat(table, "Alice").pk
    before = state(table)

    with pytest.raises(errors.BadValue, match="only Alice or the host"):
        actions.record(bob, table.pk, 1, {"score": {"seat": alices, "value": 3}})

    assert state(table) == before


def test_the_html_form_takes_a_negative_score_and_the_whole_round(client, alice, bob):
    match = start(alice, bob, entry="scorer")
    client.force_login(bob)
    url = f"/matches/{match.pk}/record/"
    fields = {
        f"score-{pk}": str(n) for pk, n in zip(ids(match), (5, -8, 0, 3), strict=True)
    }

    answer = client.post(url, {"round": 1, "key": "r1", **fields})

    assert answer.status_code == 302
    assert totals(match) == {"Alice": 5, "Ben": -8, "Cara": 0, "Dev": 3}


def test_the_html_form_refuses_an_empty_score_with_a_400_page(client, table, bob):
    client.force_login(bob)
    ben = seat(table, "Ben").pk
    before = state(table)

    answer = client.post(
        f"/matches/{table.pk}/record/", {"round": 1, "seat": ben, "score": ""}
    )

    assert answer.status_code == 400
    assert "not a whole number" in answer.content.decode()
    assert state(table) == before


def test_the_target_decides_the_match_and_a_tie_shares_it(table, alice):
    play(table, alice, (60, 60, 0, 10))
    play(table, alice, (40, 40, 0, 10))

    table.refresh_from_db()
    assert table.status == Match.Status.DECIDED
    assert sorted(table.result["winners"]) == sorted(ids(table)[:2])


def test_a_correction_that_lowers_a_total_reopens_the_decided_match(table, alice):
    play(table, alice, (60, 10, 0, 10))
    play(table, alice, (45, 10, 0, 10))
    table.refresh_from_db()
    assert table.result["winners"] == [seat(table, "Alice").pk]

    actions.correct(alice, table.pk, 2, {"scores": by_seat(table, (-45, 10, 0, 10))})

    table.refresh_from_db()
    assert table.is_live and table.result is None
    assert totals(table)["Alice"] == 15
    assert open_number(table) == 3
    assert Event.objects.filter(match=table, kind="match_reopened").exists()


def test_a_correction_that_raises_a_total_decides_the_live_match(table, alice):
    play(table, alice, (60, 10, 0, 10))
    play(table, alice, (-5, 10, 0, 10))

    actions.correct(alice, table.pk, 1, {"scores": by_seat(table, (60, 95, 0, 10))})

    table.refresh_from_db()
    assert not table.is_live
    assert table.result["winners"] == [seat(table, "Ben").pk]
    assert not Round.objects.filter(match=table, status="open").exists()


def test_a_correction_off_the_round_total_is_refused_and_changes_nothing(alice, bob):
    match = start(alice, bob, adds_up_to="0")
    play(match, alice, (5, -5, 0, 0))
    before = state(match)

    with pytest.raises(errors.BadValue, match="adds up to 1"):
        actions.correct(alice, match.pk, 1, {"scores": by_seat(match, (5, -4, 0, 0))})

    assert state(match) == before


def test_an_open_ended_match_ended_by_the_table_names_the_lowest_total(
    client, alice, bob
):
    match = start(alice, bob, end="open", wins="lowest")
    play(match, alice, (30, -12, 12, 5))
    actions.end_match(alice, match.pk)
    client.force_login(bob)

    page = client.get(f"/matches/{match.pk}/").content.decode()

    assert 'data-lead="lowest"' in page
    assert "has the lowest total (-12)." in page


def test_the_strip_stars_the_lowest_total_while_the_lowest_wins(client, alice, bob):
    match = start(alice, bob, end="open", wins="lowest")
    play(match, alice, (30, -12, 12, 5))
    client.force_login(bob)

    page = client.get(f"/matches/{match.pk}/").content.decode()

    ben = seat(match, "Ben").pk
    starred = re.findall(r'data-seat="(\d+)" data-lead="1"', page)
    assert starred == [str(ben)]


async def test_a_phones_negative_score_is_pushed_to_every_phone(table, alice, bob):
    host = await connect(table.pk, alice)
    member = await connect(table.pk, bob)
    await receive(host), await receive(member)
    ben = await database_sync_to_async(lambda: seat(table, "Ben").pk)()

    await member.send_json_to(
        {
            "type": "record",
            "round": 1,
            "form": {"seat": [str(ben)], "score": ["-17"]},
            "key": "s1",
        }
    )

    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_recorded"
        # The page draws it (points/sheet.js) from the open round's data.
        assert change["sheet"]["open"]["cells"][str(ben)] == -17
        await socket.disconnect()
    stored = await database_sync_to_async(
        lambda: Cell.objects.get(round__match=table, seat_id=ben).value
    )()
    assert stored == -17


async def test_each_phone_enters_its_own_score_over_the_socket_and_the_round_closes(
    table, alice, bob
):
    host = await connect(table.pk, alice)
    member = await connect(table.pk, bob)
    await receive(host), await receive(member)
    ids_ = await database_sync_to_async(ids)(table)
    entries = [(host, ids_[0], "12"), (member, ids_[1], "-3")]
    entries += [(member, ids_[2], "0"), (host, ids_[3], "7")]

    for number, (socket, seat_id, value) in enumerate(entries):
        await socket.send_json_to(
            {
                "type": "record",
                "round": 1,
                "form": {"seat": [str(seat_id)], "score": [value]},
                "key": f"e{number}",
            }
        )
        await receive(host), await receive(member)

    await host.disconnect()
    await member.disconnect()
    assert await database_sync_to_async(totals)(table) == {
        "Alice": 12,
        "Ben": -3,
        "Cara": 0,
        "Dev": 7,
    }
    assert await database_sync_to_async(open_number)(table) == 2
