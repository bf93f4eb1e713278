"""Settings for the floor: the bare stack with the app's own database.

The same database configuration as the app's, read from the same environment
(SQLite with the app's backend, or ``DATABASE_URL`` with its pool), and the
same number of database threads.
"""

from squarescores import settings as app

from .settings import *  # noqa: F403

DATABASES = app.DATABASES
DB_THREADS = app.DB_THREADS
