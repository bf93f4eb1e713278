"""Django's SQLite backend, with the connections a process closes kept for reuse.

Under ASGI, Django opens a connection for each request (and each consumer call)
and closes it after, as its documentation advises there: a persistent connection
would stay behind in a thread that is gone. Opening one costs CPU (connect, the
PRAGMAs, Django's SQL functions), and closing the process's last one makes
SQLite checkpoint the WAL and delete it, so that the next write creates it again
(disk syncs inside the tap's write lock).

Here ``close()`` hands a connection that is outside any transaction to a small
per-file pool instead, and the next connection of any thread takes it from there
(Django opens SQLite connections with ``check_same_thread=False``). The pool
always holds the process's place in the WAL, so no close is the last.

Checkpoints run beside the writes, not inside them. SQLite checkpoints the WAL
in the commit that grows it past ``wal_autocheckpoint`` pages: that commit copies
the WAL into the database and syncs the file while it holds the write lock, and
those commits were the slowest records, one in a hundred or so. A thread of the
process checkpoints each file instead, passively (it waits for no reader or
writer) every ``CHECKPOINT_SECONDS``, on a connection of its own and with the GIL
released while SQLite works. The commits still checkpoint past a larger WAL, in
case the thread falls behind.

The test runner deletes database files while the process lives on; the pool and
the checkpointer must let go of a file first, or their connections would point at
a deleted file and, closed later, delete the WAL of the one that replaced it
(``DatabaseCreation``).
"""

import logging
import os
import sqlite3
import threading

from django.db.backends.sqlite3 import base, creation

logger = logging.getLogger(__name__)

POOL_SIZE = 8
CHECKPOINT_SECONDS = 1.0
# Pages (of 4 KiB) the WAL may reach before a commit checkpoints it itself:
# SQLite's default is 1000, which a few hundred records reach.
WAL_AUTOCHECKPOINT = 10_000

_pools = {}
_checkpointers = {}
_lock = threading.Lock()


def is_file(name):
    name = str(name)
    return name != ":memory:" and "mode=memory" not in name


def take(name):
    with _lock:
        pool = _pools.get(str(name))
        return pool.pop() if pool else None


def give_back(name, connection):
    """Keep ``connection`` for reuse; False when it must be closed instead."""
    if not is_file(name) or connection.in_transaction:
        return False
    with _lock:
        pool = _pools.setdefault(str(name), [])
        if len(pool) >= POOL_SIZE:
            return False
        pool.append(connection)
    return True


def let_go(name):
    """Stop checkpointing ``name`` and close the pooled connections to it, before
    its file is removed."""
    with _lock:
        checkpointer = _checkpointers.pop(str(name), None)
        pool = _pools.pop(str(name), [])
    if checkpointer is not None:
        checkpointer.stop()
    for connection in pool:
        connection.close()


class Checkpointer(threading.Thread):
    """Checkpoints the WAL of the database file ``name`` until stopped."""

    def __init__(self, name):
        super().__init__(name=f"checkpoint {name}", daemon=True)
        self.database = name
        self.pid = os.getpid()
        self.stopping = threading.Event()

    def run(self):
        connection = sqlite3.connect(
            self.database, timeout=5, isolation_level=None, uri=True
        )
        try:
            while not self.stopping.wait(CHECKPOINT_SECONDS):
                try:
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error as error:
                    # Busy or away for a moment: the next turn, or a commit past
                    # WAL_AUTOCHECKPOINT, checkpoints instead.
                    logger.warning("Checkpoint of %s failed: %s", self.database, error)
        finally:
            connection.close()

    def stop(self):
        self.stopping.set()
        if self.is_alive():
            self.join()


def checkpoint_in_background(name):
    """Start ``name``'s checkpointer, once per process and file."""
    if not is_file(name):
        return
    with _lock:
        running = _checkpointers.get(str(name))
        # A forked process inherits the entry but not the thread.
        if running and running.pid == os.getpid() and running.is_alive():
            return
        checkpointer = _checkpointers[str(name)] = Checkpointer(str(name))
        checkpointer.start()


class DatabaseCreation(creation.DatabaseCreation):
    def _create_test_db(self, verbosity, autoclobber, keepdb=False):
        let_go(self._get_test_db_name())
        return super()._create_test_db(verbosity, autoclobber, keepdb)

    def _destroy_test_db(self, test_database_name, verbosity):
        let_go(test_database_name)
        super()._destroy_test_db(test_database_name, verbosity)


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.connection_params = None
        # Whether this wrapper switched foreign keys off (and not back on): its
        # connection is then closed, not pooled, so a pooled one always has them.
        self.foreign_keys_off = False

    def get_connection_params(self):
        # A wrapper's settings do not change while it lives, and the consumers'
        # database thread connects (from the pool) for every call: building the
        # parameters and checking the options again each time showed in every
        # record's profile.
        if self.connection_params is None:
            self.connection_params = super().get_connection_params()
        return dict(self.connection_params)

    def get_new_connection(self, conn_params):
        name = conn_params["database"]
        connection = take(name)
        if connection is None:
            connection = super().get_new_connection(conn_params)
            if is_file(name):
                connection.execute(f"PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT}")
                checkpoint_in_background(name)
        # A pooled connection is handed out as it is: setting a PRAGMA such as
        # foreign_keys, even to what it was, expires every statement SQLite has
        # prepared, and reading it on every take cost more than one of a
        # record's statements. A connection with them off is never pooled.
        return connection

    def disable_constraint_checking(self):
        self.foreign_keys_off = True
        return super().disable_constraint_checking()

    def enable_constraint_checking(self):
        super().enable_constraint_checking()
        self.foreign_keys_off = False

    def _close(self):
        if (
            self.connection is not None
            and not self.foreign_keys_off
            and give_back(self.settings_dict["NAME"], self.connection)
        ):
            return
        self.foreign_keys_off = False
        super()._close()
