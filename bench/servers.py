"""Server processes for the bench: the app or the bare stack under uvicorn.

Each server runs as ``make run`` runs it (uvicorn, no access log, no
permessage-deflate) on a free port of 127.0.0.1, with a VAR_DIR of its own, so the
shared dev database is never touched. Scale-out uses a PostgreSQL database the
bench creates and drops itself, and Redis database 10 (``BENCH_REDIS_URL`` names
another: engineers sharing a Redis keep to their own) under a prefix of its own.
"""

import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
UVICORN = str(Path(PYTHON).with_name("uvicorn"))
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
POSTGRES = "postgres://root@127.0.0.1:5432"
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/10")
APPS = {
    "app": "squarescores.asgi:application",
    "bare": "bench.bare.asgi:application",
    "floor": "bench.bare.floor:application",
}
# The stacks with a database of their own: the app, and the bare stack's floor.
WITH_DATABASE = ("app", "floor")


def raise_open_files():
    """Thousands of sockets need thousands of descriptors, here and in servers."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65536
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_cpu(pid):
    """User + system CPU seconds of one process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def proc_rss(pid):
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


class Stack:
    """One or more uvicorn workers of the app or the bare stack, sharing one store.

    ``mode`` is ``embedded`` (one worker, SQLite, in-memory layer) or ``scaleout``
    (``workers`` processes, PostgreSQL, RedisPubSub).
    """

    def __init__(self, kind, mode, run_dir, *, workers=1, env=None, tag="bench"):
        self.kind, self.mode = kind, mode
        self.workers = workers if mode == "scaleout" else 1
        self.var_dir = Path(run_dir) / f"{kind}-{mode}"
        self.tag = f"{tag}_{os.getpid()}"
        self.extra_env = env or {}
        self.processes, self.urls, self.logs = [], [], []
        self.database = None

    @property
    def pids(self):
        return [process.pid for process in self.processes]

    def environment(self):
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
        }
        env.update(
            VAR_DIR=str(self.var_dir),
            SECRET_KEY=f"bench-{self.tag}-not-secret",
            CHANNEL_PREFIX=f"{self.tag}_{self.kind}",
            LOG_LEVEL="WARNING",
            DEBUG="0",
            PYTHONUNBUFFERED="1",
            # Every bench phone joins from 127.0.0.1: the per-address guest limit
            # (games/limits.py) is for a script, not for a load test's 1,200 phones.
            GUESTS_PER_ADDRESS="1000000",
        )
        if self.mode == "scaleout":
            env["REDIS_URL"] = REDIS_URL
            if self.kind in WITH_DATABASE:
                env["DATABASE_URL"] = f"{POSTGRES}/{self.database}"
                # As docs/deploy.md advises: a bounded pool per worker, so an
                # overloaded worker queues for PostgreSQL instead of exhausting it.
                env["DB_POOL_MAX_SIZE"] = "20"
        env.update(self.extra_env)
        return env

    def prepare(self):
        """A fresh store: the VAR_DIR, and for the app its migrated database (the
        floor its own tables)."""
        shutil.rmtree(self.var_dir, ignore_errors=True)
        self.var_dir.mkdir(parents=True)
        if self.kind in WITH_DATABASE:
            if self.mode == "scaleout":
                self.database = f"bench_{self.tag}_{self.kind}".lower()
                create_database(self.database)
            if self.kind == "app":
                self.manage("migrate", "--noinput", "-v", "0")
                if self.extra_env.get("STATIC_MANIFEST") == "1":
                    # As a deployment serves them: hashed and pre-compressed.
                    self.manage("collectstatic", "--noinput", "-v", "0")
            else:
                self.python("bench.bare.floor")
        return self

    def start(self, timeout=60):
        self.prepare()
        for index in range(self.workers):
            self.processes.append(self._spawn(index))
        for process, url in zip(self.processes, self.urls, strict=True):
            wait_until_up(url, process, timeout)
        return self

    def _spawn(self, index):
        port = free_port()
        log = open(self.var_dir / f"worker{index}.log", "wb")  # noqa: SIM115
        self.logs.append(log)
        self.urls.append(f"http://127.0.0.1:{port}")
        command = [UVICORN, APPS[self.kind], "--host", "127.0.0.1", "--port", str(port)]
        command += ["--no-access-log", "--ws-per-message-deflate", "false"]
        return subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.environment(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def manage(self, *args, timeout=120):
        return subprocess.run(
            [PYTHON, "manage.py", *args],
            cwd=ROOT,
            env=self.environment(),
            check=True,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def python(self, module, *args, timeout=300, stdin=None):
        """Run ``python -m module`` with this stack's settings (one database)."""
        done = subprocess.run(
            [PYTHON, "-m", module, *args],
            cwd=ROOT,
            env=self.environment(),
            capture_output=True,
            text=True,
            timeout=timeout,
            input=stdin,
        )
        if done.returncode:
            raise RuntimeError(f"python -m {module} failed:\n{done.stderr[-3000:]}")
        return done

    def cpu(self):
        return sum(proc_cpu(pid) for pid in self.pids)

    def rss(self):
        return sum(proc_rss(pid) for pid in self.pids)

    def errors_logged(self):
        """Tracebacks the workers printed: failures the client may not see."""
        count = 0
        for log in self.logs:
            log.flush()
            text = Path(log.name).read_text(errors="replace")
            count += text.count("Traceback (most recent call last)")
        return count

    def log_tail(self, lines=30):
        out = []
        for log in self.logs:
            log.flush()
            out += Path(log.name).read_text(errors="replace").splitlines()[-lines:]
        return "\n".join(out)

    def stop(self):
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for log in self.logs:
            log.close()
        self.processes = []
        if self.database:
            drop_database(self.database)
            self.database = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def wait_until_up(url, process, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server at {url} exited with {process.returncode}")
        try:
            httpx.get(url + "/", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


def _psql(sql):
    subprocess.run(
        ["psql", f"{POSTGRES}/postgres", "-v", "ON_ERROR_STOP=1", "-qc", sql],
        check=True,
        capture_output=True,
        timeout=60,
    )


def create_database(name):
    assert name.startswith("bench_"), name
    _psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _psql(f'CREATE DATABASE "{name}"')


def drop_database(name):
    # Only the bench's own databases: never test, postgres or root.
    assert name.startswith("bench_"), name
    _psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
