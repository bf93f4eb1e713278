"""A Points score and the whole round that closes it cost the same at round 500
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

LAST = (4, -3, 2, 1)


def played_to(alice, rounds):
    """A table whose open round is ``rounds``: every earlier round scored 0 all
    round but the last, which scored ``LAST``, so round 500 shows the same totals
    as round 3."""

    def cells_of(round, seats):
        if round.number < rounds:
            played = round.number == rounds - 1
            for s, value in zip(seats, LAST, strict=True):
                yield Cell(round=round, seat=s, value=value if played else 0)

    return written_to(alice, "points", rounds, cells_of, {"end": "open"})


def ben_scores(actor, match_id, number, ben_id):
    actions.record(actor, match_id, number, {"score": {"seat": ben_id, "value": -6}})


def whole_round(actor, match_id, number, ben_id):
    scores = dict(zip(map(str, seat_ids(match_id)), (5, -6, 0, 1), strict=True))
    actions.record(actor, match_id, number, {"scores": scores})


async def test_a_score_at_round_500_costs_what_it_costs_at_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1)
    third = await database_sync_to_async(played_to)(alice, 3)
    late = await database_sync_to_async(played_to)(alice, 500)

    one = await push_of_tap(first, alice, 1, ben_scores)
    three = await push_of_tap(third, alice, 3, ben_scores)
    later = await push_of_tap(late, alice, 500, ben_scores)

    # Round 1 has no score before it to show, so the frame is compared from
    # round 3 (one scored round) on.
    assert cost(one) == cost(later)
    measured("Points score", three, later)
    # The page draws the open round's scores from the push's data.
    assert -6 in json.loads(later[2])["sheet"]["open"]["cells"].values()


async def test_the_whole_round_at_round_500_costs_what_it_costs_at_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1)
    third = await database_sync_to_async(played_to)(alice, 3)
    late = await database_sync_to_async(played_to)(alice, 500)

    one = await push_of_tap(first, alice, 1, whole_round)
    three = await push_of_tap(third, alice, 3, whole_round)
    later = await push_of_tap(late, alice, 500, whole_round)

    assert cost(one) == cost(later)
    measured("Points round", three, later)
    assert "Alice +5 · Ben \u22126 · Cara 0 · Dev +1" in str(json.loads(later[2]))


def test_the_page_and_snapshot_cost_the_same_at_round_500(alice):
    small = played_to(alice, 4)
    big = played_to(alice, 500)

    assert page_and_snapshot_queries(small, alice) == page_and_snapshot_queries(
        big, alice
    )
