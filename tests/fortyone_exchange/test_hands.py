import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.fortyone_exchange.hands import (
    RANKS,
    SUITS,
    best_hands,
    card_points,
    hand_value,
)

WORKED_ROUND = {
    "Alice": ["AS", "KS", "10S", "QS"],
    "Ben": ["9H", "8H", "KC", "2D"],
    "Cara": ["JD", "7D", "10C", "4S"],
    "Dev": ["AC", "5H", "3D", "2S"],
}


@pytest.mark.parametrize(
    ("name", "value"), [("Alice", 41), ("Ben", 17), ("Cara", 17), ("Dev", 11)]
)
def test_the_worked_round_has_the_seeds_values(name, value):
    assert hand_value(WORKED_ROUND[name]) == value


def test_alice_holds_the_best_hand_of_the_worked_round():
    assert best_hands(WORKED_ROUND) == (41, ["Alice"])


def test_a_tie_names_every_tied_hand():
    hands = {"Ben": WORKED_ROUND["Ben"], "Cara": WORKED_ROUND["Cara"]}

    assert best_hands(hands) == (17, ["Ben", "Cara"])


def test_suit_symbols_and_lowercase_are_read():
    assert hand_value(["a♠", "K♠", "10♠", "q♠"]) == 41
    assert hand_value(["A♥", "K♦", "Q♣", "J♠"]) == 11


def test_mixed_suits_do_not_add_up():
    assert hand_value(["2S", "3H", "4D", "5C"]) == 5


@pytest.mark.parametrize("card", ["1S", "ZS", "AX", "10", "", "A", 7, None, "11H"])
def test_a_bad_card_is_a_clear_error(card):
    with pytest.raises(ValueError, match=r"card|rank|suit"):
        hand_value([card, "2S", "3S", "4S"])


@pytest.mark.parametrize("count", [0, 3, 5])
def test_a_hand_has_exactly_four_cards(count):
    with pytest.raises(ValueError, match="exactly 4"):
        hand_value(["2S", "3S", "4S", "5S", "6S"][:count])


def test_a_card_twice_in_one_hand_is_an_error():
    with pytest.raises(ValueError, match="twice"):
        hand_value(["2S", "2S", "4S", "5S"])


def test_a_card_in_two_hands_is_an_error():
    with pytest.raises(ValueError, match="both Ann's and Bo's"):
        best_hands({"Ann": ["AS", "2H", "3H", "4H"], "Bo": ["AS", "5D", "6D", "7D"]})


def test_no_hands_is_an_error():
    with pytest.raises(ValueError):
        best_hands({})


DECK = [(rank, suit) for rank in RANKS for suit in SUITS]


@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_any_four_cards_are_worth_their_best_suit(cards):
    written = [rank + suit for rank, suit in cards]
    by_suit = {
        suit: sum(card_points(r) for r, s in cards if s == suit) for suit in SUITS
    }

    value = hand_value(written)

    assert value == max(by_suit.values())
    assert 2 <= value <= 41
