"""On PostgreSQL the sockets' database work runs on several threads
(``games/threads.py``): a record that waits for its match's row does not hold up
another match's, and one match's records still take turns."""

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.db import connection, transaction

from games import actions
from games.models import Match
from tests.conftest import SEATS, tap_frame
from tests.games.test_consumer import connect, receive, seat_id

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def on_postgresql(settings):
    if connection.vendor != "postgresql":
        pytest.skip("one thread on SQLite; the PostgreSQL run of make test runs it")
    settings.DB_THREADS = 4
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def other_match(alice):
    return actions.start_match(alice, "fortyone_exchange", SEATS, host_seat=0).match


class RowHolder:
    """Another connection holding a match's row, as a slow record would."""

    def __init__(self, match_id):
        self.match_id = match_id
        self.holding, self.release = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self.hold)

    def hold(self):
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(pk=self.match_id)
                self.holding.set()
                self.release.wait(timeout=30)
        finally:
            connection.close()

    def __enter__(self):
        self.thread.start()
        assert self.holding.wait(timeout=10)
        return self

    def __exit__(self, *exc):
        self.release.set()
        self.thread.join(timeout=30)


async def frames_of(socket):
    """Every frame the socket gets until it has been quiet for half a second."""
    frames = [await receive(socket)]
    while not await socket.receive_nothing(timeout=0.5):
        frames.append(await receive(socket))
    return frames


async def test_a_record_waiting_for_its_match_does_not_hold_up_another(
    match, other_match, alice
):
    held = await connect(match.pk, alice)
    free = await connect(other_match.pk, alice)
    await receive(held), await receive(free)
    held_seat = await seat_id(match, "Ben")
    free_seat = await seat_id(other_match, "Ben")

    with RowHolder(match.pk):
        await held.send_json_to(tap_frame(1, held_seat, key="held"))
        await asyncio.sleep(0.2)
        await free.send_json_to(tap_frame(1, free_seat, key="free"))

        change = await receive(free)
        assert change["type"] == "change"
        assert change["version"] == other_match.version + 1
        assert await held.receive_nothing(timeout=0.2)

    change = await receive(held)
    assert change["type"] == "change"
    assert change["version"] == match.version + 1
    await held.disconnect(), await free.disconnect()


async def test_two_sockets_tapping_one_round_at_once_close_it_once(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    ben, cara = await seat_id(match, "Ben"), await seat_id(match, "Cara")

    with RowHolder(match.pk):
        # Both taps wait on the row, on two threads, and go on together.
        await host.send_json_to(tap_frame(1, ben, key="a"))
        await member.send_json_to(tap_frame(1, cara, key="b"))
        await asyncio.sleep(0.2)

    frames = await frames_of(host) + await frames_of(member)
    changes = [f for f in frames if f["type"] == "change"]
    errors = [f for f in frames if f["type"] == "error"]
    assert [c["version"] for c in changes] == [match.version + 1] * 2
    assert len(errors) == 1
    assert errors[0]["code"] == "round_closed"
    won = await database_sync_to_async(
        lambda: list(match.rounds.filter(status="won").values_list("winner", "number"))
    )()
    assert len(won) == 1
    await host.disconnect(), await member.disconnect()
