"""Undo through the one write path: the action, the form, the API and the socket.

The recorder of a round and the host may take it back for ``UNDO_SECONDS`` while
nothing later is recorded; anyone else, or later, is refused with a clear code.
"""

import pytest
from django.test import Client

from games import actions, errors
from games.actions.undo import undoable
from games.models import Event, Match, Round
from tests.api.conftest import client_for
from tests.conftest import SEATS, seat, win

pytestmark = pytest.mark.django_db


def rounds(match):
    return list(
        Round.objects.filter(match=match).values_list("number", "status", "winner")
    )


def tap(user, match, number, name):
    return win(user, match.pk, number, seat(match, name).pk)


def test_the_recorder_undoes_the_round_just_recorded(match, bob):
    tap(bob, match, 1, "Cara")

    result = actions.undo_round(bob, match.pk, 1)

    assert rounds(match) == [(1, "open", None)]
    assert result.event.kind == "round_undone"
    assert result.event.before["winner_name"] == "Cara"
    assert result.event.after["status"] == "open"
    reopened = Round.objects.get(match=match, number=1)
    assert (reopened.closed_at, reopened.closed_by, reopened.cells.count()) == (
        None,
        None,
        0,
    )
    match.refresh_from_db()
    assert match.standings["rounds"] == 0
    assert all(line["rounds_won"] == 0 for line in match.standings["seats"])


def test_the_host_undoes_a_round_a_member_recorded(match, alice, bob):
    tap(bob, match, 1, "Cara")

    actions.undo_round(alice, match.pk, 1)

    assert rounds(match) == [(1, "open", None)]


def test_the_reopened_round_keeps_its_dealer_and_records_again(match, bob):
    tap(bob, match, 1, "Cara")
    dealer = Round.objects.get(match=match, number=1).dealer_id

    actions.undo_round(bob, match.pk, 1)
    tap(bob, match, 1, "Dev")

    assert Round.objects.get(match=match, number=1).dealer_id == dealer
    assert rounds(match) == [(1, "won", seat(match, "Dev").pk), (2, "open", None)]


def test_a_member_who_did_not_record_the_round_is_refused(match, alice, bob):
    tap(alice, match, 1, "Cara")

    with pytest.raises(errors.NotRecorder) as refused:
        actions.undo_round(bob, match.pk, 1)

    assert refused.value.code == "not_recorder"
    assert rounds(match)[0][1] == "won"


def test_an_outsider_is_refused(match, bob, charlie):
    tap(bob, match, 1, "Cara")

    with pytest.raises(errors.NotAMember):
        actions.undo_round(charlie, match.pk, 1)


def test_an_undo_after_the_window_is_refused(match, bob, settings):
    settings.UNDO_SECONDS = 0
    tap(bob, match, 1, "Cara")

    with pytest.raises(errors.UndoExpired) as refused:
        actions.undo_round(bob, match.pk, 1)

    assert refused.value.code == "undo_expired"
    assert rounds(match)[0][1] == "won"


def test_an_undo_after_a_later_round_was_recorded_is_refused(match, alice, bob):
    tap(bob, match, 1, "Cara")
    tap(alice, match, 2, "Ben")

    with pytest.raises(errors.LaterRecord) as refused:
        actions.undo_round(alice, match.pk, 1)

    assert refused.value.code == "later_record"
    assert [status for _, status, _ in rounds(match)] == ["won", "won", "open"]


def test_a_second_undo_of_the_same_round_finds_nothing_to_undo(match, alice, bob):
    tap(bob, match, 1, "Cara")
    actions.undo_round(bob, match.pk, 1)

    with pytest.raises(errors.NothingToUndo):
        actions.undo_round(alice, match.pk, 1)


def test_an_undo_with_the_same_key_is_applied_once(match, bob):
    tap(bob, match, 1, "Cara")

    first = actions.undo_round(bob, match.pk, 1, key="undo-1")
    again = actions.undo_round(bob, match.pk, 1, key="undo-1")

    assert again.replayed and again.version == first.version
    assert Event.objects.filter(match=match, kind="round_undone").count() == 1


def test_the_check_answers_without_acting(match, alice, bob, charlie):
    tap(bob, match, 1, "Cara")
    version = Match.objects.get(pk=match.pk).version

    actions.check_undo(match, bob, 1)
    actions.check_undo(match, alice, 1)
    with pytest.raises(errors.NotAMember):
        actions.check_undo(match, charlie, 1)
    assert undoable(match, bob).number == 1
    assert Match.objects.get(pk=match.pk).version == version


def test_the_page_shows_the_undo_bar_to_the_recorder_and_the_host_only(
    match, alice, bob, charlie
):
    tap(bob, match, 1, "Cara")
    actions.join_match(charlie, match.code, seat_id=seat(match, "Dev").pk)

    pages = {}
    for user in (alice, bob, charlie):
        client = Client()
        client.force_login(user)
        pages[user.username] = client.get(f"/matches/{match.pk}/").content.decode()

    shown = 'data-undo-left="'
    assert (
        "Round 1: <bdi>Cara won</bdi>"
        in pages["alice"].split(shown)[1].split("</form>")[0]
    )
    assert " hidden>" not in pages["bob"].split(shown)[1].split(">")[0] + ">"
    assert pages["charlie"].split(shown)[1].split(">")[0].endswith(" hidden")


# Forty One: bids, then tricks. Undo takes back the record that closed the round.


@pytest.fixture
def forty_one(alice, bob):
    match = actions.start_match(alice, "forty_one", SEATS, host_seat=0).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


def test_a_forty_one_undo_takes_back_the_tricks_and_keeps_the_bids(
    forty_one, alice, bob
):
    ids = [seat(forty_one, name).pk for name in SEATS]
    for seat_id, value in zip(ids, (4, 3, 3, 3), strict=True):
        payload = {"bid": {"seat": seat_id, "value": value}}
        actions.record(alice, forty_one.pk, 1, payload)
    tricks = dict(zip(map(str, ids), (4, 3, 3, 3), strict=True))
    actions.record(bob, forty_one.pk, 1, {"tricks": tricks})

    actions.undo_round(bob, forty_one.pk, 1)

    round = Round.objects.get(match=forty_one, number=1)
    fields = [(cell.field, cell.value) for cell in round.cells.all()]
    assert round.status == "open"
    assert {field for field, _ in fields} == {"bid"}
    assert sorted(value for _, value in fields) == [3, 3, 3, 4]


def test_a_bid_in_the_next_round_is_a_later_record(forty_one, alice, bob):
    ids = [seat(forty_one, name).pk for name in SEATS]
    for number in (1,):
        for seat_id in ids:
            payload = {"bid": {"seat": seat_id, "value": 3}}
            actions.record(alice, forty_one.pk, number, payload)
        tricks = dict(zip(map(str, ids), (4, 3, 3, 3), strict=True))
        actions.record(alice, forty_one.pk, number, {"tricks": tricks})
    actions.record(alice, forty_one.pk, 2, {"bid": {"seat": ids[0], "value": 3}})

    with pytest.raises(errors.LaterRecord):
        actions.undo_round(alice, forty_one.pk, 1)


# A round that decided the match: undone, the match is live again.


@pytest.fixture
def duel(alice, bob):
    """Schwimmen for two with two lives: Ben paying three times is out."""
    match = actions.start_match(
        alice, "schwimmen", ["Alice", "Ben"], {"lives": 2}, host_seat=0
    ).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    match.refresh_from_db()
    return match


def ben_pays(user, match, number):
    return actions.record(user, match.pk, number, {"pays": [seat(match, "Ben").pk]})


def test_undoing_the_deciding_round_makes_the_match_live_again(duel, alice, bob):
    for number in (1, 2, 3):
        ben_pays(bob, duel, number)
    duel.refresh_from_db()
    assert (duel.status, duel.is_decided) == ("decided", True)

    result = actions.undo_round(bob, duel.pk, 3)

    duel.refresh_from_db()
    assert (duel.status, duel.result, duel.ended_at) == ("live", None, None)
    assert result.event.after["reopened"] is True
    assert rounds(duel)[-1] == (3, "open", None)
    ben = next(s for s in duel.standings["seats"] if s["seat"] == seat(duel, "Ben").pk)
    assert ben["fate"] == "swimming"


def test_a_match_ended_by_a_member_takes_no_undo(match, bob):
    tap(bob, match, 1, "Cara")
    actions.end_match(bob, match.pk)

    with pytest.raises(errors.MatchEnded):
        actions.undo_round(bob, match.pk, 2)


# The edges: form, API.


def test_the_form_undoes_and_redirects_to_the_table(match, bob):
    tap(bob, match, 1, "Cara")
    client = Client()
    client.force_login(bob)

    response = client.post(f"/matches/{match.pk}/undo/", {"round": 1, "key": "k1"})

    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/"
    assert rounds(match) == [(1, "open", None)]


def test_the_form_refuses_another_member_with_403(match, alice, bob):
    tap(alice, match, 1, "Cara")
    client = Client()
    client.force_login(bob)

    response = client.post(f"/matches/{match.pk}/undo/", {"round": 1})

    assert response.status_code == 403
    assert rounds(match)[0][1] == "won"


def test_the_api_undoes_for_the_recorder(match, bob):
    tap(bob, match, 1, "Cara")

    response = client_for(bob).post(
        f"/api/matches/{match.pk}/undo/",
        {"round": 1},
        format="json",
        HTTP_IDEMPOTENCY_KEY="u-1",
    )

    assert response.status_code == 200
    assert response.json()["open_round"] == 1
    assert [r["status"] for r in response.json()["rounds"]] == ["open"]


@pytest.mark.parametrize(
    ("setup", "code", "status"),
    [
        ("other", "not_recorder", 403),
        ("late", "undo_expired", 409),
        ("later", "later_record", 409),
    ],
)
def test_the_api_refuses_with_a_clear_code(
    match, alice, bob, settings, setup, code, status
):
    recorder = alice if setup == "other" else bob
    if setup == "late":
        settings.UNDO_SECONDS = 0
    tap(recorder, match, 1, "Cara")
    if setup == "later":
        tap(alice, match, 2, "Dev")
    version = Match.objects.get(pk=match.pk).version

    response = client_for(bob).post(
        f"/api/matches/{match.pk}/undo/", {"round": 1}, format="json"
    )

    assert response.status_code == status
    assert response.json()["code"] == code
    assert Match.objects.get(pk=match.pk).version == version


def test_the_api_refuses_a_bad_round_number(match, bob):
    response = client_for(bob).post(
        f"/api/matches/{match.pk}/undo/", {"round": "one"}, format="json"
    )

    assert response.status_code == 400
