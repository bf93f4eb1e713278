"""Where a worker's time goes under load: py-spy samples, summed by frame.

py-spy attaches to the running uvicorn process from outside (no change to the
app), samples its Python stacks 100 times a second without pausing it, and writes
collapsed stacks; this module sums them into the top frames by own time and by
inclusive time, and into a few coarse parts of the stack.
"""

import asyncio
import re
import shutil
import subprocess
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


async def under_load(stack, run, out, rate, seconds):
    """Profile ``stack``'s first worker for ``seconds`` while ``run()`` loads it."""
    if not available():
        return {"error": "py-spy is not installed"}
    raw = Path(out).with_suffix(".raw")
    result = await _record(stack.pids[0], raw, run, seconds)
    summary = summarise(raw)
    summary["rate"] = rate
    summary["run"] = result
    Path(out).write_text(render(summary))
    return summary


async def _record(pid, raw, run, seconds):
    # py-spy stops by itself after ``seconds``: interrupting it instead left the
    # server's WebSocket keepalive pings timing out afterwards.
    spy = subprocess.Popen(
        [
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
            str(max(1, round(seconds))),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    await asyncio.sleep(0.5)
    try:
        result = await run()
    finally:
        try:
            await asyncio.to_thread(spy.wait, seconds + 30)
        except subprocess.TimeoutExpired:
            spy.kill()
            spy.wait()
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
    """The part of the stack the innermost recognised frame belongs to."""
    for function, file in reversed(frames):
        for name, needles in PARTS:
            if any(n in file or n in function for n in needles):
                return name
    return "other"


# Calls worth naming in the app's tap, by inclusive share: (label, function, file).
FOCUS = [
    ("form view record (whole)", "record", "games/views.py"),
    ("actions.record (whole)", "record", "games/actions"),
    ("  idempotency lookup", "replay_of", "games/actions"),
    ("  lock_live_match", "lock_live_match", "games/actions"),
    ("  require_member", "require_member", "games/actions"),
    ("  settle (cells, round, next round)", "settle", "games/actions"),
    ("  broadcast.publish (after commit)", "publish", "games/broadcast.py"),
    ("    live.change_text (queries + render)", "change_text", "games/live.py"),
    ("    render_to_string", "render_to_string", "django/template/loader.py"),
    ("    async_to_sync (back to the event loop)", "AsyncToSync.__call__", "asgiref/"),
    ("Django ORM query compile + fetch", "execute_sql", "django/db/models/sql/"),
    ("DB connect (new connection)", "connect", "django/db/backends/base/base.py"),
    ("DB close", "close", "django/db/backends/base/base.py"),
    ("session + auth middleware", "process_request", "django/contrib/"),
    ("CSRF middleware", "process_view", "django/middleware/csrf.py"),
    ("consumer match_change (forward)", "match_change", "games/consumers.py"),
    ("channel layer", "", "channels/layers.py"),
    ("channel layer (app's)", "", "squarescores/layers.py"),
    ("Channels consumer dispatch", "dispatch", "channels/consumer.py"),
]


def summarise(raw, top=15):
    if not Path(raw).exists():
        return {"error": "py-spy wrote no profile", "samples": 0}
    stacks = parse(raw)
    total = sum(count for _, count in stacks)
    own, inclusive, parts, focus = Counter(), Counter(), Counter(), Counter()
    for frames, count in stacks:
        own[_label(frames[-1])] += count
        for label in {_label(frame) for frame in frames}:
            inclusive[label] += count
        parts[part_of(frames)] += count
        for label, function, file in FOCUS:
            if any(_named(f, function) and file in p for f, p in frames):
                focus[label] += count

    def share(counter):
        return [(label, count / total) for label, count in counter.most_common(top)]

    return {
        "samples": total,
        "own": share(own),
        "inclusive": share(inclusive),
        "parts": share(parts),
        "focus": [
            (label, focus[label] / total if total else 0.0)
            for label, _, _ in FOCUS
            if focus[label]
        ],
    }


def _named(frame_function, function):
    # py-spy names methods Class.method.
    return (
        not function
        or frame_function == function
        or frame_function.endswith("." + function)
    )


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
    for title in ("parts", "focus", "own", "inclusive"):
        lines.append(f"## {title}")
        lines += [f"{share * 100:5.1f}%  {label}" for label, share in summary[title]]
        lines.append("")
    return "\n".join(lines)
