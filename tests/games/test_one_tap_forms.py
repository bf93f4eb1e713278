"""One tap, one round without JavaScript: the entry form carries the round it
was drawn with and its key, so a double submit can never record the next round."""

import pytest
from django.test import Client

from games.models import Round
from tests.conftest import seat

pytestmark = pytest.mark.django_db


def test_a_double_submit_of_one_form_records_one_round(match, bob):
    client = Client()
    client.force_login(bob)
    form = {"round": 1, "winner": seat(match, "Cara").pk, "key": "drawn-with-the-page"}

    first = client.post(f"/matches/{match.pk}/record/", form)
    second = client.post(f"/matches/{match.pk}/record/", form)

    # The same key is the same record: the second post gets the first answer.
    assert first.status_code == second.status_code == 302
    assert Round.objects.filter(match=match).exclude(status="open").count() == 1


def test_a_second_post_for_a_closed_round_is_refused_not_moved_on(match, bob):
    client = Client()
    client.force_login(bob)
    url = f"/matches/{match.pk}/record/"
    cara = seat(match, "Cara").pk

    client.post(url, {"round": 1, "winner": cara, "key": "a"})
    again = client.post(url, {"round": 1, "winner": cara, "key": "b"})

    assert again.status_code == 409
    assert Round.objects.filter(match=match).exclude(status="open").count() == 1
    assert Round.objects.get(match=match, status="open").number == 2
