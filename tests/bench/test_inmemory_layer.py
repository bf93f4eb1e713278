"""The in-memory layer that sends to a group in place still delivers, expires
and drops as Channels' own does."""

import asyncio

import pytest

from squarescores.layers import InMemoryChannelLayer


async def members(layer, group, count):
    channels = [await layer.new_channel() for _ in range(count)]
    for channel in channels:
        await layer.group_add(group, channel)
    return channels


async def test_a_group_send_reaches_every_member_once():
    layer = InMemoryChannelLayer()
    channels = await members(layer, "match.1", 6)
    await members(layer, "match.2", 3)

    await layer.group_send("match.1", {"type": "match.change", "text": "v2"})

    for channel in channels:
        message = await asyncio.wait_for(layer.receive(channel), 1)
        assert message == {"type": "match.change", "text": "v2"}
    assert layer.channels == {}


async def test_an_expired_message_is_swept_and_its_channel_leaves_the_groups():
    layer = InMemoryChannelLayer(expiry=0.05, sweep_interval=0.1)
    dead, alive = await members(layer, "match.1", 2)
    await layer.send(dead, {"type": "match.change"})

    await asyncio.sleep(0.2)
    await layer.group_send("match.1", {"type": "match.change", "text": "v3"})

    assert dead not in layer.groups["match.1"]
    assert (await asyncio.wait_for(layer.receive(alive), 1))["text"] == "v3"


async def test_a_full_member_loses_the_message_and_the_others_still_get_it():
    layer = InMemoryChannelLayer(capacity=1)
    full, other = await members(layer, "match.1", 2)
    await layer.send(full, {"type": "first"})

    await layer.group_send("match.1", {"type": "second"})

    assert (await layer.receive(full))["type"] == "first"
    assert (await layer.receive(other))["type"] == "second"
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(full), 0.1)


async def test_the_sweep_of_expired_messages_runs_at_most_once_an_interval():
    layer = InMemoryChannelLayer(expiry=0.05, sweep_interval=60)
    dead, alive = await members(layer, "match.1", 2)
    await layer.group_send("match.1", {"type": "first"})
    await layer.receive(alive)

    await asyncio.sleep(0.1)
    await layer.group_send("match.1", {"type": "second"})

    # Swept before "first" expired and not again within the interval.
    assert dead in layer.groups["match.1"]
    assert (await layer.receive(alive))["type"] == "second"
