"""The shared card package: packs, Skat order and a parser with clear errors."""

import pytest

from games.cards import (
    PACK_32,
    PACK_52,
    SKAT_ORDER,
    Card,
    CardError,
    check_dealt,
    parse_card,
    parse_hand,
    skat_strength,
)


@pytest.mark.parametrize(
    "text", ["A♠", "AS", "as", "♠A", "S A".replace(" ", ""), "A♠️", " a♤ "]
)
def test_the_ace_of_spades_reads_in_every_usual_spelling(text):
    assert parse_card(text) == Card("A", "S")


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10h", Card("10", "H")),
        ("T♥", Card("10", "H")),
        ("♥️7", Card("7", "H")),
        ("qd", Card("Q", "D")),
        ("♣10", Card("10", "C")),
    ],
)
def test_tens_faces_and_suit_first_cards_read_too(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a card"),
        ("A", "is not a card"),
        ("XX", "is not a card"),
        ("1S", "has no rank “1”"),
        ("11S", "has no rank “11”"),
        ("AX", "has no suit “X”"),
        (None, "is not a card"),
    ],
)
def test_a_bad_card_says_what_is_wrong(text, message):
    with pytest.raises(CardError, match=message):
        parse_card(text)


def test_a_low_card_is_not_in_the_32_card_pack():
    with pytest.raises(
        CardError, match="6♥ is not in the 32-card pack: it runs from 7"
    ):
        parse_card("6H", PACK_32)
    assert parse_card("6H", PACK_52) == Card("6", "H")


def test_the_packs_hold_32_and_52_different_cards():
    assert len(set(PACK_32.cards)) == 32
    assert len(set(PACK_52.cards)) == 52
    assert PACK_32.cards[0] == Card("A", "C")


def test_suits_rank_as_in_skat_clubs_spades_hearts_diamonds():
    assert SKAT_ORDER == ("C", "S", "H", "D")
    strengths = [skat_strength(suit) for suit in SKAT_ORDER]
    assert strengths == sorted(strengths, reverse=True)


def test_a_hand_reads_from_a_list_or_one_string():
    assert parse_hand("A♠ K♦, 7♥", 3) == parse_hand(["AS", "KD", "7H"], 3)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["AS", "KD"], "exactly 3 cards, not 2"),
        ([], "exactly 3 cards, not none"),
        (["AS", "KD", "as"], "A♠ is in the hand twice"),
    ],
)
def test_a_bad_hand_says_what_is_wrong(cards, message):
    with pytest.raises(CardError, match=message):
        parse_hand(cards, 3)


def test_one_card_in_two_hands_is_refused():
    hands = {"Ben": parse_hand("AS KD 7H", 3), "Cara": parse_hand("AS 8D 9D", 3)}

    with pytest.raises(CardError, match="A♠ is in both Ben's and Cara's hands"):
        check_dealt(hands)


def test_card_points_are_ace_eleven_faces_ten_and_the_rest_their_number():
    points = {card.rank: card.points for card in PACK_52.cards}

    assert points == {
        "A": 11,
        "K": 10,
        "Q": 10,
        "J": 10,
        "10": 10,
        "9": 9,
        "8": 8,
        "7": 7,
        "6": 6,
        "5": 5,
        "4": 4,
        "3": 3,
        "2": 2,
    }
