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

The test runner deletes database files while the process lives on; the pool must
let go of a file first, or its connections would point at a deleted file and,
closed later, delete the WAL of the one that replaced it (``DatabaseCreation``).
"""

import threading

from django.db.backends.sqlite3 import base, creation

POOL_SIZE = 8

_pools = {}
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
    """Close the pooled connections to ``name``, before its file is removed."""
    with _lock:
        pool = _pools.pop(str(name), [])
    for connection in pool:
        connection.close()


class DatabaseCreation(creation.DatabaseCreation):
    def _create_test_db(self, verbosity, autoclobber, keepdb=False):
        let_go(self._get_test_db_name())
        return super()._create_test_db(verbosity, autoclobber, keepdb)

    def _destroy_test_db(self, test_database_name, verbosity):
        let_go(test_database_name)
        super()._destroy_test_db(test_database_name, verbosity)


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation

    def get_new_connection(self, conn_params):
        connection = take(conn_params["database"])
        if connection is None:
            return super().get_new_connection(conn_params)
        # The one setting a caller may have switched off and not back on
        # (disable_constraint_checking); the others hold for the connection.
        # Only set it when it is off: setting it expires every statement SQLite
        # has prepared, and each of a record's statements was then prepared
        # again (a tenth of a record's CPU), while reading it expires nothing.
        if not connection.execute("PRAGMA foreign_keys").fetchone()[0]:
            connection.execute("PRAGMA foreign_keys = ON")
        return connection

    def _close(self):
        if self.connection is not None and give_back(
            self.settings_dict["NAME"], self.connection
        ):
            return
        super()._close()
