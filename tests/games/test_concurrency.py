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
