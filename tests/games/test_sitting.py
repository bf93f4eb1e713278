import pytest

from games import actions, sitting
from tests.conftest import seat, win

pytestmark = pytest.mark.django_db


def play(match, by, *winners):
    """Tap ``winners`` round after round, then End match."""
    for number, name in enumerate(winners, start=1):
        win(by, match.pk, number, seat(match, name).pk)
    actions.end_match(by, match.pk)


def test_a_match_on_its_own_is_no_sitting(match):
    assert sitting.tally(match) is None


def test_the_tally_counts_matches_and_rounds_won_across_the_chain(match, bob):
    play(match, bob, "Cara", "Cara", "Ben")
    second = actions.rematch(bob, match.pk).match
    play(second, bob, "Ben", "Ben")
    third = actions.rematch(bob, second.pk).match

    tally = sitting.tally(third)

    assert sitting.chain(third) == [match.pk, second.pk, third.pk]
    assert tally["matches"] == 2
    assert tally["rows"][:2] == [
        {"name": "Ben", "matches": 1, "rounds": 3},
        {"name": "Cara", "matches": 1, "rounds": 2},
    ]
    assert {row["name"] for row in tally["rows"]} == {"Alice", "Ben", "Cara", "Dev"}


def test_a_tie_for_most_rounds_counts_as_a_match_won_for_each(match, bob):
    play(match, bob, "Cara", "Ben")
    second = actions.rematch(bob, match.pk).match

    rows = sitting.tally(second)["rows"]

    assert [(r["name"], r["matches"]) for r in rows[:2]] == [("Ben", 1), ("Cara", 1)]
