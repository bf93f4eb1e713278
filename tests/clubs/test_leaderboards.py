"""Leaderboard figures against sheets worked by hand, for every game: matches
played and won (a shared win shared), win rate, average place and the game's
own figures; a correction that changes a finished result changes them too."""

import datetime

import pytest
from django.utils import timezone

from games import actions
from games.models import Match
from squarescores.clubs import boards

from .table import SEATS, club_match, end, ids, record, win


def board(club, game, season=None):
    return {
        line.name: (line.played, line.won, line.place, line.figures)
        for line in boards.leaderboard(club.pk, game, season or boards.Season())
    }


def test_41_exchange_sums_two_matches_with_a_shared_win(club, alice, bob):
    first = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
    for name in ["Ben", "Ben", "Alice", "Cara"]:
        win(alice, first, name)
    end(alice, first)
    second = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
    win(bob, second, "Alice")
    win(bob, second, "Ben")
    end(bob, second)
    # Ben: 1st alone, then 1st with Alice; Alice: 2nd (tied with Cara), then 1st.
    assert board(club, "fortyone_exchange") == {
        "Alice": (2, 0.5, 1.5, {"rounds_won": 2}),
        "Ben": (2, 1.5, 1.0, {"rounds_won": 3}),
    }
    lines = boards.leaderboard(club.pk, "fortyone_exchange")
    assert [line.name for line in lines] == ["Ben", "Alice"]
    assert lines[0].win_rate == 0.75


def test_schwimmen_counts_lives_swimming_and_feuer_and_follows_a_correction(
    club, alice, bob
):
    match = club_match(
        club, alice, "schwimmen", SEATS[:3], claims=[(bob, "Ben")], options={}
    )
    seat = ids(match)
    for payload in [
        {"pays": [seat["Cara"]]},
        {"feuer": seat["Alice"]},
        {"pays": [seat["Cara"]]},
        {"pays": [seat["Ben"]]},
        {"pays": [seat["Cara"]]},
        {"pays": [seat["Ben"]]},
        {"pays": [seat["Ben"]]},
    ]:
        record(alice, match, payload)
    assert Match.objects.get(pk=match.pk).status == "decided"
    # Alice is last in; Ben went out after Cara (round 7, Cara's was 5): second.
    assert board(club, "schwimmen") == {
        "Alice": (1, 1.0, 1.0, {"lives_lost": 0, "swimming": 0, "hands": 1}),
        "Ben": (1, 0.0, 2.0, {"lives_lost": 4, "swimming": 1, "hands": 0}),
    }
    # The host makes round 7 Alice's life: nobody has won, the match is live
    # again and counts for nothing until it ends once more.
    actions.correct(alice, match.pk, 7, {"pays": [seat["Alice"]]})
    assert board(club, "schwimmen") == {}
    record(bob, match, {"pays": [seat["Ben"]]})
    assert board(club, "schwimmen") == {
        "Alice": (1, 1.0, 1.0, {"lives_lost": 1, "swimming": 0, "hands": 1}),
        "Ben": (1, 0.0, 2.0, {"lives_lost": 4, "swimming": 1, "hands": 0}),
    }


def test_a_lives_games_average_place_orders_the_seats_out_by_when_they_went(
    club, alice, bob
):
    # Two lives each; a seat out in an earlier round places below one out later.
    two = {"lives": 2}
    first = club_match(club, alice, "schwimmen", claims=[(bob, "Ben")], options=two)
    seat = ids(first)
    for name in ["Cara"] * 3 + ["Ben"] * 3 + ["Dev"] * 3:
        record(alice, first, {"pays": [seat[name]]})
    # Out: Cara (round 3), Ben (6), Dev (9); Alice 1st, Dev 2nd, Ben 3rd.
    second = club_match(club, alice, "schwimmen", claims=[(bob, "Ben")], options=two)
    seat = ids(second)
    for payers in [["Alice", "Ben"]] * 3 + [["Cara"]] * 3:
        record(alice, second, {"pays": [seat[name] for name in payers]})
    # Out: Alice and Ben together (round 3), Cara (6); Dev 1st, Cara 2nd, Alice
    # and Ben share 3rd.
    assert board(club, "schwimmen") == {
        "Alice": (2, 1.0, 2.0, {"lives_lost": 3, "swimming": 1, "hands": 0}),
        "Ben": (2, 0.0, 3.0, {"lives_lost": 6, "swimming": 2, "hands": 0}),
    }


def test_thirty_one_counts_fire_and_31_hands_and_a_shared_win(club, alice, bob):
    match = club_match(
        club,
        alice,
        "thirty_one",
        SEATS[:3],
        claims=[(bob, "Ben")],
        options={"rule_set": "schwimmen"},
    )
    seat = ids(match)
    record(alice, match, {"lowest": [seat["Ben"]], "closer": None})
    record(alice, match, {"fire": seat["Alice"]})
    record(alice, match, {"thirty_one": seat["Cara"], "lowest": [seat["Alice"]]})
    end(alice, match)
    # Lives left: Alice 2, Ben 1, Cara 2 of 3: Alice and Cara share first.
    assert board(club, "thirty_one") == {
        "Alice": (1, 0.5, 1.0, {"lives_lost": 1, "swimming": 0, "hands": 1}),
        "Ben": (1, 0.0, 3.0, {"lives_lost": 2, "swimming": 0, "hands": 0}),
    }


def test_forty_one_counts_bids_made_average_score_and_team_wins(club, alice, bob, dave):
    from squarescores.clubs import actions as clubs

    clubs.join_club(dave, clubs.make_invite(alice, club.pk).token)
    match = club_match(club, alice, "forty_one", claims=[(bob, "Ben"), (dave, "Dev")])
    seat = ids(match)
    for name, value in [("Alice", 3), ("Ben", 3), ("Cara", 3), ("Dev", 2)]:
        record(alice, match, {"bid": {"seat": seat[name], "value": value}})
    tricks = {"Alice": 3, "Ben": 2, "Cara": 4, "Dev": 4}
    record(alice, match, {"tricks": {str(seat[n]): t for n, t in tricks.items()}})
    end(alice, match)
    # Scores: Alice +3, Ben -3, Cara +3, Dev +2: Alice and Cara share first.
    assert board(club, "forty_one") == {
        "Alice": (1, 0.5, 1.0, {"bids_made": 1, "score": 3, "team_wins": 0}),
        "Ben": (1, 0.0, 4.0, {"bids_made": 0, "score": -3, "team_wins": 0}),
        "Dev": (1, 0.0, 3.0, {"bids_made": 1, "score": 2, "team_wins": 0}),
    }


def test_a_season_counts_only_its_dates(club, alice, bob):
    old = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
    win(alice, old, "Ben")
    end(alice, old)
    last_year = timezone.now() - datetime.timedelta(days=400)
    from squarescores.clubs.models import SeatResult

    SeatResult.objects.filter(match=old).update(ended_at=last_year)
    new = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
    win(alice, new, "Alice")
    end(alice, new)
    year = boards.season_from("year")
    assert board(club, "fortyone_exchange", year) == {
        "Alice": (1, 1.0, 1.0, {"rounds_won": 1}),
        "Ben": (1, 0.0, 2.0, {"rounds_won": 0}),
    }
    assert board(club, "fortyone_exchange")["Ben"][:2] == (2, 1.0)
    span = boards.season_from("range", last_year.date().isoformat(), None)
    assert board(club, "fortyone_exchange", span)["Ben"][:2] == (2, 1.0)


def test_head_to_head_counts_who_finished_ahead(club, alice, bob):
    for winner in ["Ben", "Alice", "Ben"]:
        match = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
        win(alice, match, winner)
        end(alice, match)
    a, b = (club.members.get(user=user).pk for user in (alice, bob))
    found = boards.head_to_head(club.pk, "fortyone_exchange", a, b)
    assert (found.together, found.first_ahead, found.second_ahead) == (3, 1, 2)
    assert (found.first_won, found.second_won) == (1, 2)


@pytest.mark.parametrize("words", [("decade",), ("range", "2026-02-01", "2026-01-01")])
def test_a_season_that_makes_no_sense_is_refused(words):
    with pytest.raises(ValueError):
        boards.season_from(*words)


def test_a_void_that_undecides_a_match_leaves_the_board_and_a_restore_comes_back(
    club, alice, bob
):
    match = club_match(
        club, alice, "schwimmen", SEATS[:3], claims=[(bob, "Ben")], options={}
    )
    seat = ids(match)
    for payload in [
        {"pays": [seat["Cara"]]},
        {"feuer": seat["Alice"]},
        {"pays": [seat["Cara"]]},
        {"pays": [seat["Ben"]]},
        {"pays": [seat["Cara"]]},
        {"pays": [seat["Ben"]]},
        {"pays": [seat["Ben"]]},
    ]:
        record(alice, match, payload)
    decided = {
        "Alice": (1, 1.0, 1.0, {"lives_lost": 0, "swimming": 0, "hands": 1}),
        "Ben": (1, 0.0, 2.0, {"lives_lost": 4, "swimming": 1, "hands": 0}),
    }
    assert board(club, "schwimmen") == decided
    # Round 7 never happened: Ben is still swimming, nobody has won.
    actions.void_round(alice, match.pk, 7)
    assert Match.objects.get(pk=match.pk).status == "live"
    assert board(club, "schwimmen") == {}
    actions.restore_round(alice, match.pk, 7)
    assert Match.objects.get(pk=match.pk).status == "decided"
    assert board(club, "schwimmen") == decided
