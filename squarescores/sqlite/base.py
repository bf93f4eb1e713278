"""Django's SQLite backend, with one idle connection per database file kept open.

Under ASGI, Django opens a connection for each request (and each consumer call)
and closes it after, as its documentation advises there. When the connection that
closes is the process's last one on the file, SQLite checkpoints the WAL into the
database and deletes it, and the next write creates it again: disk syncs on every
request of a quiet server, inside the tap's write lock. A connection that stays
open, and has read once so that it takes part in the WAL, makes every other close
an ordinary one.

The test runner deletes database files while the process lives on; a keeper must
let go first, or its close would later delete the WAL of the file that replaced
the one it kept (``DatabaseCreation`` below).
"""

import sqlite3
import threading

from django.db.backends.sqlite3 import base, creation

_keepers = {}
_lock = threading.Lock()


def is_file(name):
    name = str(name)
    return name != ":memory:" and "mode=memory" not in name


def keep_open(name):
    key = str(name)
    if key in _keepers or not is_file(key):
        return
    with _lock:
        if key not in _keepers:
            keeper = sqlite3.connect(key, check_same_thread=False)
            keeper.execute("SELECT count(*) FROM sqlite_master").fetchall()
            _keepers[key] = keeper


def let_go(name):
    with _lock:
        keeper = _keepers.pop(str(name), None)
    if keeper is not None:
        keeper.close()


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
        connection = super().get_new_connection(conn_params)
        # After Django's connection: its init_command has set WAL mode by then.
        keep_open(conn_params["database"])
        return connection
