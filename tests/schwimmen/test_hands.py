"""Schwimmen's hand checker, pure: values, tie-breaks and who pays."""

from fractions import Fraction

import pytest

from games.cards import CardError
from games.schwimmen.hands import judge, read_hand


@pytest.mark.parametrize(
    ("cards", "value", "how"),
    [
        ("A♠ K♦ 7♥", "11", "best suit spades"),
        ("A♠ K♦ 7♦", "17", "best suit diamonds"),
        ("♥7 ♥9 ♠K", "16", "best suit hearts"),
        ("♠8 ♦9 ♠J", "18", "best suit spades"),
        ("♣A ♣K ♣10", "31", "best suit clubs"),
        ("7S 7H 7D", "30½", "three of a kind"),
        ("AS AH AD", "32", "three aces: Feuer"),
    ],
)
def test_the_seeds_hands_are_worth_what_the_seeds_say(cards, value, how):
    hand = read_hand(cards)

    assert (hand.shown_value, hand.how) == (value, how)


def test_three_aces_without_feuer_are_three_of_a_kind():
    hand = read_hand("AS AH AD", feuer=False)

    assert hand.value == Fraction(61, 2)
    assert hand.how == "three of a kind"


def test_two_suits_of_equal_total_count_as_the_higher_skat_suit():
    assert read_hand("KS KH 7D").suit == "S"


def test_the_lowest_hand_pays_and_its_payload_names_its_seat():
    verdict = judge({"Ben": "A♠ K♦ 7♦", "Cara": "♥7 ♥9 ♠K", "Dev": "♠8 ♦9 ♠J"})

    assert verdict.payers == ("Cara",)
    assert verdict.payload({"Ben": 2, "Cara": 3, "Dev": 4}) == {"pays": [3]}


def test_equal_totals_are_split_by_the_scoring_suit_in_skat_order():
    # Both hold 11 in a lone ace: spades rank below clubs, so spades pay.
    verdict = judge({"Alice": "A♠ K♦ 7♥", "Ben": "A♣ K♥ 7♦"})

    assert verdict.payers == ("Alice",)
    assert verdict.tie_breaks == ["Ben also holds 11, but clubs rank above spades."]


def test_diamonds_are_the_lowest_suit():
    verdict = judge({"Ben": "K♦ 8♣ 7♠", "Cara": "K♥ 8♦ 7♣"})

    assert verdict.payers == ("Ben",)


def test_threes_of_a_kind_are_split_by_rank():
    verdict = judge({"Ben": "8S 8H 8D", "Cara": "7S 7H 7D", "Dev": "KS KH KD"})

    assert verdict.payers == ("Cara",)
    assert verdict.tie_breaks == [
        "Ben also holds 30½, but eights rank above sevens.",
        "Dev also holds 30½, but kings rank above sevens.",
    ]


def test_hands_still_equal_after_the_tie_breaks_both_pay():
    # 20 in hearts each: the suits and the values are the same.
    verdict = judge({"Ben": "KH QH 7S", "Cara": "JH 10H 8S", "Dev": "AC KC 9D"})

    assert verdict.payers == ("Ben", "Cara")
    assert verdict.is_tie
    assert verdict.payload({"Ben": 2, "Cara": 3, "Dev": 4}) == {"pays": [2, 3]}


def test_feuer_makes_everyone_else_pay():
    verdict = judge({"Ben": "AS AH AD", "Cara": "7H 9H KS", "Dev": "AC KC 10C"})

    assert verdict.feuer == "Ben"
    assert verdict.payers == ("Cara", "Dev")
    assert verdict.payload({"Ben": 2}) == {"feuer": 2}


def test_without_feuer_three_aces_are_only_the_best_three_of_a_kind():
    verdict = judge(
        {"Ben": "AS AH AD", "Cara": "7H 9H KS", "Dev": "AC KC 10C"}, feuer=False
    )

    assert verdict.feuer is None
    assert verdict.payers == ("Cara",)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({"Ben": "AS KD 7H"}, "at least two hands"),
        ({"Ben": "AS KD", "Cara": "7H 8H 9H"}, "exactly 3 cards"),
        ({"Ben": "AS KD 6H", "Cara": "7H 8H 9H"}, "not in the 32-card pack"),
        ({"Ben": "AS KD 7H", "Cara": "7H 8H 9H"}, "7♥ is in both Ben's and Cara's"),
        ({"Ben": "AS KD ZZ", "Cara": "7H 8H 9H"}, "is not a card"),
    ],
)
def test_bad_cards_are_a_clear_error(hands, message):
    with pytest.raises(CardError, match=message):
        judge(hands)
