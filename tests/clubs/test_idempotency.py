"""A club's changes over the API take an ``Idempotency-Key`` by the match API's
rule: a resend with the same key and body answers as the first did and changes
nothing, the key with another body is ``409 key_reused``, an empty key is
refused."""

import json

import pytest
from rest_framework.test import APIClient

from squarescores.clubs import actions as clubs
from squarescores.clubs.models import Club, ClubMember, Invite, KeyedChange, SeatLink
from tests.api.conftest import client_for

from .table import club_match, end, ids, win

pytestmark = pytest.mark.django_db


def post(client, path, body=None, key=None):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return client.post(
        path,
        data=json.dumps(body) if body is not None else None,
        content_type="application/json",
        **headers,
    )


def invite_token(club, admin):
    return clubs.make_invite(admin, club.pk).token


def test_a_club_made_twice_with_one_key_is_one_club(alice):
    client = client_for(alice)

    first = post(client, "/api/clubs/", {"name": "Thursday table"}, "make-1")
    again = post(client, "/api/clubs/", {"name": "Thursday table"}, "make-1")

    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert "Idempotent-Replayed" not in first
    assert again["Idempotent-Replayed"] == "true"
    assert Club.objects.count() == 1
    assert ClubMember.objects.count() == 1


def test_a_key_sent_again_with_another_body_is_refused_409_and_changes_nothing(
    alice,
):
    client = client_for(alice)
    first = post(client, "/api/clubs/", {"name": "Thursday table"}, "make-1")
    club_id = first.json()["id"]

    other_name = post(client, "/api/clubs/", {"name": "Friday table"}, "make-1")
    other_endpoint = post(
        client, f"/api/clubs/{club_id}/rename/", {"name": "Friday table"}, "make-1"
    )

    for refused in (other_name, other_endpoint):
        assert refused.status_code == 409
        assert refused.json()["code"] == "key_reused"
        assert refused.json()["first"] == {"kind": "club_created"}
    assert list(Club.objects.values_list("name", flat=True)) == ["Thursday table"]


def test_an_empty_key_is_refused_and_makes_no_club(alice):
    response = post(client_for(alice), "/api/clubs/", {"name": "Thursday table"}, "")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_value"
    assert not Club.objects.exists()
    assert not KeyedChange.objects.exists()


def test_an_empty_key_is_refused_on_a_join_and_joins_nobody(club, alice, charlie):
    token = invite_token(club, alice)

    response = post(client_for(charlie), "/api/clubs/join/", {"token": token}, "")

    assert response.status_code == 400
    assert not club.members.filter(user=charlie).exists()


def test_a_join_resent_with_its_key_adds_one_member_once(club, alice, charlie):
    client = client_for(charlie)
    token = invite_token(club, alice)
    before = club.members.count()

    first = post(client, "/api/clubs/join/", {"token": token}, "join-1")
    again = post(client, "/api/clubs/join/", {"token": token}, "join-1")

    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert (
        again.json()
        == first.json()
        == {
            "id": club.pk,
            "name": club.name,
            "admin": False,
        }
    )
    assert club.members.count() == before + 1
    assert club.members.filter(user=charlie).count() == 1


def test_a_join_resent_after_leaving_does_not_bring_the_member_back(
    club, alice, charlie
):
    client = client_for(charlie)
    token = invite_token(club, alice)
    post(client, "/api/clubs/join/", {"token": token}, "join-1")
    left = post(client, f"/api/clubs/{club.pk}/leave/", key="leave-1")

    rejoin = post(client, "/api/clubs/join/", {"token": token}, "join-1")
    leave_again = post(client, f"/api/clubs/{club.pk}/leave/", key="leave-1")

    assert left.status_code == 200 and left.json()["status"] == "left"
    assert rejoin.status_code == 200 and rejoin["Idempotent-Replayed"] == "true"
    assert leave_again.status_code == 200 and leave_again.json() == left.json()
    assert club.members.get(user=charlie).status == "left"


def test_a_join_resent_after_the_link_was_revoked_answers_as_the_first(
    club, alice, charlie
):
    client = client_for(charlie)
    invite = clubs.make_invite(alice, club.pk)
    first = post(client, "/api/clubs/join/", {"token": invite.token}, "join-1")
    clubs.revoke_invite(alice, club.pk, invite.pk)

    again = post(client, "/api/clubs/join/", {"token": invite.token}, "join-1")

    assert again.status_code == 200 and again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"


def test_every_club_change_resent_with_its_key_answers_the_same_and_changes_nothing(
    club, alice, bob, charlie
):
    client = client_for(alice)
    clubs.join_club(charlie, invite_token(club, alice))
    charlie_member = club.members.get(user=charlie).pk
    match = club_match(club, alice, "fortyone_exchange", ["Alice", "Ben", "Cara"])
    win(alice, match, "Cara")
    end(alice, match)
    bob_member = club.members.get(user=bob).pk
    invite = post(client, f"/api/clubs/{club.pk}/invites/", key="invite-1")
    invite_id = invite.json()["id"]
    changes = [
        (f"/api/clubs/{club.pk}/rename/", {"name": "Friday table"}),
        (f"/api/clubs/{club.pk}/invites/", None),
        (f"/api/clubs/{club.pk}/invites/{invite_id}/revoke/", None),
        (f"/api/clubs/{club.pk}/members/{charlie_member}/remove/", None),
        (
            f"/api/clubs/{club.pk}/matches/{match.pk}/seats/",
            {"seat": ids(match)["Ben"], "member": bob_member},
        ),
    ]
    for number, (path, body) in enumerate(changes):
        first = post(client, path, body, f"change-{number}")
        state = (
            Club.objects.get(pk=club.pk).name,
            Invite.objects.filter(revoked_at=None).count(),
            list(club.members.values_list("status", flat=True).order_by("pk")),
            SeatLink.objects.count(),
        )

        again = post(client, path, body, f"change-{number}")

        assert first.status_code in (200, 201, 204), path
        assert again.status_code == first.status_code, path
        assert again["Idempotent-Replayed"] == "true", path
        assert again.content == first.content, path
        assert state == (
            Club.objects.get(pk=club.pk).name,
            Invite.objects.filter(revoked_at=None).count(),
            list(club.members.values_list("status", flat=True).order_by("pk")),
            SeatLink.objects.count(),
        ), path
    assert KeyedChange.objects.filter(user=alice).count() == len(changes) + 1


def test_a_key_is_its_senders_another_users_same_key_is_their_own_request(alice, bob):
    first = post(client_for(alice), "/api/clubs/", {"name": "Alice's"}, "k")
    second = post(client_for(bob), "/api/clubs/", {"name": "Ben's"}, "k")

    assert first.status_code == second.status_code == 201
    assert "Idempotent-Replayed" not in second
    assert Club.objects.count() == 2


def test_the_session_api_honours_the_key_as_the_token_api_does(alice):
    client = APIClient()
    client.force_login(alice)

    post(client, "/api/clubs/", {"name": "Thursday table"}, "make-1")
    again = post(client, "/api/clubs/", {"name": "Thursday table"}, "make-1")

    assert again["Idempotent-Replayed"] == "true"
    assert Club.objects.count() == 1
