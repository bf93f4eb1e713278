"""A reconnect storm: a hall's Wi-Fi blinks and every phone comes back at once.

1,200 phones (200 tables of six) hold their sockets on the app while taps go on
at 50 a second. Then every socket dies at the same instant, as a dropped Wi-Fi
kills it (the TCP connection reset, no close frame), and each phone reconnects
at a moment drawn uniformly within the next 2 s, as the page's reconnect does,
and receives its snapshot. The taps never stop: a tap whose phone is offline
waits for its socket and is sent then, and a tap whose socket died before its
change came back is resent with the same idempotency key once the phone is
back, unless its snapshot shows the round closed already (the page's own
behaviour, static/js/table.js).

- ``seconds`` (``storm_s``): from the drop until every phone is live again and
  holds its match's current version (the newest any phone of its table holds);
- ``lost`` (``storm_lost``): taps never confirmed, plus, after the taps stop and
  a 3 s drain, every (phone, confirmed round) the phone never learned of, plus
  every phone not live or behind its match's version.
"""

import asyncio
import gc
import math
import random
import time

from websockets.exceptions import ConnectionClosed, WebSocketException

from .harness import LATE, percentile
from .phones import new_key
from .scenarios import log
from .servers import Stack, raise_open_files
from .targets import App, close_all, tap_frame

FULL = {"tables": 200, "rate": 50.0, "window": 2.0, "before": 3.0, "after": 10.0}
SMOKE = {"tables": 2, "rate": 4.0, "window": 0.5, "before": 0.5, "after": 2.0}
POLL = 0.02


async def tap_through(table, phone, number, seat, deadline):
    """One tap of the storm, as the page makes it; True once its change is back."""
    key = new_key()
    while time.perf_counter() < deadline:
        if not phone.live:
            await asyncio.sleep(POLL)
            continue
        if number in phone.seen:
            return True
        try:
            await phone.send_frame(tap_frame(number, seat, key))
            await phone.wait_round(number, timeout=deadline - time.perf_counter())
            return True
        except (RuntimeError, TimeoutError):
            # Refused (an error frame) or never answered.
            return number in phone.seen
        except (ConnectionError, ConnectionClosed):
            # The socket died under the tap: resend once the phone is back.
            await asyncio.sleep(POLL)
    return False


async def reconnect(phone, at, deadline):
    """Back at ``at``; tried again until ``deadline`` if the server is too busy."""
    await asyncio.sleep(max(0.0, at - time.perf_counter()))
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        try:
            # As the page does: with the version it holds, so a phone that
            # missed nothing hears "current" instead of a whole snapshot.
            await phone.open_socket(phone.path, timeout=30, version=phone.version)
            return time.perf_counter() - started
        except (OSError, TimeoutError, WebSocketException) as error:
            phone.errors.append(repr(error))
            await asyncio.sleep(0.2)
    return math.nan


def caught_up(tables):
    for table in tables:
        version = max(phone.version for phone in table.phones)
        for phone in table.phones:
            if not phone.live or phone.version < version:
                return False
    return True


async def blink(stack, tables, plan):
    """Taps at ``plan["rate"]``; the drop ``plan["before"]`` s in; the figures."""
    rate, before, after = plan["rate"], plan["before"], plan["after"]
    count = max(1, round(rate * (before + after)))
    phones = [phone for table in tables for phone in table.phones]
    late = 0
    for table in tables:
        table.taps = []
    gc.collect()
    gc.disable()
    cpu_before = stack.cpu()
    start = time.perf_counter() + 0.2
    drop_at = start + before
    give_up = drop_at + after + 30

    async def tapper(offset, table):
        nonlocal late
        for index in range(offset, count, len(tables)):
            delay = start + index / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            elif -delay > LATE:
                late += 1
            phone, seat = table.next_tap()
            number = table.open_round
            sent = time.perf_counter()
            ok = await tap_through(table, phone, number, seat, sent + 15)
            table.taps.append((number, sent, ok))
            if ok or any(number in p.seen for p in table.phones):
                table.open_round = number + 1

    async def storm():
        await asyncio.sleep(max(0.0, drop_at - time.perf_counter()))
        dropped = time.perf_counter()
        await asyncio.gather(*(phone.drop() for phone in phones))
        back = await asyncio.gather(
            *(
                reconnect(phone, dropped + random.uniform(0, plan["window"]), give_up)
                for phone in phones
            )
        )
        # Every phone is back (or has given up): now until all hold the version.
        while time.perf_counter() < give_up and not caught_up(tables):
            await asyncio.sleep(POLL)
        return dropped, time.perf_counter(), back

    try:
        tappers = asyncio.gather(
            *(tapper(offset, table) for offset, table in enumerate(tables))
        )
        (dropped, settled, back), _ = await asyncio.gather(storm(), tappers)
        drain_until = time.perf_counter() + 3
        while time.perf_counter() < drain_until and not all_heard(tables):
            await asyncio.sleep(0.05)
    finally:
        gc.enable()
    cpu = stack.cpu() - cpu_before
    taps = [tap for table in tables for tap in table.taps]
    failed = sum(not ok for *_, ok in taps)
    unheard = sum(
        number not in phone.seen
        for table in tables
        for number, _, ok in table.taps
        if ok
        for phone in table.phones
    )
    behind = sum(
        not phone.live or phone.version < max(p.version for p in table.phones)
        for table in tables
        for phone in table.phones
    )
    reconnects = sorted(b for b in back if not math.isnan(b))
    refusals = [error for phone in phones for error in phone.errors]
    return {
        "mode": stack.mode,
        "workers": len(stack.urls),
        "phones": len(phones),
        "rate": rate,
        "window": plan["window"],
        "seconds": settled - dropped,
        "lost": failed + unheard + behind,
        "taps": len(taps),
        "taps_failed": failed,
        "unheard": unheard,
        "behind": behind,
        "never_back": len(back) - len(reconnects),
        "reconnect_p50_ms": percentile(reconnects, 0.5) * 1000,
        "reconnect_p99_ms": percentile(reconnects, 0.99) * 1000,
        "late": late,
        "cpu_s": cpu,
        "server_errors": stack.errors_logged(),
        "errors": sorted(set(map(str, refusals)))[:5],
    }


def all_heard(tables):
    return all(
        number in phone.seen
        for table in tables
        for number, _, ok in table.taps
        if ok
        for phone in table.phones
    )


async def run(run_dir, mode="embedded", plan=None):
    plan = plan or FULL
    app = App(join="seed")
    workers = 2 if mode == "scaleout" else 1
    with Stack("app", mode, run_dir / f"storm-{mode}", workers=workers) as stack:
        log(f"storm {mode}: seating {plan['tables'] * 6} phones")
        tables = await app.add_tables(stack, plan["tables"])
        try:
            result = await blink(stack, tables, plan)
        finally:
            await close_all(tables)
    log(
        f"storm {mode}: {result['phones']} phones dropped, all current again after "
        f"{result['seconds']:.2f} s; lost {result['lost']} (taps failed "
        f"{result['taps_failed']} of {result['taps']}, unheard {result['unheard']}, "
        f"behind {result['behind']}, never back {result['never_back']}); "
        f"reconnect p50 {result['reconnect_p50_ms']:.0f} p99 "
        f"{result['reconnect_p99_ms']:.0f} ms; late {result['late']}; "
        f"server CPU {result['cpu_s']:.1f} s"
    )
    return result


async def run_all(run_dir, *, smoke=False, modes=("embedded", "scaleout")):
    plan = SMOKE if smoke else FULL
    return {mode: await run(run_dir, mode, plan) for mode in modes}


if __name__ == "__main__":
    import argparse
    import json
    import shutil
    import tempfile
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m bench.storm", description=__doc__)
    parser.add_argument("--modes", default="embedded")
    parser.add_argument("--tables", type=int, default=FULL["tables"])
    parser.add_argument("--rate", type=float, default=FULL["rate"])
    args = parser.parse_args()
    raise_open_files()
    FULL.update(tables=args.tables, rate=args.rate)
    directory = Path(tempfile.mkdtemp(prefix="bench-storm-"))
    try:
        figures = asyncio.run(run_all(directory, modes=tuple(args.modes.split(","))))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print(json.dumps(figures, indent=1))
