"""What one record costs the server, measured in one process without a load run.

Run by the probes as ``python -m bench.record_cost`` with a stack's environment
(its own SQLite database); prints JSON. For every game that is installed, a table
of six phones (Channels' ``WebsocketCommunicator`` on the real ASGI application:
origin check, session, consumer) records rounds through the socket, as the page
does, and through the action alone. Per record it counts:

- ``cpu_ms``: CPU time of the process (``time.process_time``, every thread) from
  the frame sent to the change heard by all six phones, median;
- ``action_cpu_ms``: the same for the action called directly (push included);
- ``idle_cpu_ms``: the socket record again, each one after the process has idled
  ``IDLE_S`` (10 ms), as a worker does between the taps of a load run at 100 taps/s:
  its caches have gone cold, and the same record costs about twice its back to
  back CPU (docs/benchmarks.md). ``idle_cpu_ratio`` is that against the bare
  stack's tap measured the same way, the closest this probe comes to the load
  run's CPU ratio;
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

from bench.recorders import Step

PHONES = 6
ROUNDS = 40
WARM = 5
# A load run's worker at 100 taps/s idles about this long between taps.
IDLE_S = 0.01


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
    import jinja2
    from asgiref.sync import AsyncToSync, SyncToAsync
    from django.db.backends.utils import CursorWrapper
    from django.template.base import Template

    counter = Counter()
    counter.wrap(CursorWrapper, "execute", "statements")
    counter.wrap(CursorWrapper, "executemany", "statements")
    counter.wrap(Template, "render", "templates")
    counter.wrap(jinja2.Template, "render", "templates")
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


def typical(counts, key):
    """The count every record had, or the sorted counts when they differ."""
    values = sorted({c[key] for c in counts})
    return values[0] if len(values) == 1 else values


class AppTable:
    """A match of the recorder's game, every seat claimed by a phone's user."""

    def __init__(self, recorder):
        from bench.seed import seat_table, session_for

        match, self.seats, self.users = seat_table(
            recorder.seats, recorder.seats, recorder.game, recorder.options
        )
        self.id, self.game = match.pk, recorder.game
        self.sessions = [session_for(user) for user in self.users]
        self.number = 1
        self.phones = []


class BareTable:
    def __init__(self, table_id, push_bytes):
        self.id, self.push_bytes, self.number = table_id, push_bytes, 1
        self.phones = []

    def steps(self, number):
        frame = {"round": number, "size": self.push_bytes}
        return [Step(0, frame, None)]


class Tables:
    """The recorder's current table, and a fresh one when a match would end."""

    def __init__(self, recorder, application):
        self.recorder, self.application = recorder, application
        self.table = None
        self.opened = []

    def full(self):
        limit = self.recorder.rounds_per_table
        return self.table is None or (limit is not None and self.table.number > limit)

    async def current(self):
        from channels.db import database_sync_to_async

        if self.full():
            table = await database_sync_to_async(AppTable)(self.recorder)
            path = f"/ws/matches/{table.id}/"
            table.phones = await phones(self.application, path, table.sessions)
            self.table = table
            self.opened.append(table)
        return self.table

    def current_sync(self):
        """For the actions' run: a fresh table needs no phones of its own, only
        its language noted, so that its pushes are rendered as a phone's are."""
        from django.conf import settings

        from games import languages

        if self.full():
            self.table = AppTable(self.recorder)
            languages.note(self.table.id, settings.LANGUAGE_CODE)
        return self.table

    def steps(self, table):
        return self.recorder.steps(table, table.number)

    async def close(self):
        for table in self.opened:
            for phone in table.phones:
                await phone.disconnect()


class BareTables:
    def __init__(self, table):
        self.table = table

    async def current(self):
        return self.table

    def current_sync(self):
        return self.table

    def steps(self, table):
        return table.steps(table.number)

    async def close(self):
        for phone in self.table.phones:
            await phone.disconnect()


async def socket_round(tables, counter, idle=0.0):
    """One round, every step a frame from its phone, heard by every phone, each
    after ``idle`` seconds of sleep (not measured); returns the round's (CPU
    seconds, counts) per step."""
    table = await tables.current()
    number = table.number
    steps = []
    for step in tables.steps(table):
        text = json.dumps(step.frame)
        if idle:
            await asyncio.sleep(idle)
        started = time.process_time()
        with counter.counting() as counted:
            await table.phones[step.phone].send_to(text_data=text)
            for phone in table.phones:
                await heard(phone, number)
        steps.append((time.process_time() - started, dict(counted)))
    table.number += 1
    return steps


def action_round(tables, counter):
    """The same round through the actions alone (each push rendered too)."""
    table = tables.current_sync()
    steps = []
    for step in tables.steps(table):
        started = time.process_time()
        with counter.counting() as counted:
            step.act()
        steps.append((time.process_time() - started, dict(counted)))
    table.number += 1
    return steps


def in_turn(names, index):
    """The games' order in round ``index``: each goes first in turn."""
    shift = index % len(names)
    return names[shift:] + names[:shift]


async def socket_rounds(tables, counter, rounds, failed, idle=0.0):
    """``rounds`` rounds of every table set of ``tables`` (name -> tables), one
    round of each in turn: the games share the machine's load of each moment,
    so their ratios hold on a busy machine. Returns name -> rounds' steps; a
    game whose module refuses a round is dropped and its error kept in
    ``failed``."""
    measured = {name: [] for name in tables}
    for index in range(WARM + rounds):
        for name in in_turn(list(measured), index):
            try:
                steps = await socket_round(tables[name], counter, idle)
            except (RuntimeError, AssertionError, TimeoutError) as error:
                failed[name] = f"{type(error).__name__}: {error}"[:300]
                del measured[name]
                continue
            if index >= WARM:
                measured[name].append(steps)
    return measured


def action_rounds(tables, counter, rounds):
    measured = {name: [] for name in tables}
    for index in range(WARM + rounds):
        for name in in_turn(list(tables), index):
            steps = action_round(tables[name], counter)
            if index >= WARM:
                measured[name].append(steps)
    return measured


def per_record(measured):
    return [step for steps in measured for step in steps]


def figures_of(socket, action, idle):
    records = per_record(socket)
    acts = per_record(action)
    out = {
        "cpu_ms": median_ms([cpu for cpu, _ in records]),
        "idle_cpu_ms": median_ms([cpu for cpu, _ in per_record(idle)]),
        "round_cpu_ms": median_ms([sum(cpu for cpu, _ in steps) for steps in socket]),
        "records_per_round": len(socket[0]) if socket else 0,
        "hops": typical([c for _, c in records], "hops"),
    }
    if action:
        out.update(
            action_cpu_ms=median_ms([cpu for cpu, _ in acts]),
            statements=typical([c for _, c in acts], "statements"),
            socket_statements=typical([c for _, c in records], "statements"),
            templates=typical([c for _, c in acts], "templates"),
        )
    return out


async def measure(push_bytes, rounds):
    """Every installed game and the bare stack, their rounds interleaved."""
    from channels.db import database_sync_to_async
    from channels.routing import URLRouter
    from django.urls import path

    from bench.bare.asgi import TableConsumer
    from bench.recorders import installed, not_installed
    from squarescores.asgi import application

    counter = install_counter()
    bare_app = URLRouter([path("ws/tables/<int:table>/", TableConsumer.as_asgi())])
    bare_table = BareTable(1, push_bytes)
    bare_table.phones = await phones(bare_app, "/ws/tables/1/", [None] * PHONES)
    tables = {"bare": BareTables(bare_table)}
    for recorder in installed():
        tables[recorder.name] = Tables(recorder, application)
    # A module that refuses the bench's rounds is reported, not measured.
    failed = {}
    try:
        socket = await socket_rounds(tables, counter, rounds, failed)
        idle = await socket_rounds(
            {name: tables[name] for name in socket}, counter, rounds, failed, IDLE_S
        )
        games = {name: tables[name] for name in socket if name != "bare"}
        action = await database_sync_to_async(action_rounds)(games, counter, rounds)
    finally:
        for table_set in tables.values():
            await table_set.close()
    if "bare" in failed:
        raise RuntimeError(f"the bare stack's tap failed: {failed['bare']}")
    bare = figures_of(socket.pop("bare"), [], idle.pop("bare"))
    games = {
        name: figures_of(socket[name], action[name], idle[name])
        for name in socket
        if name in idle
    }
    base = games.get("fortyone_exchange", {}).get("cpu_ms")
    for figures in games.values():
        figures["cpu_ratio"] = figures["cpu_ms"] / bare["cpu_ms"]
        figures["idle_cpu_ratio"] = figures["idle_cpu_ms"] / bare["idle_cpu_ms"]
        figures["vs_exchange"] = figures["cpu_ms"] / base if base else None
    return {
        "games": games,
        "bare": bare,
        "failed": failed,
        "not_installed": not_installed(),
    }


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
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else ROUNDS
    json.dump(asyncio.run(measure(push_bytes, rounds)), sys.stdout)


if __name__ == "__main__":
    main()
