"""docs/benchmarks.md, written from a run's figures (never by hand)."""

import math
import os
import platform
import time
from pathlib import Path

from .harness import sustained
from .limits import limits_section, profile_section
from .summary import POINTS, SAME, line

COLUMNS = (
    "stack",
    "tap",
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

# What follows this line in docs/benchmarks.md is written by hand (the private
# internals' A/B, bench/internals_ab.py): a run keeps it below its own figures.
HAND = "<!-- Written by hand below this line: make bench keeps it. -->"


def keep_hand_written(text, path):
    """``text`` with the hand-written part of the file at ``path`` after it."""
    try:
        old = Path(path).read_text()
    except FileNotFoundError:
        return text
    if HAND not in old:
        return text
    return text.rstrip("\n") + "\n\n" + old[old.index(HAND) :]


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
    if value is None:
        return "-"
    if isinstance(value, float):
        return "-" if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def row(result):
    return [
        result["target"],
        result.get("tap", "-"),
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


def pairs(results, app_tap=SAME, bare_tap=SAME):
    """(app run, bare run) with the same mode, phones and rate, each tapped
    through the given transport, in the scenarios or the comparison runs.

    ``SAME`` on both is the summary's like-for-like pair; the app's socket
    against the bare stack's view (``form``) is issue 6's endpoint against
    endpoint.
    """
    runs = [r for r in results["runs"] if r["name"] in ("scenario", "transport")]
    bare = {
        (r["mode"], r["phones"], r["rate"]): r
        for r in runs
        if r["target"] == "bare" and r.get("tap") == bare_tap
    }
    for r in runs:
        if r["target"] == "app" and r.get("tap") == app_tap:
            other = bare.get((r["mode"], r["phones"], r["rate"]))
            if other:
                yield r, other


def ratio(a, b):
    return a / b if b and not math.isnan(a) and not math.isnan(b) else math.nan


def ratios(results):
    lines = []
    for app, bare in pairs(results):
        lines.append(
            f"app/bare {SAME} {app['mode']:8} {app['phones']:5} phones "
            f"{app['rate']:4.0f}/s: p99 {ratio(app['p99'], bare['p99']):5.2f}x, "
            f"CPU/tap {ratio(app['cpu_ms_per_tap'], bare['cpu_ms_per_tap']):5.2f}x"
        )
    for (kind, mode, tap), sweep in sorted(results["sweeps"].items()):
        lines.append(
            f"highest sustained rate {kind} {mode} {tap}: {sweep['best']} taps/s"
        )
    records = results.get("probes", {}).get("records", {})
    for game, f in records.get("games", {}).items():
        lines.append(
            f"CPU per record {game}: {f['cpu_ms']:.2f} ms "
            f"({f['cpu_ratio']:.2f}x bare, {f['vs_exchange']:.2f}x 41 Exchange)"
        )
    return lines


def markdown(results):
    m = results.get("machine") or machine()
    s = results["summary"]
    plan = results["plan"]
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    out = [
        "# Benchmarks",
        "",
        f"Written by `{results['command']}` on {when} "
        f"in {results['seconds'] / 60:.1f} minutes; the harness rewrites this file, "
        "so do not edit it by hand (the code is under `bench/`).",
        "",
        "```",
        line(s),
        "```",
        "",
        *summary_notes(results),
        "",
        "## Machine",
        "",
        f"- CPU: {m['cpu']}, `nproc` = {m['nproc']}; memory {m['memory']}",
        f"- Python {m['python']}, Linux {m['kernel']}; load average at the end "
        f"{m['load']} (client and servers share the machine)",
        f"- Command: `{results['command']}` (from the repository root)",
        f"- Phones joined through: {results.get('app_join')}; taps sent through: "
        f"app {', then '.join(plan['app_taps'])}; bare "
        f"{', then '.join(plan['bare_taps'])} (`ws` a frame on the phone's socket, "
        "`form` an HTTP POST)",
        "",
        "## How it measures",
        "",
        "A separate asyncio process (uvloop, `websockets`, `httpx`) puts M tables "
        "of six phones on the server: each match is started by its host through "
        "`games.actions`, and the other five phones are guests who open `/j/<code>/`, "
        "claim their seat with the form's CSRF token and keep their session cookie. "
        "Every phone then opens the match page and holds the real WebSocket. Taps "
        "come at a fixed total rate, tap i of a run due at i/rate on table i mod M, "
        "each by the next member of the table on the next seat, with the open "
        "round's number and a fresh idempotency key; a table taps one round at a "
        "time. The app is tapped the way its page taps: a `record` frame (the "
        "entry's form, `winner`) on the phone's own socket (`games/consumers.py`), "
        "which has no answer of its own (the change reaching the tapping phone "
        "confirms it). Its fallback, `POST /matches/<id>/record/` with the form's "
        "CSRF token, is measured too "
        "(`form`). Latency is the time from sending a tap to a phone receiving the "
        "change that closes its round, for every phone of the table. Lost = "
        "deliveries expected minus received after a 3 s drain. Server CPU is utime + "
        "stime of the uvicorn process(es) from /proc. A rate is *sustained* when "
        "p99 ≤ 100 ms, nothing is lost, no request fails and ≤ 1% of taps start late.",
        "",
        "The bare stack (`bench/bare/`) runs on the same uvicorn command line and "
        "the same channel layer: a consumer that joins its table's group and "
        "forwards, and an async view that only `group_send`s a frame padded to "
        f"the app's push size ({results.get('bare_push_bytes')} B here); its "
        "consumer also takes the same tap as a frame (`ws`). The scenarios and "
        "the summary line tap both stacks the way the page does, a frame on the "
        "phone's socket; the HTTP pairs and issue 6's endpoint-vs-endpoint pairs "
        "(the app's socket against the bare view) are measured at the smaller "
        "size in the same run. "
        "Embedded = one uvicorn process, SQLite, in-memory layer; scale-out = two "
        "uvicorn processes, PostgreSQL, `RedisPubSubChannelLayer`, each table's "
        "phones and taps spread over both workers.",
        "",
        "## Results",
        "",
    ]
    scenario = [r for r in results["runs"] if r["name"] == "scenario"]
    out += table(COLUMNS, [row(r) for r in scenario])
    out += [
        "",
        f"### App / bare, both tapped through `{SAME}` (the summary line's pairs)",
        "",
    ]
    out += ratio_table(pairs(results))
    out += like_for_like_section(results)
    out += ["", "### Highest sustained rate (300 phones, embedded)", ""]
    for (kind, mode, tap), sweep in sorted(results["sweeps"].items()):
        out.append(f"- {kind} {mode} `{tap}`: **{sweep['best']} taps/s**")
    out += [""]
    steps = [r for sweep in results["sweeps"].values() for r in sweep["steps"]]
    out += table(
        (*COLUMNS, "sustained"),
        [[*row(r), "yes" if sustained(r) else "no"] for r in steps],
    )
    out += floor_section(results)
    out += phone_section(results.get("probes", {}).get("phone"))
    out += storm_section(results.get("probes", {}).get("storm"))
    out += probe_section(results.get("probes", {}))
    out += targets_section(results)
    out += limits_section(results)
    out += profile_section(results.get("profiles", {}))
    return "\n".join(out) + "\n"


def runs_of(results, kind):
    """``kind``'s socket runs by (mode, phones, rate)."""
    return {
        (r["mode"], r["phones"], r["rate"]): r
        for r in results["runs"]
        if r["name"] == "scenario" and r["target"] == kind and r.get("tap") == SAME
    }


def floor_section(results):
    """The floor beside the bare stack and the app: how much of each ratio the
    database work that every record needs takes by itself."""
    floors = runs_of(results, "floor")
    if not floors:
        return []
    apps, bares = runs_of(results, "app"), runs_of(results, "bare")
    rows = []
    for point, floor in floors.items():
        app, bare = apps.get(point), bares.get(point)
        if not (app and bare):
            continue
        for label, field in (("p99 ms", "p99"), ("CPU ms/tap", "cpu_ms_per_tap")):
            rows.append(
                (
                    point[0],
                    point[1],
                    fmt(float(point[2]), 0),
                    label,
                    fmt(bare[field], 2),
                    fmt(floor[field], 2),
                    fmt(app[field], 2),
                    fmt(ratio(floor[field], bare[field]), 2),
                    fmt(ratio(app[field], floor[field]), 2),
                )
            )
    sweeps = results["sweeps"]
    best = {
        kind: sweeps.get((kind, "embedded", SAME), {}).get("best")
        for kind in ("bare", "floor", "app")
    }
    out = [
        "",
        "### The floor: the database work no record can skip",
        "",
        "The floor (`bench/bare/floor.py`) is the bare stack plus what DESIGN.md "
        "requires of every record before a phone may hear of it: one transaction "
        "on the app's database, through Django's connection and the app's "
        "database threads, that raises the match's version under a conditional "
        "update, closes the round only if it is open, opens the next and appends "
        "the event (four plain statements and the commit), then the same padded "
        "push. floor / bare is what that database work costs by itself, on the "
        "same stack: the share of a ratio that an app which commits before it "
        "announces pays in some form; app / floor is the app's own work "
        "(permission, the module's rules, standings, rendering).",
        "",
    ]
    out += table(
        (
            "mode",
            "phones",
            "taps/s",
            "figure",
            "bare",
            "floor",
            "app",
            "floor / bare",
            "app / floor",
        ),
        rows,
    )
    if all(best.values()):
        out += [
            "",
            f"- highest sustained rate, `{SAME}`, embedded: bare {best['bare']}, "
            f"floor {best['floor']}, app {best['app']} taps/s; floor / bare "
            f"{fmt(ratio(best['floor'], best['bare']), 2)}, app / floor "
            f"{fmt(ratio(best['app'], best['floor']), 2)}",
        ]
    return out


def ratio_table(found):
    return table(
        ("mode", "phones", "taps/s", "p99 ratio", "CPU/tap ratio"),
        [
            (
                a["mode"],
                a["phones"],
                fmt(float(a["rate"]), 0),
                fmt(ratio(a["p99"], b["p99"]), 2),
                fmt(ratio(a["cpu_ms_per_tap"], b["cpu_ms_per_tap"]), 2),
            )
            for a, b in found
        ],
    )


def like_for_like_section(results):
    """The other transport's runs, its pairs, and issue 6's endpoint pairs."""
    transports = [r for r in results["runs"] if r["name"] == "transport"]
    out = ["", "### The other transport (HTTP), at the smaller size", ""]
    out += table(COLUMNS, [row(r) for r in transports])
    out += ["", "App / bare, both tapped over HTTP (`form`):", ""]
    out += ratio_table(pairs(results, "form", "form"))
    out += [
        "",
        "Endpoint against endpoint, as the summary line paired them before issue "
        "17: the app's socket (`ws`) against the bare stack's view (`form`). An "
        "HTTP request costs the bare stack more than a socket frame, so these "
        "ratios flatter the app:",
        "",
    ]
    out += ratio_table(pairs(results, SAME, "form"))
    sweeps = results["sweeps"]
    lines = []
    for (kind, mode, tap), sweep in sorted(sweeps.items()):
        other = sweeps.get(("bare", mode, tap))
        if kind == "app" and other:
            lines.append(
                f"- highest sustained rate, `{tap}` on both, {mode}: app "
                f"{sweep['best']} / bare {other['best']} taps/s = "
                f"{fmt(ratio(sweep['best'], other['best']), 2)}"
            )
    return [*out, "", *lines] if lines else out


def summary_notes(results):
    """Where each figure of the line was measured, and whether the run was full."""
    s = results["summary"]
    out = []
    if results.get("partial"):
        out += [
            "**Partial run** (fewer sizes, rates, modes or probes than `make "
            "bench`): a "
            "figure whose point was not run is read at the nearest run of its "
            "mode, as listed below.",
            "",
        ]
    out.append(
        f"Every ratio is app / bare, both tapped through `{SAME}` (a frame on the "
        "phone's socket, as the page sends it), measured in this one run:"
    )
    out.append("")
    for key, (mode, phones, rate) in POINTS.items():
        measured = s["at"].get(key)
        where = (
            f"{measured[1]} phones, {measured[2]:.0f} taps/s, {measured[0]}"
            if measured
            else "not measured in this run"
        )
        what = "server CPU per tap" if key == "cpu_ratio" else "p99 latency"
        out.append(
            f"- `{key}`: {what} at {phones} phones and {rate} taps/s, {mode} "
            f"(here: {where})"
        )
    best = s.get("max_rate", {})
    out += [
        f"- `max_rate_ratio`: the highest sustained rates at the smaller size, "
        f"embedded (app {best.get('app')} / bare {best.get('bare')} taps/s)",
        "- `floor_cpu_ratio`, `floor_max_rate_ratio`, `floor_scaleout_p99_ratio`: "
        "the same figures as app / floor (`bench/bare/floor.py`: the bare stack "
        "plus the one transaction every record must commit), same points, same "
        f"run (highest sustained rate app {best.get('app')} / floor "
        f"{best.get('floor')} taps/s)",
        "- `push_growth`: push bytes at round 500 / round 1 (`bench/probes.py`)",
        "- `lost`: deliveries missing in every scenario, comparison and sustained "
        "sweep step",
        "- `page_kb`, `slow_first_ms`: a phone opening its match in real Chromium "
        "with a cold cache, and its first view on Slow 4G with the CPU slowed "
        "4x (`bench/page.py`; below)",
        "- `storm_s`, `storm_lost`: 1,200 phones on one worker dropping their "
        "sockets at once and coming back within 2 s while taps go on "
        "(`bench/storm.py`; below)",
        "",
        "The machine is shared and its load moves between runs, so compare the "
        "ratios of one run rather than absolute figures of different runs.",
    ]
    return out


def records_section(records):
    """Each game's record, measured in one process (``bench/record_cost.py``)."""
    if not records:
        return []
    bare = records["bare"]
    out = [
        "",
        "## A record, game by game (one process, no load run)",
        "",
        "Six phones on the real ASGI application (origin check, session, "
        "consumer) in the probe's own process; one phone records a round through "
        "its socket, as the page does, until all six have heard the change. CPU "
        "is `time.process_time` of the whole process (median); the bare stack's "
        "consumer takes the same socket tap on the same channel layer in the "
        "same process, so the ratios hold on a busy machine. Statements are "
        "counted on whichever thread runs them (not SQLite's `BEGIN`); thread "
        "hops are `sync_to_async` and `async_to_sync` calls, and Channels makes "
        "one per message a consumer handles, which the bare column shows.",
        "",
        '"After idle" is the same socket record with the process asleep for '
        "10 ms before each, as a worker is between taps at 100 taps/s over 50 "
        "tables: the caches have gone cold, and a record costs about twice its "
        "back-to-back CPU. Against the bare tap measured the same way, it is the "
        "closest this probe comes to the load runs' CPU ratio.",
        "",
    ]
    out += table(
        (
            "game",
            "CPU ms / socket record",
            "x bare socket tap",
            "after idle, ms",
            "x bare, after idle",
            "x 41 Exchange",
            "action alone, ms",
            "SQL statements (socket / action)",
            "templates",
            "thread hops",
        ),
        [
            (
                game,
                fmt(f["cpu_ms"], 2),
                fmt(f["cpu_ratio"], 2),
                fmt(f.get("idle_cpu_ms"), 2),
                fmt(f.get("idle_cpu_ratio"), 2),
                fmt(f["vs_exchange"], 2),
                fmt(f["action_cpu_ms"], 2),
                f"{f['socket_statements']} / {f['statements']}",
                f["templates"],
                f["hops"],
            )
            for game, f in records["games"].items()
        ]
        + [
            (
                "bare",
                fmt(bare["cpu_ms"], 2),
                "1.00",
                fmt(bare.get("idle_cpu_ms"), 2),
                "1.00",
                "-",
                "-",
                "0",
                0,
                bare["hops"],
            )
        ],
    )
    missing = records.get("not_installed", [])
    if missing:
        out += [
            "",
            "Not installed in this tree, so not measured: "
            + ", ".join(f"`{game}`" for game in missing)
            + " (`bench/recorders.py` records them once their apps are installed).",
        ]
    failed = records.get("failed", {})
    if failed:
        out += ["", "Not measured (the module refused the bench's rounds):", ""]
        out += [f"- {game}: `{error}`" for game, error in failed.items()]
    return out


def probe_section(probes):
    out = records_section(probes.get("records"))
    out += ["", "## Growth, queries and memory", ""]
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
                f"- SQL queries per tap near round {f['round']}: a socket tap "
                f"(`actions.record` + push) {f['action_queries']} "
                f"({f['action_ms']:.1f} ms in process), the form view "
                f"{f['form_queries']} (whole request, {f['form_ms']:.1f} ms)."
            )
        for label, key in (
            ("A socket tap's", "action_sql"),
            ("The form's", "form_sql"),
        ):
            if q.get(key):
                out += ["", f"<details><summary>{label} queries</summary>", ""]
                out += ["```", *(sql[:160] for sql in q[key]), "```", "", "</details>"]
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


def phone_section(phone):
    """The page's weight and its first view on a slow phone (``bench/page.py``)."""
    if not phone:
        return []
    out = [
        "",
        "## A phone opening its match",
        "",
        "Real Chromium (Debian's `/usr/bin/chromium` through Playwright), 390 x "
        "844 px, a new context (cold cache) with the host's session cookie, opens "
        "`/matches/<id>/` of a match 12 rounds in, on the app deployed as "
        "docs/deploy.md says (`STATIC_MANIFEST=1` after `collectstatic`). "
        "`page_kb` sums Chrome's `encodedDataLength` (headers and the body as "
        "served, compressed when it was) of every response and the bytes of every "
        "socket frame, until the page shows its socket live "
        "(`[data-live-status].is-live`). `slow_first_ms`: the same cold load with "
        "Slow 4G as Lighthouse defines it (150 ms round trip, 1.6 Mbit/s down, "
        "750 kbit/s up, `Network.emulateNetworkConditions`) and the CPU slowed 4x "
        "(`Emulation.setCPUThrottlingRate`); the time from the navigation to the "
        "largest contentful paint (the sheet is in the server's HTML: "
        f"{'checked' if phone.get('sheet_in_html') else '**not found**'}), median "
        "of the runs. Plain http on 127.0.0.1, so Chrome offers gzip, not brotli "
        "(it asks for brotli over https only).",
        "",
        f"- {phone['page_kb']:.1f} KB in {phone['requests']} responses and "
        f"{phone['frames_bytes']} B of socket frames",
        f"- Slow 4G, CPU 4x: largest contentful paint {phone['slow_first_ms']:.0f} "
        f"ms (runs {phone['slow_runs']}), first contentful paint "
        f"{phone['slow_fcp_ms']:.0f} ms, socket live {phone['slow_live_ms']:.0f} ms",
        "",
    ]
    out += table(
        ("KB on the wire", "kind", "encoding", "URL"),
        [
            (f"{size / 1000:.1f}", kind, encoding or "identity", url.split("/", 3)[-1])
            for url, encoding, kind, size in phone["responses"]
        ],
    )
    return out


def storm_section(storms):
    """The reconnect storm (``bench/storm.py``)."""
    if not storms:
        return []
    out = [
        "",
        "## A reconnect storm",
        "",
        "200 tables of six phones (1,200) hold their sockets; taps go on at 50 a "
        "second through the tables' phones. At once every socket dies as a dropped "
        "Wi-Fi kills it (the TCP connection closed, no close frame) and each phone "
        "reconnects at a moment drawn uniformly within 2 s, with the version it "
        "holds, as the page does (a phone that missed nothing hears `current`, "
        "one behind gets the snapshot). A tap whose phone is offline waits for "
        "its socket; one whose socket died before its change came back is resent "
        "with the same key once the phone is back, unless the snapshot shows the "
        "round closed. `storm_s`: from the drop until every phone is live and "
        "holds its match's newest version; `storm_lost`: taps never confirmed, "
        "(phone, confirmed round) pairs never heard after a 3 s drain, and phones "
        "not live or behind at the end.",
        "",
    ]
    out += table(
        (
            "mode",
            "workers",
            "phones",
            "storm s",
            "lost",
            "taps (failed)",
            "unheard",
            "behind",
            "never back",
            "reconnect p50 / p99 ms",
            "late taps",
            "server CPU s",
        ),
        [
            (
                mode,
                f["workers"],
                f["phones"],
                fmt(f["seconds"], 2),
                f["lost"],
                f"{f['taps']} ({f['taps_failed']})",
                f["unheard"],
                f["behind"],
                f["never_back"],
                f"{fmt(f['reconnect_p50_ms'], 0)} / {fmt(f['reconnect_p99_ms'], 0)}",
                f["late"],
                fmt(f["cpu_s"], 1),
            )
            for mode, f in storms.items()
        ],
    )
    return out


def targets_section(results):
    """Issue 33's targets, checked against the summary line; the bare-stack
    ratios stay in the line for comparison, with no target."""
    s = results["summary"]
    games = results.get("probes", {}).get("records", {}).get("games", {})
    base = games.get("fortyone_exchange", {}).get("cpu_ms")
    dearest = max(
        (ratio(g["cpu_ms"], base) for name, g in games.items() if base and g),
        default=math.nan,
    )
    sweeps = results["sweeps"]
    socket = sweeps.get(("app", "embedded", SAME), {}).get("best")
    form = sweeps.get(("app", "embedded", "form"), {}).get("best")
    form_share = ratio(float(form or 0), float(socket or 0)) if socket else math.nan
    storm_lost = s.get("storm_lost")
    checks = [
        (
            f"floor_cpu_ratio ≤ 1.5 ({fmt(s['floor_cpu_ratio'], 2)})",
            s["floor_cpu_ratio"] <= 1.5,
        ),
        (
            f"floor_max_rate_ratio ≥ 0.6 ({fmt(s['floor_max_rate_ratio'], 2)})",
            s["floor_max_rate_ratio"] >= 0.6,
        ),
        (
            f"floor_scaleout_p99_ratio ≤ 2 ({fmt(s['floor_scaleout_p99_ratio'], 2)})",
            s["floor_scaleout_p99_ratio"] <= 2.0,
        ),
        (f"push_growth ≤ 1.2 ({fmt(s['push_growth'], 2)})", s["push_growth"] <= 1.2),
        (f"lost = 0 ({s['lost']})", s["lost"] == 0),
        (f"page_kb ≤ 40 ({fmt(s['page_kb'], 1)})", s["page_kb"] <= 40),
        (
            f"slow_first_ms ≤ 1000 ({fmt(s['slow_first_ms'], 0)})",
            s["slow_first_ms"] <= 1000,
        ),
        (
            f"storm_s ≤ 5 with storm_lost = 0 ({fmt(s['storm_s'], 2)}, {storm_lost})",
            s["storm_s"] <= 5 and storm_lost == 0,
        ),
        (
            "each game's CPU per record within 1.2x of 41 Exchange's "
            f"(dearest {fmt(dearest, 2)}x{missing_games(results)})",
            dearest <= 1.2,
        ),
        (
            "the form's highest sustained rate ≥ 1/3 of the socket's "
            f"({fmt(form_share, 2)}: form {form} / socket {socket} taps/s)",
            form_share >= 1 / 3,
        ),
    ]
    out = ["", "## Targets (issue 33)", ""]
    out += [f"- {verdict(ok, text)}: {text}" for text, ok in checks]
    return out


def missing_games(results):
    records = results.get("probes", {}).get("records", {})
    missing = records.get("not_installed", [])
    return f"; not installed here: {', '.join(missing)}" if missing else ""


def verdict(ok, text):
    if ok:
        return "met"
    return "not measured" if "(-" in text else "**missed**"


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
