"""The stored rows follow every finished result: an end adds them, a correction
rewrites them, a reopened match loses them, a seat linked to a member moves
them."""

import pytest

from games import errors
from squarescores.clubs import actions as clubs
from squarescores.clubs.models import SeatFigure, SeatResult

from .table import club_match, end, ids, win

EXCHANGE = "fortyone_exchange"


def rows(match):
    return {
        row.name: (row.place, row.won, row.figures, row.member_id)
        for row in SeatResult.objects.filter(match=match)
    }


def test_a_live_match_has_no_rows(club, alice, bob):
    match = club_match(club, alice, EXCHANGE, claims=[(bob, "Ben")])
    win(alice, match, "Ben")
    assert not SeatResult.objects.filter(match=match).exists()


def test_ending_a_match_stores_each_seats_place_share_and_figures(club, alice, bob):
    match = club_match(club, alice, EXCHANGE, claims=[(bob, "Ben")])
    for name in ["Ben", "Ben", "Alice", "Cara"]:
        win(alice, match, name)
    end(bob, match)
    members = dict(club.members.values_list("user__username", "pk"))
    assert rows(match) == {
        "Alice": (2, 0, {"rounds_won": 1}, members["alice"]),
        "Ben": (1, 1, {"rounds_won": 2}, members["bob"]),
        "Cara": (2, 0, {"rounds_won": 1}, None),
        "Dev": (4, 0, {"rounds_won": 0}, None),
    }
    assert SeatFigure.objects.filter(result__match=match).count() == 4


def test_a_shared_win_is_shared(club, alice, bob):
    match = club_match(club, alice, EXCHANGE, claims=[(bob, "Ben")])
    win(alice, match, "Ben")
    win(alice, match, "Alice")
    end(alice, match)
    assert rows(match)["Ben"][:2] == (1, 0.5)
    assert rows(match)["Alice"][:2] == (1, 0.5)


def test_a_match_ended_before_any_scored_round_counts_nothing(club, alice):
    match = club_match(club, alice, EXCHANGE)
    end(alice, match)
    assert rows(match) == {}


def test_a_seat_linked_to_a_member_moves_its_figures(club, alice, bob, dave):
    clubs.join_club(dave, clubs.make_invite(alice, club.pk).token)
    match = club_match(club, alice, EXCHANGE, claims=[(bob, "Ben")])
    win(alice, match, "Dev")
    end(alice, match)
    assert rows(match)["Dev"][3] is None
    member = club.members.get(user=dave)
    clubs.link_seat(alice, match.pk, ids(match)["Dev"], member.pk)
    assert rows(match)["Dev"] == (1, 1, {"rounds_won": 1}, member.pk)
    clubs.link_seat(alice, match.pk, ids(match)["Dev"], None)
    assert rows(match)["Dev"][3] is None


def test_only_the_host_links_a_seat(club, alice, bob):
    match = club_match(club, alice, EXCHANGE, claims=[(bob, "Ben")])
    member = club.members.get(user=bob)
    with pytest.raises(errors.NotTheHost):
        clubs.link_seat(bob, match.pk, ids(match)["Dev"], member.pk)


def test_a_member_already_seated_cannot_be_linked_twice(club, alice, bob):
    match = club_match(club, alice, EXCHANGE, claims=[(bob, "Ben")])
    member = club.members.get(user=bob)
    with pytest.raises(errors.SeatTaken):
        clubs.link_seat(alice, match.pk, ids(match)["Dev"], member.pk)
