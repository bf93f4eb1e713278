"""The one summary line: every ratio app / bare (or, ``floor_``, app / floor) over
the same transport, one run; then the phone's figures and the reconnect storm's.

The transport is the page's: a frame on the phone's socket (``ws``) on both
stacks, so nothing about the line depends on HTTP being dearer than a socket.
Each figure is read at the point issue 17 names (``POINTS``); a reduced run
(``--sizes``/``--rates``) falls back to its nearest run of the same mode and the
report says where each figure was measured.
"""

import math

SAME = "ws"
KEYS = (
    "cpu_ratio",
    "floor_cpu_ratio",
    "max_rate_ratio",
    "floor_max_rate_ratio",
    "p99_ratio",
    "scaleout_p99_ratio",
    "floor_scaleout_p99_ratio",
    "push_growth",
    "lost",
    "page_kb",
    "slow_first_ms",
    "storm_s",
    "storm_lost",
)
# How each key is printed (two decimals unless named here).
FORMATS = {
    "lost": "{}",
    "storm_lost": "{}",
    "page_kb": "{:.1f}",
    "slow_first_ms": "{:.0f}",
}
# (mode, phones, taps/s) of each ratio read from one pair of runs.
POINTS = {
    "cpu_ratio": ("embedded", 300, 100),
    "p99_ratio": ("embedded", 300, 50),
    "scaleout_p99_ratio": ("scaleout", 1200, 100),
}


def ratio(a, b):
    if not b or a is None or math.isnan(a) or math.isnan(b):
        return math.nan
    return a / b


def nearest(runs, mode, phones, rate):
    """The run of ``mode`` closest to (phones, rate): phones first, then rate."""
    runs = [r for r in runs if r["mode"] == mode]
    if not runs:
        return None
    return min(
        runs,
        key=lambda r: (
            abs(math.log(r["phones"] / phones)),
            abs(math.log(r["rate"] / rate)),
        ),
    )


def like_for_like(results, tap=SAME, other="bare"):
    """Runs tapped through ``tap``, by stack: the scenarios' and the comparisons'."""
    runs = [
        r
        for r in results["runs"]
        if r["name"] in ("scenario", "transport") and r.get("tap") == tap
    ]
    return (
        [r for r in runs if r["target"] == "app"],
        [r for r in runs if r["target"] == other],
    )


def pair_at(results, mode, phones, rate, tap=SAME, other="bare"):
    """The app's run nearest the point and the ``other`` stack's run (the bare
    stack's or the floor's) of the same size and rate."""
    apps, bares = like_for_like(results, tap, other)
    app = nearest(apps, mode, phones, rate)
    if app is None:
        return None, None
    for bare in bares:
        if (bare["mode"], bare["phones"], bare["rate"]) == (
            app["mode"],
            app["phones"],
            app["rate"],
        ):
            return app, bare
    return app, None


def figures(results):
    """The summary's figures, and where each ratio was measured."""
    points = results["plan"].get("points", POINTS)
    out, at = {}, {}
    for key, field, other in (
        ("cpu_ratio", "cpu_ms_per_tap", "bare"),
        ("floor_cpu_ratio", "cpu_ms_per_tap", "floor"),
        ("p99_ratio", "p99", "bare"),
        ("scaleout_p99_ratio", "p99", "bare"),
        ("floor_scaleout_p99_ratio", "p99", "floor"),
    ):
        point = points.get(key) or points[key.removeprefix("floor_")]
        app, bare = pair_at(results, *point, other=other)
        out[key] = ratio(app[field], bare[field]) if app and bare else math.nan
        if app and bare:
            at[key] = (app["mode"], app["phones"], app["rate"])
    sweeps = results["sweeps"]
    best_app = sweeps.get(("app", "embedded", SAME), {}).get("best", 0)
    best_bare = sweeps.get(("bare", "embedded", SAME), {}).get("best", 0)
    best_floor = sweeps.get(("floor", "embedded", SAME), {}).get("best", 0)
    out["max_rate_ratio"] = ratio(best_app, best_bare)
    out["floor_max_rate_ratio"] = ratio(best_app, best_floor)
    probes = results.get("probes", {})
    phone = probes.get("phone") or {}
    out["page_kb"] = phone.get("page_kb", math.nan)
    out["slow_first_ms"] = phone.get("slow_first_ms", math.nan)
    storm = (probes.get("storm") or {}).get("embedded") or {}
    out["storm_s"] = storm.get("seconds", math.nan)
    out["storm_lost"] = storm.get("lost", "nan")
    out["push_growth"] = results.get("growth", {}).get("ratio", math.nan)
    lost = sum(
        r["lost"] for r in results["runs"] if r["name"] in ("scenario", "transport")
    )
    lost += sum(
        r["lost"] for s in sweeps.values() for r in s["steps"] if r["sustained"]
    )
    out["lost"] = lost
    out["at"] = at
    out["max_rate"] = {"app": best_app, "bare": best_bare, "floor": best_floor}
    return out


def line(summary):
    parts = []
    for key in KEYS:
        value = summary.get(key, math.nan)
        if isinstance(value, float) and math.isnan(value):
            parts.append(f"{key}=nan")
        else:
            parts.append(f"{key}=" + FORMATS.get(key, "{:.2f}").format(value))
    return "bench: " + " ".join(parts)


def summarise(results):
    """Fill ``results["summary"]`` and return the line ``make bench`` ends with."""
    results["summary"] = figures(results)
    return line(results["summary"])
