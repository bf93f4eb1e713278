"""The Redis cache of a deployment (squarescores/cache.py): Django's, with one
redis-py client per connection pool instead of one per call."""

import os
import socket
import subprocess
import sys
import threading
import time

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from squarescores.cache import RedisCache
from tests.server import ROOT
from tests.services import REDIS_PREFIX, REDIS_URL, needs_redis


def redis_cache(location):
    return RedisCache(
        location,
        {"KEY_PREFIX": f"{REDIS_PREFIX}-cache", "OPTIONS": {"socket_timeout": 1}},
    )


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_deployment_with_redis_uses_the_client_that_keeps_its_clients():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "squarescores.settings",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
    }
    read = (
        "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    )

    done = subprocess.run(
        [sys.executable, "-c", read],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.stdout.strip() == "squarescores.cache.RedisCache", done.stderr


@needs_redis
def test_every_call_and_every_thread_shares_one_client_per_pool():
    cache = redis_cache(REDIS_URL)
    stock = cache._cache._pool_class

    class SlowToBuild(stock):
        # Django builds a pool for each thread that races its first call; a
        # loaded machine widens that window (seen in CI), this widens it here.
        @classmethod
        def from_url(cls, *args, **kwargs):
            time.sleep(0.02)
            return stock.from_url(*args, **kwargs)

    cache._cache._pool_class = SlowToBuild
    clients = []
    # Eight threads make their first call together, as a worker's database
    # threads may.
    together = threading.Barrier(8)

    def read():
        together.wait()
        clients.append(cache._cache.get_client("k"))

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len({id(client) for client in clients}) == 1
    assert cache._cache.get_client("k", write=True) is clients[0]


@needs_redis
def test_it_keeps_reads_and_writes_as_djangos_cache_does():
    cache = redis_cache(REDIS_URL)
    cache.clear()

    cache.set("frame", "x" * 3400, 60)
    cache.set_many({"a": 1, "b": {"seats": [1, 2]}}, 60)

    assert cache.get("frame") == "x" * 3400
    assert cache.get_many(["a", "b", "missing"]) == {"a": 1, "b": {"seats": [1, 2]}}
    assert cache.add("a", 5) is False
    assert cache.incr("a") == 2
    assert cache.delete("frame") is True
    assert cache.get("frame", "gone") == "gone"
    cache.clear()


def test_a_redis_that_is_away_fails_the_call_as_djangos_client_does():
    # What games/limits.py and games/languages.py catch and log: the same error
    # as the stock client's, not a new kind.
    cache = redis_cache(f"redis://127.0.0.1:{free_port()}/0")

    with pytest.raises(RedisConnectionError):
        cache.get("anything")
    with pytest.raises(RedisConnectionError):
        cache.set("anything", 1)
