"""A TV's frames name seats, never accounts (issue 29): no user id that claims a
seat or closed a round, no name of who corrected a round or moved the table on."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers

from games import actions
from tests.conftest import rewin, seat, win
from tests.games.test_consumer import connect
from tests.games.test_tv import receive, share, tv_socket

pytestmark = pytest.mark.django_db(transaction=True)

ACCOUNT_KEYS = ("claimed_by", "closed_by")


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def keys_in(value):
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        found = set(value)
        for item in value.values():
            found |= keys_in(item)
        return found
    if isinstance(value, list):
        return set().union(*(keys_in(item) for item in value)) if value else set()
    return set()


async def test_a_tv_hears_every_change_without_anyone_s_account_or_name(
    match, alice, bob, charlie
):
    secret = await share(alice, match)
    socket = await tv_socket(secret)
    await receive(socket)
    cara = await database_sync_to_async(lambda: seat(match, "Cara").pk)()
    ben = await database_sync_to_async(lambda: seat(match, "Ben").pk)()
    dev = await database_sync_to_async(lambda: seat(match, "Dev").pk)()
    call = database_sync_to_async

    await call(win)(bob, match.pk, 1, cara)
    await call(actions.join_match)(charlie, match.code, seat_id=dev)
    await call(rewin)(alice, match.pk, 1, ben)
    frames = [await receive(socket) for _ in range(3)]

    assert [frame["kind"] for frame in frames] == [
        "round_won",
        "member_joined",
        "round_corrected",
    ]
    for frame in frames:
        assert not keys_in(frame) & set(ACCOUNT_KEYS), frame
    correction = frames[2]
    assert "by" not in correction["correction"]
    assert "notice" not in correction
    text = json.dumps(frames)
    for name in ("Alice", "Charlie"):
        # Seat names are on the screen; the host's and the joiner's accounts
        # are named nowhere but there.
        assert f'"by":"{name}"' not in text.replace(" ", "")
    await socket.disconnect()


async def test_a_phone_still_hears_who_claimed_and_who_corrected(match, alice, bob):
    phone = await connect(match.pk, bob)
    await receive(phone)
    ben = await database_sync_to_async(lambda: seat(match, "Ben").pk)()
    cara = await database_sync_to_async(lambda: seat(match, "Cara").pk)()
    await database_sync_to_async(win)(bob, match.pk, 1, cara)
    await database_sync_to_async(rewin)(alice, match.pk, 1, ben)

    won, corrected = await receive(phone), await receive(phone)

    assert won["rounds"][0]["closed_by"] == bob.pk
    assert corrected["correction"]["by"]
    await phone.disconnect()
