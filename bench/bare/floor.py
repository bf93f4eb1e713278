"""The floor: the bare stack plus the database work no record can skip.

A record must commit before any phone hears of it (DESIGN.md): in one
transaction it raises the match's version under a conditional update, closes
the open round only if it is still open, opens the next one and appends the
event. This consumer does exactly that, through Django's connection on the
app's database and database threads, in four statements of its own tables,
then pushes the bare stack's padded frame. What separates the app from this
floor is the app's own work (permission, the module's rules, the standings,
rendering); what separates this floor from the bare stack is the database,
its driver and the thread hop, which the app cannot do without.

``python -m bench.bare.floor`` makes its tables (``servers.Stack`` runs it).
"""

import json
import logging
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.bare.floor_settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.urls import path  # noqa: E402

from games.threads import database_call  # noqa: E402

from .asgi import TableConsumer  # noqa: E402
from .urls import push_text  # noqa: E402

logger = logging.getLogger(__name__)


def schema(vendor):
    serial = "integer PRIMARY KEY" if vendor == "sqlite" else "bigserial PRIMARY KEY"
    return [
        "CREATE TABLE IF NOT EXISTS floor_table "
        "(id integer PRIMARY KEY, version integer NOT NULL)",
        "CREATE TABLE IF NOT EXISTS floor_round (table_id integer NOT NULL "
        "REFERENCES floor_table (id), number integer NOT NULL, "
        "status varchar(8) NOT NULL, winner integer, UNIQUE (table_id, number))",
        "CREATE UNIQUE INDEX IF NOT EXISTS floor_one_open ON floor_round "
        "(table_id) WHERE status = 'open'",
        f"CREATE TABLE IF NOT EXISTS floor_event (id {serial}, table_id integer "
        "NOT NULL REFERENCES floor_table (id), version integer NOT NULL, "
        "kind varchar(20) NOT NULL, after text NOT NULL, UNIQUE (table_id, version))",
    ]


def record(table, number, winner):
    """Close round ``number`` of ``table`` as won and open the next, in one
    transaction; a round that is not open changes nothing."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "UPDATE floor_table SET version = version + 1 WHERE id = %s "
            "RETURNING version",
            [table],
        )
        row = cursor.fetchone()
        if row is None:
            # A table's first round: the bench's tables start where it says.
            cursor.execute(
                "INSERT INTO floor_table (id, version) VALUES (%s, 1)", [table]
            )
            cursor.execute(
                "INSERT INTO floor_round (table_id, number, status) "
                "VALUES (%s, %s, 'open')",
                [table, number],
            )
            row = (1,)
        cursor.execute(
            "UPDATE floor_round SET status = 'won', winner = %s "
            "WHERE table_id = %s AND number = %s AND status = 'open'",
            [winner, table, number],
        )
        if cursor.rowcount != 1:
            raise ValueError(f"round {number} of table {table} is not open")
        cursor.execute(
            "INSERT INTO floor_round (table_id, number, status) "
            "VALUES (%s, %s, 'open')",
            [table, number + 1],
        )
        cursor.execute(
            "INSERT INTO floor_event (table_id, version, kind, after) "
            "VALUES (%s, %s, 'round_won', %s)",
            [table, row[0], json.dumps({"round": number, "winner": winner})],
        )


class FloorConsumer(TableConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        frame = json.loads(text_data)
        table = self.scope["url_route"]["kwargs"]["table"]
        number = int(frame["round"])
        try:
            await database_call(record)(table, number, frame.get("seat", 1))
        except ValueError:
            logger.warning("Floor: round %s of table %s is not open", number, table)
            return
        text = push_text(number, int(frame.get("size", 600)))
        await self.channel_layer.group_send(
            self.group, {"type": "bench.push", "text": text}
        )


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": URLRouter(
            [path("ws/tables/<int:table>/", FloorConsumer.as_asgi())]
        ),
    }
)


def main():
    with connection.cursor() as cursor:
        for statement in schema(connection.vendor):
            cursor.execute(statement)


if __name__ == "__main__":
    main()
