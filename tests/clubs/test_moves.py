"""A guest moves to another phone with a one-time code, without a password."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from squarescores.accounts.models import User
from squarescores.clubs.models import MoveCode


def phone(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def whose(client):
    return client.get(reverse("club_list")).wsgi_request.user


def test_a_guest_moves_to_a_second_phone_with_a_one_time_code(db):
    first = phone(User.create_guest("Zoë"))
    first.post(reverse("move_start"))
    code = MoveCode.objects.get()
    assert first.get(reverse("move_qr", args=[code.token])).status_code == 200
    second = phone()
    url = reverse("move_here", args=[code.token])
    assert b"Zo" in second.get(url).content
    assert second.post(url).status_code == 302
    assert whose(second).pk == code.user_id
    # Used up: a third phone gets nothing.
    assert phone().post(url).status_code == 404


def test_an_old_code_or_a_guess_signs_nobody_in(alice):
    phone(alice).post(reverse("move_start"))
    code = MoveCode.objects.get()
    MoveCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    other = phone()
    assert other.post(reverse("move_here", args=[code.token])).status_code == 404
    assert other.post(reverse("move_here", args=["guess"])).status_code == 404
    assert not whose(other).is_authenticated


def test_a_new_code_retires_the_last_one(alice):
    first = phone(alice)
    first.post(reverse("move_start"))
    first.post(reverse("move_start"))
    old, new = MoveCode.objects.order_by("id")
    assert phone().post(reverse("move_here", args=[old.token])).status_code == 404
    assert phone().post(reverse("move_here", args=[new.token])).status_code == 302


def test_guessing_codes_is_limited(settings, db, clear_of_a_window_edge):
    settings.JOIN_CODE_GUESSES = 2
    client = phone()
    for guess in ["aa", "bb"]:
        client.get(reverse("move_here", args=[guess]))
    assert client.get(reverse("move_here", args=["cc"])).status_code == 429


def test_only_the_phone_that_made_a_code_shows_its_qr(alice, bob):
    phone(alice).post(reverse("move_start"))
    code = MoveCode.objects.get()
    assert phone(bob).get(reverse("move_qr", args=[code.token])).status_code == 404
