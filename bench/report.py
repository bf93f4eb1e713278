"""docs/benchmarks.md, written from a run's figures (never by hand)."""

import math
import os
import platform
import time
from pathlib import Path

from .harness import sustained
from .limits import limits_section, profile_section

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


def pairs(results, *, like_for_like=False):
    """(app run, bare run) with the same mode, phones and rate.

    The scenarios pair each stack tapped through its own endpoint; like for like
    pairs runs of either kind that used the same transport.
    """

    names = ("scenario", "transport") if like_for_like else ("scenario",)

    def key(r):
        same = (r["mode"], r["phones"], r["rate"])
        return (*same, r["tap"]) if like_for_like else same

    runs = [r for r in results["runs"] if r["name"] in names]
    bare = {key(r): r for r in runs if r["target"] == "bare"}
    for r in runs:
        if r["target"] == "app":
            other = bare.get(key(r))
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
    for (kind, mode, tap), sweep in sorted(results["sweeps"].items()):
        lines.append(
            f"highest sustained rate {kind} {mode} {tap}: {sweep['best']} taps/s"
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
        "time. The app is tapped the way its page taps: a `tap` frame on the "
        "phone's own socket (`games/consumers.py`), which has no answer of its own "
        "(the change reaching the tapping phone confirms it). Its fallback, "
        "`POST /matches/<id>/tap/` with the form's CSRF token, is measured too "
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
        "the summary line tap each stack through the endpoint the issue names: "
        "the app's real one (the socket, as its page does) and the bare stack's "
        "view. The like-for-like tables below pair the same transport on both. "
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
        "### App / bare",
        "",
        f"Each stack through its own endpoint: app `{plan['app_taps'][0]}`, bare "
        f"`{plan['bare_taps'][0]}` (the summary line's pairs).",
        "",
    ]
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
        ],
    )
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
    out += probe_section(results.get("probes", {}))
    out += targets_section(results)
    out += limits_section(results)
    out += profile_section(results.get("profiles", {}))
    return "\n".join(out) + "\n"


def like_for_like_section(results):
    """App and bare tapped through the same transport, in the same run."""
    transports = [r for r in results["runs"] if r["name"] == "transport"]
    out = ["", "### Like for like (the same transport on both stacks)", ""]
    out += table(COLUMNS, [row(r) for r in transports])
    out += [""]
    out += table(
        ("tap", "mode", "phones", "taps/s", "p99 ratio", "CPU/tap ratio"),
        [
            (
                a["tap"],
                a["mode"],
                a["phones"],
                fmt(float(a["rate"]), 0),
                fmt(ratio(a["p99"], b["p99"]), 2),
                fmt(ratio(a["cpu_ms_per_tap"], b["cpu_ms_per_tap"]), 2),
            )
            for a, b in pairs(results, like_for_like=True)
        ],
    )
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
                f"- SQL queries per tap near round {f['round']}: a socket tap "
                f"(`actions.tap_winner` + push) {f['action_queries']} "
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
