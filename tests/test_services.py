"""A service that is switched on must be there: a typo in CI fails, never skips."""

import asyncio

import psycopg
import pytest
import redis

from tests.services import (
    POSTGRES_URL,
    REDIS_PREFIX,
    REDIS_URL,
    needs_postgres,
    needs_redis,
)


@needs_postgres
def test_the_configured_postgresql_answers():
    with psycopg.connect(POSTGRES_URL, connect_timeout=5) as conn:
        assert conn.execute("select 1").fetchone() == (1,)


@needs_redis
def test_the_configured_redis_answers():
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5)
    assert client.ping()


@needs_redis
def test_the_redis_channel_layer_carries_a_group_message():
    from channels_redis.pubsub import RedisPubSubChannelLayer

    async def exchange():
        layer = RedisPubSubChannelLayer(hosts=[REDIS_URL], prefix=REDIS_PREFIX)
        channel = await layer.new_channel()
        await layer.group_add("services-check", channel)
        await layer.group_send("services-check", {"type": "hello", "n": 1})
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
        await layer.flush()
        return message

    assert asyncio.run(exchange()) == {"type": "hello", "n": 1}


def test_the_suite_knows_which_database_it_runs_on(db):
    import os

    from django.db import connection

    expected = "postgresql" if os.getenv("DATABASE_URL") else "sqlite"
    assert connection.vendor == expected
    if connection.vendor == "sqlite":
        mode = connection.cursor().execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
