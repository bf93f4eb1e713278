"""Throwaway PostgreSQL databases for server and restore tests.

Each test makes its own database on the CI server (``scale_<random>``) and drops it
after, so runs in parallel never share rows and the shared server is left as found.
"""

import os
import secrets
import subprocess
import sys
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import psycopg

from tests.server import ROOT
from tests.services import POSTGRES_URL


def _with_database(url, name):
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


@contextmanager
def fresh_postgres(prefix="scale"):
    """Yield the URL of a new, empty PostgreSQL database; drop it afterwards."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = _with_database(POSTGRES_URL, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_database(POSTGRES_URL, name)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env, *args, input=None, timeout=120):
    """Run ``manage.py`` in a process of its own with ``env`` over a clean base."""
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise AssertionError(
            f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}"
        )
    return result
