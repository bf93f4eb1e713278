"""The club page and its leaderboard at 10,000 finished matches next to 10.

``python -m bench.club_page`` (``make bench`` runs it too) writes both clubs'
stored rows with bulk_create in a throwaway SQLite database, asks for the
club page and the leaderboard API through Django's test client and prints the
median time and the statement count. The page sums stored rows
(squarescores/clubs/boards.py), so its statement count stays the same
(tests/clubs/test_query_counts.py); what grows is the database's sum.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
SIZES = (10, 10_000)
MEMBERS = 6
SEATS = 4


def code_for(club_id, index):
    """A join code of its own for each seeded match (random ones would clash
    now and then at 10,000): the club's letter, then the index in base 31."""
    from games.models import CODE_ALPHABET

    digits = []
    for _place in range(5):
        index, digit = divmod(index, len(CODE_ALPHABET))
        digits.append(CODE_ALPHABET[digit])
    return CODE_ALPHABET[club_id % len(CODE_ALPHABET)] + "".join(digits)


def seed(admin, matches, *, members=MEMBERS):
    """A club of ``admin`` and ``members - 1`` more, with ``matches`` finished
    41 Exchange matches of four seats each, their rows written directly (what
    ``clubs.figures.store`` writes when a match ends)."""
    from django.utils import timezone

    from games.models import Match, Seat
    from squarescores.accounts.models import User
    from squarescores.clubs import actions
    from squarescores.clubs.models import ClubMatch, SeatFigure, SeatResult

    club = actions.create_club(admin, "Bench table")
    invite = actions.make_invite(admin, club.pk)
    for index in range(members - 1):
        user = User.objects.create_user(f"c{club.pk}m{index}", display_name=f"P{index}")
        actions.join_club(user, invite.token)
    people = list(club.members.all())
    start = timezone.now() - timedelta(days=matches // 3 + 1)
    made = Match.objects.bulk_create(
        Match(
            game="fortyone_exchange",
            host=admin,
            code=code_for(club.pk, index),
            status=Match.Status.ENDED,
            ended_at=start + timedelta(hours=8 * index),
        )
        for index in range(matches)
    )
    ClubMatch.objects.bulk_create(ClubMatch(match=m, club=club) for m in made)
    seats = Seat.objects.bulk_create(
        Seat(match=m, name=f"Seat {n}", position=n) for m in made for n in range(SEATS)
    )
    rows = []
    for index, seat in enumerate(seats):
        number = index // SEATS
        position = index % SEATS
        member = people[(number + position) % len(people)]
        place = 1 + (position + number) % SEATS
        rows.append(
            SeatResult(
                match=made[number],
                seat=seat,
                game="fortyone_exchange",
                ended_at=made[number].ended_at,
                name=seat.name,
                club=club,
                member=member,
                place=place,
                won=1.0 if place == 1 else 0.0,
                figures={"rounds_won": SEATS - place},
            )
        )
    for batch in range(0, len(rows), 2000):
        SeatResult.objects.bulk_create(rows[batch : batch + 2000])
    SeatFigure.objects.bulk_create(
        (
            SeatFigure(result=row, key="rounds_won", value=row.figures["rounds_won"])
            for row in rows
        ),
        batch_size=2000,
    )
    return club


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


def _timed(client, url):
    from django.db import connection

    client.get(url)  # warm caches and templates once
    times, count = [], 0

    def counted(execute, sql, params, many, context):
        nonlocal count
        count += 1
        return execute(sql, params, many, context)

    for _ in range(RUNS):
        count = 0
        start = time.perf_counter()
        with connection.execute_wrapper(counted):
            response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times), count


def measure():
    from django.test import Client
    from django.urls import reverse

    from squarescores.accounts.models import User

    figures = []
    for size in SIZES:
        admin = User.objects.create_user(f"admin{size}", display_name="Admin")
        club = seed(admin, size)
        client = Client()
        client.force_login(admin)
        page = _timed(client, reverse("club", args=[club.pk]))
        board = _timed(client, reverse("api_club_leaderboard", args=[club.pk]))
        figures.append((size, page, board))
    return figures


def report(figures):
    print(f"Club page, {MEMBERS} members, median of {RUNS} runs (Django test client):")
    for size, (page_ms, page_q), (board_ms, board_q) in figures:
        print(
            f"  {size:>6,} matches   club page {page_ms:7.1f} ms ({page_q} queries)"
            f"   leaderboard API {board_ms:7.1f} ms ({board_q} queries)"
        )


def run():
    with tempfile.TemporaryDirectory(prefix="club-bench-") as var_dir:
        _setup(var_dir)
        report(measure())


def main():
    """Print the figures from a process of its own (its own Django and database)."""
    subprocess.run([sys.executable, "-m", "bench.club_page"], cwd=ROOT, check=True)


if __name__ == "__main__":
    run()
