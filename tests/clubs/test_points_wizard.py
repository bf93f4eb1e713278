"""Points and Wizard on the leaderboards, against sheets worked by hand: each
seat's total (shown as an average per match), Points' rounds played and
Wizard's exact bids; places follow the table's "who wins" option, so with the
lowest total winning (Hearts, Phase 10) the lowest total is first, and a level
total at the top shares the win."""

from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Match
from squarescores.clubs import boards
from squarescores.clubs.models import SeatFigure, SeatResult

from .table import SEATS, club_match, end, ids, record


def rows(match):
    return {
        row.name: (row.place, row.won, row.figures)
        for row in SeatResult.objects.filter(match=match)
    }


def board(club, game):
    return {
        line.name: (line.played, line.won, line.place, line.figures)
        for line in boards.leaderboard(club.pk, game)
    }


def play_points(user, match, sheet):
    """Each round of ``sheet`` (one score per seat, in SEATS order) entered
    whole by the scorer."""
    seat = ids(match)
    for scores in sheet:
        record(
            user,
            match,
            {"scores": {str(seat[n]): s for n, s in zip(SEATS, scores, strict=True)}},
        )


def play_wizard(user, match, rounds):
    """Each round of ``rounds``: name -> (bid, tricks taken)."""
    seat = ids(match)
    for hands in rounds:
        for name, (bid, _taken) in hands.items():
            record(user, match, {"call": {"seat": seat[name], "value": bid}})
        record(
            user, match, {"taken": {str(seat[n]): t for n, (_b, t) in hands.items()}}
        )


def points_match(club, alice, bob, **options):
    return club_match(
        club,
        alice,
        "points",
        claims=[(bob, "Ben")],
        options={"entry": "scorer", "end": "target", "target": 50, **options},
    )


def test_points_highest_wins_ranks_the_highest_total_first(club, alice, bob):
    match = points_match(club, alice, bob, wins="highest")
    # Totals: 10 20 -5 0, then 40 35 20 5, then 55 45 60 -5: Cara reaches the
    # target with the highest total.
    play_points(alice, match, [(10, 20, -5, 0), (30, 15, 25, 5), (15, 10, 40, -10)])
    assert Match.objects.get(pk=match.pk).status == "decided"
    assert rows(match) == {
        "Alice": (2, 0, {"total": 55, "rounds": 3}),
        "Ben": (3, 0, {"total": 45, "rounds": 3}),
        "Cara": (1, 1, {"total": 60, "rounds": 3}),
        "Dev": (4, 0, {"total": -5, "rounds": 3}),
    }
    assert SeatFigure.objects.filter(result__match=match).count() == 8
    assert board(club, "points") == {
        "Alice": (1, 0.0, 2.0, {"total": 55, "rounds": 3}),
        "Ben": (1, 0.0, 3.0, {"total": 45, "rounds": 3}),
    }


def test_points_averages_the_totals_over_matches_and_shares_a_level_win(
    club, alice, bob
):
    first = points_match(club, alice, bob, wins="highest")
    play_points(alice, first, [(10, 20, -5, 0), (30, 15, 25, 5), (15, 10, 40, -10)])
    second = points_match(club, alice, bob, wins="highest")
    # Totals 30 30 10 0, then 50 50 20 5: Alice and Ben reach 50 level.
    play_points(alice, second, [(30, 30, 10, 0), (20, 20, 10, 5)])
    assert rows(second) == {
        "Alice": (1, 0.5, {"total": 50, "rounds": 2}),
        "Ben": (1, 0.5, {"total": 50, "rounds": 2}),
        "Cara": (3, 0, {"total": 20, "rounds": 2}),
        "Dev": (4, 0, {"total": 5, "rounds": 2}),
    }
    # Alice: 2nd on 55, then 1st on 50; Ben: 3rd on 45, then 1st on 50.
    assert board(club, "points") == {
        "Alice": (2, 0.5, 1.5, {"total": 52.5, "rounds": 5}),
        "Ben": (2, 0.5, 2.0, {"total": 47.5, "rounds": 5}),
    }


def test_points_lowest_wins_ranks_the_lowest_total_first_and_shares_a_win(
    club, alice, bob
):
    # Hearts' way: every round adds up to 26, the lowest total wins.
    match = points_match(club, alice, bob, wins="lowest", adds_up_to="26")
    # Totals: 0 13 9 4, then 5 33 10 4, then 5 53 15 5: Ben passes 50, and
    # Alice and Dev are level at the bottom.
    play_points(alice, match, [(0, 13, 9, 4), (5, 20, 1, 0), (0, 20, 5, 1)])
    assert Match.objects.get(pk=match.pk).status == "decided"
    assert rows(match) == {
        "Alice": (1, 0.5, {"total": 5, "rounds": 3}),
        "Ben": (4, 0, {"total": 53, "rounds": 3}),
        "Cara": (3, 0, {"total": 15, "rounds": 3}),
        "Dev": (1, 0.5, {"total": 5, "rounds": 3}),
    }
    assert board(club, "points") == {
        "Alice": (1, 0.5, 1.0, {"total": 5, "rounds": 3}),
        "Ben": (1, 0.0, 4.0, {"total": 53, "rounds": 3}),
    }


def test_points_lowest_wins_ranks_a_match_the_table_ended_by_its_totals(
    club, alice, bob
):
    # Phase 10's way: no target, the table ends the match, the lowest wins.
    match = points_match(club, alice, bob, end="open", wins="lowest")
    play_points(alice, match, [(50, 5, 20, 45), (10, 5, 0, 5)])
    end(alice, match)
    # Totals 60 10 20 50; the open third round is banked unscored.
    assert rows(match) == {
        "Alice": (4, 0, {"total": 60, "rounds": 2}),
        "Ben": (1, 1, {"total": 10, "rounds": 2}),
        "Cara": (2, 0, {"total": 20, "rounds": 2}),
        "Dev": (3, 0, {"total": 50, "rounds": 2}),
    }
    assert board(club, "points") == {
        "Alice": (1, 0.0, 4.0, {"total": 60, "rounds": 2}),
        "Ben": (1, 1.0, 1.0, {"total": 10, "rounds": 2}),
    }


def test_wizard_counts_totals_and_exact_bids_and_ranks_the_highest_first(
    club, alice, bob
):
    match = club_match(club, alice, "wizard", SEATS[:3], claims=[(bob, "Ben")])
    play_wizard(
        alice,
        match,
        [
            # One card: all exact, 30 20 20.
            {"Alice": (1, 1), "Ben": (0, 0), "Cara": (0, 0)},
            # Two: Alice and Ben exact (30 30), Cara one over (-10): 60 50 10.
            {"Alice": (1, 1), "Ben": (1, 1), "Cara": (1, 0)},
            # Three: Alice exact (40), Ben one over, Cara one under: 100 40 0.
            {"Alice": (2, 2), "Ben": (0, 1), "Cara": (1, 0)},
        ],
    )
    # The table ends the match during round 4's bids: it is banked unscored.
    record(alice, match, {"call": {"seat": ids(match)["Cara"], "value": 4}})
    end(alice, match)
    assert rows(match) == {
        "Alice": (1, 1, {"total": 100, "exact": 3}),
        "Ben": (2, 0, {"total": 40, "exact": 2}),
        "Cara": (3, 0, {"total": 0, "exact": 1}),
    }
    assert board(club, "wizard") == {
        "Alice": (1, 1.0, 1.0, {"total": 100, "exact": 3}),
        "Ben": (1, 0.0, 2.0, {"total": 40, "exact": 2}),
    }


def test_wizard_shares_a_level_top_total(club, alice, bob):
    match = club_match(club, alice, "wizard", SEATS[:3], claims=[(bob, "Ben")])
    # One card: Alice and Ben exact (30, 20), Cara misses (-10); two cards:
    # Alice exact on none (20), Ben exact on one (30), Cara misses (-10).
    play_wizard(
        alice,
        match,
        [
            {"Alice": (1, 1), "Ben": (0, 0), "Cara": (1, 0)},
            {"Alice": (0, 0), "Ben": (1, 1), "Cara": (0, 1)},
        ],
    )
    end(alice, match)
    assert rows(match) == {
        "Alice": (1, 0.5, {"total": 50, "exact": 2}),
        "Ben": (1, 0.5, {"total": 50, "exact": 2}),
        "Cara": (3, 0, {"total": -20, "exact": 0}),
    }


def test_the_club_page_and_the_api_show_the_points_figures(club, alice, bob):
    first = points_match(club, alice, bob, wins="highest")
    play_points(alice, first, [(10, 20, -5, 0), (30, 15, 25, 5), (15, 10, 40, -10)])
    second = points_match(club, alice, bob, wins="highest")
    play_points(alice, second, [(30, 30, 10, 0), (20, 20, 10, 5)])
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("club", args=[club.pk]), {"game": "points"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Average total" in html and "Rounds played" in html
    # Alice's average total over her two matches, (55 + 50) / 2.
    assert '<td class="num">52.5</td>' in html
    api = APIClient()
    api.force_authenticate(bob)
    data = api.get(
        reverse("api_club_leaderboard", args=[club.pk]), {"game": "points"}
    ).json()
    assert data["figures"] == {"total": "Average total", "rounds": "Rounds played"}
    assert {line["name"]: line["figures"] for line in data["lines"]} == {
        "Alice": {"total": 52.5, "rounds": 5},
        "Ben": {"total": 47.5, "rounds": 5},
    }
