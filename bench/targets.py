"""What the harness drives: the app (real join, real tap endpoint) or the bare stack.

Both put tables of six phones on a running ``servers.Stack``, spread over its
workers so that in scale-out a tap on one worker must reach phones on the other.
"""

import asyncio
import json

from .phones import Phone, Table, gather_bounded, join_via_page, new_key, open_round_of

PHONES = 6


class Bare:
    """The bare stack; ``tap`` is ``form`` (its view) or ``ws`` (a tap frame)."""

    kind = "bare"

    def __init__(self, push_bytes=600, tap="ws"):
        self.push_bytes = push_bytes
        self.tap_via = tap
        self.next_id = 1

    def ws_path(self, table):
        return f"/ws/tables/{table.id}/"

    async def add_tables(self, stack, count, phones=PHONES):
        tables = []
        for _ in range(count):
            table = Table(self.next_id)
            self.next_id += 1
            table.phones = [
                Phone(stack.urls[i % len(stack.urls)]) for i in range(phones)
            ]
            tables.append(table)
        await connect_all(self, tables)
        return tables

    async def tap(self, phone, table, number, seat):
        if self.tap_via == "ws":
            await phone.send_frame({"round": number, "size": self.push_bytes})
            return await ws_answer(phone, number)
        answer = await phone.http.post(
            f"/tap/{table.id}/", data={"round": number, "size": self.push_bytes}
        )
        return answer.status_code == 204, answer.status_code


class Floor(Bare):
    """The bare stack plus the database work every record needs
    (``bench/bare/floor.py``): tapped as the bare stack is."""

    kind = "floor"


class App:
    """The app. ``join`` is ``page`` (the real /j/<code>/ flow), ``seed``
    (members made through ``games.actions``) or ``auto`` (the page when it exists);
    ``tap`` is ``ws`` (a record frame, as the page sends it) or ``form`` (POST
    /matches/<id>/record/).
    """

    kind = "app"

    def __init__(self, join="auto", tap="ws"):
        self.join, self.tap_via = join, tap
        self.joined_by = None

    def ws_path(self, table):
        return f"/ws/matches/{table.id}/"

    async def add_tables(self, stack, count, phones=PHONES):
        request = json.dumps({"tables": count, "seats": phones, "members": self.join})
        answer = await asyncio.to_thread(stack.python, "bench.seed", stdin=request)
        answer = json.loads(answer.stdout)
        seeded, self.joined_by = answer["tables"], answer["joined_by"]
        tables = []
        for row in seeded:
            table = Table(row["id"], row["code"], row["seats"])
            for index in range(phones):
                url = stack.urls[index % len(stack.urls)]
                cookies = None
                if index < len(row["sessions"]):
                    cookies = {"sessionid": row["sessions"][index]}
                table.phones.append(Phone(url, cookies=cookies))
            tables.append(table)
        if self.joined_by == "page":
            await gather_bounded(
                [
                    join_via_page(phone, table.code, table.seats[index])
                    for table in tables
                    for index, phone in enumerate(table.phones)
                    if index >= 1
                ],
                limit=8,
            )
        # A phone without a CSRF cookie yet (the host) opens the match page first:
        # the page sets the cookie its forms need.
        await gather_bounded(
            [
                phone.http.get(f"/matches/{table.id}/")
                for table in tables
                for phone in table.phones
                if not phone.csrf
            ],
            limit=8,
        )
        await connect_all(self, tables)
        for table in tables:
            table.open_round = open_round_of(table.phones[0].snapshot)
        return tables

    async def tap(self, phone, table, number, seat):
        key = new_key()
        if self.tap_via == "ws":
            await phone.send_frame(tap_frame(number, seat, key))
            return await ws_answer(phone, number)
        answer = await phone.http.post(
            f"/matches/{table.id}/record/",
            data={
                "round": number,
                "winner": seat,
                "key": key,
                "csrfmiddlewaretoken": phone.csrf,
            },
        )
        return answer.status_code in (200, 204, 302, 303), answer.status_code


def tap_frame(number, seat, key):
    """The socket frame a 41 Exchange phone sends for a round's winner, as its
    page sends it (the one record path of issue 30): every socket tap of the
    bench (the load runs, the storm) is built here."""
    return {
        "type": "record",
        "round": number,
        "form": {"winner": [str(seat)]},
        "key": key,
    }


async def ws_answer(phone, number):
    """A socket tap has no answer of its own: the change reaching the tapper is it."""
    try:
        await phone.wait_round(number)
    except (RuntimeError, TimeoutError) as refused:
        return False, f"ws:{refused}"
    return True, 101


async def connect_all(target, tables, limit=32):
    await gather_bounded(
        [
            phone.open_socket(target.ws_path(table))
            for table in tables
            for phone in table.phones
        ],
        limit=limit,
    )


async def close_all(tables, limit=32):
    # A few at a time: hundreds of sockets closing at once is its own load test.
    await gather_bounded(
        [phone.close() for table in tables for phone in table.phones], limit=limit
    )
