"""The PostgreSQL and Redis that CI switches on with TEST_DATABASE_URL and
TEST_REDIS_URL. Unset, the tests that need them are skipped and say how to run them.
"""

import os

import pytest

POSTGRES_URL = os.getenv("TEST_DATABASE_URL", "")
REDIS_URL = os.getenv("TEST_REDIS_URL", "")
# Redis's pub/sub channels are shared by all its databases, and each pytest-xdist
# worker numbers its matches from 1 on a database of its own: a prefix per worker
# keeps one worker's "match 1" group from hearing another's.
REDIS_PREFIX = "test-" + os.getenv("PYTEST_XDIST_WORKER", "main")

needs_postgres = pytest.mark.skipif(
    not POSTGRES_URL,
    reason=(
        "PostgreSQL tests: set TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test "
        "(as .ci/run does) to run them"
    ),
)
needs_redis = pytest.mark.skipif(
    not REDIS_URL,
    reason=(
        "Redis tests: set TEST_REDIS_URL=redis://127.0.0.1:6379/9 "
        "(as .ci/run does) to run them"
    ),
)
