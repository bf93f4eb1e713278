"""The SQLite backend reuses the connections it closes, so closes stay cheap."""

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
    return cls(settings, alias="default")


def write_and_close(cls, path):
    db = wrapper(cls, path)
    with db.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS t (x integer)")
        cursor.execute("INSERT INTO t VALUES (1)")
    raw = db.connection
    db.close()
    return raw


def wal(path):
    return path.with_name(path.name + "-wal")


@pytest.fixture
def path(tmp_path, django_db_blocker):
    # A database of the test's own, outside the suite's test database.
    path = tmp_path / "pooled.sqlite3"
    with django_db_blocker.unblock():
        yield path
    base.let_go(path)


def test_the_stock_backend_checkpoints_and_deletes_the_wal_on_its_last_close(path):
    write_and_close(StockWrapper, path)
    assert not wal(path).exists()


def test_a_closed_connection_is_reused_by_the_next_one(path):
    first = write_and_close(base.DatabaseWrapper, path)
    second = write_and_close(base.DatabaseWrapper, path)
    assert second is first
    assert wal(path).exists()


def test_a_connection_closed_inside_a_transaction_is_not_reused(path):
    db = wrapper(base.DatabaseWrapper, path)
    with db.cursor() as cursor:
        cursor.execute("CREATE TABLE t (x integer)")
    db.connection.execute("BEGIN")
    raw = db.connection
    db.close()
    with pytest.raises(sqlite3.ProgrammingError):
        raw.execute("SELECT 1")


def test_a_reused_connection_checks_foreign_keys_again(path):
    db = wrapper(base.DatabaseWrapper, path)
    db.ensure_connection()
    db.disable_constraint_checking()
    db.close()
    db = wrapper(base.DatabaseWrapper, path)
    with db.cursor() as cursor:
        assert cursor.execute("PRAGMA foreign_keys").fetchone() == (1,)
    db.close()


def test_a_reused_connection_keeps_its_prepared_statements(path):
    # Setting foreign_keys, even to what it was, expires every prepared
    # statement; a connection that has them on is handed out as it is.
    raw = write_and_close(base.DatabaseWrapper, path)
    ran = []
    raw.set_trace_callback(ran.append)
    assert write_and_close(base.DatabaseWrapper, path) is raw
    assert "PRAGMA foreign_keys" in ran
    assert not any(sql.startswith("PRAGMA foreign_keys =") for sql in ran)


def test_letting_go_closes_the_pool_and_checkpoints_what_was_written(path):
    raw = write_and_close(base.DatabaseWrapper, path)
    base.let_go(path)
    with pytest.raises(sqlite3.ProgrammingError):
        raw.execute("SELECT 1")
    assert not wal(path).exists()
    assert sqlite3.connect(path).execute("SELECT x FROM t").fetchall() == [(1,)]


def test_an_in_memory_database_is_never_pooled():
    raw = sqlite3.connect(":memory:")
    assert not base.give_back(":memory:", raw)
    assert not base.give_back("file:memorydb_default?mode=memory&cache=shared", raw)
