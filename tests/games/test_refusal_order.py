"""Permission before state (issue 29): an outsider is told to join first, on
every edge, whether the match is live or ended and whatever the body holds, so
the order of refusals says nothing of the match's state or game."""

import json

import pytest
from django.test import Client

from games import actions
from games.models import Match
from tests.api.conftest import client_for
from tests.conftest import seat, win

pytestmark = pytest.mark.django_db


def ended(match, by):
    win(by, match.pk, 1, seat(match, "Cara").pk)
    actions.end_match(by, match.pk)


def forms(match):
    """Every form a table page posts, with a body that would do for a member."""
    ben, cara = seat(match, "Ben").pk, seat(match, "Cara").pk
    return {
        "record": {"round": 2, "winner": cara},
        "correct": {"round": 1, "winner": ben},
        "dealer": {"seat": ben},
        "end": {},
        "seats/add": {"name": "Eve"},
        "seats/rename": {"seat": ben, "name": "Benno"},
        "seats/release": {"seat": ben},
        "host": {"user": 1},
        "tv/share": {},
    }


BAD_BODIES = {
    "record": {"round": 2, "winner": "²"},
    "correct": {"round": 1, "winner": "9" * 5000},
    "dealer": {"seat": "٣"},
    "seats/rename": {"seat": "-1", "name": "Zed"},
}


@pytest.mark.parametrize("state", ["live", "ended"])
def test_an_outsider_is_refused_403_by_every_form_before_any_state(
    match, bob, charlie, state
):
    if state == "ended":
        ended(match, bob)
    version = Match.objects.get(pk=match.pk).version
    outsider = Client()
    outsider.force_login(charlie)

    answers = {
        path: outsider.post(f"/matches/{match.pk}/{path}/", body).status_code
        for path, body in forms(match).items()
    }

    assert answers == dict.fromkeys(forms(match), 403)
    assert Match.objects.get(pk=match.pk).version == version


@pytest.mark.parametrize("path", sorted(BAD_BODIES))
def test_an_outsider_s_bad_body_is_refused_as_an_outsider_s(match, bob, charlie, path):
    ended(match, bob)
    outsider = Client()
    outsider.force_login(charlie)
    member = Client()
    member.force_login(bob)
    url = f"/matches/{match.pk}/{path}/"

    refused = outsider.post(url, BAD_BODIES[path])
    told = member.post(url, BAD_BODIES[path])

    assert refused.status_code == 403
    assert 'data-code="not_member"' in refused.content.decode()
    # A member hears what is wrong with the body (or that the match ended).
    assert told.status_code in (400, 409)


def test_the_api_refuses_an_outsider_403_on_an_ended_match_whatever_the_body(
    match, bob, charlie
):
    ended(match, bob)
    client = client_for(charlie)

    answers = [
        client.post(
            f"/api/matches/{match.pk}/record/",
            data=json.dumps(body),
            content_type="application/json",
        )
        for body in (
            {"round": 2, "payload": {"winner": seat(match, "Ben").pk}},
            {"round": 2, "payload": {"tricks": {"²": 1}}},
            {"round": "x"},
        )
    ]

    assert [answer.status_code for answer in answers] == [403, 403, 403]
    assert {answer.json()["code"] for answer in answers} == {"not_member"}
    assert all("version" not in answer.json() for answer in answers)


def test_the_actions_tell_an_outsider_to_join_before_the_payload_is_judged(
    match, charlie
):
    from games import errors

    with pytest.raises(errors.NotAMember):
        actions.record(charlie, match.pk, 1, {"tricks": {"²": 4}})
    with pytest.raises(errors.NotAMember):
        actions.correct(charlie, match.pk, 1, {"nonsense": True})
    with pytest.raises(errors.NotAMember):
        actions.record(None, match.pk, 1, {"winner": "x"})
