"""A guest keeps their matches with a username and password, and signs in again."""

import pytest
from django.test import Client

from games import actions
from squarescores.accounts.models import User
from tests.conftest import SEATS

pytestmark = pytest.mark.django_db

PASSWORD = "a table of four friends"


@pytest.fixture
def guest_client():
    client = Client()
    guest = User.create_guest("Cara")
    client.force_login(guest)
    return client, guest


def test_a_guest_keeps_their_account_and_signs_in_elsewhere(guest_client):
    client, guest = guest_client
    match = actions.start_match(guest, "fortyone_exchange", SEATS, host_seat=2).match

    response = client.post(
        "/account/keep/",
        {"username": "cara", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.username == "cara" and not guest.is_guest
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    other_device = Client()
    signed_in = other_device.post(
        "/login/", {"username": "cara", "password": PASSWORD}, follow=True
    )
    assert signed_in.context["user"] == guest
    assert f"/matches/{match.pk}/" in other_device.get("/matches/").content.decode()


def test_it_refuses_a_taken_username_and_changes_nothing(guest_client, alice):
    client, guest = guest_client

    response = client.post(
        "/account/keep/",
        {"username": "ALICE", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 200
    assert "taken" in response.content.decode()
    guest.refresh_from_db()
    assert guest.is_guest


def test_it_refuses_two_different_passwords(guest_client):
    client, guest = guest_client

    response = client.post(
        "/account/keep/",
        {"username": "cara", "password1": PASSWORD, "password2": PASSWORD + "!"},
    )

    assert "differ" in response.content.decode()
    guest.refresh_from_db()
    assert guest.is_guest


def test_it_refuses_a_weak_password(guest_client):
    client, guest = guest_client

    response = client.post(
        "/account/keep/", {"username": "cara", "password1": "1234", "password2": "1234"}
    )

    assert response.status_code == 200
    guest.refresh_from_db()
    assert guest.is_guest


def test_an_account_is_not_asked_to_keep_itself(client, alice):
    client.force_login(alice)

    assert client.get("/account/keep/").status_code == 302


def test_the_pages_offer_what_fits_the_visitor(client, alice):
    assert 'href="/login/"' in client.get("/").content.decode()
    client.force_login(User.create_guest("Dev"))
    assert 'href="/account/keep/"' in client.get("/matches/").content.decode()
    client.force_login(alice)
    assert "Sign out" in client.get("/matches/").content.decode()
