"""Render time of a 10-seat match's pages at 1,000 rounds next to 10 rounds.

``python -m bench.history_render`` builds both matches in a throwaway SQLite
database (rows written with bulk_create), asks for each page through Django's test
client a few times and prints the median. The pages are paginated and their query
counts do not grow with the rounds (tests/history/test_query_counts.py); what is
left to grow is the work of deriving the summary from every round.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7


def _setup(var_dir):
    os.environ["VAR_DIR"] = var_dir
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)


def _median_ms(client, url):
    client.get(url)  # warm caches and templates once
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times)


def _queries(client, url):
    """The number of SQL statements one request for ``url`` runs."""
    from django.db import connection

    count = 0

    def counted(execute, sql, params, many, context):
        nonlocal count
        count += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        client.get(url)
    return count


def measure():
    from django.test import Client
    from django.urls import reverse

    from squarescores.accounts.models import User
    from tests.history.builders import big_match

    host = User.objects.create_user("bench-host", display_name="Host")
    client = Client()
    client.force_login(host)
    pages = [
        ("history page", "match_history", True),
        ("table page", "match", False),
    ]
    rows = []
    for label, name, ended in pages:
        small = big_match(host, 10, seats=10, ended=ended)
        big = big_match(host, 1000, seats=10, ended=ended)
        figures = []
        for match in (small, big):
            url = reverse(name, args=[match.pk])
            figures.append((_median_ms(client, url), _queries(client, url)))
        rows.append((label, figures))
    list_url = reverse("match_list")
    rows.append(
        ("my matches (4)", [(_median_ms(client, list_url), _queries(client, list_url))])
    )
    return rows


def report(rows):
    print(f"History render, 10 seats, median of {RUNS} runs (Django test client):")
    for label, figures in rows:
        if len(figures) == 2:
            (small, small_q), (big, big_q) = figures
            print(
                f"  {label:<14}   10 rounds {small:7.1f} ms ({small_q} queries)"
                f"   1,000 rounds {big:7.1f} ms ({big_q} queries)"
                f"   x{big / small:.1f}"
            )
        else:
            ((ms, count),) = figures
            print(f"  {label:<14}   {ms:7.1f} ms ({count} queries)")


def run():
    """Measure in this process, which must not have set Django up yet."""
    with tempfile.TemporaryDirectory(prefix="history-bench-") as var_dir:
        _setup(var_dir)
        report(measure())


def main():
    """Print the figures, measured in a process of their own so that the caller's
    Django settings and database are left alone."""
    subprocess.run([sys.executable, "-m", "bench.history_render"], cwd=ROOT, check=True)


if __name__ == "__main__":
    run()
