"""SQL queries and server CPU per tap, measured inside Django at round 1 and 500.

Run by the probes as ``python -m bench.queries`` with a stack's environment (its
own database). A member taps through the real form view with Django's test
client, which runs the whole middleware stack, and through ``actions.record``
alone with a key (what the socket's tap runs, push included); each is counted
with ``CaptureQueriesContext``.
Times are CPU time of the process (``time.process_time``), which a busy machine
disturbs less than wall time. Prints JSON.
"""

import json
import os
import statistics
import sys
import time

ROUNDS = 500
SAMPLE = 20


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.seed import probe_table
    from games import actions

    match, seats, member = probe_table()
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(member)
    url = f"/matches/{match.pk}/record/"

    def form_tap(number):
        data = {"round": number, "winner": seats[number % 6], "key": f"k{number}"}
        with CaptureQueriesContext(connection) as queries:
            started = time.process_time()
            answer = client.post(url, data)
            elapsed = time.process_time() - started
        assert answer.status_code == 302, answer.status_code
        return len(queries), elapsed, [q["sql"] for q in queries.captured_queries]

    def action_tap(number):
        with CaptureQueriesContext(connection) as queries:
            started = time.process_time()
            payload = {"winner": seats[number % 6]}
            actions.record(member, match.pk, number, payload, key=f"k{number}")
            elapsed = time.process_time() - started
        return len(queries), elapsed, [q["sql"] for q in queries.captured_queries]

    figures = {}
    number = 1
    for label in ("round1", "round500"):
        if label == "round500":
            while number < ROUNDS - 2 * SAMPLE:
                payload = {"winner": seats[number % 6]}
                actions.record(member, match.pk, number, payload)
                number += 1
        forms, acts = [], []
        for _ in range(SAMPLE):
            forms.append(form_tap(number))
            number += 1
            acts.append(action_tap(number))
            number += 1
        figures[label] = {
            "round": number - 1,
            "form_queries": sorted({count for count, _, _ in forms}),
            "action_queries": sorted({count for count, _, _ in acts}),
            "form_ms": statistics.median(e for _, e, _ in forms) * 1000,
            "action_ms": statistics.median(e for _, e, _ in acts) * 1000,
        }
        if label == "round1":
            figures["form_sql"] = forms[0][2]
            figures["action_sql"] = acts[0][2]

    json.dump(figures, sys.stdout)


if __name__ == "__main__":
    main()
