"""A worker's lifespan: when the server starts it, it freezes what it loaded."""

import gc
import os
import subprocess
import sys
import time

import httpx
import pytest
from asgiref.testing import ApplicationCommunicator

from squarescores.asgi import application
from tests.server import ROOT, free_port

LIFESPAN = {"type": "lifespan", "asgi": {"version": "3.0"}}


async def test_a_starting_worker_freezes_what_it_loaded():
    gc.unfreeze()
    worker = ApplicationCommunicator(application, LIFESPAN)
    try:
        await worker.send_input({"type": "lifespan.startup"})
        assert await worker.receive_output(10) == {"type": "lifespan.startup.complete"}
        # Django, the apps and the URL patterns: far more than any one request.
        assert gc.get_freeze_count() > 50_000

        await worker.send_input({"type": "lifespan.shutdown"})
        assert await worker.receive_output(5) == {"type": "lifespan.shutdown.complete"}
    finally:
        gc.unfreeze()


@pytest.mark.server
def test_uvicorn_runs_the_startup_and_then_serves(tmp_path):
    port = free_port()
    environment = {**os.environ, "VAR_DIR": str(tmp_path), "REDIS_URL": ""}
    environment.pop("DATABASE_URL", None)
    uvicorn = os.path.join(os.path.dirname(sys.executable), "uvicorn")
    process = subprocess.Popen(
        [uvicorn, "squarescores.asgi:application", "--port", str(port)],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, "the server exited"
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
    finally:
        process.terminate()
        log = process.communicate(timeout=15)[1]

    assert answer.status_code == 200
    assert "Application startup complete" in log
    assert "lifespan" not in log.lower()
