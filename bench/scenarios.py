"""The scenarios of issues 6 and 17, run app and bare side by side in one process.

For each mode (embedded: one worker, SQLite, in-memory layer; scale-out: two
workers, PostgreSQL, RedisPubSub) and each stack (app, bare): tables of six phones
at two sizes and two rates, and in embedded mode a sweep for the highest
sustained rate at 300 phones. The app runs first, so the bare stack can push
frames of the size the app's pushes measured.

The scenarios tap both stacks the way the page sends a tap, a frame on the
phone's socket, so the summary line compares like with like (issue 17). At the
smaller size each stack is also tapped over HTTP (the app's fallback form, the
bare stack's view) and swept both ways: the HTTP pairs and the endpoint-vs-endpoint
pairs of issue 6 (the app's socket against the bare view) come from the same run.
"""

import asyncio
import time

from . import profile
from .harness import run_load, sweep
from .servers import Stack
from .targets import App, Bare, Floor, close_all

FULL = {
    "sizes": (50, 200),
    # 50/s: the summary's p99 point; 100/s: its CPU and scale-out points.
    "rates": (50, 100),
    "duration": 8.0,
    "sweep_duration": 5.0,
    "sweep_start": 50,
    "profile_seconds": 8.0,
    "modes": ("embedded", "scaleout"),
    "app_taps": ("ws", "form"),
    "bare_taps": ("ws", "form"),
}
SMOKE = {
    "sizes": (2,),
    "rates": (10,),
    "duration": 1.0,
    "sweep_duration": 0.6,
    "sweep_start": 20,
    "sweep_steps": 2,
    "profile_seconds": 0,
    "modes": ("embedded",),
    "app_taps": ("ws", "form"),
    "bare_taps": ("ws", "form"),
}


def log(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def line(result):
    return (
        f"{result['target']:4} {result['tap']:4} {result['mode']:8} "
        f"{result['phones']:5} phones "
        f"{result['rate']:6.0f}/s: p50 {result['p50']:6.1f} p95 {result['p95']:6.1f} "
        f"p99 {result['p99']:6.1f} max {result['max']:7.1f} ms, "
        f"lost {result['lost']}, errors {result['http_errors']}+"
        f"{result['server_errors']}, late {result['late']}, "
        f"{result['cpu_ms_per_tap']:.2f} ms CPU/tap, {result['push_bytes']:.0f} B"
    )


async def stack_runs(
    target, taps, stack, plan, results, *, sweep_at=None, profile_to=None
):
    """Every size and rate on one running stack; the sweeps at the size ``sweep_at``.

    ``taps`` are the transports: the scenarios use the first, the comparison runs
    (at the first size) and the sweeps use them all.
    """
    target.tap_via = taps[0]
    tables = []
    try:
        for size in plan["sizes"]:
            log(f"{target.kind} {stack.mode}: setting up {size} tables")
            tables += await target.add_tables(stack, size - len(tables))
            await run_rates(target, stack, tables, plan, results, "scenario")
            if size == plan["sizes"][0]:
                await other_taps(target, taps[1:], stack, tables, plan, results)
            if size == sweep_at:
                for tap in taps:
                    target.tap_via = tap
                    profile = profile_to if tap == taps[0] else None
                    await sweep_stack(target, stack, tables, plan, results, profile)
                target.tap_via = taps[0]
    finally:
        await close_all(tables)


async def other_taps(target, taps, stack, tables, plan, results):
    """The same rates with the other transports: the comparison, not the scenario."""
    main = target.tap_via
    try:
        for tap in taps:
            target.tap_via = tap
            await run_rates(target, stack, tables, plan, results, "transport")
    finally:
        target.tap_via = main


async def run_rates(target, stack, tables, plan, results, name):
    """Each of the plan's rates once on ``tables``, after an untimed warm-up."""
    # Untimed: the first taps after a setup or a switch pay for garbage and caches.
    await run_load(target, stack, tables, 20, 1.0, name="warmup")
    for rate in plan["rates"]:
        result = await run_load(
            target, stack, tables, rate, plan["duration"], name=name
        )
        log(line(result))
        results["runs"].append(result)
        await asyncio.sleep(0.5)


async def sweep_stack(target, stack, tables, plan, results, profile_to):
    async def step(rate):
        result = await run_load(
            target, stack, tables, rate, plan["sweep_duration"], name="sweep"
        )
        log("sweep " + line(result))
        await asyncio.sleep(0.5)
        return result

    best, tried = await sweep(
        step, start=plan["sweep_start"], steps=plan.get("sweep_steps", 10)
    )
    key = (target.kind, stack.mode, target.tap_via)
    results["sweeps"][key] = {"best": best, "steps": tried}
    log(f"{' '.join(key)}: highest sustained rate {best} taps/s")
    if profile_to is not None and plan["profile_seconds"]:
        rate = max(best, 20)
        results["profiles"][target.kind] = await profile.under_load(
            stack,
            lambda: run_load(
                target,
                stack,
                tables,
                rate,
                plan["profile_seconds"],
                name="profile",
            ),
            profile_to / f"profile-{target.kind}.txt",
            rate,
            plan["profile_seconds"],
        )


async def run_mode(mode, plan, run_dir, results, app_options):
    workers = 2 if mode == "scaleout" else 1
    app = App(**app_options)
    sweep_at = plan["sizes"][0] if mode == "embedded" else None
    with Stack("app", mode, run_dir, workers=workers) as stack:
        await stack_runs(
            app,
            plan["app_taps"],
            stack,
            plan,
            results,
            sweep_at=sweep_at,
            profile_to=run_dir,
        )
        results["app_join"] = app.joined_by
    push = [r["push_bytes"] for r in results["runs"] if r["target"] == "app"]
    push_bytes = int(max(push)) if push and max(push) else 600
    results["bare_push_bytes"] = push_bytes
    with Stack("bare", mode, run_dir, workers=workers) as stack:
        await stack_runs(
            Bare(push_bytes),
            plan["bare_taps"],
            stack,
            plan,
            results,
            sweep_at=sweep_at,
            profile_to=run_dir,
        )
    if plan.get("floor", True):
        # The same scenarios and sweep with the floor's database work added, on
        # the page's transport only (bench/bare/floor.py).
        with Stack("floor", mode, run_dir, workers=workers) as stack:
            await stack_runs(
                Floor(push_bytes), ("ws",), stack, plan, results, sweep_at=sweep_at
            )


async def run_all(plan, run_dir, app_options=None):
    results = {"runs": [], "sweeps": {}, "profiles": {}, "plan": plan}
    for mode in plan["modes"]:
        await run_mode(mode, plan, run_dir, results, app_options or {})
    return results
