"""Ratings against OpenSkill's Plackett-Luce called directly on the same
places: updated when a match ends, recomputed when a correction changes an
earlier result, partners rated as a team."""

import pytest
from openskill.models import PlackettLuce

from games import actions
from squarescores.clubs import actions as clubs
from squarescores.clubs import boards, ratings
from tests.conftest import make_user

from .table import SEATS, club_match, end, ids, record, win

MODEL = PlackettLuce()


def rating(club, user, game):
    member = club.members.get(user=user)
    return ratings.current(club.pk, game).get(member.pk)


def same(found, expected):
    assert found == pytest.approx((expected.mu, expected.sigma))


def test_41_exchange_ratings_follow_openskill_match_by_match(club, alice, bob, dave):
    clubs.join_club(dave, clubs.make_invite(alice, club.pk).token)
    claims = [(bob, "Ben"), (dave, "Dev")]
    first = club_match(club, alice, "fortyone_exchange", claims=claims)
    win(alice, first, "Ben")
    end(alice, first)
    second = club_match(club, alice, "fortyone_exchange", claims=claims)
    win(alice, second, "Alice")
    win(alice, second, "Dev")
    end(alice, second)
    a, b, d = MODEL.rating(), MODEL.rating(), MODEL.rating()
    # The first: Ben first, Alice and Dev level second (Cara is no member).
    [a], [b], [d] = MODEL.rate([[a], [b], [d]], ranks=[2, 1, 2])
    # The second: Alice and Dev share first, Ben last of the three.
    [a], [b], [d] = MODEL.rate([[a], [b], [d]], ranks=[1, 4, 1])
    same(rating(club, alice, "fortyone_exchange"), a)
    same(rating(club, bob, "fortyone_exchange"), b)
    same(rating(club, dave, "fortyone_exchange"), d)


def test_a_correction_of_an_earlier_match_rates_every_later_one_again(club, alice, bob):
    game = "schwimmen"
    matches = []
    for _ in range(2):
        match = club_match(club, alice, game, SEATS[:2], claims=[(bob, "Ben")])
        for _ in range(4):
            record(alice, match, {"pays": [ids(match)["Ben"]]})
        matches.append(match)
    # Alice beat Ben twice.
    a, b = MODEL.rating(), MODEL.rating()
    for _ in range(2):
        [a], [b] = MODEL.rate([[a], [b]], ranks=[1, 2])
    same(rating(club, alice, game), a)
    # The host makes the first match's last round Alice's life: it is live
    # again and counts for nothing, so only the second match rates them.
    actions.correct(alice, matches[0].pk, 4, {"pays": [ids(matches[0])["Alice"]]})
    [a], [b] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    same(rating(club, alice, game), a)
    same(rating(club, bob, game), b)


def test_forty_one_rates_partners_as_a_team(club, alice, bob, dave):
    erin = make_user("erin", "Erin")
    token = clubs.make_invite(alice, club.pk).token
    for user in (dave, erin):
        clubs.join_club(user, token)
    match = club_match(
        club, alice, "forty_one", claims=[(bob, "Ben"), (erin, "Cara"), (dave, "Dev")]
    )
    seat = ids(match)
    for name, value in [("Alice", 3), ("Ben", 3), ("Cara", 3), ("Dev", 2)]:
        record(alice, match, {"bid": {"seat": seat[name], "value": value}})
    tricks = {"Alice": 3, "Ben": 2, "Cara": 4, "Dev": 4}
    record(alice, match, {"tricks": {str(seat[n]): t for n, t in tricks.items()}})
    end(alice, match)
    # Alice and Cara (+3, +3) against Ben and Dev (-3, +2): best places 1 and 3.
    [a, c], [b, d] = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]],
        ranks=[1, 3],
    )
    same(rating(club, alice, "forty_one"), a)
    same(rating(club, erin, "forty_one"), c)
    same(rating(club, bob, "forty_one"), b)
    same(rating(club, dave, "forty_one"), d)


def test_the_leaderboard_shows_a_rating_in_whole_numbers_with_its_spread(
    club, alice, bob
):
    match = club_match(club, alice, "fortyone_exchange", claims=[(bob, "Ben")])
    win(alice, match, "Ben")
    end(alice, match)
    [a], [b] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[2, 1])
    lines = {line.name: line.rating for line in boards.leaderboard(club.pk, match.game)}
    assert lines["Ben"] == {"mu": round(b.mu), "spread": round(2 * b.sigma)}
    assert lines["Alice"] == {"mu": round(a.mu), "spread": round(2 * a.sigma)}
