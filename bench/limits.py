"""The "what limits the rate" part of docs/benchmarks.md: the sweep's CPU share,
the CPU per call inside Django, where the app's cost can be cut, and the profiles."""


def limits_section(results):
    out = ["", "## What limits the rate", ""]
    light = {}
    for r in results["runs"]:
        if r["name"] == "scenario" and r["mode"] == "embedded":
            key = (r["phones"], r["rate"])
            if r["target"] not in light or key < light[r["target"]][0]:
                light[r["target"]] = (key, r)
    app, bare = (light.get(kind, (None, None))[1] for kind in ("app", "bare"))
    if app and bare:
        out += [
            f"One embedded worker spends {app['cpu_ms_per_tap']:.1f} ms of CPU per "
            f"app tap against {bare['cpu_ms_per_tap']:.1f} ms per bare tap "
            f"({app['phones']} phones, {app['rate']} taps/s, utime + stime of the "
            "process). A worker is one "
            "Python process: it cannot run taps faster than one core allows, about "
            f"{1000 / app['cpu_ms_per_tap']:.0f} taps/s for the app and "
            f"{1000 / bare['cpu_ms_per_tap']:.0f} for the bare stack before the "
            "client's share of the machine is taken off. What the app spends "
            "beyond the bare stack is its own code (below), not the stack's.",
            "",
        ]
    busy = []
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
            if kind == "app":
                busy.append(first_failed["cpu_share"])
    out.append("")
    if busy and min(busy) < 0.85:
        out += [
            "Well under 100% means the worker waits rather than computes: on "
            "SQLite the writers queue for the one write lock, and each tap holds "
            "it through its queries and the WAL's disk syncs (below).",
            "",
        ]
    elif busy:
        out += [
            "Near 100%: the app's worker is bound by its CPU per tap.",
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
