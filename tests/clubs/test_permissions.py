"""Who sees and changes what, on every club page and endpoint: the admin, a
member, an outsider, a member who left and one an admin removed; the API by
token and by session alike."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from squarescores.clubs import actions as clubs
from tests.conftest import make_user

from .table import club_match, end, win

ROLES = ["admin", "member", "outsider", "left", "removed"]
READ = {"admin": 200, "member": 200, "outsider": 404, "left": 404, "removed": 404}
ADMIN = {"admin": 200, "member": 403, "outsider": 404, "left": 404, "removed": 404}


@pytest.fixture
def cast(club, alice, bob, charlie):
    """Each role's user, and a finished club match of alice and bob."""
    erin, fred = make_user("erin", "Erin"), make_user("fred", "Fred")
    token = clubs.make_invite(alice, club.pk).token
    for user in (erin, fred):
        clubs.join_club(user, token)
    clubs.leave_club(erin, club.pk)
    clubs.remove_member(alice, club.pk, club.members.get(user=fred).pk)
    match = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
    win(alice, match, "Ben")
    end(alice, match)
    users = {
        "admin": alice,
        "member": bob,
        "outsider": charlie,
        "left": erin,
        "removed": fred,
    }
    return users, match


def session_for(user):
    client = Client()
    client.force_login(user)
    return client


def api_for(user, how):
    client = APIClient()
    if how == "token":
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    else:
        client.force_login(user)
    return client


def pages(club, bob_member, match):
    return {
        "club": reverse("club", args=[club.pk]),
        "member": reverse("club_member", args=[club.pk, bob_member]),
        "export": reverse("club_export", args=[club.pk]),
    }


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", ["club", "member", "export"])
def test_only_members_see_a_clubs_pages(cast, club, role, page):
    users, match = cast
    bob_member = club.members.get(user=users["member"]).pk
    url = pages(club, bob_member, match)[page]
    response = session_for(users[role]).get(url)
    assert response.status_code == READ[role]
    if response.status_code != 200:
        assert club.name.encode() not in response.content


@pytest.mark.parametrize("role", ROLES)
def test_only_the_host_who_is_a_member_links_seats(cast, club, role):
    users, match = cast
    url = reverse("club_link_seats", args=[club.pk, match.pk])
    expected = {"admin": 200, "member": 403}.get(role, 404)
    assert session_for(users[role]).get(url).status_code == expected


@pytest.mark.parametrize("role", ROLES)
def test_only_admins_rename_a_club(cast, club, role):
    users, _match = cast
    response = session_for(users[role]).post(
        reverse("club_rename", args=[club.pk]), {"name": "Friday table"}
    )
    club.refresh_from_db()
    renamed = club.name == "Friday table"
    assert renamed == (role == "admin")
    assert response.status_code == (302 if role == "admin" else ADMIN[role])


@pytest.mark.parametrize("role", ROLES)
def test_only_admins_make_and_revoke_invites(cast, club, role):
    users, _match = cast
    client = session_for(users[role])
    before = club.invites.filter(revoked_at=None).count()
    response = client.post(reverse("club_invite", args=[club.pk]))
    after = club.invites.filter(revoked_at=None).count()
    assert (after == before + 1) == (role == "admin")
    assert response.status_code == (302 if role == "admin" else ADMIN[role])
    invite = club.invites.filter(revoked_at=None).first()
    response = client.post(reverse("club_invite_revoke", args=[club.pk, invite.pk]))
    invite.refresh_from_db()
    assert (invite.revoked_at is not None) == (role == "admin")


@pytest.mark.parametrize("role", ROLES)
def test_only_admins_remove_members(cast, club, role):
    users, _match = cast
    target = club.members.get(user=users["member"])
    if role == "member":
        target = club.members.get(user=users["admin"])
    response = session_for(users[role]).post(
        reverse("club_member_remove", args=[club.pk, target.pk])
    )
    target.refresh_from_db()
    assert (target.status == "removed") == (role == "admin")
    assert response.status_code == (302 if role == "admin" else ADMIN[role])


def test_a_member_who_leaves_keeps_their_name_on_the_board(cast, club):
    users, _match = cast
    response = session_for(users["member"]).post(reverse("club_leave", args=[club.pk]))
    assert response.status_code == 302
    page = session_for(users["admin"]).get(reverse("club", args=[club.pk]))
    assert b'data-member="Ben"' in page.content
    assert (
        session_for(users["member"]).get(reverse("club", args=[club.pk])).status_code
        == 404
    )


API_READS = ["api_club", "api_club_members", "api_club_leaderboard", "api_club_export"]


@pytest.mark.parametrize("how", ["token", "session"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", [*API_READS, "api_club_member"])
def test_only_members_read_a_club_by_api(cast, club, role, how, name):
    users, _match = cast
    args = [club.pk]
    if name == "api_club_member":
        args.append(club.members.get(user=users["member"]).pk)
    response = api_for(users[role], how).get(reverse(name, args=args))
    assert response.status_code == READ[role]
    if response.status_code == 404:
        assert response.json()["code"] == "club_not_found"


@pytest.mark.parametrize("how", ["token", "session"])
@pytest.mark.parametrize("role", ROLES)
def test_only_admins_change_a_club_by_api(cast, club, role, how):
    users, _match = cast
    client = api_for(users[role], how)
    rename = client.post(
        reverse("api_club_rename", args=[club.pk]), {"name": "X"}, format="json"
    )
    invites = client.get(reverse("api_club_invites", args=[club.pk]))
    made = client.post(reverse("api_club_invites", args=[club.pk]))
    assert rename.status_code == ADMIN[role]
    assert invites.status_code == ADMIN[role]
    assert made.status_code == {200: 201}.get(ADMIN[role], ADMIN[role])


def test_without_credentials_the_api_answers_401(cast, club):
    response = APIClient().get(reverse("api_club", args=[club.pk]))
    assert response.status_code == 401
