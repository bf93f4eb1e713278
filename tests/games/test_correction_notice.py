"""A correction's notice says from → to in the game's words (issue 28), in each
phone's language, names isolated on a right-to-left page."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer

from games import actions, languages
from games.broadcast import group_name
from tests.conftest import SEATS, seat

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def schwimmen_round_paid_by_ben(alice):
    match = actions.start_match(alice, "schwimmen", SEATS, host_seat=0).match
    actions.record(alice, match.pk, 1, {"pays": [seat(match, "Ben").pk]})
    return match


async def notice_of_correction(match, alice, language):
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await languages.anote(match.pk, language)
    await layer.group_add(group_name(match.pk, language), channel)
    cara = await database_sync_to_async(lambda: seat(match, "Cara").pk)()
    await database_sync_to_async(actions.correct)(alice, match.pk, 1, {"pays": [cara]})
    message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    return json.loads(message["text"])["notice"]


async def test_a_lives_games_correction_says_who_paid_before_and_after(alice):
    match = await database_sync_to_async(schwimmen_round_paid_by_ben)(alice)

    notice = await notice_of_correction(match, alice, "en")

    assert notice == "Round 1: Ben pays → Cara pays, by Alice"


async def test_an_arabic_notice_isolates_the_names(alice):
    match = await database_sync_to_async(schwimmen_round_paid_by_ben)(alice)

    notice = await notice_of_correction(match, alice, "ar")

    # Each name in its own isolate, inside each outcome's: the outcome then takes
    # its direction from its Arabic verb, the name from its Latin letters.
    for name in ("Alice", "Ben", "Cara"):
        assert f"\u2068{name}\u2069" in notice
    assert "\u2068\u2068Ben\u2069 " in notice
    assert notice.count("\u2068") == notice.count("\u2069") == 5
