"""What one record costs the server, measured in one process without a load run.

Run by the probes as ``python -m bench.record_cost`` with a stack's environment
(its own SQLite database); prints JSON. For every game that is installed, a table
of six phones (Channels' ``WebsocketCommunicator`` on the real ASGI application:
origin check, session, consumer) records rounds through the socket, as the page
does, and through the action alone. Per record it counts:

- ``cpu_ms``: CPU time of the process (``time.process_time``, every thread) from
  the frame sent to the change heard by all six phones, median;
- ``action_cpu_ms``: the same for the action called directly (push included);
- ``statements``: SQL statements, on whichever thread runs them (SQLite's
  ``BEGIN IMMEDIATE`` not counted: PostgreSQL's driver sends its own, unseen);
- ``templates``: templates rendered (an ``{% include %}`` counts as one more);
- ``hops``: thread hops, ``sync_to_async`` and ``async_to_sync`` calls. Channels
  hops once per message a consumer handles (``aclose_old_connections``), so the
  bare stack's count is the stack's share: one for the frame, one per phone.

The bare stack's consumer (``bench/bare/``) takes the same socket tap on the same
channel layer in the same process, so ``cpu_ratio`` (app socket record / bare
socket tap) compares like with like and is meaningful on a busy machine: both
sides of the ratio share the load of the moment.
"""

import asyncio
import json
import os
import statistics
import sys
import time
from contextlib import contextmanager

PHONES = 6
SAMPLE = 40
WARM = 5


class Counter:
    """Counts calls of a few functions, wherever they run, while ``active``."""

    def __init__(self):
        self.active = False
        self.counts = {"statements": 0, "templates": 0, "hops": 0}

    def wrap(self, owner, name, what):
        original = getattr(owner, name)
        counter = self

        def counted(*args, **kwargs):
            if counter.active and not (
                what == "statements" and str(args[1]).startswith("BEGIN")
            ):
                counter.counts[what] += 1
            return original(*args, **kwargs)

        setattr(owner, name, counted)

    @contextmanager
    def counting(self):
        for key in self.counts:
            self.counts[key] = 0
        self.active = True
        try:
            yield self.counts
        finally:
            self.active = False


def install_counter():
    from asgiref.sync import AsyncToSync, SyncToAsync
    from django.db.backends.utils import CursorWrapper
    from django.template.base import Template

    counter = Counter()
    counter.wrap(CursorWrapper, "execute", "statements")
    counter.wrap(CursorWrapper, "executemany", "statements")
    counter.wrap(Template, "render", "templates")
    counter.wrap(SyncToAsync, "__call__", "hops")
    counter.wrap(AsyncToSync, "__call__", "hops")
    return counter


def headers(session=None):
    out = [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]
    if session:
        out.append((b"cookie", f"sessionid={session}".encode()))
    return out


async def phones(application, path, sessions):
    from tests.sockets import WebsocketCommunicator

    out = []
    for session in sessions:
        phone = WebsocketCommunicator(application, path, headers=headers(session))
        connected, _ = await phone.connect(timeout=10)
        assert connected, path
        await phone.receive_from(timeout=10)  # the snapshot or the hello
        out.append(phone)
    return out


async def heard(phone, number):
    """Wait for the change that closes round ``number``; refusals raise."""
    while True:
        frame = json.loads(await phone.receive_from(timeout=10))
        if frame.get("type") == "error":
            raise RuntimeError(frame)
        numbers = [r.get("number") for r in frame.get("rounds", ())]
        if frame.get("type") == "change" and number in numbers:
            return


def median_ms(times):
    return statistics.median(times) * 1000 if times else float("nan")


async def socket_records(table, counter, sample):
    """``sample`` records through the tapper's socket, heard by every phone."""
    cpu, counts = [], []
    for index in range(WARM + sample):
        number = table.number
        frame = table.frame(number)
        started = time.process_time()
        with counter.counting() as counted:
            await table.phones[0].send_to(text_data=json.dumps(frame))
            for phone in table.phones:
                await heard(phone, number)
        elapsed = time.process_time() - started
        table.number += 1
        if index >= WARM:
            cpu.append(elapsed)
            counts.append(dict(counted))
    return median_ms(cpu), counts


def action_records(table, counter, sample):
    """``sample`` records through the action alone (the push is rendered too)."""
    cpu, counts = [], []
    for index in range(WARM + sample):
        started = time.process_time()
        with counter.counting() as counted:
            table.act(table.number)
        elapsed = time.process_time() - started
        table.number += 1
        if index >= WARM:
            cpu.append(elapsed)
            counts.append(dict(counted))
    return median_ms(cpu), counts


def typical(counts, key):
    values = sorted({c[key] for c in counts})
    return values[0] if len(values) == 1 else values


class AppTable:
    """A match of ``game`` with six claimed seats; a record is the game's own."""

    def __init__(self, game, recorder):
        from bench.seed import seat_table, session_for

        match, self.seats, self.users = seat_table(PHONES, PHONES, game)
        self.id = match.pk
        self.sessions = [session_for(user) for user in self.users]
        self.recorder = recorder
        self.number = 1
        self.phones = []

    def frame(self, number):
        return self.recorder.frame(self, number)

    def act(self, number):
        self.recorder.act(self, number)


class BareTable:
    def __init__(self, table_id, push_bytes):
        self.id, self.push_bytes, self.number = table_id, push_bytes, 1
        self.phones = []

    def frame(self, number):
        return {"round": number, "size": self.push_bytes}


async def measure_bare(counter, push_bytes, sample):
    from channels.routing import URLRouter
    from django.urls import path

    from bench.bare.asgi import TableConsumer

    application = URLRouter([path("ws/tables/<int:table>/", TableConsumer.as_asgi())])
    table = BareTable(1, push_bytes)
    table.phones = await phones(application, "/ws/tables/1/", [None] * PHONES)
    try:
        cpu, counts = await socket_records(table, counter, sample)
    finally:
        for phone in table.phones:
            await phone.disconnect()
    return {"cpu_ms": cpu, "hops": typical(counts, "hops")}


async def measure_game(game, recorder, counter, sample):
    from channels.db import database_sync_to_async

    from squarescores.asgi import application

    table = await database_sync_to_async(AppTable)(game, recorder)
    path = f"/ws/matches/{table.id}/"
    table.phones = await phones(application, path, table.sessions)
    try:
        cpu, counts = await socket_records(table, counter, sample)
        action_cpu, action_counts = await database_sync_to_async(action_records)(
            table, counter, sample
        )
    finally:
        for phone in table.phones:
            await phone.disconnect()
    return {
        "cpu_ms": cpu,
        "action_cpu_ms": action_cpu,
        "statements": typical(action_counts, "statements"),
        "socket_statements": typical(counts, "statements"),
        "templates": typical(action_counts, "templates"),
        "hops": typical(counts, "hops"),
        "rounds": table.number - 1,
    }


async def measure(push_bytes, sample):
    from bench.recorders import installed

    counter = install_counter()
    games = {}
    for game, recorder in installed().items():
        games[game] = await measure_game(game, recorder, counter, sample)
    bare = await measure_bare(counter, push_bytes, sample)
    base = games.get("fortyone_exchange", {}).get("cpu_ms")
    for figures in games.values():
        figures["cpu_ratio"] = figures["cpu_ms"] / bare["cpu_ms"]
        figures["vs_exchange"] = figures["cpu_ms"] / base if base else None
    return {"games": games, "bare": bare}


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
    # One phone records every round here, faster than a phone may (the flood
    # limit of games/ws_limits.py would close its socket); the limit is not the
    # cost being measured.
    os.environ["WS_RATE_PER_SECOND"] = "100000"
    os.environ["WS_RATE_BURST"] = "100000"
    import django

    django.setup()
    push_bytes = int(sys.argv[1]) if len(sys.argv) > 1 else 3400
    sample = int(sys.argv[2]) if len(sys.argv) > 2 else SAMPLE
    json.dump(asyncio.run(measure(push_bytes, sample)), sys.stdout)


if __name__ == "__main__":
    main()
