"""Wizard through the core's real write path: the actions, the API, the HTML
forms and the socket, on a table where alice hosts in seat Alice and bob sits as
Ben; Cara and Dev have no phone."""

import json

import pytest
from channels.db import database_sync_to_async

from games import actions
from games.models import Cell, Event, Match, Round
from tests.api.conftest import client_for
from tests.conftest import SEATS, seat
from tests.games.test_consumer import connect, fresh_layers, receive  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def start(alice, bob, **options):
    match = actions.start_match(alice, "wizard", SEATS, options, host_seat=0).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


@pytest.fixture
def table(alice, bob):
    return start(alice, bob)


def ids(match):
    return [seat(match, name).pk for name in SEATS]


def open_number(match):
    return Round.objects.get(match=match, status="open").number


def by_seat(match, numbers):
    return {str(pk): n for pk, n in zip(ids(match), numbers, strict=True)}


def play(match, alice, bids, tricks):
    """One round: the host enters every bid, then the tricks."""
    number = open_number(match)
    for pk, value in zip(ids(match), bids, strict=True):
        actions.record(alice, match.pk, number, {"call": {"seat": pk, "value": value}})
    actions.record(alice, match.pk, number, {"taken": by_seat(match, tricks)})


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


def play_to_the_last_round(match, alice):
    """Rounds 1 to 14: everyone bids 0 and Alice takes every trick."""
    for number in range(1, 15):
        play(match, alice, (0, 0, 0, 0), (number, 0, 0, 0))


def test_a_missed_bid_stores_a_negative_total(table, alice):
    play(table, alice, (1, 0, 0, 0), (0, 1, 0, 0))

    assert totals(table) == {"Alice": -10, "Ben": -10, "Cara": 20, "Dev": 20}
    assert open_number(table) == 2


def test_the_api_takes_a_phones_bid_and_refuses_one_over_the_cards(table, bob):
    ben = seat(table, "Ben").pk
    url = f"/api/matches/{table.pk}/record/"
    before = state(table)

    over = client_for(bob).post(
        url, {"round": 1, "payload": {"call": {"seat": ben, "value": 2}}}, format="json"
    )
    assert over.status_code == 400
    assert "from 0 to 1, not 2" in over.json()["detail"]
    assert state(table) == before

    answer = client_for(bob).post(
        url, {"round": 1, "payload": {"call": {"seat": ben, "value": 0}}}, format="json"
    )
    assert answer.status_code == 200
    assert Cell.objects.get(round__match=table, seat_id=ben, field="bid").value == 0


def test_the_dealer_rule_refuses_through_the_api_and_changes_nothing(alice, bob):
    match = start(alice, bob, dealer_rule=True)
    alices, others = ids(match)[0], ids(match)[1:]
    for pk, value in zip(others, (0, 1, 0), strict=True):
        actions.record(alice, match.pk, 1, {"call": {"seat": pk, "value": value}})
    before = state(match)

    answer = client_for(alice).post(
        f"/api/matches/{match.pk}/record/",
        {"round": 1, "payload": {"call": {"seat": alices, "value": 0}}},
        format="json",
    )

    assert answer.status_code == 400
    assert "may not add up to 1" in answer.json()["detail"]
    assert state(match) == before


def test_the_html_forms_play_a_round(client, table, alice, bob):
    client.force_login(bob)
    url = f"/matches/{table.pk}/record/"
    ben = seat(table, "Ben").pk
    for pk in ids(table):
        if pk != ben:
            actions.record(alice, table.pk, 1, {"call": {"seat": pk, "value": 0}})

    bid = client.post(url, {"round": 1, "seat": ben, "bid": "1", "key": "b"})
    tricks = {
        f"tricks-{pk}": str(n) for pk, n in zip(ids(table), (0, 1, 0, 0), strict=True)
    }
    closed = client.post(url, {"round": 1, **tricks})

    assert (bid.status_code, closed.status_code) == (302, 302)
    assert totals(table) == {"Alice": 20, "Ben": 30, "Cara": 20, "Dev": 20}


def test_the_last_round_ends_the_match(table, alice):
    play_to_the_last_round(table, alice)
    table.refresh_from_db()
    assert table.is_live and open_number(table) == 15

    play(table, alice, (0, 0, 0, 15), (0, 0, 0, 15))

    table.refresh_from_db()
    assert table.status == Match.Status.DECIDED
    assert table.result["winners"] == [seat(table, "Dev").pk]


def test_a_correction_of_the_last_round_changes_the_winner(table, alice):
    play_to_the_last_round(table, alice)
    play(table, alice, (0, 0, 0, 15), (0, 0, 0, 15))

    correction = {
        "calls": by_seat(table, (0, 15, 0, 0)),
        "taken": by_seat(table, (0, 15, 0, 0)),
    }
    actions.correct(alice, table.pk, 15, correction)

    table.refresh_from_db()
    assert table.result["winners"] == [seat(table, "Ben").pk]
    assert totals(table)["Ben"] == 20 * 14 + 170


def test_a_correction_that_lowers_a_total_reopens_no_round_after_the_last(table, alice):
    play(table, alice, (0, 0, 0, 0), (1, 0, 0, 0))

    actions.correct(
        alice,
        table.pk,
        1,
        {"calls": by_seat(table, (1, 0, 0, 0)), "taken": by_seat(table, (1, 0, 0, 0))},
    )

    assert totals(table)["Alice"] == 30
    assert open_number(table) == 2


async def test_a_phones_bid_and_a_negative_score_are_pushed(table, alice, bob):
    host = await connect(table.pk, alice)
    member = await connect(table.pk, bob)
    await receive(host), await receive(member)
    seats = await database_sync_to_async(ids)(table)

    for number, pk in enumerate(seats):
        socket = member if number == 1 else host
        value = "1" if number == 1 else "0"
        await socket.send_json_to(
            {
                "type": "record",
                "round": 1,
                "form": {"seat": [str(pk)], "bid": [value]},
                "key": f"b{number}",
            }
        )
        await receive(host), await receive(member)
    tricks = {
        f"tricks-{pk}": [str(n)] for pk, n in zip(seats, (1, 0, 0, 0), strict=True)
    }
    await host.send_json_to({"type": "record", "round": 1, "form": tricks, "key": "t"})

    for socket in (host, member):
        change = await receive(socket)
        text = json.dumps(change["html"], ensure_ascii=False)
        assert "Alice \u221210 · Ben \u221210 · Cara +20 · Dev +20" in text
        await socket.disconnect()
