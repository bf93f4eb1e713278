"""Forty One through the core's real write path: the record and correct actions,
the HTML forms and the API, on a table where alice hosts in seat Alice (team A
with Cara) and bob sits as Ben (team B with Dev)."""

import pytest

from games import actions, errors
from games.models import Event, Match, Round
from tests.api.conftest import client_for
from tests.conftest import SEATS, seat

pytestmark = pytest.mark.django_db

# Alice makes 7 (+14), everyone else makes 1 or 4: team A reaches 41 in round 3.
MADE = {"bids": (7, 1, 4, 1), "tricks": (7, 1, 4, 1)}
# Alice takes one trick short of her 7 (-14); Ben's extra trick earns nothing.
FAILED = {"bids": (7, 1, 4, 1), "tricks": (6, 2, 4, 1)}


@pytest.fixture
def table(alice, bob):
    match = actions.start_match(alice, "forty_one", SEATS, host_seat=0).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


def ids(match):
    return [seat(match, name).pk for name in SEATS]


def open_number(match):
    return Round.objects.get(match=match, status="open").number


def bid(match, user, name, value):
    payload = {"bid": {"seat": seat(match, name).pk, "value": value}}
    return actions.record(user, match.pk, open_number(match), payload)


def by_seat(match, numbers):
    return {str(pk): n for pk, n in zip(ids(match), numbers, strict=True)}


def play(match, alice, bob, bids, tricks):
    """One round as a table plays it: each phone its own bid (alice enters the
    bids of the two seats without a phone), then bob enters the tricks."""
    for name, value in zip(SEATS, bids, strict=True):
        bid(match, bob if name == "Ben" else alice, name, value)
    if tricks is not None:
        payload = {"tricks": by_seat(match, tricks)}
        actions.record(bob, match.pk, open_number(match), payload)


def totals(match):
    match.refresh_from_db()
    names = {s.pk: s.name for s in match.seats.all()}
    return {names[line["seat"]]: line["points"] for line in match.standings["seats"]}


def state(match):
    match.refresh_from_db()
    return match.version, Event.objects.filter(match=match).count(), match.standings


# Refusals -----------------------------------------------------------------------


def refused_by_action(match, user, payload, *, number=None):
    before = state(match)
    with pytest.raises(errors.Refusal) as refusal:
        actions.record(user, match.pk, number or open_number(match), payload)
    assert state(match) == before
    return refusal.value


@pytest.mark.parametrize("value", [0, 14])
def test_a_bid_outside_1_to_13_is_a_400_that_changes_nothing(table, bob, value):
    ben = seat(table, "Ben").pk

    refusal = refused_by_action(table, bob, {"bid": {"seat": ben, "value": value}})

    assert refusal.status == 400
    assert "does not fit this game" in refusal.message


def test_tricks_that_do_not_add_up_to_13_are_refused_and_say_why(table, alice, bob):
    play(table, alice, bob, (4, 3, 3, 2), None)

    refusal = refused_by_action(table, bob, {"tricks": by_seat(table, (4, 3, 3, 2))})

    assert refusal.status == 400
    assert "The tricks add up to 12" in refusal.message
    assert "must add up to 13" in refusal.message


def test_tricks_before_all_bids_are_in_are_refused(table, alice, bob):
    bid(table, alice, "Alice", 4)
    bid(table, bob, "Ben", 3)

    refusal = refused_by_action(table, bob, {"tricks": by_seat(table, (4, 3, 3, 3))})

    assert refusal.status == 400
    assert "2 of 4 bids are in" in refusal.message


def test_a_member_cannot_bid_for_another_players_claimed_seat(table, alice, bob):
    alices = seat(table, "Alice").pk

    refusal = refused_by_action(table, bob, {"bid": {"seat": alices, "value": 5}})

    assert refusal.status == 400
    assert "only Alice or the host can enter that bid" in refusal.message


def test_the_host_may_bid_for_a_claimed_seat_and_anyone_for_a_free_one(
    table, alice, bob
):
    bid(table, alice, "Ben", 5)
    bid(table, bob, "Cara", 2)

    round = Round.objects.get(match=table, number=1)
    assert {c.seat.name: c.value for c in round.cells.filter(field="bid")} == {
        "Ben": 5,
        "Cara": 2,
    }


def test_two_bids_from_one_phone_with_their_own_keys_both_count(table, alice):
    number = open_number(table)
    cara, dev = seat(table, "Cara").pk, seat(table, "Dev").pk

    actions.record(
        alice, table.pk, number, {"bid": {"seat": cara, "value": 3}}, key="k-1-cara"
    )
    actions.record(
        alice, table.pk, number, {"bid": {"seat": dev, "value": 2}}, key="k-1-dev"
    )

    round = Round.objects.get(match=table, number=1)
    assert round.cells.filter(field="bid").count() == 2


# Over HTTP -------------------------------------------------------------------------


def test_the_api_refuses_each_bad_record_with_a_400_and_changes_nothing(
    table, alice, bob
):
    as_bob = client_for(bob)
    url = f"/api/matches/{table.pk}/record/"
    alices = seat(table, "Alice").pk
    bid(table, alice, "Alice", 4)
    early = {"tricks": by_seat(table, (4, 3, 3, 3))}
    bad = [
        {"bid": {"seat": alices, "value": 0}},
        {"bid": {"seat": alices, "value": 14}},
        {"bid": {"seat": alices, "value": 5}},
        early,
    ]
    before = state(table)

    answers = [as_bob.post(url, {"round": 1, "payload": p}, format="json") for p in bad]

    assert [a.status_code for a in answers] == [400] * 4
    assert "Alice's seat belongs to another phone" in answers[2].json()["detail"]
    assert "1 of 4 bids are in" in answers[3].json()["detail"]
    assert state(table) == before
    for name, value in zip(SEATS[1:], (3, 3, 2), strict=True):
        bid(table, alice, name, value)
    before = state(table)
    short = {"tricks": by_seat(table, (4, 3, 3, 2))}
    answer = as_bob.post(url, {"round": 1, "payload": short}, format="json")
    assert answer.status_code == 400
    assert "add up to 12" in answer.json()["detail"]
    assert state(table) == before


def test_the_html_forms_refuse_with_a_400_page_and_change_nothing(
    client, table, alice, bob
):
    client.force_login(bob)
    url = f"/matches/{table.pk}/record/"
    alices = seat(table, "Alice").pk
    before = state(table)

    answers = [
        client.post(url, {"round": 1, "seat": alices, "bid": value})
        for value in ("0", "14", "5")
    ]
    answers.append(client.post(url, {"round": 1, **tricks_form(table, (4, 3, 3, 3))}))

    assert [a.status_code for a in answers] == [400] * 4
    assert "only Alice or the host" in answers[2].content.decode()
    assert state(table) == before
    play(table, alice, bob, (4, 3, 3, 2), None)
    before = state(table)
    short = client.post(url, {"round": 1, **tricks_form(table, (4, 3, 3, 2))})
    assert short.status_code == 400
    assert "The tricks add up to 12" in short.content.decode()
    assert state(table) == before


def tricks_form(match, numbers):
    return {f"tricks-{pk}": str(n) for pk, n in zip(ids(match), numbers, strict=True)}


def test_a_round_played_through_the_html_forms_scores_every_player(
    client, table, alice, bob
):
    client.force_login(bob)
    url = f"/matches/{table.pk}/record/"
    ben = seat(table, "Ben").pk
    for name, value in zip(SEATS, MADE["bids"], strict=True):
        if name != "Ben":
            bid(table, alice, name, value)

    bid_answer = client.post(url, {"round": 1, "seat": ben, "bid": "1", "key": "b"})
    tricks_answer = client.post(url, {"round": 1, **tricks_form(table, MADE["tricks"])})

    assert (bid_answer.status_code, tricks_answer.status_code) == (302, 302)
    assert totals(table) == {"Alice": 14, "Ben": 1, "Cara": 4, "Dev": 1}
    assert open_number(table) == 2


# Corrections -----------------------------------------------------------------------


def correction(match, bids, tricks):
    payload = {"bids": by_seat(match, bids)}
    if tricks is not None:
        payload["tricks"] = by_seat(match, tricks)
    return payload


def test_a_throw_in_closes_the_round_unscored_and_passes_the_deal(table, alice, bob):
    play(table, alice, bob, (2, 3, 2, 3), None)

    first = Round.objects.get(match=table, number=1)
    assert (first.status, first.note) == ("scored", "Thrown in")
    assert totals(table) == dict.fromkeys(SEATS, 0)
    assert Round.objects.get(match=table, number=2).dealer.name == "Ben"


def test_correcting_an_early_round_recomputes_every_later_total(table, alice, bob):
    for _ in range(2):
        play(table, alice, bob, **MADE)
    play(table, alice, bob, (2, 3, 2, 3), None)
    assert totals(table) == {"Alice": 28, "Ben": 2, "Cara": 8, "Dev": 2}

    actions.correct(alice, table.pk, 1, correction(table, **FAILED))

    assert totals(table) == {"Alice": 0, "Ben": 2, "Cara": 8, "Dev": 2}
    assert Event.objects.filter(match=table).last().kind == "round_corrected"


def test_only_the_host_corrects_a_round(table, alice, bob):
    play(table, alice, bob, **MADE)
    before = state(table)

    with pytest.raises(errors.NotTheHost):
        actions.correct(bob, table.pk, 1, correction(table, **FAILED))

    assert state(table) == before


def test_a_correction_with_tricks_off_13_is_a_400_that_changes_nothing(
    table, alice, bob
):
    play(table, alice, bob, **MADE)
    before = state(table)
    as_alice = client_for(alice)

    answer = as_alice.post(
        f"/api/matches/{table.pk}/correct/",
        {"round": 1, "payload": correction(table, MADE["bids"], (7, 1, 4, 2))},
        format="json",
    )

    assert answer.status_code == 400
    assert "add up to 14" in answer.json()["detail"]
    assert state(table) == before


def test_a_correction_that_undoes_the_win_reopens_the_match(table, alice, bob):
    for _ in range(3):
        play(table, alice, bob, **MADE)
    table.refresh_from_db()
    assert table.status == Match.Status.DECIDED
    assert table.result["team"] == "A"

    actions.correct(alice, table.pk, 1, correction(table, **FAILED))

    table.refresh_from_db()
    assert table.status == Match.Status.LIVE
    assert table.result is None
    assert totals(table) == {"Alice": 14, "Ben": 3, "Cara": 12, "Dev": 3}
    assert open_number(table) == 4
    assert Event.objects.filter(match=table).last().kind == "match_reopened"


def test_a_correction_that_makes_a_team_win_ends_the_live_match(table, alice, bob):
    for _ in range(2):
        play(table, alice, bob, **MADE)
    play(table, alice, bob, **FAILED)
    assert totals(table)["Alice"] == 14
    assert open_number(table) == 4

    actions.correct(alice, table.pk, 3, correction(table, **MADE))

    table.refresh_from_db()
    assert table.status == Match.Status.DECIDED
    assert table.result["team"] == "A"
    assert totals(table) == {"Alice": 42, "Ben": 3, "Cara": 12, "Dev": 3}
    assert not Round.objects.filter(match=table, status="open").exists()
    assert Event.objects.filter(match=table).last().kind == "match_decided"


def test_a_correction_can_turn_a_played_round_into_a_throw_in(table, alice, bob):
    play(table, alice, bob, **MADE)

    actions.correct(alice, table.pk, 1, correction(table, (2, 3, 2, 3), None))

    first = Round.objects.get(match=table, number=1)
    assert first.note == "Thrown in"
    assert not first.cells.filter(field="tricks").exists()
    assert totals(table) == dict.fromkeys(SEATS, 0)
