"""Two phones tap different winners of one open round at the same moment.

Each thread has its own database connection, as two server workers would. The
first commit wins; the other is refused as round closed, and the sheet stays whole.
"""

import threading

import pytest
from django.db import connection

from games import actions, errors
from games.models import Event, Match, Round
from tests.conftest import win

pytestmark = pytest.mark.django_db(transaction=True)

RACES = 25


def race(*calls):
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as error:
            outcomes[index] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(index, call))
        for index, call in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_two_simultaneous_taps_close_the_round_once(match, alice, bob):
    ben, cara = (match.seats.get(name=name).pk for name in ("Ben", "Cara"))

    for number in range(1, RACES + 1):
        outcomes = race(
            lambda n=number: win(alice, match.pk, n, ben),
            lambda n=number: win(bob, match.pk, n, cara),
        )

        won = [o for o in outcomes if isinstance(o, actions.Result)]
        refused = [o for o in outcomes if isinstance(o, errors.RoundClosed)]
        assert len(won) == 1, outcomes
        assert len(refused) == 1, outcomes

    numbers = list(Round.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, RACES + 2))
    assert Round.objects.filter(match=match, status="won").count() == RACES
    assert Round.objects.filter(match=match, status="open").count() == 1
    version = Match.objects.get(pk=match.pk).version
    assert Event.objects.filter(match=match).count() == version
    assert Event.objects.filter(match=match, kind="round_won").count() == RACES


def test_a_double_tap_with_one_key_applies_once(match, bob):
    ben = match.seats.get(name="Ben").pk

    for number in range(1, 11):
        key = f"double-{number}"
        outcomes = race(
            lambda n=number, k=key: win(bob, match.pk, n, ben, key=k),
            lambda n=number, k=key: win(bob, match.pk, n, ben, key=k),
        )

        assert all(isinstance(o, actions.Result) for o in outcomes), outcomes
        assert outcomes[0].event.pk == outcomes[1].event.pk
        assert sorted(o.replayed for o in outcomes) == [False, True]

    assert Round.objects.filter(match=match).count() == 11


def test_two_phones_undoing_one_round_at_once_reopen_it_once(match, alice, bob):
    cara = match.seats.get(name="Cara").pk

    for _ in range(10):
        win(bob, match.pk, 1, cara)
        outcomes = race(
            lambda: actions.undo_round(alice, match.pk, 1),
            lambda: actions.undo_round(bob, match.pk, 1),
        )

        undone = [o for o in outcomes if isinstance(o, actions.Result)]
        refused = [o for o in outcomes if isinstance(o, errors.NothingToUndo)]
        assert (len(undone), len(refused)) == (1, 1), outcomes
        rounds = list(Round.objects.filter(match=match).values_list("number", "status"))
        assert rounds == [(1, "open")]

    version = Match.objects.get(pk=match.pk).version
    assert Event.objects.filter(match=match).count() == version
    assert Event.objects.filter(match=match, kind="round_undone").count() == 10


def test_an_undo_racing_the_next_record_leaves_one_of_them(match, alice, bob):
    ben, cara = (match.seats.get(name=name).pk for name in ("Ben", "Cara"))

    for _ in range(10):
        win(bob, match.pk, 1, cara)
        outcomes = race(
            lambda: actions.undo_round(bob, match.pk, 1),
            lambda: win(alice, match.pk, 2, ben),
        )

        done = [o for o in outcomes if isinstance(o, actions.Result)]
        assert len(done) == 1, outcomes
        rounds = list(Round.objects.filter(match=match).values_list("number", "status"))
        if done[0].event.kind == "round_undone":
            assert isinstance(outcomes[1], errors.RoundNotFound | errors.RoundClosed)
            assert rounds == [(1, "open")]
        else:
            assert isinstance(outcomes[0], errors.LaterRecord)
            assert rounds == [(1, "won"), (2, "won"), (3, "open")]
            # Start again from round 1 for the next race.
            Round.objects.filter(match=match).delete()
            Match.objects.filter(pk=match.pk).update(standings=None)
            Round.objects.create(match=match, number=1, status="open")


def test_two_voids_of_one_round_at_once_void_it_once(match, alice):
    cara = match.seats.get(name="Cara").pk
    win(alice, match.pk, 1, cara)

    outcomes = race(
        lambda: actions.void_round(alice, match.pk, 1),
        lambda: actions.void_round(alice, match.pk, 1),
    )

    assert sorted(type(o).__name__ for o in outcomes) == ["NoChange", "Result"]
    assert Event.objects.filter(match=match, kind="round_voided").count() == 1
