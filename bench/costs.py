"""Where a tap's server CPU goes, piece by piece, measured inside Django.

Run by the probes as ``python -m bench.costs`` with a stack's environment (its own
database). Each figure is the median CPU time (``time.process_time``) of one call,
which a busy machine disturbs less than wall time. Prints JSON.
"""

import json
import os
import statistics
import sys
import time

SAMPLE = 60


def cpu_ms(call, sample=SAMPLE):
    times = []
    for _ in range(sample):
        started = time.process_time()
        call()
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def schwimmen_records():
    """A call that records the next Schwimmen round, its after-commit publish
    included: seat after seat pays one life; a decided table hands over to the
    next (two tables hold more than the sample)."""
    from bench.seed import schwimmen_tables
    from games import actions, languages

    tables, host = schwimmen_tables(2)
    for match, _seats in tables:
        # A phone at the table reads English: the publish renders, as it would.
        languages.note(match.pk, "en")
    state = {"table": 0, "number": 1}

    def record():
        match, seats = tables[state["table"]]
        number = state["number"]
        payer = seats[(number - 1) % len(seats)]
        result = actions.record(host, match.pk, number, {"pays": [payer]})
        if result.event.kind == "match_decided":
            state.update(table=state["table"] + 1, number=1)
        else:
            state["number"] = number + 1

    return record


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    from bench.seed import probe_table
    from games import actions, broadcast, languages, live

    match, seats, member = probe_table()
    # A phone at the table reads English: each publish renders, as it would.
    languages.note(match.pk, "en")
    number = 1

    def tap():
        nonlocal number
        actions.record(member, match.pk, number, {"winner": seats[number % 6]})
        number += 1

    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(member)

    def form_tap():
        nonlocal number
        data = {"round": number, "winner": seats[number % 6]}
        answer = client.post(f"/matches/{match.pk}/record/", data)
        assert answer.status_code == 302, answer.status_code
        number += 1

    def reconnect():
        connection.close()
        connection.ensure_connection()

    rounds = [
        {"number": 7, "status": "won", "winner": seats[1], "cells": {}},
        {"number": 8, "status": "open", "winner": None, "cells": {}},
    ]
    for row in rounds:
        row.update(closed_at=None, closed_by=None)
    change = {"rounds": rounds, "status": "live"}
    costs = {"form_request": cpu_ms(form_tap), "record": cpu_ms(tap)}
    publish = broadcast.publish
    broadcast.publish = lambda *args, **kwargs: None
    try:
        costs["record_unpublished"] = cpu_ms(tap)
    finally:
        broadcast.publish = publish
    # As a tap publishes: with the match and the seats the action holds.
    held = {"match": match, "seats": list(match.seats.all())}
    costs["publish"] = cpu_ms(lambda: publish(match.pk, 9, "round_won", change, **held))
    costs["change_text"] = cpu_ms(
        lambda: live.change_text(match.pk, 9, "round_won", change, **held)
    )
    costs["reconnect"] = cpu_ms(reconnect)
    costs["record_schwimmen"] = cpu_ms(schwimmen_records())
    costs["conn_max_age"] = connection.settings_dict["CONN_MAX_AGE"]
    json.dump(costs, sys.stdout)


if __name__ == "__main__":
    main()
