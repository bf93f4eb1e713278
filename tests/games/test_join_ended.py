"""An ended match's join link says it has ended instead of offering a join form."""

import pytest
from django.test import Client

from games import actions
from games.models import Membership
from squarescores.accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture
def ended(match, alice):
    actions.end_match(alice, match.pk)
    match.refresh_from_db()
    return match


def test_an_ended_match_says_so_to_a_visitor_with_no_form(ended):
    response = Client().get(f"/j/{ended.code}/")

    html = response.content.decode()
    assert response.status_code == 200
    assert f'Match <span class="code-inline">{ended.code}</span> has ended' in html
    assert "<form" not in html.split('id="main"')[1]
    assert f"/matches/{ended.pk}/history/" not in html


def test_a_member_gets_a_link_to_its_history(ended, bob):
    client = Client()
    client.force_login(bob)

    response = client.get(f"/j/{ended.code}/")

    assert response.status_code == 200
    assert f'href="/matches/{ended.pk}/history/"' in response.content.decode()


def test_joining_an_ended_match_is_refused_and_changes_nothing(ended):
    users, members = User.objects.count(), Membership.objects.count()

    response = Client().post(f"/j/{ended.code}/", {"name": "Eve"})

    assert response.status_code == 409
    assert "has ended" in response.content.decode()
    assert (User.objects.count(), Membership.objects.count()) == (users, members)
    assert not ended.seats.filter(name="Eve").exists()


def test_a_live_match_still_offers_its_seats(match):
    response = Client().get(f"/j/{match.code}/")

    assert "I am Cara" in response.content.decode()
