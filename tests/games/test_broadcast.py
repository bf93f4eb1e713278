"""Every committed change is announced to the match's group, once, after commit."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer

from games import broadcast, errors, languages, live
from games.broadcast import group_name
from tests.conftest import win
from tests.services import REDIS_PREFIX, REDIS_URL, needs_redis

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


async def listen(match_id, language="en"):
    """A channel in the match's group for ``language``, noted as a socket does."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await languages.anote(match_id, language)
    await layer.group_add(group_name(match_id, language), channel)
    return layer, channel


async def tap_and_receive(match, bob):
    ben = await database_sync_to_async(lambda: match.seats.get(name="Ben").pk)()
    layer, channel = await listen(match.pk)

    result = await database_sync_to_async(win)(bob, match.pk, 1, ben)

    message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    return result, message, ben


async def test_a_tap_is_announced_with_its_version_and_both_rounds(
    match, bob, fresh_layers
):
    result, message, ben = await tap_and_receive(match, bob)

    assert message["type"] == "match.change"
    assert message["version"] == result.version
    assert message["kind"] == "round_won"
    # The frame every socket forwards, serialized once in publish().
    frame = json.loads(message["text"])
    assert (frame["type"], frame["version"]) == ("change", result.version)
    assert [(r["number"], r["status"]) for r in frame["rounds"]] == [
        (1, "won"),
        (2, "open"),
    ]
    assert frame["rounds"][0]["winner"] == ben


async def test_each_language_read_at_the_table_gets_the_push_in_it(
    match, bob, fresh_layers
):
    from django.utils import translation

    ben = await database_sync_to_async(lambda: match.seats.get(name="Ben").pk)()
    english = await listen(match.pk, "en")
    german = await listen(match.pk, "de")

    # The tapping phone reads Arabic; nobody at the table does.
    with translation.override("ar"):
        await database_sync_to_async(win)(bob, match.pk, 1, ben)

    english_rows = await frame_of(*english)
    german_rows = await frame_of(*german)
    # 41 Exchange's pages draw its rows from data; the words in it are each
    # group's own.
    assert english_rows["grid"]["foot"]["label"] == "Won"
    assert german_rows["grid"]["foot"]["label"] == "Gewonnen"
    assert english_rows["sheet"] == german_rows["sheet"]
    assert english_rows["rounds"] == german_rows["rounds"]
    for layer, channel in (english, german):
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(channel), timeout=0.2)


async def frame_of(layer, channel):
    message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    return json.loads(message["text"])


async def test_a_match_with_no_language_noted_gets_its_news_without_html(
    match, bob, fresh_layers
):
    ben = await database_sync_to_async(lambda: match.seats.get(name="Ben").pk)()
    layer = get_channel_layer()
    channels = {}
    for code in languages.codes():
        channels[code] = await layer.new_channel()
        await layer.group_add(group_name(match.pk, code), channels[code])

    result = await database_sync_to_async(win)(bob, match.pk, 1, ben)

    # Nobody noted a language (a cache that came back empty): every phone hears
    # of the version, without fragments, and asks for its snapshot.
    for code, channel in channels.items():
        frame = await frame_of(layer, channel)
        assert frame["version"] == result.version, code
        assert "html" not in frame


async def test_a_refused_change_is_not_announced(match, charlie, fresh_layers):
    layer, channel = await listen(match.pk)
    ben = await database_sync_to_async(lambda: match.seats.get(name="Ben").pk)()

    with pytest.raises(errors.NotAMember):
        await database_sync_to_async(win)(charlie, match.pk, 1, ben)

    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), timeout=0.3)


@needs_redis
async def test_a_tap_is_announced_over_redis(match, bob, settings, fresh_layers):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }

    result, message, _ = await tap_and_receive(match, bob)

    assert message["version"] == result.version
    await get_channel_layer().flush()


async def test_a_change_made_from_the_loop_is_sent_once_its_action_returns(
    match, bob, fresh_layers
):
    layer, channel = await listen(match.pk)
    ben = await database_sync_to_async(lambda: match.seats.get(name="Ben").pk)()
    sent_during = []

    def tap_and_peek(*args, **kwargs):
        result = win(*args, **kwargs)
        # Committed, and publish() has run: the send waits for the loop.
        sent_during.append(layer.channels.get(channel))
        return result

    result = await broadcast.run_then_send(tap_and_peek, bob, match.pk, 1, ben)

    assert sent_during == [None]
    message = await asyncio.wait_for(layer.receive(channel), timeout=5)
    assert message["version"] == result.version
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), timeout=0.3)


async def test_a_push_that_cannot_be_sent_is_logged_and_the_tap_stands(
    match, bob, fresh_layers, monkeypatch, caplog
):
    ben = await database_sync_to_async(lambda: match.seats.get(name="Ben").pk)()

    async def refuse(group, message):
        raise ConnectionError("the channel layer is away")

    monkeypatch.setattr(get_channel_layer(), "group_send", refuse)
    result = await broadcast.run_then_send(win, bob, match.pk, 1, ben)

    failures = [r for r in caplog.records if "Push of match" in r.getMessage()]
    assert [r.getMessage() for r in failures] == [
        f"Push of match {match.pk} version {result.version} failed; its phones "
        "resync from a snapshot"
    ]
    version = await database_sync_to_async(live.current_version)(match.pk)
    assert version == result.version


async def test_a_record_pushes_the_frame_its_change_alone_makes(
    match, bob, fresh_layers
):
    # The action hands the push the seats it holds; the frame is the one the
    # change's data alone makes, with the match and seats read afresh.
    result, message, _ben = await tap_and_receive(match, bob)

    frame = json.loads(message["text"])
    change = {key: frame[key] for key in ("rounds", "status", "standings", "result")}
    texts = await database_sync_to_async(live.change_texts)(
        match.pk, result.version, frame["kind"], change, ["en"]
    )
    assert texts["en"] == message["text"]
