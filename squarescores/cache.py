"""Django's Redis cache, with one redis-py client per connection pool.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every
cache call. The connections come from the pool either way, but building the
client fills its table of some 170 response callbacks each time: about a third
of a cache read's CPU on this machine (docs/benchmarks.md, "Private
internals"). A change's push reads the match's languages and keeps its frames
for the phones that reconnect (``games.languages``, ``games.catchup``), and every
socket's handshake notes its language, so with Redis that cost is paid on every
record. A ``redis.Redis`` sharing a pool is safe to share between threads, so the
client here makes one per pool and hands it back on every call.
"""

import threading

from django.core.cache.backends.redis import RedisCache as StockRedisCache
from django.core.cache.backends.redis import RedisCacheClient as StockClient


class RedisCacheClient(StockClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}
        self._lock = threading.Lock()

    def get_client(self, key=None, *, write=False):
        # The pool and its client under one lock: Django's _get_connection_pool
        # builds a pool for each thread that races it on the first call, and
        # each of those pools would get a client of its own. Held for a dict
        # lookup or two, the lock costs a call next to nothing.
        with self._lock:
            pool = self._get_connection_pool(write)
            # By the pool's id: the stock client keeps each pool for good.
            client = self._clients.get(id(pool))
            if client is None:
                # As the stock get_client builds it, once.
                client = self._client(connection_pool=pool)
                self._clients[id(pool)] = client
        return client


class RedisCache(StockRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
