"""The Django and Channels internals the record path leans on, each kept for what
it saves (docs/benchmarks.md, "Private internals"). Each test fails, saying why
and where to look, when an upgrade changes the internal it relies on."""

import inspect

from channels.consumer import AsyncConsumer
from channels.layers import InMemoryChannelLayer as StockLayer
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.sqlite3.base import SQLiteCursorWrapper
from django.db.models.base import ModelState

from games.consumers import NoHop
from squarescores import layers
from squarescores.sqlite import base


def test_djangos_close_still_ends_in_the_private_close_the_sqlite_pool_overrides():
    assert "self._close()" in inspect.getsource(BaseDatabaseWrapper.close), (
        "Django's DatabaseWrapper.close() no longer calls _close(): the SQLite "
        "connection pool (squarescores/sqlite/base.py, DatabaseWrapper._close) "
        "would never get its connections back, and every record would open one."
    )
    assert "_close" in base.DatabaseWrapper.__dict__


def test_the_stock_layer_still_sweeps_through_clean_expired():
    for method in (StockLayer.receive, StockLayer.group_send):
        assert "self._clean_expired()" in inspect.getsource(method), (
            f"Channels' InMemoryChannelLayer.{method.__name__} no longer calls "
            "_clean_expired(): squarescores/layers.py's once-a-second sweep "
            "overrides nothing now; compare the layer's code and re-measure with "
            "python -m bench.internals_ab."
        )
    assert "_clean_expired" in layers.InMemoryChannelLayer.__dict__


def test_channels_dispatch_still_hops_a_thread_that_nohop_skips():
    source = inspect.getsource(AsyncConsumer.dispatch)
    assert "aclose_old_connections" in source and "get_handler_name" in source, (
        "Channels' AsyncConsumer.dispatch changed: games/consumers.py's NoHop "
        "copies its handler lookup (get_handler_name) to skip the thread hop of "
        "aclose_old_connections; check NoHop still does what dispatch does."
    )
    assert "dispatch" in NoHop.__dict__


def test_sqlites_cursor_still_converts_each_query_through_convert_query():
    parameters = inspect.signature(SQLiteCursorWrapper.convert_query).parameters
    assert "param_names" in parameters, (
        "Django's SQLiteCursorWrapper.convert_query changed its signature: "
        "squarescores/sqlite/base.py's CursorWrapper.convert_query overrides it."
    )


def test_a_model_state_still_says_whether_an_instance_is_to_be_added():
    assert {"adding", "db"} <= set(vars(ModelState)), (
        "Django's ModelState lost adding or db: games/actions/sql.py's stored() "
        "sets them on instances its SQL wrote, so that a later save() updates "
        "rather than inserts."
    )
