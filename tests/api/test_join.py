import pytest

from games import actions
from games.models import Membership, Seat
from tests.conftest import seat

pytestmark = pytest.mark.django_db


def join(client, body):
    return client.post("/api/join/", body, format="json")


def test_joining_by_code_claims_an_unclaimed_seat(as_charlie, match, charlie):
    cara = seat(match, "Cara").pk

    response = join(as_charlie, {"code": match.code.lower(), "seat": cara})

    assert response.status_code == 200
    assert response.json()["id"] == match.pk
    assert Seat.objects.get(pk=cara).claimed_by == charlie
    assert Membership.objects.filter(match=match, user=charlie).exists()


def test_joining_with_a_name_takes_a_new_seat(as_charlie, match, charlie):
    response = join(as_charlie, {"code": match.code, "name": "Charlie"})

    assert response.status_code == 200
    assert response.json()["seats"][-1]["name"] == "Charlie"
    assert response.json()["seats"][-1]["claimed_by"] == charlie.pk


def test_a_claimed_seat_is_a_409_with_the_version(as_charlie, match):
    response = join(as_charlie, {"code": match.code, "seat": seat(match, "Ben").pk})

    assert response.status_code == 409
    assert response.json()["code"] == "seat_taken"
    assert response.json()["version"] == match.version


def test_a_seated_member_cannot_join_again(as_bob, match):
    response = join(as_bob, {"code": match.code, "name": "Bobby"})

    assert response.status_code == 409
    assert response.json()["code"] == "already_seated"


def test_an_unknown_code_is_a_404(as_charlie, match):
    response = join(as_charlie, {"code": "ZZZZZZ", "name": "Charlie"})

    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"
    assert "version" not in response.json()


def test_joining_needs_a_code(as_charlie, match):
    response = join(as_charlie, {"name": "Charlie"})

    assert response.status_code == 400
    assert response.json()["fields"]["code"]


def test_joining_needs_credentials(anonymous, match):
    assert join(anonymous, {"code": match.code, "name": "X"}).status_code == 401


def test_joining_too_fast_is_a_429_with_retry_after(as_charlie, match, low_rates):
    low_rates(join="2/min")

    codes = [join(as_charlie, {"code": "ZZZZZZ"}).status_code for _ in range(3)]

    assert codes == [404, 404, 429]
    refused = join(as_charlie, {"code": match.code, "name": "Charlie"})
    assert refused.status_code == 429
    assert refused.headers["Retry-After"]
    assert not Membership.objects.filter(match=match, user__username="charlie")


def test_joining_an_ended_match_is_a_409(as_charlie, match, alice, charlie):
    actions.end_match(alice, match.pk)

    response = join(as_charlie, {"code": match.code, "name": "Charlie"})

    assert response.status_code == 409
    assert response.json()["code"] == "match_ended"
    assert not Membership.objects.filter(match=match, user=charlie).exists()
