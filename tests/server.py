"""Start the real server the way ``make run`` does, for tests that need one."""

import os
import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def make_run(var_dir, *, env=None, timeout=90, log=None):
    """Run ``make run`` on a free port; yield its base URL; stop it after.

    ``log``, a path, gets what the server prints (its log), as it prints it;
    without one the log goes to a file in ``var_dir``. Never to a pipe nobody
    reads: once its buffer fills, the server's next log line blocks the thread
    writing it, and every request that logs (each 4xx does) hangs behind it.
    """
    port = free_port()
    environment = {**os.environ, "VAR_DIR": str(var_dir), **(env or {})}
    environment.pop("DATABASE_URL", None)
    if log is None:
        Path(var_dir).mkdir(parents=True, exist_ok=True)
        log = Path(var_dir) / "server.log"
    output = open(log, "wb")  # noqa: SIM115
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"PORT={port}"],
        cwd=ROOT,
        env=environment,
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process, timeout, log)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        output.close()


def wait_until_up(url, process, timeout, log=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = Path(log).read_text(errors="replace") if log else ""
            raise RuntimeError(f"make run exited with {process.returncode}:\n{output}")
        try:
            httpx.get(url + "/", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout} s")
