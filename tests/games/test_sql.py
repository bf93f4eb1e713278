"""The write path's hand-written SQL (games/actions/sql.py) stores and reads what the
ORM stores and reads, and the database's constraints still guard what it writes.

Run on SQLite and, with DATABASE_URL, on PostgreSQL (``make test`` does both).
"""

import datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import errors
from games.actions import sql
from games.bounds import CELL_MIN
from games.models import Cell, Event, Match, Round, Seat
from tests.conftest import seat

pytestmark = pytest.mark.django_db

# A transaction's own statements: BEGIN, or the savepoints of the test's
# transaction around the one under test.
CONTROL = ("BEGIN", "SAVEPOINT", "RELEASE SAVEPOINT")


def fields(instance):
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.fields}


def test_the_lock_reads_the_match_as_the_orm_does(match, bob):
    Match.objects.filter(pk=match.pk).update(
        standings={"seats": [], "rounds": 0}, options={"lives": 3}
    )
    before = Match.objects.get(pk=match.pk)

    locked = sql.lock_match(match.pk, Match.Status.LIVE, member_id=bob.pk)

    assert fields(locked) == {**fields(before), "version": before.version + 1}
    assert Match.objects.get(pk=match.pk).version == before.version + 1
    assert isinstance(locked.created_at, datetime.datetime)
    assert locked.created_at.tzinfo is not None


def test_the_lock_takes_no_outsider_and_no_ended_match(match, bob, charlie):
    version = Match.objects.get(pk=match.pk).version

    assert sql.lock_match(match.pk, Match.Status.LIVE, member_id=charlie.pk) is None
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ENDED)
    assert sql.lock_match(match.pk, Match.Status.LIVE, member_id=bob.pk) is None
    assert Match.objects.get(pk=match.pk).version == version


def test_the_lock_takes_a_decided_match_only_when_asked(match):
    Match.objects.filter(pk=match.pk).update(status=Match.Status.DECIDED)

    assert sql.lock_match(match.pk, Match.Status.LIVE) is None
    assert sql.lock_match(match.pk, Match.Status.LIVE, decided_too=True) is not None


def test_the_correction_lock_takes_no_match_a_member_ended(match):
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ENDED)

    assert sql.lock_match(match.pk, Match.Status.LIVE, decided_too=True) is None


def test_the_seats_read_as_the_orm_reads_them_in_seat_order(match):
    expected = [fields(s) for s in Seat.objects.filter(match=match)]

    assert [fields(s) for s in sql.seats(match.pk)] == expected
    assert [s["position"] for s in expected] == sorted(s["position"] for s in expected)


def test_the_seats_the_open_round_and_its_values_read_as_the_orm_reads_them(match):
    round = Round.objects.get(match=match, number=1)
    ben, cara = seat(match, "Ben"), seat(match, "Cara")
    Cell.objects.create(round=round, seat=ben, field="bid", value=3)
    Cell.objects.create(round=round, seat=ben, value=0)
    Cell.objects.create(round=round, seat=cara, value=1)
    expected = [fields(s) for s in Seat.objects.filter(match=match)]

    seats, read, values = sql.seats_and_round(match.pk, 1)

    # A seat with two cells still comes once, in its place.
    assert [fields(s) for s in seats] == expected
    assert fields(read) == fields(round)
    assert values == {"bid": {ben.pk: 3}, "": {ben.pk: 0, cara.pk: 1}}


def test_a_round_the_match_does_not_have_reads_as_none_beside_its_seats(match):
    expected = [fields(s) for s in Seat.objects.filter(match=match)]

    seats, read, values = sql.seats_and_round(match.pk, 2)

    assert [fields(s) for s in seats] == expected
    assert (read, values) == (None, {})


def test_a_closed_round_is_stored_as_the_orm_would_store_it(match, bob):
    round = Round.objects.get(match=match, number=1)
    ben = seat(match, "Ben")

    sql.update_round(round, "won", ben.pk, "", closing=True, by=bob.pk)

    stored = Round.objects.get(pk=round.pk)
    assert fields(stored) == fields(round)
    assert (stored.status, stored.winner_id, stored.closed_by_id) == (
        "won",
        ben.pk,
        bob.pk,
    )
    # The stored timestamp compares as a timestamp, not as text.
    assert Round.objects.filter(closed_at__lte=timezone.now(), pk=round.pk).exists()


def test_a_round_that_moved_meanwhile_is_not_updated(match, bob):
    round = Round.objects.get(match=match, number=1)
    stale = Round.objects.get(pk=round.pk)
    ben = seat(match, "Ben")
    sql.update_round(round, "won", ben.pk, "", closing=True, by=bob.pk)

    with pytest.raises(errors.RoundClosed):
        sql.update_round(stale, "draw", None, "", closing=True, by=bob.pk)
    assert Round.objects.get(pk=round.pk).status == "won"


def test_a_round_cannot_be_won_without_a_winner(match, bob):
    round = Round.objects.get(match=match, number=1)

    with pytest.raises(IntegrityError), transaction.atomic():
        sql.update_round(round, "won", None, "", closing=True, by=bob.pk)


def test_cells_are_written_in_one_statement_and_read_back(match):
    round = Round.objects.get(match=match, number=1)
    ben, cara = seat(match, "Ben"), seat(match, "Cara")

    sql.insert_cells(round.pk, [(ben.pk, "", 1), (cara.pk, "tricks", 7)])

    stored = {(c.seat_id, c.field): c.value for c in Cell.objects.filter(round=round)}
    assert stored == {(ben.pk, ""): 1, (cara.pk, "tricks"): 7}


@pytest.mark.parametrize(
    "cell",
    [
        pytest.param(lambda ben: (ben, "", CELL_MIN - 1), id="past the range"),
        pytest.param(lambda ben: (ben, "", 1), id="twice"),
    ],
)
def test_a_cell_the_constraints_refuse_is_refused(match, cell):
    round = Round.objects.get(match=match, number=1)
    ben = seat(match, "Ben").pk
    sql.insert_cells(round.pk, [(ben, "", 1)])

    with pytest.raises(IntegrityError), transaction.atomic():
        sql.insert_cells(round.pk, [cell(ben)])


@pytest.mark.django_db(transaction=True)
def test_a_cell_of_no_seat_is_refused_at_commit(match):
    # Foreign keys are checked when the transaction commits, as for the ORM's rows.
    round = Round.objects.get(match=match, number=1)

    with pytest.raises(IntegrityError), transaction.atomic():
        sql.insert_cells(round.pk, [(999_999, "", 1)])
    assert not Cell.objects.filter(round=round).exists()


def test_the_standings_are_stored_as_json(match):
    data = {"seats": [{"seat": 1, "lives": None, "fate": "in"}], "rounds": 2}

    sql.save_standings(match, data)

    assert Match.objects.get(pk=match.pk).standings == data
    assert match.standings == data
    assert Match.objects.filter(pk=match.pk, standings__rounds=2).exists()


def test_a_round_opened_here_reads_back_as_the_orm_reads_it(match):
    Round.objects.filter(match=match).update(status="draw")
    dealer = seat(match, "Cara")

    opened = sql.open_round(match.pk, 2, dealer.pk)
    assert opened.pk is not None

    assert fields(Round.objects.get(pk=opened.pk)) == fields(opened)
    assert (opened.number, opened.status, opened.dealer_id, opened.note) == (
        2,
        "open",
        dealer.pk,
        "",
    )


def test_a_second_open_round_is_refused(match):
    with pytest.raises(IntegrityError), transaction.atomic():
        sql.open_round(match.pk, 2, None)


def test_an_event_appended_here_reads_back_as_the_orm_reads_it(match, bob):
    match.version += 1
    before, after = {"round": 1, "winner": None}, {"round": 1, "note": "Ben wins ✓"}

    event = sql.append_event(match, Event.Kind.ROUND_WON, bob, before, after, "k-1")

    stored = Event.objects.get(pk=event.pk)
    assert fields(stored) == fields(event)
    assert (stored.before, stored.after) == (before, after)
    assert Event.objects.filter(pk=event.pk, after__note="Ben wins ✓").exists()


def test_a_key_its_sender_used_in_the_match_is_refused(match, bob):
    match.version += 1
    sql.append_event(match, Event.Kind.ROUND_WON, bob, {}, {}, "k-1")
    match.version += 1

    with pytest.raises(IntegrityError), transaction.atomic():
        sql.append_event(match, Event.Kind.ROUND_WON, bob, {}, {}, "k-1")


def test_two_events_of_one_version_are_refused(match, bob):
    match.version += 1
    sql.append_event(match, Event.Kind.ROUND_WON, bob, {}, {}, None)

    with pytest.raises(IntegrityError), transaction.atomic():
        sql.append_event(match, Event.Kind.ROUND_WON, bob, {}, {}, None)


def close_and_open(match, bob, round, key="k-1"):
    """What a record writes: cells, the closed round, the standings, the next
    round and the event (Ben's seat read first)."""
    ben = match.ben
    sql.insert_cells(round.pk, [(ben.pk, "", 1)])
    sql.update_round(round, "won", ben.pk, "", closing=True, by=bob.pk)
    sql.save_standings(match, {"seats": [], "rounds": 1})
    opened = sql.open_round(match.pk, round.number + 1, ben.pk)
    match.version += 1
    event = sql.append_event(match, Event.Kind.ROUND_WON, bob, {}, {"n": 1}, key)
    return opened, event


def test_a_changes_writes_sent_together_store_what_they_store_one_by_one(match, bob):
    round = Round.objects.get(match=match, number=1)
    match.ben = seat(match, "Ben")

    with (
        CaptureQueriesContext(connection) as queries,
        transaction.atomic(),
        sql.deferred(),
    ):
        opened, event = close_and_open(match, bob, round)

    sent = [q["sql"] for q in queries if not q["sql"].startswith(CONTROL)]
    assert len(sent) == (1 if connection.vendor == "postgresql" else 5)
    assert fields(Round.objects.get(pk=round.pk)) == fields(round)
    assert fields(Round.objects.get(pk=opened.pk)) == fields(opened)
    assert fields(Event.objects.get(pk=event.pk)) == fields(event)
    assert Match.objects.get(pk=match.pk).standings == {"seats": [], "rounds": 1}
    assert Cell.objects.filter(round=round).count() == 1


def test_a_write_waiting_is_sent_before_any_other_statement(match, bob):
    round = Round.objects.get(match=match, number=1)

    with transaction.atomic(), sql.deferred():
        sql.update_round(round, "draw", None, "", closing=True, by=bob.pk)
        # An ORM read sees the write made before it.
        assert Round.objects.get(pk=round.pk).status == "draw"
        opened = sql.open_round(match.pk, 2, None)
        assert Round.objects.filter(match=match, status="open").get().pk == opened.pk


def test_a_round_that_moved_refuses_the_writes_sent_with_it(match, bob):
    round = Round.objects.get(match=match, number=1)
    stale = Round.objects.get(pk=round.pk)
    Round.objects.filter(pk=round.pk).update(status="draw")

    match.ben = seat(match, "Ben")

    with pytest.raises(errors.RoundClosed), transaction.atomic(), sql.deferred():
        close_and_open(match, bob, stale)

    assert (
        not Event.objects.filter(match=match)
        .exclude(kind="match_started")
        .filter(idempotency_key="k-1")
        .exists()
    )
    assert not Round.objects.filter(match=match, number=2).exists()


def test_a_replayed_key_refuses_the_writes_sent_with_it(match, bob):
    round = Round.objects.get(match=match, number=1)
    match.version += 1
    sql.append_event(match, Event.Kind.ROUND_WON, bob, {}, {}, "k-1")
    match.ben = seat(match, "Ben")

    with pytest.raises(IntegrityError), transaction.atomic(), sql.deferred():
        close_and_open(match, bob, round, key="k-1")

    assert Round.objects.get(pk=round.pk).status == "open"
    assert not Round.objects.filter(match=match, number=2).exists()
