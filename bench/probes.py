"""The figures that are not a load curve: push growth over 500 rounds, each game's
record cost in one process, the page's weight and first view on a slow phone, the
reconnect storm, SQL queries per tap, and memory per idle connection at 2,000
sockets (app and bare)."""

import asyncio
import json

from . import page, storm
from .harness import run_load
from .phones import Phone, gather_bounded
from .scenarios import line, log
from .servers import Stack
from .targets import App, Bare, close_all

ROUNDS = 500
WINDOW = 25


async def growth(run_dir, rounds=ROUNDS, window=WINDOW):
    """One table tapped through the real endpoint from round 1 to ``rounds``."""
    app = App()
    with Stack("app", "embedded", run_dir / "growth") as stack:
        tables = await app.add_tables(stack, 1)
        try:
            first = await run_load(app, stack, tables, 25, window / 25, name="growth")
            middle = rounds - 2 * window
            await run_load(app, stack, tables, 50, middle / 50, name="growth")
            last = await run_load(app, stack, tables, 25, window / 25, name="growth")
        finally:
            await close_all(tables)
    phone = tables[0].phones[0]
    closed = sorted(phone.frame_bytes)
    start, end = phone.frame_bytes[closed[0]], phone.frame_bytes[closed[-1]]
    result = {
        "first_round": closed[0],
        "last_round": closed[-1],
        "bytes_first": start,
        "bytes_last": end,
        "ratio": end / start,
        "p50_first": first["p50"],
        "p50_last": last["p50"],
        "cpu_ms_first": first["cpu_ms_per_tap"],
        "cpu_ms_last": last["cpu_ms_per_tap"],
        "lost": first["lost"] + last["lost"],
    }
    log(
        f"push growth: round {closed[0]} {start} B -> round {closed[-1]} {end} B; "
        f"server CPU {first['cpu_ms_per_tap']:.2f} -> {last['cpu_ms_per_tap']:.2f} "
        f"ms/tap; p50 {first['p50']:.1f} -> {last['p50']:.1f} ms"
    )
    return result


async def queries(run_dir):
    stack = Stack("app", "embedded", run_dir / "queries").prepare()
    try:
        answer = await asyncio.to_thread(stack.python, "bench.queries", timeout=600)
    finally:
        stack.stop()
    figures = json.loads(answer.stdout)
    for label in ("round1", "round500"):
        f = figures[label]
        log(
            f"queries at round {f['round']}: form tap {f['form_queries']} "
            f"({f['form_ms']:.1f} ms), action {f['action_queries']} "
            f"({f['action_ms']:.1f} ms)"
        )
    return figures


async def costs(run_dir):
    stack = Stack("app", "embedded", run_dir / "costs").prepare()
    try:
        answer = await asyncio.to_thread(stack.python, "bench.costs", timeout=600)
    finally:
        stack.stop()
    figures = json.loads(answer.stdout)
    log(
        "CPU per call (ms): "
        + ", ".join(f"{k} {v:.2f}" for k, v in figures.items() if k != "conn_max_age")
    )
    return figures


async def records(run_dir, push_bytes=600, rounds=40):
    """Each game's record through the socket and the action, in one process
    (``bench/record_cost.py``): CPU, statements, templates and thread hops."""
    stack = Stack("app", "embedded", run_dir / "records").prepare()
    try:
        answer = await asyncio.to_thread(
            stack.python,
            "bench.record_cost",
            str(push_bytes),
            str(rounds),
            timeout=600,
        )
    finally:
        stack.stop()
    figures = json.loads(answer.stdout)
    bare = figures["bare"]
    for game, f in figures["games"].items():
        log(
            f"record {game}: {f['cpu_ms']:.2f} ms CPU per socket record "
            f"({f['cpu_ratio']:.2f}x the bare socket tap's {bare['cpu_ms']:.2f} ms; "
            f"{f['vs_exchange']:.2f}x 41 Exchange's); after 10 ms idle "
            f"{f['idle_cpu_ms']:.2f} ms ({f['idle_cpu_ratio']:.2f}x the bare tap's "
            f"{bare['idle_cpu_ms']:.2f} ms); the action alone "
            f"{f['action_cpu_ms']:.2f} ms; SQL statements {f['socket_statements']} "
            f"through the socket, {f['statements']} the action alone, "
            f"{f['templates']} templates, {f['hops']} thread hops "
            f"(bare {bare['hops']})"
        )
    for game, error in figures.get("failed", {}).items():
        log(f"record {game}: not measured, {error}")
    return figures


async def memory(run_dir, kind, connections=2000, warm=50, tables=50):
    """RSS growth of one worker per idle WebSocket, over ``connections`` sockets."""
    target = App(join="seed") if kind == "app" else Bare()
    with Stack(kind, "embedded", run_dir / f"memory-{kind}") as stack:
        seated = await target.add_tables(stack, tables)
        # More sockets on the same phones' cookies: memory is per connection.
        phones = [p for t in seated for p in t.phones]
        paths = {id(p): target.ws_path(t) for t in seated for p in t.phones}
        extra = []
        try:
            for index in range(warm):
                extra.append(_clone(phones[index % len(phones)], paths))
            await gather_bounded([p.open_socket(p.path) for p in extra], limit=32)
            await asyncio.sleep(1)
            before = stack.rss()
            fresh = [
                _clone(phones[index % len(phones)], paths)
                for index in range(connections)
            ]
            await gather_bounded([p.open_socket(p.path) for p in fresh], limit=64)
            extra += fresh
            await asyncio.sleep(2)
            after = stack.rss()
            alive = sum(not p.closed_early for p in fresh)
        finally:
            await gather_bounded([p.close() for p in extra], limit=64)
            await close_all(seated)
    result = {
        "kind": kind,
        "connections": connections,
        "alive": alive,
        "rss_before": before,
        "rss_after": after,
        "bytes_per_connection": (after - before) / connections,
    }
    log(
        f"memory {kind}: {alive}/{connections} idle sockets, RSS "
        f"{before / 2**20:.1f} -> {after / 2**20:.1f} MiB, "
        f"{result['bytes_per_connection'] / 1024:.1f} KiB per connection"
    )
    return result


STOCK_LAYER = "channels.layers.InMemoryChannelLayer"
APP_LAYER = "squarescores.layers.InMemoryChannelLayer"


async def layers(run_dir, tables=200, rate=100, duration=6.0, push_bytes=600):
    """The bare stack at 1,200 phones with Channels' stock in-memory layer and
    with the app's (its expiry sweep throttled): server CPU per tap."""
    out = {}
    for name, backend in (("stock", STOCK_LAYER), ("throttled", APP_LAYER)):
        env = {"BENCH_INMEMORY_LAYER": backend}
        with Stack("bare", "embedded", run_dir / f"layer-{name}", env=env) as stack:
            target = Bare(push_bytes)
            seated = await target.add_tables(stack, tables)
            try:
                await run_load(target, stack, seated, 20, 1.0, name="warmup")
                out[name] = await run_load(
                    target, stack, seated, rate, duration, name="layer"
                )
            finally:
                await close_all(seated)
        log(f"layer {name}: " + line(out[name]))
    return out


def _clone(phone, paths):
    clone = Phone(phone.base_url, cookies=dict(phone.http.cookies.items()))
    clone.path = paths[id(phone)]
    return clone


async def phone(run_dir, smoke=False):
    """The page's weight and its first view on Slow 4G (``bench/page.py``)."""
    return await page.measure(run_dir, runs=1 if smoke else 5)


async def storms(run_dir, smoke=False, modes=("embedded", "scaleout")):
    """The reconnect storm (``bench/storm.py``), on one worker and on two."""
    return await storm.run_all(run_dir, smoke=smoke, modes=modes)


async def run_all(
    run_dir, *, smoke=False, light=False, push_bytes=600, modes=("embedded",)
):
    if smoke:
        result = await growth(run_dir, rounds=30, window=5)
        return {
            "growth": result,
            "records": await records(run_dir, push_bytes, rounds=8),
            "phone": await phone(run_dir, smoke=True),
            "storm": await storms(run_dir, smoke=True, modes=("embedded",)),
        }
    results = {"growth": await growth(run_dir)}
    results["records"] = await records(run_dir, push_bytes)
    results["phone"] = await phone(run_dir)
    results["storm"] = await storms(run_dir, modes=modes)
    if light:
        return results
    results["queries"] = await queries(run_dir)
    results["costs"] = await costs(run_dir)
    results["layers"] = await layers(run_dir, push_bytes=push_bytes)
    results["memory"] = {kind: await memory(run_dir, kind) for kind in ("app", "bare")}
    return results
