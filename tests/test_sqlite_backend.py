"""The SQLite backend keeps one idle connection open, so closes stay cheap."""

import sqlite3

import pytest
from django.db.backends.sqlite3.base import DatabaseWrapper as StockWrapper
from django.db.utils import ConnectionHandler

from squarescores.settings import SQLITE_OPTIONS
from squarescores.sqlite import base


def wrapper(cls, path):
    settings = ConnectionHandler().configure_settings(
        {"default": {"ENGINE": "squarescores.sqlite", "NAME": str(path)}}
    )["default"]
    settings["OPTIONS"] = SQLITE_OPTIONS
    return cls(settings, alias="db")


def write_and_close(cls, path):
    db = wrapper(cls, path)
    with db.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS t (x integer)")
        cursor.execute("INSERT INTO t VALUES (1)")
    db.close()


@pytest.fixture
def path(tmp_path, django_db_blocker):
    # A database of the test's own, outside the suite's test database.
    path = tmp_path / "kept.sqlite3"
    with django_db_blocker.unblock():
        yield path
    base.let_go(path)


def test_the_stock_backend_checkpoints_and_deletes_the_wal_on_its_last_close(path):
    write_and_close(StockWrapper, path)
    assert not path.with_name(path.name + "-wal").exists()


def test_a_close_leaves_the_wal_to_the_connection_kept_open(path):
    write_and_close(base.DatabaseWrapper, path)
    write_and_close(base.DatabaseWrapper, path)
    assert path.with_name(path.name + "-wal").exists()
    assert str(path) in base._keepers


def test_letting_go_checkpoints_what_was_written(path):
    write_and_close(base.DatabaseWrapper, path)
    base.let_go(path)
    assert not path.with_name(path.name + "-wal").exists()
    rows = sqlite3.connect(path).execute("SELECT x FROM t").fetchall()
    assert rows == [(1,)]


def test_an_in_memory_database_gets_no_keeper():
    base.keep_open(":memory:")
    base.keep_open("file:memorydb_default?mode=memory&cache=shared")
    assert not base._keepers or all(base.is_file(name) for name in base._keepers)
