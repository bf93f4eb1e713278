"""The database itself refuses what the actions never write."""

import pytest
from django.db import IntegrityError, transaction

from games import actions
from games.bounds import CELL_MIN
from games.models import Cell, Event, Round

pytestmark = pytest.mark.django_db


def refused(create):
    with pytest.raises(IntegrityError), transaction.atomic():
        create()


def test_a_match_has_at_most_one_open_round(match):
    refused(lambda: Round.objects.create(match=match, number=2))


def test_round_numbers_are_unique_per_match(match):
    Round.objects.filter(match=match).update(status="draw")
    refused(lambda: Round.objects.create(match=match, number=1, status="draw"))


def test_a_won_round_has_a_winner(match):
    refused(lambda: Round.objects.filter(match=match).update(status="won"))


def test_a_seat_has_one_cell_per_round(match):
    round = match.rounds.get()
    ben = match.seats.get(name="Ben")
    Cell.objects.create(round=round, seat=ben, value=0)
    refused(lambda: Cell.objects.create(round=round, seat=ben, value=1))


def test_a_cell_may_be_negative_within_the_columns_range(match):
    round = match.rounds.get()
    ben = match.seats.get(name="Ben")
    Cell.objects.create(round=round, seat=ben, value=CELL_MIN)

    assert Cell.objects.get(round=round, seat=ben).value == CELL_MIN


def test_a_cell_past_the_columns_range_is_refused(match):
    round = match.rounds.get()
    ben = match.seats.get(name="Ben")
    refused(lambda: Cell.objects.create(round=round, seat=ben, value=CELL_MIN - 1))


def key_event(match, actor, version, kind="round_won", key="k"):
    return Event.objects.create(
        match=match, actor=actor, version=version, kind=kind, idempotency_key=key
    )


def test_an_idempotency_key_is_used_once_per_match_and_sender(match, bob):
    key_event(match, bob, 50)
    refused(lambda: key_event(match, bob, 51))


def test_another_sender_may_use_the_same_key(match, alice, bob):
    key_event(match, bob, 50)
    key_event(match, alice, 51)

    assert match.events.filter(idempotency_key="k").count() == 2


def test_a_start_key_is_used_once_per_sender_across_matches(match, alice, bob):
    other = actions.start_match(bob, "fortyone_exchange", ["A", "B"]).match
    key_event(match, alice, 50, kind="match_started")
    refused(lambda: key_event(other, alice, 50, kind="match_started"))


def test_an_event_version_is_unique_per_match(match):
    refused(lambda: Event.objects.create(match=match, version=1, kind="round_won"))
