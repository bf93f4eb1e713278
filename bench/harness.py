"""The load loop: taps at a fixed total rate, timed to every phone of the table.

Tap ``i`` of a run is due at ``start + i / rate`` and belongs to table ``i % M``. A
table taps one round at a time (its next tap waits for the previous answer), so a
tap is never refused for a round that another tap of the same run closed; a tap
that cannot start on time counts as late, and a run with late taps did not sustain
its rate. For each tap the harness records when it was sent, and each phone when
the news that its round closed arrived: the difference is the latency.
"""

import asyncio
import gc
import math
import time
from collections import Counter

import httpx

LATE = 0.05  # a tap sent more than 50 ms after it was due


def percentile(sorted_values, q):
    if not sorted_values:
        return math.nan
    index = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[index]


async def run_load(target, stack, tables, rate, duration, *, grace=3.0, name=""):
    """Tap ``rate`` times a second for ``duration`` seconds over ``tables``."""
    count = max(1, round(rate * duration))
    errors = Counter()
    late = 0
    for table in tables:
        table.taps = []
    # The client's own garbage collector walking thousands of phones would pause
    # its event loop and show as server latency; a run is short and bounded.
    gc.collect()
    gc.disable()
    logged_before = stack.errors_logged()
    cpu_before = stack.cpu()
    start = time.perf_counter() + 0.2

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
            try:
                ok, status = await target.tap(phone, table, number, seat)
            except (httpx.HTTPError, OSError) as error:
                ok, status = False, type(error).__name__
            table.taps.append((number, sent, ok))
            if ok:
                table.open_round = number + 1
            else:
                errors[str(status)] += 1
                if number in phone.seen:
                    table.open_round = number + 1

    tappers = [tapper(offset, table) for offset, table in enumerate(tables)]
    try:
        await asyncio.wait_for(asyncio.gather(*tappers), timeout=duration * 3 + 60)
        sent_times = sorted(sent for table in tables for _, sent, _ in table.taps)
        drained = await drain(tables, grace)
    finally:
        gc.enable()
    cpu = stack.cpu() - cpu_before
    wall = time.perf_counter() - start

    latencies, delivered, expected, frame_bytes = [], 0, 0, []
    for table in tables:
        for number, sent, ok in table.taps:
            if not ok:
                continue
            for phone in table.phones:
                expected += 1
                seen = phone.seen.get(number)
                if seen is not None:
                    delivered += 1
                    latencies.append((seen - sent) * 1000)
            size = table.phones[0].frame_bytes.get(number)
            if size:
                frame_bytes.append(size)
    latencies.sort()
    frame_bytes.sort()
    span = sent_times[-1] - sent_times[0] if len(sent_times) > 1 else 0
    taps_ok = sum(ok for table in tables for *_, ok in table.taps)
    result = {
        "name": name,
        "target": target.kind,
        "tap": target.tap_via,
        "mode": stack.mode,
        "tables": len(tables),
        "phones": sum(len(table.phones) for table in tables),
        "rate": rate,
        "duration": duration,
        "taps": len(sent_times),
        "taps_ok": taps_ok,
        "achieved_rate": (len(sent_times) - 1) / span if span else 0.0,
        "late": late,
        "http_errors": sum(errors.values()),
        "error_kinds": dict(errors),
        "server_errors": stack.errors_logged() - logged_before,
        "expected": expected,
        "delivered": delivered,
        "lost": expected - delivered,
        "drained": drained,
        "p50": percentile(latencies, 0.50),
        "p95": percentile(latencies, 0.95),
        "p99": percentile(latencies, 0.99),
        "max": latencies[-1] if latencies else math.nan,
        "push_bytes": percentile(frame_bytes, 0.5) if frame_bytes else 0,
        "cpu_s": cpu,
        "cpu_ms_per_tap": cpu * 1000 / taps_ok if taps_ok else math.nan,
        "cpu_share": cpu / wall if wall else 0.0,
        "closed_early": sum(bool(p.closed_early) for t in tables for p in t.phones),
    }
    result["sustained"] = sustained(result)
    return result


def sustained(result, p99_ms=100.0):
    """The run kept its rate: p99 within bound, nothing lost, no error, on time."""
    return (
        result["lost"] == 0
        and result["http_errors"] == 0
        and result["server_errors"] == 0
        and result["p99"] <= p99_ms
        and result["late"] <= 0.01 * result["taps"]
    )


async def drain(tables, grace):
    """Wait (at most ``grace`` seconds) for every phone to hear every good tap."""
    deadline = time.perf_counter() + grace
    while time.perf_counter() < deadline:
        if all(
            number in phone.seen
            for table in tables
            for number, _, ok in table.taps
            if ok
            for phone in table.phones
        ):
            return True
        await asyncio.sleep(0.05)
    return False


async def sweep(run, *, start=50, factor=1.5, ceiling=2000, steps=10, refine=3):
    """The highest rate ``run(rate)`` sustains: grow by ``factor``, then bisect.

    ``run`` is a coroutine function returning a run_load result; every step is
    returned so the report can show the curve.
    """
    tried = []
    good, bad = 0, None
    rate = start
    for _ in range(steps):
        result = await run(rate)
        tried.append(result)
        if not result["sustained"]:
            bad = rate
            break
        good = rate
        if rate >= ceiling:
            break
        rate = min(ceiling, round(rate * factor))
    for _ in range(refine if bad else 0):
        rate = round((good + bad) / 2)
        if rate in (good, bad):
            break
        result = await run(rate)
        tried.append(result)
        if result["sustained"]:
            good = rate
        else:
            bad = rate
    return good, tried
