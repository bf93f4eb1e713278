"""The Django and Channels internals the record path leans on, each kept for what
it saves (docs/benchmarks.md, "Private internals"). Each test fails, saying why
and where to look, when an upgrade changes the internal it relies on."""

import inspect

from channels.consumer import AsyncConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import InMemoryChannelLayer as StockLayer
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models.base import ModelState

from games.consumers import MatchConsumer, NoHop, TvConsumer
from squarescores import layers
from squarescores.sqlite import base


def test_djangos_close_still_ends_in_the_private_close_the_sqlite_pool_overrides():
    assert "self._close()" in inspect.getsource(BaseDatabaseWrapper.close), (
        "Django's DatabaseWrapper.close() no longer calls _close(): the SQLite "
        "connection pool (squarescores/sqlite/base.py, DatabaseWrapper._close) "
        "would never get its connections back, and every record would open one."
    )
    assert "_close" in base.DatabaseWrapper.__dict__


def test_channels_dispatch_still_hops_a_thread_that_nohop_skips():
    source = inspect.getsource(AsyncConsumer.dispatch)
    assert "aclose_old_connections" in source and "get_handler_name" in source, (
        "Channels' AsyncConsumer.dispatch changed: games/consumers.py's NoHop "
        "copies its handler lookup (get_handler_name) to skip the thread hop of "
        "aclose_old_connections; check NoHop still does what dispatch does."
    )
    assert "dispatch" in NoHop.__dict__


def test_channels_disconnect_still_does_only_what_nohop_does_less_the_hop():
    source = inspect.getsource(AsyncWebsocketConsumer.websocket_disconnect)
    steps = [line.strip() for line in source.splitlines()[-3:]]
    assert steps == [
        'await self.disconnect(message["code"])',
        "await aclose_old_connections()",
        "raise StopConsumer()",
    ], (
        "Channels' AsyncWebsocketConsumer.websocket_disconnect changed: "
        "games/consumers.py's NoHop copies it less its aclose_old_connections "
        "hop; check NoHop still does what it does."
    )
    assert not MatchConsumer.groups and not TvConsumer.groups


def test_a_model_state_still_says_whether_an_instance_is_to_be_added():
    assert {"adding", "db"} <= set(vars(ModelState)), (
        "Django's ModelState lost adding or db: games/actions/sql.py's stored() "
        "sets them on instances its SQL wrote, so that a later save() updates "
        "rather than inserts."
    )


def test_channels_in_memory_layer_still_sweeps_through_the_method_the_app_throttles():
    swept_by = [
        name
        for name in ("receive", "group_send", "group_add")
        if "self._clean_expired()" in inspect.getsource(getattr(StockLayer, name))
    ]
    assert swept_by, (
        "Channels' InMemoryChannelLayer no longer calls _clean_expired() from "
        "receive or group_send: squarescores/layers.py throttles that sweep (it "
        "walked every socket of the process on every message, 11% of a worker's "
        "samples at 300 phones); check how the new layer expires messages."
    )
    assert "_clean_expired" in layers.InMemoryChannelLayer.__dict__


def test_djangos_redis_client_still_builds_a_client_per_call_from_its_pool():
    from django.core.cache.backends.redis import RedisCache as StockCache
    from django.core.cache.backends.redis import RedisCacheClient as StockClient

    from squarescores.cache import RedisCacheClient

    assert "self._client(connection_pool=pool)" in inspect.getsource(
        StockClient.get_client
    ), (
        "Django's RedisCacheClient.get_client changed: squarescores/cache.py "
        "keeps one client per pool (self._client over _get_connection_pool); "
        "check it still builds the client Django would."
    )
    assert "self._class = RedisCacheClient" in inspect.getsource(StockCache), (
        "Django's RedisCache no longer sets self._class in __init__: "
        "squarescores/cache.py sets its own client class there."
    )
    assert "get_client" in RedisCacheClient.__dict__
