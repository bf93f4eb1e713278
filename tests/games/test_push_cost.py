"""A push costs what changed: announcing round 500 takes the same queries, the same
template renders and the same bytes (up to the digits of the numbers) as round 1."""

import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from django.db import connection
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext

from games import actions, languages, live
from games.broadcast import group_name
from games.models import Cell, Match, Round, Seat
from games.sheet import rebuild_standings
from tests.conftest import SEATS, seat, win

from .lives import KEY, lives_game  # noqa: F401 (a fixture)

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
    keep_standings(match, seats)
    return match


def keep_standings(match, seats):
    """Store the standings the write path keeps, as if every round was recorded."""
    standings = rebuild_standings(match, seats).to_data()
    Match.objects.filter(pk=match.pk).update(standings=standings)
    match.standings = standings


def written_to(alice, game, rounds, cells_of, options=None):
    """A ``game`` match whose open round is ``rounds``, written straight to the
    tables: each earlier round scored, the deal passed on each round and back to
    Alice for the open one; ``cells_of(round, seats)`` gives every round's
    cells (the open round's among them)."""
    match = actions.start_match(alice, game, SEATS, options, host_seat=0).match
    seats = list(match.seats.order_by("position"))
    Round.objects.filter(match=match).delete()
    closed = Round.objects.bulk_create(
        Round(match=match, number=n, status="scored", dealer=seats[(n - 1) % 4])
        for n in range(1, rounds)
    )
    current = Round.objects.create(match=match, number=rounds, dealer=seats[0])
    Cell.objects.bulk_create(
        cell for round in (*closed, current) for cell in cells_of(round, seats)
    )
    keep_standings(match, seats)
    return match


def cost(push):
    """Queries and template renders: what must not grow with the rounds."""
    queries, renders, _ = push
    return queries, renders


def seat_ids(match_id):
    """The match's seat ids in the order seats were made (Alice's first)."""
    return sorted(Seat.objects.filter(match_id=match_id).values_list("pk", flat=True))


def lives_played_to(alice, rounds):
    """A Lives match (many lives) whose open round is ``rounds``: Dev paid each."""
    match = actions.start_match(alice, KEY, SEATS, {"lives": 3}, host_seat=0).match
    seats = list(match.seats.all())
    dev = seat(match, "Dev")
    Round.objects.filter(match=match).delete()
    closed = Round.objects.bulk_create(
        Round(match=match, number=n, status="scored", dealer=seats[n % 4])
        for n in range(1, rounds)
    )
    # Every seat but Dev pays nothing, Dev pays each round; with thousands of
    # rounds Dev is long out, and the others still swim.
    Cell.objects.bulk_create(
        Cell(round=r, seat=s, value=int(s == dev and r.number <= 3))
        for r in closed
        for s in seats
    )
    Round.objects.create(match=match, number=rounds, dealer=seats[rounds % 4])
    keep_standings(match, seats)
    return match


def tap_measured(match, actor, number, call=None):
    """The tap's queries and the fragments its push rendered: the Django
    templates (their signal) and the Jinja ones (``live.render_to_string``,
    which every fragment goes through)."""
    renders = []

    def rendered(sender, template, **kwargs):
        renders.append(template.name)

    def render_to_string(name, *args, **kwargs):
        if name.endswith(".jinja"):
            renders.append(name)
        return original(name, *args, **kwargs)

    original = live.render_to_string
    live.render_to_string = render_to_string
    template_rendered.connect(rendered)
    try:
        ben = seat(match, "Ben").pk
        with CaptureQueriesContext(connection) as queries:
            if call is None:
                win(actor, match.pk, number, ben)
            else:
                call(actor, match.pk, number, ben)
    finally:
        template_rendered.disconnect(rendered)
        live.render_to_string = original
    return len(queries), renders


async def push_of_tap(match, actor, number, call=None, read=("en",)):
    """The tap's queries, renders and the frame of the first language in
    ``read``, the languages the table's phones read."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    for language in read:
        await languages.anote(match.pk, language)
    await layer.group_add(group_name(match.pk, read[0]), channel)
    queries, renders = await database_sync_to_async(tap_measured)(
        match, actor, number, call
    )
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


async def test_a_second_language_at_the_table_costs_one_more_render_each(
    alice,
    lives_game,  # noqa: F811 (the fixture above)
):
    # A module without a sheet script: its pushes carry HTML.
    first = await database_sync_to_async(lives_played_to)(alice, 1)
    late = await database_sync_to_async(lives_played_to)(alice, 500)
    english = await push_of_tap(first, alice, 1, record_pays)

    queries_1, renders_1, _ = await push_of_tap(
        first, alice, 2, record_pays, read=("en", "de")
    )
    queries_500, renders_500, text = await push_of_tap(
        late, alice, 500, record_pays, read=("de", "en")
    )

    # The reads are made once; the fragments are rendered once per language.
    assert english[1]
    assert queries_1 == english[0]
    assert sorted(renders_1) == sorted(english[1] * 2)
    assert (queries_500, renders_500) == (queries_1, renders_1)
    assert "Runde" in text


async def test_a_push_drawn_from_data_renders_nothing_in_any_language(alice):
    first = await database_sync_to_async(played_to)(alice, 1)

    _, renders, text = await push_of_tap(first, alice, 1, read=("de", "en"))

    assert renders == []
    assert '"label":"Gewonnen"' in text
    assert "html" not in json.loads(text)


def record_winner(actor, match_id, number, seat_id):
    actions.record(actor, match_id, number, {"winner": seat_id})


def record_pays(actor, match_id, number, seat_id):
    actions.record(actor, match_id, number, {"pays": [seat_id]})


def measured(name, one, late):
    (queries_1, renders_1, text_1), (queries_500, renders_500, text_500) = one, late
    print(
        f"\n{name} round 1: {queries_1} queries, {len(renders_1)} renders, "
        f"{len(text_1.encode())} bytes; round 500: {queries_500} queries, "
        f"{len(renders_500)} renders, {len(text_500.encode())} bytes"
    )
    assert queries_500 == queries_1
    assert renders_500 == renders_1
    assert shape(text_500) == shape(text_1)
    assert len(text_500) - len(text_1) == digits(text_500) - digits(text_1)


async def test_a_record_at_round_500_costs_what_it_costs_at_round_1(alice):
    first = await database_sync_to_async(played_to)(alice, 1)
    late = await database_sync_to_async(played_to)(alice, 500)

    one = await push_of_tap(first, alice, 1, record_winner)
    measured(
        "41 Exchange record", one, await push_of_tap(late, alice, 500, record_winner)
    )


async def test_a_lives_record_at_round_500_costs_what_it_costs_at_round_1(
    alice,
    lives_game,  # noqa: F811 (the fixture above)
):
    first = await database_sync_to_async(lives_played_to)(alice, 4)
    late = await database_sync_to_async(lives_played_to)(alice, 500)

    one = await push_of_tap(first, alice, 4, record_pays)
    measured("Lives record", one, await push_of_tap(late, alice, 500, record_pays))


async def test_a_correction_of_round_2_of_500_recomputes_the_standings(alice):
    late = await database_sync_to_async(played_to)(alice, 500)

    def correct():
        actions.correct(alice, late.pk, 2, {"winner": seat(late, "Ben").pk})
        late.refresh_from_db()
        return late.standings

    standings = await database_sync_to_async(correct)()
    won = {line["seat"]: line["rounds_won"] for line in standings["seats"]}
    ben, dev = await database_sync_to_async(
        lambda: (seat(late, "Ben").pk, seat(late, "Dev").pk)
    )()
    assert (won[ben], won[dev]) == (1, 498)


def page_and_snapshot_queries(match, user):
    from django.test import Client

    from games.live import member_snapshot

    client = Client()
    client.force_login(user)
    with CaptureQueriesContext(connection) as page:
        assert client.get(f"/matches/{match.pk}/").status_code == 200
    with CaptureQueriesContext(connection) as snapshot:
        member_snapshot(match.pk, user)
    return len(page), len(snapshot)


@pytest.mark.django_db
def test_the_page_and_snapshot_of_a_lives_match_cost_the_same_at_round_500(
    alice,
    lives_game,  # noqa: F811
):
    small = lives_played_to(alice, 4)
    big = lives_played_to(alice, 500)

    assert page_and_snapshot_queries(small, alice) == page_and_snapshot_queries(
        big, alice
    )
