"""The 41 Exchange module is plain Python: these tests use no database."""

import pytest

from games import errors
from games.fortyone_exchange.rules import FortyOneExchange
from games.rules import RoundView, SeatView, Standings, Table

SEATS = [SeatView(id=n, name=name, position=n) for n, name in enumerate("ABCD", 1)]
RULES = FortyOneExchange()


def table(round):
    return Table(seats=SEATS, options={}, standings=Standings(), round=round)


def test_a_winner_wins_the_round_for_that_seat():
    outcome = RULES.record(table(RoundView(number=1, status="open")), {"winner": 3})

    assert outcome.status == "won"
    assert outcome.winner == 3
    assert outcome.cells == {1: 0, 2: 0, 3: 1, 4: 0}


def test_a_draw_correction_makes_a_won_round_a_draw():
    round = RoundView(1, "won", winner=2, cells={1: 0, 2: 1, 3: 0, 4: 0})

    outcome = RULES.record(table(round), {"draw": True})

    assert outcome.status == "draw"
    assert outcome.winner is None
    assert set(outcome.cells.values()) == {0}


# 3.0 passes the schema's "integer" (JSON Schema counts it whole) but is no seat id.
@pytest.mark.parametrize(
    "payload", [{"winner": 5}, {"winner": True}, {"winner": 3.0}, {"winner": 1.0}]
)
def test_a_seat_that_does_not_play_is_refused(payload):
    with pytest.raises(errors.SeatNotInMatch):
        RULES.record(table(RoundView(1, "open")), payload)


def test_the_entrys_button_posts_the_winner():
    assert RULES.payload_from_form({"winner": ["3"]}) == {"winner": 3}
    assert RULES.payload_from_form({"draw": ["1"]}) == {"draw": True}
    with pytest.raises(errors.BadValue):
        RULES.payload_from_form({"seat": ["3"]})


def test_ending_banks_an_unscored_draw():
    outcome = RULES.end(SEATS, RoundView(3, "open"))

    assert outcome.status == "draw"
    assert outcome.cells == {}


def test_the_options_have_defaults_and_labels():
    assert RULES.clean_options({}) == {
        "no_pool_clearing": False,
        "instant_41": False,
        "dry_stock": "shuffled",
    }
    labels = [label for label, _ in RULES.describe_options(RULES.clean_options({}))]
    assert labels == [
        "Play without clearing the pool",
        "41 wins on the spot",
        "When the stock runs dry",
    ]


def test_it_seats_two_to_ten():
    RULES.check_seat_count(2)
    RULES.check_seat_count(10)
    for count in (1, 11):
        with pytest.raises(errors.SeatCountOutOfRange):
            RULES.check_seat_count(count)
