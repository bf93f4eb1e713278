import pytest

from games.models import Event, Match, Round
from tests.api.conftest import url
from tests.conftest import SEATS, seat

pytestmark = pytest.mark.django_db


def post(client, path, body=None, key="k-1"):
    return client.post(path, body or {}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_repeated_tap_returns_the_first_answer_and_changes_nothing(as_bob, match):
    body = {"round": 1, "payload": {"winner": seat(match, "Alice").pk}}

    first = post(as_bob, url(match, "record/"), body, key="tap-7f3a")
    again = post(as_bob, url(match, "record/"), body, key="tap-7f3a")

    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert Round.objects.filter(match=match).count() == 2
    assert Match.objects.get(pk=match.pk).version == first.json()["version"]


def test_a_retry_after_another_phone_tapped_is_still_the_first_answer(
    as_alice, as_bob, match
):
    body = {"round": 1, "payload": {"winner": seat(match, "Alice").pk}}
    first = post(as_bob, url(match, "record/"), body, key="tap-1")
    post(as_alice, url(match, "record/"), {**body, "round": 2}, key="tap-2")

    again = post(as_bob, url(match, "record/"), body, key="tap-1")

    # Not round_closed: the retry is the same tap, answered as it was.
    assert again.status_code == 200
    assert again.json()["rounds"][0] == first.json()["rounds"][0]
    assert Round.objects.filter(match=match).count() == 3


def test_a_repeated_start_makes_one_match_and_answers_201_twice(as_alice):
    body = {"game": "fortyone_exchange", "seats": SEATS}

    first = post(as_alice, "/api/matches/", body, key="start-1")
    again = post(as_alice, "/api/matches/", body, key="start-1")

    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Match.objects.count() == 1


def test_a_repeated_end_answers_as_the_first(as_bob, match):
    first = post(as_bob, url(match, "end/"), key="end-1")
    again = post(as_bob, url(match, "end/"), key="end-1")

    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json() == first.json()
    assert Event.objects.filter(match=match, kind="match_ended").count() == 1


def test_a_repeated_join_joins_once(as_charlie, match):
    body = {"code": match.code, "name": "Charlie"}

    first = post(as_charlie, "/api/join/", body, key="join-1")
    again = post(as_charlie, "/api/join/", body, key="join-1")

    assert again.status_code == 200
    assert again.json() == first.json()
    assert Event.objects.filter(match=match, kind="member_joined").count() == 2


def test_a_former_host_retrying_the_hand_over_gets_the_first_answer(
    as_alice, match, bob
):
    first = post(as_alice, url(match, "host/"), {"user": bob.pk}, key="host-1")
    again = post(as_alice, url(match, "host/"), {"user": bob.pk}, key="host-1")

    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()


def test_another_members_key_does_not_lend_the_host_role(as_alice, as_bob, match):
    post(as_alice, url(match, "seats/"), {"name": "Eve"}, key="seat-1")

    response = post(as_bob, url(match, "seats/"), {"name": "Eve"}, key="seat-1")

    assert response.status_code == 403
    assert response.json()["code"] == "not_host"


def test_an_outsider_learns_nothing_from_a_members_key(as_bob, as_charlie, match):
    body = {"round": 1, "payload": {"winner": seat(match, "Alice").pk}}
    post(as_bob, url(match, "record/"), body, key="tap-1")

    response = post(as_charlie, url(match, "record/"), body, key="tap-1")

    assert response.status_code == 403
    assert "rounds" not in response.json()


@pytest.mark.parametrize("key", ["k" * 101, "k\x01", "k\x7f"])
def test_every_malformed_key_is_a_400_bad_value(as_bob, match, key):
    body = {"round": 1, "payload": {"winner": seat(match, "Alice").pk}}

    response = post(as_bob, url(match, "record/"), body, key=key)

    assert response.status_code == 400
    assert response.json()["code"] == "bad_value"
    assert Round.objects.get(match=match, number=1).status == "open"
