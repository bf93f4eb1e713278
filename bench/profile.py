"""Where a worker's time goes under load: py-spy samples, summed by frame.

py-spy attaches to the running uvicorn process from outside (no change to the
app), samples its Python stacks 100 times a second without pausing it, and writes
collapsed stacks; this module sums them into the top frames by own time and by
inclusive time, and into a few coarse parts of the stack.
"""

import asyncio
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

PY_SPY = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
FRAME = re.compile(r"^(?P<function>.*?) \((?P<file>[^()]*?)(?::\d+)?\)$")

# Coarse parts of the stack, first match wins, by the file of the innermost frame
# that belongs to one of them.
PARTS = [
    ("channel layer", ("channels/layers.py", "channels_redis/")),
    ("Channels consumer/ASGI", ("channels/",)),
    ("SQLite / PostgreSQL driver", ("sqlite3/", "psycopg/")),
    ("Django ORM", ("django/db/",)),
    ("Django templates", ("django/template/",)),
    ("Django sessions/auth", ("django/contrib/sessions", "django/contrib/auth")),
    ("Django request path", ("django/core/handlers", "django/middleware", "django/")),
    ("asgiref sync/async bridge", ("asgiref/",)),
    ("app (games/, squarescores/)", ("games/", "squarescores/")),
    ("uvicorn / websockets / h11", ("uvicorn/", "websockets/", "h11/", "httptools")),
    ("redis client", ("redis/",)),
    ("json", ("json/",)),
    ("asyncio event loop", ("asyncio/", "uvloop")),
]


def available():
    return Path(PY_SPY).exists()


async def under_load(stack, run, out, rate, seconds_extra=1.0):
    """Profile ``stack``'s first worker while ``run()`` loads it; summarise."""
    if not available():
        return {"error": "py-spy is not installed"}
    raw = Path(out).with_suffix(".raw")
    result = await _record(stack.pids[0], raw, run, seconds_extra)
    summary = summarise(raw)
    summary["rate"] = rate
    summary["run"] = result
    Path(out).write_text(render(summary))
    return summary


async def _record(pid, raw, run, seconds_extra):
    # The run's length is not known here; record long enough and stop py-spy after.
    spy = await asyncio.create_subprocess_exec(
        PY_SPY,
        "record",
        "--pid",
        str(pid),
        "--rate",
        "100",
        "--nonblocking",
        "--gil",
        "--format",
        "raw",
        "--output",
        str(raw),
        "--duration",
        "120",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    await asyncio.sleep(seconds_extra)
    try:
        result = await run()
    finally:
        spy.send_signal(2)  # SIGINT: py-spy writes what it has and exits
        try:
            await asyncio.wait_for(spy.wait(), 30)
        except TimeoutError:
            spy.kill()
            await spy.wait()
    return result


def parse(raw):
    stacks = []
    for text in Path(raw).read_text(errors="replace").splitlines():
        body, _, count = text.rpartition(" ")
        if not body or not count.isdigit():
            continue
        frames = []
        for frame in body.split(";"):
            match = FRAME.match(frame.strip())
            if match:
                frames.append((match["function"], match["file"]))
        if frames:
            stacks.append((frames, int(count)))
    return stacks


def part_of(frames):
    for name, needles in PARTS:
        for function, file in reversed(frames):
            if any(n in file or n in function for n in needles):
                return name
    return "other"


def summarise(raw, top=15):
    if not Path(raw).exists():
        return {"error": "py-spy wrote no profile", "samples": 0}
    stacks = parse(raw)
    total = sum(count for _, count in stacks)
    own, inclusive, parts = Counter(), Counter(), Counter()
    for frames, count in stacks:
        own[_label(frames[-1])] += count
        for label in {_label(frame) for frame in frames}:
            inclusive[label] += count
        parts[part_of(frames)] += count

    def share(counter):
        return [(label, count / total) for label, count in counter.most_common(top)]

    return {
        "samples": total,
        "own": share(own),
        "inclusive": share(inclusive),
        "parts": share(parts),
    }


def _label(frame):
    function, file = frame
    for marker in ("site-packages/", "lib/python3.11/", "/work/main/"):
        if marker in file:
            file = file.split(marker, 1)[1]
    return f"{function} ({file})"


def render(summary):
    if "error" in summary:
        return summary["error"] + "\n"
    lines = [f"{summary['samples']} samples at {summary['rate']} taps/s", ""]
    for title in ("parts", "own", "inclusive"):
        lines.append(f"## {title}")
        lines += [f"{share * 100:5.1f}%  {label}" for label, share in summary[title]]
        lines.append("")
    return "\n".join(lines)
