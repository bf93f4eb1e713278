"""A Schwimmen record costs the same at round 500 as at round 1: the same
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
    record_pays,
)

pytestmark = pytest.mark.django_db(transaction=True)


def played_to(alice, rounds):
    """A Schwimmen table whose open round is ``rounds``; nobody paid in the
    earlier ones (the scenery costs no life, so round 500 shows the same lives
    as round 1). Written straight to the tables: this is not what is measured."""
    match = actions.start_match(alice, "schwimmen", SEATS, host_seat=0).match
    seats = list(match.seats.order_by("position"))
    Round.objects.filter(match=match).delete()
    closed = Round.objects.bulk_create(
        Round(match=match, number=n, status="scored", dealer=seats[(n - 1) % 4])
        for n in range(1, rounds)
    )
    Cell.objects.bulk_create(
        Cell(round=r, seat=s, value=0) for r in closed for s in seats
    )
    # Alice deals the open round either way, so both records pass the deal to Ben.
    Round.objects.create(match=match, number=rounds, dealer=seats[0])
    keep_standings(match, seats)
    return match


async def test_a_record_at_round_500_costs_what_it_costs_at_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1)
    late = await database_sync_to_async(played_to)(alice, 500)

    one = await push_of_tap(first, alice, 1, record_pays)
    later = await push_of_tap(late, alice, 500, record_pays)

    measured("Schwimmen record", one, later)
    assert "Ben pays" in later[2]


def test_the_page_and_snapshot_cost_the_same_at_round_500(alice):
    small = played_to(alice, 4)
    big = played_to(alice, 500)

    assert page_and_snapshot_queries(small, alice) == page_and_snapshot_queries(
        big, alice
    )
