"""A push costs what changed: announcing round 500 takes the same queries, the same
template renders and the same bytes (up to the digits of the numbers) as round 1."""

import asyncio
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from django.db import connection
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext

from games import actions
from games.broadcast import group_name
from games.models import Cell, Round
from tests.conftest import SEATS, seat

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def played_to(alice, rounds):
    """A match whose open round is ``rounds``: the earlier ones won by Dev.

    Written straight to the tables: this is the scenery, not the thing measured.
    """
    match = actions.start_match(alice, "fortyone_exchange", SEATS, host_seat=0).match
    seats = list(match.seats.all())
    dev = seat(match, "Dev")
    Round.objects.filter(match=match).delete()
    closed = Round.objects.bulk_create(
        Round(match=match, number=n, status="won", winner=dev) for n in range(1, rounds)
    )
    Cell.objects.bulk_create(
        Cell(round=r, seat=s, value=int(s == dev)) for r in closed for s in seats
    )
    Round.objects.create(match=match, number=rounds)
    return match


def tap_measured(match, actor, number):
    renders = []

    def rendered(sender, template, **kwargs):
        renders.append(template.name)

    template_rendered.connect(rendered)
    try:
        with CaptureQueriesContext(connection) as queries:
            actions.tap_winner(actor, match.pk, number, seat(match, "Ben").pk)
    finally:
        template_rendered.disconnect(rendered)
    return len(queries), renders


async def push_of_tap(match, actor, number):
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(match.pk), channel)
    queries, renders = await database_sync_to_async(tap_measured)(match, actor, number)
    message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    return queries, renders, message["text"]


def digits(text):
    return sum(len(run) for run in re.findall(r"\d+", text))


def shape(text):
    return re.sub(r"\d+", "#", text)


async def test_the_push_of_round_500_costs_what_the_push_of_round_1_costs(alice):
    first = await database_sync_to_async(played_to)(alice, 1)
    late = await database_sync_to_async(played_to)(alice, 500)

    queries_1, renders_1, text_1 = await push_of_tap(first, alice, 1)
    queries_500, renders_500, text_500 = await push_of_tap(late, alice, 500)

    print(
        f"\nround 1: {queries_1} queries, {len(renders_1)} renders, "
        f"{len(text_1.encode())} bytes; round 500: {queries_500} queries, "
        f"{len(renders_500)} renders, {len(text_500.encode())} bytes"
    )
    assert queries_500 == queries_1
    assert renders_500 == renders_1
    # The same frame but for its numbers: every extra byte is an extra digit.
    assert shape(text_500) == shape(text_1)
    assert len(text_500) - len(text_1) == digits(text_500) - digits(text_1)
