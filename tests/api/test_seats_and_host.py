import pytest

from games import actions
from games.models import Match, Membership, Seat
from tests.api.conftest import url
from tests.conftest import seat, win

pytestmark = pytest.mark.django_db


def seat_url(match, seat_id, action):
    return url(match, f"seats/{seat_id}/{action}/")


def test_the_host_adds_a_latecomer_who_starts_in_the_open_round(as_alice, match):
    win(match.host, match.pk, 1, seat(match, "Ben").pk)

    response = as_alice.post(url(match, "seats/"), {"name": "Eve"}, format="json")

    assert response.status_code == 201
    eve = response.json()["seats"][-1]
    assert (eve["name"], eve["first_round"], eve["claimed_by"]) == ("Eve", 2, None)


def test_a_member_cannot_add_a_seat(as_bob, match):
    response = as_bob.post(url(match, "seats/"), {"name": "Eve"}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "not_host"
    assert not Seat.objects.filter(name="Eve").exists()


def test_a_seat_name_already_at_the_table_is_refused(as_alice, match):
    response = as_alice.post(url(match, "seats/"), {"name": "cara"}, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "name_taken"


def test_a_seat_needs_a_name(as_alice, match):
    response = as_alice.post(url(match, "seats/"), {}, format="json")

    assert response.status_code == 400
    assert response.json()["fields"]["name"]


def test_the_host_renames_a_seat(as_alice, match):
    dev = seat(match, "Dev").pk

    response = as_alice.post(
        seat_url(match, dev, "rename"), {"name": "Devi"}, format="json"
    )

    assert response.status_code == 200
    assert Seat.objects.get(pk=dev).name == "Devi"


def test_a_member_cannot_rename_a_seat(as_bob, match):
    dev = seat(match, "Dev").pk

    response = as_bob.post(
        seat_url(match, dev, "rename"), {"name": "Devi"}, format="json"
    )

    assert response.status_code == 403
    assert Seat.objects.get(pk=dev).name == "Dev"


def test_renaming_a_seat_of_another_match_is_a_404(as_alice, alice, match):
    other = actions.start_match(alice, "fortyone_exchange", ["Eve", "Finn"]).match
    eve = other.seats.get(name="Eve").pk

    response = as_alice.post(
        seat_url(match, eve, "rename"), {"name": "X"}, format="json"
    )

    assert response.status_code == 404
    assert response.json()["code"] == "seat_not_found"
    assert Seat.objects.get(pk=eve).name == "Eve"


def test_the_host_releases_a_claim_and_the_player_stays_a_member(as_alice, match, bob):
    ben = seat(match, "Ben").pk

    response = as_alice.post(seat_url(match, ben, "release"))

    assert response.status_code == 200
    assert Seat.objects.get(pk=ben).claimed_by is None
    assert Membership.objects.filter(match=match, user=bob).exists()


def test_releasing_an_unclaimed_seat_is_a_400(as_alice, match):
    response = as_alice.post(seat_url(match, seat(match, "Dev").pk, "release"))

    assert response.status_code == 400
    assert response.json()["code"] == "no_change"


def test_a_member_cannot_release_a_claim(as_bob, match):
    response = as_bob.post(seat_url(match, seat(match, "Ben").pk, "release"))

    assert response.status_code == 403
    assert response.json()["code"] == "not_host"


def test_the_host_hands_the_role_to_a_member(as_alice, as_bob, match, bob):
    response = as_alice.post(url(match, "host/"), {"user": bob.pk}, format="json")

    assert response.status_code == 200
    assert response.json()["host"] == bob.pk
    assert (
        as_alice.post(url(match, "seats/"), {"name": "Eve"}, format="json").json()[
            "code"
        ]
        == "not_host"
    )
    assert (
        as_bob.post(url(match, "seats/"), {"name": "Eve"}, format="json").status_code
        == 201
    )


def test_the_host_role_goes_to_members_only(as_alice, match, charlie):
    response = as_alice.post(url(match, "host/"), {"user": charlie.pk}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "not_member"
    assert Match.objects.get(pk=match.pk).host == match.host


def test_a_member_cannot_take_the_host_role(as_bob, match, bob):
    response = as_bob.post(url(match, "host/"), {"user": bob.pk}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "not_host"


def test_seat_changes_on_an_ended_match_are_a_409(as_alice, match, alice):
    actions.end_match(alice, match.pk)

    response = as_alice.post(url(match, "seats/"), {"name": "Eve"}, format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "match_ended"


def test_release_refuses_a_body_it_cannot_take(as_alice, match, bob):
    ben = seat(match, "Ben").pk

    response = as_alice.post(
        seat_url(match, ben, "release"), b"{oops", content_type="application/json"
    )

    assert response.status_code == 400
    assert Seat.objects.get(pk=ben).claimed_by == bob


@pytest.mark.parametrize(
    "action, body",
    [
        ("host/", {"user": 2}),
        ("seats/{dev}/rename/", {"name": "Devi"}),
        ("seats/{ben}/release/", None),
    ],
)
def test_host_tools_on_an_ended_match_are_a_409(as_alice, match, alice, action, body):
    actions.end_match(alice, match.pk)
    path = action.format(dev=seat(match, "Dev").pk, ben=seat(match, "Ben").pk)

    response = as_alice.post(url(match, path), body, format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "match_ended"
    assert response.json()["version"] == Match.objects.get(pk=match.pk).version


def test_releasing_a_seat_of_another_match_is_a_404(as_alice, alice, match):
    other = actions.start_match(alice, "fortyone_exchange", ["Eve", "Finn"]).match
    eve = other.seats.get(name="Eve")

    response = as_alice.post(seat_url(match, eve.pk, "release"))

    assert response.status_code == 404
    assert Seat.objects.get(pk=eve.pk).claimed_by == alice
