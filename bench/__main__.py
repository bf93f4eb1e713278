"""``python -m bench``: the full run (``make bench``); ``--smoke``: a few seconds.

The full run rewrites docs/benchmarks.md from its own figures; the last line it
prints is the summary line issue 17 asks for (``bench.summary``).
"""

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from . import probes, report
from .scenarios import FULL, SMOKE, log, run_all
from .servers import ROOT, raise_open_files
from .summary import summarise


def arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="a few seconds, tiny load")
    parser.add_argument(
        "--modes", help="comma-separated: embedded,scaleout (default: both)"
    )
    parser.add_argument("--no-probes", action="store_true", help="skip the probes")
    parser.add_argument(
        "--light-probes",
        action="store_true",
        help="only the push growth, the records per game, the page and the storm "
        "(a partial run)",
    )
    parser.add_argument(
        "--docs",
        default=None,
        help="where to write the results (default docs/benchmarks.md on a full run)",
    )
    parser.add_argument(
        "--json",
        help="write every figure to this JSON file (a full run: var/bench.json)",
    )
    parser.add_argument("--join", default="auto", choices=("auto", "page", "seed"))
    parser.add_argument(
        "--app-taps",
        help="comma-separated transports, the scenarios' first: ws (the page's "
        "socket frame), form (its fallback form); default ws,form",
    )
    parser.add_argument(
        "--bare-taps",
        help="the same for the bare stack: ws, form (its view); default ws,form",
    )
    parser.add_argument("--sizes", help="comma-separated table counts (default 50,200)")
    parser.add_argument("--rates", help="comma-separated taps/s (default 50,100)")
    parser.add_argument("--keep", action="store_true", help="keep the run directory")
    parser.add_argument(
        "--from-json",
        help="rewrite the docs from the figures a run saved with --json (no load)",
    )
    return parser.parse_args(argv)


def from_json(args):
    results = json.loads(Path(args.from_json).read_text())
    results["sweeps"] = {
        tuple(key.split("/")): value for key, value in results["sweeps"].items()
    }
    nan = float("nan")
    for run in results["runs"] + [
        r for s in results["sweeps"].values() for r in s["steps"]
    ]:
        for key, value in run.items():
            if value is None and key in ("p50", "p95", "p99", "max"):
                run[key] = nan
    last = summarise(results)
    docs = args.docs or ROOT / "docs" / "benchmarks.md"
    Path(docs).write_text(report.keep_hand_written(report.markdown(results), docs))
    print(last)
    return 0


def command(argv):
    """The command line as the report shows it, without where it wrote."""
    shown, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--docs", "--json"):
            skip = True
        elif not arg.startswith(("--docs=", "--json=")):
            shown.append(arg)
    return f"python -m bench {' '.join(shown)}" if shown else "make bench"


def partial(plan):
    """A run of fewer sizes, rates or modes than ``make bench``'s, or the smoke."""
    return any(plan[key] != FULL[key] for key in ("sizes", "rates", "modes"))


async def main(args):
    plan = dict(SMOKE if args.smoke else FULL)
    if args.modes:
        plan["modes"] = tuple(args.modes.split(","))
    if args.app_taps:
        plan["app_taps"] = tuple(args.app_taps.split(","))
    if args.bare_taps:
        plan["bare_taps"] = tuple(args.bare_taps.split(","))
    if args.sizes:
        plan["sizes"] = tuple(int(size) for size in args.sizes.split(","))
    if args.rates:
        plan["rates"] = tuple(float(rate) for rate in args.rates.split(","))
    run_dir = Path(tempfile.mkdtemp(prefix="bench-"))
    started = time.time()
    log(f"bench: open files {raise_open_files()}, run directory {run_dir}")
    try:
        options = {"join": args.join}
        results = await run_all(plan, run_dir, options)
        if not args.no_probes:
            results["probes"] = await probes.run_all(
                run_dir,
                smoke=args.smoke,
                light=args.light_probes,
                push_bytes=results.get("bare_push_bytes", 600),
                modes=plan["modes"],
            )
            results["growth"] = results["probes"].get("growth", {})
        results["seconds"] = time.time() - started
        results["machine"] = report.machine()
        results["command"] = command(sys.argv[1:])
        results["partial"] = partial(plan) or args.light_probes or args.no_probes
        last = summarise(results)
        for line in report.ratios(results):
            print(line)
        docs = args.docs or (None if args.smoke else ROOT / "docs" / "benchmarks.md")
        if docs:
            Path(docs).write_text(
                report.keep_hand_written(report.markdown(results), docs)
            )
            log(f"wrote {docs}")
        saved = args.json or (None if args.smoke else ROOT / "var" / "bench.json")
        if saved:
            Path(saved).parent.mkdir(parents=True, exist_ok=True)
            Path(saved).write_text(json.dumps(report.jsonable(results), indent=1))
    finally:
        if not args.keep:
            shutil.rmtree(run_dir, ignore_errors=True)
    print(last, flush=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    try:
        from uvloop import new_event_loop
    except ImportError:
        new_event_loop = None
    parsed = arguments(sys.argv[1:])
    if parsed.from_json:
        sys.exit(from_json(parsed))
    with asyncio.Runner(loop_factory=new_event_loop) as runner:
        sys.exit(runner.run(main(parsed)))
