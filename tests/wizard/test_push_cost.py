"""A Wizard bid and the tricks that close a round cost the same in the last
round as in round 1: the same queries, the same template renders and the same
frame up to its numbers. (Sixty cards make 15 rounds for four players.)"""

import json

import pytest
from channels.db import database_sync_to_async

from games import actions
from games.models import Cell
from tests.games.test_push_cost import (
    cost,
    fresh_layers,  # noqa: F401 (an autouse fixture)
    measured,
    page_and_snapshot_queries,
    push_of_tap,
    seat_ids,
    written_to,
)

pytestmark = pytest.mark.django_db(transaction=True)


def played_to(alice, rounds, open_bids):
    """A table whose open round is ``rounds``, holding ``open_bids`` (Alice's
    first). In every earlier round everyone bid 0 and Dev took every trick, so
    the totals keep their signs from round 3 on."""

    def cells_of(round, seats):
        if round.number == rounds:
            for s, bid in zip(seats, open_bids, strict=False):
                yield Cell(round=round, seat=s, field="bid", value=bid)
            return
        for s in seats:
            took = round.number if s == seats[3] else 0
            yield Cell(round=round, seat=s, field="bid", value=0)
            yield Cell(round=round, seat=s, field="tricks", value=took)

    return written_to(alice, "wizard", rounds, cells_of)


def ben_bids(actor, match_id, number, ben_id):
    actions.record(actor, match_id, number, {"call": {"seat": ben_id, "value": 1}})


def tricks_close(actor, match_id, number, ben_id):
    """Ben takes one trick, Alice the rest."""
    ids = map(str, seat_ids(match_id))
    tricks = dict(zip(ids, (number - 1, 1, 0, 0), strict=True))
    actions.record(actor, match_id, number, {"taken": tricks})


async def test_a_bid_in_the_last_round_costs_what_it_costs_in_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1, (0,))
    third = await database_sync_to_async(played_to)(alice, 3, (0,))
    last = await database_sync_to_async(played_to)(alice, 15, (0,))

    one = await push_of_tap(first, alice, 1, ben_bids)
    three = await push_of_tap(third, alice, 3, ben_bids)
    later = await push_of_tap(last, alice, 15, ben_bids)

    assert cost(one) == cost(later)
    measured("Wizard bid", three, later)


async def test_the_tricks_in_round_14_cost_what_they_cost_in_round_2(alice):
    bids = (1, 1, 0, 0)
    second = await database_sync_to_async(played_to)(alice, 2, bids)
    third = await database_sync_to_async(played_to)(alice, 3, bids)
    late = await database_sync_to_async(played_to)(alice, 14, bids)

    two = await push_of_tap(second, alice, 2, tricks_close)
    three = await push_of_tap(third, alice, 3, tricks_close)
    later = await push_of_tap(late, alice, 14, tricks_close)

    assert cost(two) == cost(later)
    measured("Wizard tricks", three, later)
    assert "Ben +30" in str(json.loads(later[2]))


def test_the_page_and_snapshot_cost_the_same_in_the_last_round(alice):
    small = played_to(alice, 3, (0, 1))
    big = played_to(alice, 15, (0, 1))

    assert page_and_snapshot_queries(small, alice) == page_and_snapshot_queries(
        big, alice
    )
