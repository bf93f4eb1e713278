"""The threads that run the consumers' database work.

Channels runs every ``database_sync_to_async`` call of a worker on one shared
thread, one call at a time. On SQLite that is right: a write takes the
database's one write lock, and a second writer thread would only queue for it.
On PostgreSQL a record spends most of its time waiting for the server (its
statements and its commit) while the records of other matches queue behind it,
although the row lock that ``lock_live_match`` takes already keeps the records
of one match in turn. ``DB_THREADS`` threads let different matches' records
overlap; each thread holds a connection of its own, from the worker's pool when
``DB_POOL_MAX_SIZE`` sets one.
"""

import functools
from concurrent.futures import ThreadPoolExecutor

from channels.db import DatabaseSyncToAsync
from django.conf import settings


@functools.cache
def _executor(threads):
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="database")


def database_call(func):
    """``func`` as a coroutine function on the database threads, with Channels'
    closing of stale connections before and after it, as
    ``database_sync_to_async`` does."""
    threads = settings.DB_THREADS
    if threads <= 1:
        return DatabaseSyncToAsync(func)
    return DatabaseSyncToAsync(
        func, thread_sensitive=False, executor=_executor(threads)
    )
