"""What each optimisation that reaches into Django or Channels internals saves,
A/B in one process: ``python -m bench.internals_ab [push_bytes] [rounds] [runs]``.

For each run, ``bench.record_cost``'s measure runs once with every optimisation
on and once with each one off (its method put back to the stock one it
overrides), in turn, so the variants share the machine's load of the moment.
Prints JSON: per variant the median over the runs of 41 Exchange's CPU per
socket record (``cpu_ms``) and its ratio to the bare stack (``cpu_ratio``), and
the saving of each optimisation as a share of the record's CPU.

Dropped after this measure (within noise of the stock code, or slower): the
SQLite cursor's cached ``convert_query``. The layer's throttled
``_clean_expired`` is not toggled here: its cost grows with the sockets open,
which six phones do not show; it was measured under load instead
(docs/benchmarks.md, "Private internals"). Not measured here: ``games/actions/sql.py``'s
``execute_wrapper`` batching only runs on PostgreSQL (this runs on SQLite), and
``stored()``'s
``_state.adding = False`` is what makes an instance written by that SQL one the
ORM will update rather than insert: it has no slower twin to compare with.
"""

import asyncio
import json
import os
import statistics
import sys


def toggles():
    """name -> (turn it off, turn it back on)."""
    from django.db.backends.sqlite3 import base as stock_sqlite

    from games.consumers import NoHop
    from squarescores.sqlite import base

    def swap(owner, name, stock):
        kept = owner.__dict__[name]
        return (
            lambda: setattr(owner, name, stock),
            lambda: setattr(owner, name, kept),
        )

    async def hop(self, message):
        # Every message the way Channels dispatches it, thread hop included.
        await super(NoHop, self).dispatch(message)

    return {
        "NoHop.dispatch": swap(NoHop, "dispatch", hop),
        "sqlite _close (pool)": swap(
            base.DatabaseWrapper, "_close", stock_sqlite.DatabaseWrapper._close
        ),
    }


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
    os.environ["WS_RATE_PER_SECOND"] = "100000"
    os.environ["WS_RATE_BURST"] = "100000"
    import django

    django.setup()
    from bench.record_cost import measure

    push_bytes = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    switches = toggles()
    samples = {name: [] for name in ["all on", *switches]}
    for _ in range(runs):
        for name in samples:
            off, on = switches.get(name, (lambda: None, lambda: None))
            off()
            try:
                figures = asyncio.run(measure(push_bytes, rounds))
            finally:
                on()
            exchange = figures["games"]["fortyone_exchange"]
            samples[name].append((exchange["cpu_ms"], exchange["cpu_ratio"]))
    out = {}
    base = statistics.median(cpu for cpu, _ in samples["all on"])
    for name, values in samples.items():
        cpu = statistics.median(c for c, _ in values)
        out[name] = {
            "cpu_ms": round(cpu, 3),
            "cpu_ratio": round(statistics.median(r for _, r in values), 3),
            "saving_pct": round(100 * (cpu - base) / cpu, 1) if cpu else None,
        }
    json.dump({"runs": runs, "rounds": rounds, "variants": out}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
