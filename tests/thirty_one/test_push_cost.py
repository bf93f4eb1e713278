"""A Thirty-One record costs the same at round 500 as at round 1: the same
queries, the same template renders and the same frame up to its numbers."""

import pytest
from channels.db import database_sync_to_async

from games import actions
from games.models import Cell, Round
from tests.conftest import SEATS
from tests.games.test_push_cost import (
    fresh_layers,  # noqa: F401 (an autouse fixture)
    keep_standings,
    measured,
    page_and_snapshot_queries,
    push_of_tap,
)

pytestmark = pytest.mark.django_db(transaction=True)

CUSTOM = {"rule_set": "custom", "closer_rule": True, "points_limit": True}


def played_to(alice, rounds):
    """A Custom table whose open round is ``rounds``; every earlier round was
    closed by Alice with Dev lowest but replayed (the scenery costs no life, so
    round 500 shows the same lives as round 1). Written straight to the tables."""
    match = actions.start_match(alice, "thirty_one", SEATS, CUSTOM, host_seat=0).match
    seats = list(match.seats.order_by("position"))
    alice_seat, dev = seats[0], seats[3]
    Round.objects.filter(match=match).delete()
    closed = Round.objects.bulk_create(
        Round(match=match, number=n, status="scored", dealer=seats[(n - 1) % 4])
        for n in range(1, rounds)
    )
    Cell.objects.bulk_create(
        [Cell(round=r, seat=s, value=0) for r in closed for s in seats]
        + [Cell(round=r, seat=alice_seat, field="closer", value=1) for r in closed]
        + [Cell(round=r, seat=dev, field="lowest", value=1) for r in closed]
        + [Cell(round=r, seat=dev, field="replay", value=1) for r in closed]
    )
    # Alice deals the open round either way, so both records pass the deal to Ben.
    Round.objects.create(match=match, number=rounds, dealer=alice_seat)
    keep_standings(match, seats)
    return match


def record_closed(actor, match_id, number, ben_id):
    """Ben closed and is alone at the bottom: he pays two lives."""
    actions.record(actor, match_id, number, {"closer": ben_id, "lowest": [ben_id]})


async def test_a_record_at_round_500_costs_what_it_costs_at_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1)
    late = await database_sync_to_async(played_to)(alice, 500)

    one = await push_of_tap(first, alice, 1, record_closed)
    later = await push_of_tap(late, alice, 500, record_closed)

    measured("Thirty-One record", one, later)
    assert "Ben closed: Ben pays 2 lives" in later[2]


def test_the_page_and_snapshot_cost_the_same_at_round_500(alice):
    small = played_to(alice, 4)
    big = played_to(alice, 500)

    assert page_and_snapshot_queries(small, alice) == page_and_snapshot_queries(
        big, alice
    )
