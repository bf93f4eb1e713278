"""The SQLite backend reuses the connections it closes, so closes stay cheap."""

import shutil
import sqlite3
import time

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


def is_closed(raw):
    try:
        raw.execute("SELECT 1")
    except sqlite3.ProgrammingError:
        return True
    return False


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
    assert is_closed(raw)


def test_a_reused_connection_keeps_its_prepared_statements(path):
    # Setting foreign_keys, even to what it was, expires every prepared
    # statement; a pooled connection has them on and is handed out as it is.
    raw = write_and_close(base.DatabaseWrapper, path)
    ran = []
    raw.set_trace_callback(ran.append)
    assert write_and_close(base.DatabaseWrapper, path) is raw
    assert not any(sql.startswith("PRAGMA") for sql in ran)


def test_a_connection_with_foreign_keys_off_is_closed_not_pooled(path):
    db = wrapper(base.DatabaseWrapper, path)
    db.ensure_connection()
    db.disable_constraint_checking()
    raw = db.connection
    db.close()
    assert is_closed(raw)
    db = wrapper(base.DatabaseWrapper, path)
    with db.cursor() as cursor:
        assert cursor.execute("PRAGMA foreign_keys").fetchone() == (1,)
    db.close()


def test_a_connection_with_foreign_keys_back_on_is_pooled(path):
    db = wrapper(base.DatabaseWrapper, path)
    db.ensure_connection()
    db.disable_constraint_checking()
    db.enable_constraint_checking()
    raw = db.connection
    db.close()
    again = wrapper(base.DatabaseWrapper, path)
    with again.cursor() as cursor:
        assert cursor.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert again.connection is raw
    again.close()


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


def checkpointed(path, copy):
    """The rows of ``t`` in the database file alone, without its WAL."""
    shutil.copyfile(path, copy)
    try:
        return sqlite3.connect(copy).execute("SELECT x FROM t").fetchall()
    except sqlite3.OperationalError:
        return []  # the table itself is still only in the WAL


def test_commits_leave_small_checkpoints_to_the_process_thread(path):
    db = wrapper(base.DatabaseWrapper, path)
    with db.cursor() as cursor:
        pages = cursor.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
    db.close()
    assert pages == base.WAL_AUTOCHECKPOINT > 1000


def test_the_thread_checkpoints_what_was_written_into_the_file(path, tmp_path):
    raw = write_and_close(base.DatabaseWrapper, path)
    deadline = time.monotonic() + 20 * base.CHECKPOINT_SECONDS
    while not checkpointed(path, tmp_path / "copy.sqlite3"):
        assert time.monotonic() < deadline, "the WAL was never checkpointed"
        time.sleep(base.CHECKPOINT_SECONDS / 4)
    assert checkpointed(path, tmp_path / "copy.sqlite3") == [(1,)]
    # The thread's own connection kept the WAL: the pooled one is still open.
    assert raw.execute("SELECT count(*) FROM t").fetchone() == (1,)


def test_letting_go_stops_the_checkpointer(path):
    write_and_close(base.DatabaseWrapper, path)
    checkpointer = base._checkpointers[str(path)]
    assert checkpointer.is_alive()
    base.let_go(path)
    assert not checkpointer.is_alive()
    assert str(path) not in base._checkpointers


def test_an_in_memory_database_has_no_checkpointer():
    base.checkpoint_in_background(":memory:")
    base.checkpoint_in_background("file:memorydb_default?mode=memory&cache=shared")
    assert ":memory:" not in base._checkpointers
    assert not any("mode=memory" in name for name in base._checkpointers)
