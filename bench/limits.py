"""The "what limits the rate" part of docs/benchmarks.md: the sweep's CPU share,
the CPU per call inside Django, where the app's cost can be cut, and the profiles."""


def lightest(results, kind, names, tap=None):
    """The embedded run of ``kind`` with the fewest phones and the lowest rate."""
    runs = [
        r
        for r in results["runs"]
        if r["target"] == kind
        and r["name"] in names
        and r["mode"] == "embedded"
        and (tap is None or r.get("tap") == tap)
    ]
    return min(runs, key=lambda r: (r["phones"], r["rate"]), default=None)


def per_tap_line(app, bare, how):
    return (
        f"- {how}: the app {app['cpu_ms_per_tap']:.1f} ms of CPU per tap "
        f"(`{app.get('tap')}`), the bare stack {bare['cpu_ms_per_tap']:.1f} ms "
        f"(`{bare.get('tap')}`), {app['phones']} phones at {app['rate']:.0f} taps/s: "
        f"one core's worth is about {1000 / app['cpu_ms_per_tap']:.0f} and "
        f"{1000 / bare['cpu_ms_per_tap']:.0f} taps/s."
    )


def limits_section(results):
    out = ["", "## What limits the rate", ""]
    app = lightest(results, "app", ("scenario",))
    bare = lightest(results, "bare", ("scenario",))
    bare_view = lightest(results, "bare", ("scenario", "transport"), tap="form")
    if app and bare:
        out += [
            "A worker is one Python process, so a tap's server CPU (utime + "
            "stime of the process) bounds the rate one worker sustains, before "
            "the client's share of the machine is taken off:",
            "",
            per_tap_line(app, bare, f"the same transport (`{app.get('tap')}`)"),
        ]
        if bare_view and bare_view is not bare:
            out.append(per_tap_line(app, bare_view, "the bare stack's view"))
        out.append("")
    busy = []
    for (kind, mode, tap), sweep in sorted(results["sweeps"].items()):
        failed = [
            r
            for r in sweep["steps"]
            if not r["sustained"] and r["rate"] > sweep["best"]
        ]
        if failed:
            first_failed = min(failed, key=lambda r: r["rate"])
            out.append(
                f"- {kind} {mode} `{tap}`: the lowest rate above the best not "
                f"sustained, {first_failed['rate']} taps/s, kept the worker(s) at "
                f"{first_failed['cpu_share'] * 100:.0f}% of one core"
                f" (p99 {first_failed['p99']:.0f} ms, {first_failed['late']} late)."
            )
            if kind == "app":
                busy.append(first_failed["cpu_share"])
    out.append("")
    if busy and min(busy) < 0.85:
        out += [
            "Well under 100% means the worker waits rather than computes: every "
            "database call of the consumers runs on one shared thread "
            "(`DB_THREADS` is 1 on SQLite), one at a time, and the writers "
            "queue for SQLite's one write lock.",
            "",
        ]
    elif busy:
        out += ["Near 100%: the app's worker is bound by its CPU per tap.", ""]
    c = results.get("probes", {}).get("costs")
    if c:
        request = c["form_request"] - c["record"]
        out += [
            "CPU per call inside Django (`bench/costs.py`, median of 60, "
            "`time.process_time`):",
            "",
            f"- the whole form tap request (test client): {c['form_request']:.2f} ms",
            f"- `actions.record` (a winner) with its after-commit publish: "
            f"{c['record']:.2f} ms; without the publish "
            f"{c['record_unpublished']:.2f} ms",
            f"- `broadcast.publish`: {c['publish']:.2f} ms, of which "
            f"`live.change_text` {c['change_text']:.2f} ms (the changed fragments, the "
            "match and seats the action holds); outside a server `async_to_sync` "
            "also starts an event loop, which inflates the rest",
            f"- the request path around the action (middleware, session, user, "
            f"CSRF, form, redirect), which a socket tap skips: about {request:.2f} ms",
            f"- a connection closed and opened again, as every request and every "
            f"consumer call does with CONN_MAX_AGE={c['conn_max_age']}: "
            f"{c['reconnect']:.2f} ms of CPU (the backend hands back a pooled "
            "connection; a new one cost about 0.4 ms)",
            f"- `actions.record` of a Schwimmen round (who pays; standings folded, "
            f"published): {c.get('record_schwimmen', float('nan')):.2f} ms",
            "",
        ]
    parts = dict(results.get("profiles", {}).get("app", {}).get("parts", []))
    if parts:
        own = parts.get("app (games/, squarescores/)", 0)
        stack = sorted(
            ((share, label) for label, share in parts.items() if share >= 0.05),
            reverse=True,
        )
        out += [
            f"In the app's profile below, its own code (`games/`, `squarescores/`) "
            f"holds {own * 100:.1f}% of the worker's samples; the largest parts are "
            "the stack it runs on: "
            + ", ".join(f"{label} {share * 100:.0f}%" for share, label in stack)
            + ".",
            "",
        ]
    out += spend_section(results)
    return out


def spend_section(results):
    """What the app spends beyond the bare stack, with the record probe's counts."""
    records = results.get("probes", {}).get("records", {})
    tap = records.get("games", {}).get("fortyone_exchange", {})
    bare = records.get("bare", {})
    statements = tap.get("socket_statements", "seven")
    templates = tap.get("templates", "five")
    hops, bare_hops = tap.get("hops", "-"), bare.get("hops", "-")
    return [
        "What the app spends beyond the bare stack, and where it goes (the "
        "profile below names the calls):",
        "",
        f"- The database: a socket tap runs {statements} SQL statements in one "
        "transaction (`games/actions/`): the lock, which raises the version, checks "
        "the tapper's membership and reads the match back in one `UPDATE … "
        "RETURNING`; the seats, the open round and its cells in one `SELECT`; and "
        "the writes (the cells, the closed round, the standings kept on the match, "
        "the next round, the event). None goes through the ORM's compiler: each is "
        "SQL text built once per process from the models' meta "
        "(`games/actions/sql.py`), with the fields' own conversions. On PostgreSQL "
        "the writes go to the database together, as one statement, and the driver "
        "and the pool add more "
        "per statement (compare the scale-out rows' CPU per tap with the embedded "
        "ones). Rarer changes (a seat, a correction, the end) use the ORM.",
        (
            "- `games/live.py` puts what changed in the push as data once per "
            "change (the closed rows, the open round, the standings; no template: "
            "the page's scripts draw them) and serializes the frame once for "
            "every phone."
            if templates == 0
            else f"- `games/live.py` renders what changed once per change "
            f"({templates} Jinja2 templates: the closed row and its grid row, the "
            "open round and its entry, the standings and the module's figures) and "
            "serializes the frame once for every phone."
        ),
        f"- Thread hops: {hops} per socket record against the bare stack's "
        f"{bare_hops}. Channels hops to a thread before every message a consumer "
        "handles (`aclose_old_connections`: the frame, then the push to each "
        "phone); the app's consumer skips that hop for frames and pushes (their "
        "database work closes stale connections itself), so its one hop is the "
        "record's database work (`broadcast.run_then_send`).",
        "- An HTTP tap (the form) adds Django's request path, the session and the "
        "user: the `form` rows above.",
        "- Cut in issue 17 (one commit each, counted by `bench/record_cost.py` and "
        "held by `tests/games/test_write_cost.py`): the membership check folded "
        "into the lock statement; the open round and its cells read together (and, "
        "in issue 33, the seats with them); the "
        "socket's record frame no longer reads the match's game (the consumer "
        "knows it from its snapshot); the fragments render without number "
        "localization (`live.change_text` about a third cheaper, the same output); "
        "the fragments in Jinja2 instead of Django's engine (41 Exchange's row "
        "3.9 times faster, the same HTML); "
        "pushes and frames skip Channels' per-handler thread hop.",
        "- Cut before (issue 6's rounds): the socket tap measured as the page sends "
        "it; the read of the match after the lock; `change_text` reading the match "
        "and seats again; the database thread waiting for the event loop to run "
        "each push; SQLite's connection per request and per consumer call.",
        "- PostgreSQL (scale-out): `conn_max_age` stays 0 under ASGI, as Django "
        "advises, and `DB_POOL_MAX_SIZE` gives each worker a bounded psycopg pool; "
        "the consumers' database work runs on `DB_THREADS` (4) threads per worker "
        "(`games/threads.py`), so different matches' records overlap while each "
        "waits for PostgreSQL; one match's records take turns on its row lock.",
        "- The stack's own costs show in the bare column: uvicorn's HTTP and "
        "WebSocket protocol code, Channels' consumer dispatch, the channel layer "
        "(the stock in-memory layer's sweep is throttled here, see the layer line "
        "above) and, for `form`, Django's async view path.",
        "",
    ]


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
