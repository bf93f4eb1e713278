"""Real servers for the scale and fault tests: uvicorn workers, a Redis of their own.

A ``Cluster`` is N uvicorn processes started the way docs/deploy.md runs them, on
one PostgreSQL database made for the test (``scale_<random>``, dropped after) and
one Redis with a channel prefix of its own. Workers can be killed with SIGKILL and
started again; a ``RedisServer`` on a free port can be restarted without touching
the machine's shared Redis.
"""

import os
import secrets
import signal
import subprocess
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import psycopg
import redis

from tests.scale.databases import fresh_postgres, manage
from tests.server import ROOT, free_port
from tests.services import REDIS_URL

UVICORN = str(ROOT / ".venv" / "bin" / "uvicorn")


# Each worker draws its PostgreSQL connections from a pool this big: its
# sockets' database threads (DB_THREADS, 4) and its requests' threads.
POOL_SIZE = 8


def wait_for_http(url, process, timeout=60, log=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = Path(log).read_text() if log else ""
            raise RuntimeError(f"server exited with {process.returncode}:\n{output}")
        try:
            httpx.get(url + "/", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


def kill_group(process, sig=signal.SIGKILL):
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class Worker:
    """One uvicorn process; ``kill()`` is SIGKILL, as a crash would be."""

    def __init__(self, env, log_dir, name):
        self.env = env
        self.port = free_port()
        self.log = Path(log_dir) / f"{name}.log"
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self):
        return f"ws://127.0.0.1:{self.port}"

    def start(self):
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [
                    UVICORN,
                    "squarescores.asgi:application",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--no-access-log",
                    "--ws-per-message-deflate",
                    "false",
                    "--ws-max-size",
                    "65536",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for_http(self.url, self.process, log=self.log)
        return self

    def kill(self):
        if self.process is not None:
            kill_group(self.process, signal.SIGKILL)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            kill_group(self.process, signal.SIGTERM)

    @property
    def alive(self):
        return self.process is not None and self.process.poll() is None


class RedisServer:
    """A redis-server of the test's own, never the machine's shared one."""

    def __init__(self):
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if redis.Redis.from_url(self.url).ping():
                    return self
            except redis.ConnectionError:
                time.sleep(0.05)
        raise TimeoutError("redis-server did not start")

    def kill(self):
        if self.process is not None:
            kill_group(self.process, signal.SIGKILL)

    def restart(self):
        self.kill()
        return self.start()


class Cluster:
    def __init__(self, database_url, redis_url, tmp_path, count):
        self.database_url = database_url
        self.redis_url = redis_url
        self.prefix = f"scale{secrets.token_hex(4)}"
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("TEST_")},
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "CHANNEL_PREFIX": self.prefix,
            "SECRET_KEY": secrets.token_urlsafe(50),
            "REQUIRE_SECRET_KEY": "1",
            "VAR_DIR": str(tmp_path / "var"),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DEBUG": "0",
            "DB_POOL_MAX_SIZE": str(POOL_SIZE),
            # Fast enough that a test's phones never hit the API throttles.
            "API_RATE_TAPS": "100000/min",
            "API_RATE_JOIN": "100000/min",
            "API_RATE_ACCOUNTS": "100000/min",
        }
        self.workers = [
            Worker(self.env, tmp_path, f"worker{i + 1}") for i in range(count)
        ]

    def db(self):
        return psycopg.connect(self.database_url, autocommit=True)

    def query(self, sql, *params):
        with self.db() as conn:
            return conn.execute(sql, params).fetchall()

    def manage(self, *args, **env):
        return manage({**self.env, **env}, *args)


@contextmanager
def cluster(tmp_path, workers=2, redis_url=None):
    """N workers on a fresh PostgreSQL database and ``redis_url`` (CI's by default)."""
    with fresh_postgres() as database_url:
        group = Cluster(database_url, redis_url or REDIS_URL, tmp_path, workers)
        group.manage("migrate", "--noinput")
        try:
            for worker in group.workers:
                worker.start()
            yield group
        finally:
            for worker in group.workers:
                worker.stop()


_shared = {}


def shared_cluster(config, tmp_path_factory):
    """One two-worker cluster for the whole run, however many folders ask for it;
    stopped when pytest ends."""
    if "cluster" not in _shared:
        stack = ExitStack()
        config.add_cleanup(stack.close)
        path = tmp_path_factory.mktemp("workers")
        _shared["cluster"] = stack.enter_context(cluster(path, workers=2))
    return _shared["cluster"]
