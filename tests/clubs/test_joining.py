"""Joining a club by its invite link, guessing limited like join codes;
starting a match for a club from the start page and the API."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Match
from squarescores.clubs import actions as clubs
from squarescores.clubs.models import ClubMatch, ClubMember

pytestmark = pytest.mark.django_db


def session_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def token_client(user):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_a_guest_makes_a_club_and_becomes_its_admin():
    client = session_for()
    response = client.post(reverse("club_list"), {"name": "  Thursday   table "})
    member = ClubMember.objects.get()
    assert response.status_code == 302
    assert (member.club.name, member.role) == ("Thursday table", "admin")
    assert member.user.is_guest


def test_a_club_without_a_name_is_refused_and_nothing_is_made(alice):
    response = session_for(alice).post(reverse("club_list"), {"name": " "})
    assert response.status_code == 400
    assert not ClubMember.objects.exists()


def test_an_invite_link_joins_a_phone_without_an_account(club):
    token = clubs.make_invite(club.members.get(role="admin").user, club.pk).token
    client = session_for()
    assert client.get(reverse("club_join", args=[token])).status_code == 200
    response = client.post(reverse("club_join", args=[token]), {"name": "Cara"})
    assert response.status_code == 302
    assert club.members.active().filter(name="Cara").exists()
    assert client.get(reverse("club", args=[club.pk])).status_code == 200


def test_a_revoked_invite_link_joins_nobody(club, alice, charlie):
    invite = clubs.make_invite(alice, club.pk)
    clubs.revoke_invite(alice, club.pk, invite.pk)
    response = session_for(charlie).post(reverse("club_join", args=[invite.token]))
    assert response.status_code == 404
    assert not club.members.filter(user=charlie).exists()


def test_a_removed_member_cannot_come_back_by_a_link(club, alice, bob):
    clubs.remove_member(alice, club.pk, club.members.get(user=bob).pk)
    token = clubs.make_invite(alice, club.pk).token
    response = session_for(bob).post(reverse("club_join", args=[token]))
    assert response.status_code == 403
    assert club.members.get(user=bob).status == "removed"


def test_guessing_invite_links_is_limited_like_join_codes(
    settings, club, charlie, clear_of_a_window_edge
):
    settings.JOIN_CODE_GUESSES = 3
    client = session_for(charlie)
    for guess in ["aaaa", "bbbb", "cccc"]:
        assert client.get(reverse("club_join", args=[guess])).status_code == 404
    right = clubs.make_invite(club.members.get(role="admin").user, club.pk).token
    refused = client.get(reverse("club_join", args=[right]))
    assert refused.status_code == 429
    assert "Retry-After" in refused
    api = token_client(charlie)
    answer = api.post(reverse("api_club_join"), {"token": right}, format="json")
    assert answer.status_code == 429
    assert not club.members.filter(user=charlie).exists()


def test_the_api_makes_a_club_and_joins_it_by_token(alice, bob):
    made = token_client(alice).post(
        reverse("api_clubs"), {"name": "Friday"}, format="json"
    )
    assert made.status_code == 201
    club_id = made.json()["id"]
    invite = token_client(alice).post(reverse("api_club_invites", args=[club_id]))
    token = invite.json()["token"]
    joined = token_client(bob).post(
        reverse("api_club_join"), {"token": token}, format="json"
    )
    assert joined.json() == {"id": club_id, "name": "Friday", "admin": False}
    members = token_client(bob).get(reverse("api_club_members", args=[club_id]))
    assert [m["name"] for m in members.json()] == ["Alice", "Ben"]


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": 7}, {"name": "x" * 61}])
def test_the_api_refuses_a_bad_club_name(alice, body):
    answer = token_client(alice).post(reverse("api_clubs"), body, format="json")
    assert answer.status_code == 400
    assert not ClubMember.objects.exists()


def test_the_start_page_offers_only_the_persons_clubs(club, alice, charlie):
    clubs.create_club(charlie, "Charlie's own")
    page = session_for(alice).get(reverse("start"))
    assert b"Thursday table" in page.content
    assert b"Charlie&#x27;s own" not in page.content


def test_a_match_started_for_a_club_belongs_to_it(club, alice):
    response = session_for(alice).post(
        reverse("start"),
        {
            "game": "fortyone_exchange",
            "seat_0": "Alice",
            "seat_1": "Ben",
            "me": 0,
            "club": club.pk,
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert ClubMatch.objects.get(match=match).club == club


def test_the_start_page_refuses_a_club_of_someone_else(club, charlie):
    response = session_for(charlie).post(
        reverse("start"),
        {
            "game": "fortyone_exchange",
            "seat_0": "C",
            "seat_1": "D",
            "me": 0,
            "club": club.pk,
        },
    )
    assert response.status_code == 400
    assert not Match.objects.exists()


def test_the_api_starts_a_match_for_the_callers_club_only(club, alice, charlie):
    body = {"game": "fortyone_exchange", "seats": ["A", "B"], "club": club.pk}
    refused = token_client(charlie).post(reverse("api_matches"), body, format="json")
    assert refused.status_code == 404
    assert not Match.objects.exists()
    made = token_client(alice).post(reverse("api_matches"), body, format="json")
    assert made.status_code == 201
    assert ClubMatch.objects.get().club == club
