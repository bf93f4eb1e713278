"""A Forty One bid and the tricks that close a round cost the same at round 500
as at round 1: the same queries, the same template renders and the same frame
up to its numbers."""

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

THROWN_IN = (2, 2, 2, 2)
MADE_BIDS, MADE_TRICKS = (4, 3, 2, 2), (4, 3, 2, 4)


def played_to(alice, rounds, open_bids):
    """A table whose open round is ``rounds``, holding ``open_bids`` (Alice's
    first). Every earlier round was thrown in but the last, in which everyone
    made their bid: round 500 shows the same totals as round 3."""

    def cells_of(round, seats):
        if round.number == rounds:
            for s, bid in zip(seats, open_bids, strict=False):
                yield Cell(round=round, seat=s, field="bid", value=bid)
        elif round.number == rounds - 1:
            for s, bid, tricks in zip(seats, MADE_BIDS, MADE_TRICKS, strict=True):
                yield Cell(round=round, seat=s, field="bid", value=bid)
                yield Cell(round=round, seat=s, field="tricks", value=tricks)
        else:
            for s in seats:
                yield Cell(round=round, seat=s, field="bid", value=2)

    return written_to(alice, "forty_one", rounds, cells_of)


def ben_bids(actor, match_id, number, ben_id):
    actions.record(actor, match_id, number, {"bid": {"seat": ben_id, "value": 3}})


def tricks_close(actor, match_id, number, ben_id):
    """Everyone makes their bid: Ben takes 3 of his 3."""
    tricks = dict(zip(map(str, seat_ids(match_id)), (4, 3, 2, 4), strict=True))
    actions.record(actor, match_id, number, {"tricks": tricks})


async def test_a_bid_at_round_500_costs_what_it_costs_at_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1, (4,))
    third = await database_sync_to_async(played_to)(alice, 3, (4,))
    late = await database_sync_to_async(played_to)(alice, 500, (4,))

    one = await push_of_tap(first, alice, 1, ben_bids)
    three = await push_of_tap(third, alice, 3, ben_bids)
    later = await push_of_tap(late, alice, 500, ben_bids)

    # Round 1 has no throw-in or score before it to show, so the frame is
    # compared from round 3 (one throw-in, one played round) on.
    assert cost(one) == cost(later)
    measured("Forty One bid", three, later)
    assert "bids 7 of at least 11" in later[2]


async def test_the_tricks_at_round_500_cost_what_they_cost_at_round_1(alice):
    bids = (4, 3, 2, 2)
    first = await database_sync_to_async(played_to)(alice, 1, bids)
    third = await database_sync_to_async(played_to)(alice, 3, bids)
    late = await database_sync_to_async(played_to)(alice, 500, bids)

    one = await push_of_tap(first, alice, 1, tricks_close)
    three = await push_of_tap(third, alice, 3, tricks_close)
    later = await push_of_tap(late, alice, 500, tricks_close)

    assert cost(one) == cost(later)
    measured("Forty One tricks", three, later)
    assert "Alice +4 · Ben +3 · Cara +2 · Dev +2" in str(json.loads(later[2]))


def test_the_page_and_snapshot_cost_the_same_at_round_500(alice):
    small = played_to(alice, 4, (4, 3))
    big = played_to(alice, 500, (4, 3))

    assert page_and_snapshot_queries(small, alice) == page_and_snapshot_queries(
        big, alice
    )
