"""The grid's figures through the module contract (issue 28): a module without
words of its own gets the core's default (a new scored game such as Points or
Wizard), each installed game writes its cells and foot in its own words. Pure."""

from dataclasses import dataclass

import pytest

from games import actions, live
from games.lives.grid import lives_foot, paid_cell
from games.rules import (
    DRAW,
    OUT,
    SCORED,
    SWIMMING,
    WON,
    GridCell,
    RoundView,
    RuleModule,
    SeatStanding,
    Standings,
    registry,
)
from tests.conftest import SEATS

MINUS = "\u2212"


class Points(RuleModule):
    """A game that only scores numbers: what a new module gets by default."""

    key = "points_for_the_grid_test"
    name = "Points"


def test_a_module_without_words_of_its_own_shows_the_main_value():
    round = RoundView(number=1, status=SCORED, cells={1: 12, 2: 0})

    assert Points().grid_cell(round, 1, {}) == GridCell(text="12")
    assert Points().grid_cell(round, 2, {}) == GridCell(text="0")
    assert Points().grid_cell(round, 3, {}) == GridCell()


def test_a_won_round_marks_its_winner_and_says_so_in_words():
    round = RoundView(number=1, status=WON, winner=2, cells={1: 0, 2: 1})

    cell = Points().grid_cell(round, 2, {})

    assert (cell.text, cell.label, cell.kind) == ("\u2713", "won", "won")
    assert Points().grid_cell(round, 1, {}) == GridCell()
    assert Points().grid_cell(RoundView(number=2, status=DRAW), 1, {}) == GridCell()


def test_the_default_foot_is_the_total_else_the_lives_else_the_rounds_won():
    points = Standings(seats=(SeatStanding(seat=1, points=-3),))
    lives = Standings(seats=(SeatStanding(seat=1, lives=2),))
    won = Standings(seats=(SeatStanding(seat=1, rounds_won=4),))

    assert Points().grid_foot(points, 1, {}).text == "-3"
    assert Points().grid_foot_label(points) == "Total"
    assert Points().grid_foot(lives, 1, {}).text == "2"
    assert Points().grid_foot_label(lives) == "Lives"
    assert Points().grid_foot(won, 1, {}).text == "4"
    assert Points().grid_foot_label(won) == "Won"
    assert Points().grid_foot(won, 9, {}) == GridCell()


def test_the_lives_games_write_the_lives_paid():
    round = RoundView(number=3, status=SCORED, cells={1: 1, 2: 0, 3: 2})

    assert paid_cell(round, 1).text == f"{MINUS}1"
    assert paid_cell(round, 1).label == "paid 1 life"
    assert paid_cell(round, 3).label == "paid 2 lives"
    assert paid_cell(round, 2) == GridCell()
    assert paid_cell(RoundView(number=4, status=DRAW), 1) == GridCell()


def test_the_lives_foot_says_swimming_and_out():
    standings = Standings(
        seats=(
            SeatStanding(seat=1, lives=2),
            SeatStanding(seat=2, lives=0, fate=SWIMMING),
            SeatStanding(seat=3, lives=0, fate=OUT),
        )
    )

    assert lives_foot(standings, 1).label == "2 lives left"
    assert (lives_foot(standings, 2).text, lives_foot(standings, 2).sub) == (
        "0",
        "swimming",
    )
    assert lives_foot(standings, 3).sub == "out"
    for key in ("schwimmen", "thirty_one"):
        module = registry.get(key)
        assert module.grid_foot(standings, 2, {}).sub == "swimming"
        assert module.grid_foot_label(standings) == "Lives"


def test_forty_one_writes_bid_over_tricks_and_the_score():
    forty_one = registry.get("forty_one")
    bids, tricks = {1: 3, 2: 7, 3: 2, 4: 1}, {1: 4, 2: 6, 3: 2, 4: 1}
    played = RoundView(number=1, status=SCORED, values={"bid": bids, "tricks": tricks})
    thrown = RoundView(number=2, status=SCORED, values={"bid": bids})

    made, failed = (
        forty_one.grid_cell(played, 1, {}),
        forty_one.grid_cell(played, 2, {}),
    )

    assert (made.text, made.sub, made.kind) == ("3/4", "+3", "made")
    assert (failed.text, failed.sub, failed.kind) == ("7/6", f"{MINUS}14", "failed")
    assert failed.label == f"bid 7, took 6: {MINUS}14"
    assert forty_one.grid_cell(thrown, 1, {}).text == "3/\u2013"
    standings = Standings(seats=(SeatStanding(seat=1, points=-7),))
    assert forty_one.grid_foot(standings, 1, {}).text == f"{MINUS}7"
    assert forty_one.grid_foot_label(standings) == "Total"


def test_41_exchange_marks_the_winner_and_counts_rounds_won_at_the_foot():
    exchange = registry.get("fortyone_exchange")
    round = RoundView(number=1, status=WON, winner=1, cells={1: 1, 2: 0})

    assert exchange.grid_cell(round, 1, {}).kind == "won"
    assert exchange.grid_cell(round, 2, {}) == GridCell()


@pytest.mark.django_db
def test_a_voided_round_is_struck_through_on_the_grid(alice):
    """The void of a round (issue 28's items 1-3) sets ``voided`` on its view;
    the grid reads it where it is there and takes a round without it as played."""
    match = actions.start_match(alice, "fortyone_exchange", SEATS, host_seat=0).match
    seats = list(match.seats.order_by("position"))
    played = RoundView(number=1, status=WON, winner=seats[1].pk, dealer=seats[0].pk)

    @dataclass(frozen=True)
    class VoidedView(RoundView):
        voided: bool = True

    voided = VoidedView(number=1, status=WON, winner=seats[1].pk)

    assert "is-voided" not in live.grid_row_html(match, played, seats)
    assert 'class="grid-row is-won is-voided"' in live.grid_row_html(
        match, voided, seats
    )
    # The dealer of the round is marked in its cell.
    assert live.grid_row_html(match, played, seats).count("is-dealer") == 1
