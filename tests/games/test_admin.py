"""The admin shows a match's data and changes none of it: a change made there would
skip the version, the event and the push that the actions make."""

import pytest
from django.urls import reverse

from games.models import Cell, Event, Match, Round
from squarescores.accounts.models import User


@pytest.fixture
def staff_client(client, db):
    root = User.objects.create_superuser("root", "root@example.com", "long pass 42")
    client.force_login(root)
    return client


def state(match):
    match.refresh_from_db()
    return (
        match.status,
        match.version,
        Event.objects.filter(match=match).count(),
        list(match.seats.values_list("name", "claimed_by")),
        list(Round.objects.filter(match=match).values_list("number", "status")),
        list(Cell.objects.filter(round__match=match).values_list("value", flat=True)),
    )


def admin_url(model, action, *args):
    meta = model._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{action}", args=args)


def test_the_admin_shows_a_match_its_rounds_and_events(staff_client, match):
    round = match.rounds.get()
    pages = [
        admin_url(Match, "changelist"),
        admin_url(Match, "change", match.pk),
        admin_url(Round, "change", round.pk),
        admin_url(Event, "change", match.events.first().pk),
    ]

    answers = [staff_client.get(url) for url in pages]

    assert [a.status_code for a in answers] == [200, 200, 200, 200]
    assert match.code in answers[1].content.decode()
    assert 'name="_save"' not in answers[1].content.decode()


def test_the_admin_cannot_change_a_matchs_status_version_or_seats(staff_client, match):
    before = state(match)
    seat = match.seats.first()

    answer = staff_client.post(
        admin_url(Match, "change", match.pk),
        {
            "game": match.game,
            "status": "ended",
            "version": "99",
            "code": match.code,
            "host": match.host_id,
            "seats-TOTAL_FORMS": "1",
            "seats-INITIAL_FORMS": "1",
            "seats-0-id": seat.pk,
            "seats-0-match": match.pk,
            "seats-0-name": "Mallory",
            "seats-0-position": "0",
        },
    )

    assert answer.status_code == 403
    assert state(match) == before


def test_the_admin_cannot_change_a_round_or_its_cells(staff_client, match):
    round = match.rounds.get()
    before = state(match)

    answer = staff_client.post(
        admin_url(Round, "change", round.pk),
        {"match": match.pk, "number": "7", "status": "won", "winner": ""},
    )

    assert answer.status_code == 403
    assert state(match) == before


@pytest.mark.parametrize("model", [Match, Round, Event])
def test_the_admin_can_neither_add_nor_delete_match_data(staff_client, match, model):
    obj = model.objects.filter(**({"pk": match.pk} if model is Match else {})).first()
    before = state(match)

    added = staff_client.post(admin_url(model, "add"), {})
    deleted = staff_client.post(admin_url(model, "delete", obj.pk), {"post": "yes"})

    assert added.status_code == 403
    assert deleted.status_code == 403
    assert state(match) == before
