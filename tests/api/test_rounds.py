import pytest

from games import actions
from games.models import Event, Match, Round
from tests.api.conftest import url
from tests.conftest import seat

pytestmark = pytest.mark.django_db


def tap(client, match, round, seat_id, **extra):
    """41 Exchange's record: the winner, as every game records, at record/."""
    body = {"round": round, "payload": {"winner": seat_id}}
    return client.post(url(match, "record/"), body, format="json", **extra)


def correct(client, match, round, payload):
    body = {"round": round, "payload": payload}
    return client.post(url(match, "correct/"), body, format="json")


def test_a_member_taps_the_winner_and_the_next_round_opens(as_bob, match, bob):
    alice_seat = seat(match, "Alice").pk

    response = tap(as_bob, match, 1, alice_seat)

    assert response.status_code == 200
    sheet = response.json()
    assert sheet["version"] == match.version + 1
    first, second = sheet["rounds"]
    assert (first["status"], first["winner"], first["closed_by"]) == (
        "won",
        alice_seat,
        bob.pk,
    )
    assert first["cells"][str(alice_seat)] == 1
    assert second == {
        "number": 2,
        "status": "open",
        "winner": None,
        "cells": {},
        "values": {},
        # The deal passes to the left: Alice dealt round 1.
        "dealer": seat(match, "Ben").pk,
        "note": "",
        "closed_at": None,
        "closed_by": None,
        "voided": None,
    }
    assert sheet["open_round"] == 2


def test_a_tap_on_a_closed_round_is_a_409_with_the_current_version(as_bob, match):
    tap(as_bob, match, 1, seat(match, "Alice").pk)
    version = Match.objects.get(pk=match.pk).version

    response = tap(as_bob, match, 1, seat(match, "Ben").pk)

    assert response.status_code == 409
    assert response.json()["code"] == "round_closed"
    assert response.json()["version"] == version
    assert Round.objects.get(match=match, number=1).winner == seat(match, "Alice")


def test_an_outsider_cannot_tap(as_charlie, match):
    response = tap(as_charlie, match, 1, seat(match, "Alice").pk)

    assert response.status_code == 403
    assert response.json()["code"] == "not_member"
    assert Match.objects.get(pk=match.pk).version == match.version


def test_anonymous_cannot_tap(anonymous, match):
    assert tap(anonymous, match, 1, seat(match, "Alice").pk).status_code == 401


def test_a_seat_of_another_match_is_a_404(as_bob, match, alice):
    other = actions.start_match(alice, "fortyone_exchange", ["Eve", "Finn"]).match

    response = tap(as_bob, match, 1, other.seats.first().pk)

    assert response.status_code == 404
    assert response.json()["code"] == "seat_not_found"
    assert response.json()["version"] == match.version
    assert Round.objects.get(match=match, number=1).status == "open"


def test_a_round_that_does_not_exist_is_a_404(as_bob, match):
    response = tap(as_bob, match, 7, seat(match, "Alice").pk)

    assert response.status_code == 404
    assert response.json()["code"] == "round_not_found"


def test_a_tap_on_an_ended_match_is_a_409(as_bob, match, bob):
    actions.end_match(bob, match.pk)

    response = tap(as_bob, match, 2, seat(match, "Alice").pk)

    assert response.status_code == 409
    assert response.json()["code"] == "match_ended"
    assert response.json()["version"] == Match.objects.get(pk=match.pk).version


@pytest.mark.parametrize(
    "body",
    [
        {"payload": {"winner": 1}},
        {"round": 1},
        {"round": "1", "payload": {"winner": 1}},
        {"round": 1, "payload": "winner"},
        {"round": 1.5, "payload": {"winner": 1}},
        {"round": True, "payload": {"winner": 1}},
        {"round": 0, "payload": {"winner": 1}},
        {"round": [1], "payload": None},
        [1, 2],
    ],
)
def test_a_bad_tap_body_is_a_400_with_the_fields(as_bob, match, body):
    response = as_bob.post(url(match, "record/"), body, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert response.json()["version"] == match.version
    assert "fields" in response.json()
    assert Match.objects.get(pk=match.pk).version == match.version


def test_malformed_json_is_a_400(as_bob, match):
    response = as_bob.post(
        url(match, "record/"), b'{"round": 1,', content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert "JSON" in response.json()["detail"]


def test_a_form_body_is_a_415(as_bob, match):
    response = as_bob.post(url(match, "record/"), {"round": 1, "winner": 1})

    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


@pytest.mark.parametrize(
    "payload",
    [{"winner": "1"}, {"winner": 2**64}, {"winner": None}, {"seat": 1}, {}],
)
def test_a_winner_that_does_not_fit_the_game_is_a_400(as_bob, match, payload):
    response = as_bob.post(
        url(match, "record/"), {"round": 1, "payload": payload}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] in ("bad_value", "bad_request")
    assert Round.objects.get(match=match, number=1).status == "open"


def test_the_host_taps_the_open_round_like_a_member(as_alice, match, alice):
    cara = seat(match, "Cara").pk

    response = tap(as_alice, match, 1, cara)

    assert response.status_code == 200
    assert response.json()["rounds"][0]["winner"] == cara
    assert Event.objects.filter(match=match).last().kind == "round_won"


def test_the_host_corrects_a_closed_round(as_alice, as_bob, match):
    tap(as_bob, match, 1, seat(match, "Ben").pk)

    response = correct(as_alice, match, 1, {"winner": seat(match, "Dev").pk})

    assert response.status_code == 200
    first, second = response.json()["rounds"]
    assert first["winner"] == seat(match, "Dev").pk
    assert second["status"] == "open"
    assert Event.objects.filter(match=match).last().kind == "round_corrected"


def test_the_host_makes_a_closed_round_a_draw(as_alice, as_bob, match):
    tap(as_bob, match, 1, seat(match, "Ben").pk)

    response = correct(as_alice, match, 1, {"draw": True})

    assert response.status_code == 200
    assert response.json()["rounds"][0]["status"] == "draw"


def test_a_member_cannot_correct(as_bob, match):
    tap(as_bob, match, 1, seat(match, "Ben").pk)
    version = Match.objects.get(pk=match.pk).version

    response = correct(as_bob, match, 1, {"winner": seat(match, "Cara").pk})

    assert response.status_code == 403
    assert response.json()["code"] == "not_host"
    assert response.json()["version"] == version
    assert Round.objects.get(match=match, number=1).winner == seat(match, "Ben")


def test_an_outsider_cannot_correct(as_charlie, match):
    response = correct(as_charlie, match, 1, {"winner": seat(match, "Ben").pk})

    assert response.status_code == 403
    assert response.json()["code"] == "not_member"


def test_a_draw_of_the_open_round_is_a_400_that_names_end_match(as_alice, match):
    response = as_alice.post(
        url(match, "record/"), {"round": 1, "payload": {"draw": True}}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "bad_value"
    assert "End match" in response.json()["detail"]


def test_a_tap_on_an_ended_match_by_the_host_is_a_409(as_alice, match, alice):
    actions.end_match(alice, match.pk)

    response = correct(as_alice, match, 1, {"winner": seat(match, "Ben").pk})

    assert response.status_code == 409
    assert response.json()["code"] == "match_ended"


def test_a_member_ends_the_match_and_the_open_round_is_a_draw(as_bob, match):
    tap(as_bob, match, 1, seat(match, "Alice").pk)

    response = as_bob.post(url(match, "end/"))

    assert response.status_code == 200
    sheet = response.json()
    assert sheet["status"] == "ended"
    assert sheet["open_round"] is None
    assert [r["status"] for r in sheet["rounds"]] == ["won", "draw"]
    assert sheet["ended_at"]


def test_ending_an_ended_match_is_a_409(as_bob, match):
    as_bob.post(url(match, "end/"))

    response = as_bob.post(url(match, "end/"))

    assert response.status_code == 409
    assert response.json()["code"] == "match_ended"


def test_an_outsider_cannot_end_the_match(as_charlie, match):
    response = as_charlie.post(url(match, "end/"))

    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).status == "live"


def test_tapping_too_fast_is_a_429_with_retry_after(as_bob, match, low_rates):
    low_rates(taps="2/min")
    alice = seat(match, "Alice").pk

    assert tap(as_bob, match, 1, alice).status_code == 200
    assert tap(as_bob, match, 2, alice).status_code == 200
    refused = tap(as_bob, match, 3, alice)

    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert int(refused.headers["Retry-After"]) > 0
    assert Round.objects.get(match=match, number=3).status == "open"


def test_a_field_the_api_does_not_know_is_a_400(as_bob, match):
    body = {"round": 1, "payload": {"winner": seat(match, "Alice").pk}, "sead": 3}

    response = as_bob.post(url(match, "record/"), body, format="json")

    assert response.status_code == 400
    assert response.json()["fields"] == {"sead": ["This field is not accepted here."]}
    assert Round.objects.get(match=match, number=1).status == "open"


@pytest.mark.parametrize("raw", [b"{not json", b"[1]", b'{"force": true}'])
def test_end_refuses_a_body_it_cannot_take_and_the_match_goes_on(as_bob, match, raw):
    response = as_bob.post(url(match, "end/"), raw, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert Match.objects.get(pk=match.pk).status == "live"


def test_end_takes_an_empty_object_as_no_body(as_bob, match):
    response = as_bob.post(url(match, "end/"), {}, format="json")

    assert response.status_code == 200


def test_correcting_to_a_seat_of_another_match_is_a_404(as_alice, as_bob, match, alice):
    other = actions.start_match(alice, "fortyone_exchange", ["Eve", "Finn"]).match
    tap(as_bob, match, 1, seat(match, "Ben").pk)

    response = correct(as_alice, match, 1, {"winner": other.seats.first().pk})

    assert response.status_code == 404
    assert response.json()["code"] == "seat_not_found"
    assert Round.objects.get(match=match, number=1).winner == seat(match, "Ben")
