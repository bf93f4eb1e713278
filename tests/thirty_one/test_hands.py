"""Thirty-One's hand checker, pure: values under each setting, every tie-break,
how the round ended and who pays how many lives."""

import pytest

from games.cards import CardError
from games.thirty_one.hands import judge, read_hand
from games.thirty_one.rules import PRESETS


def options(rule_set="custom", **changes):
    return {**PRESETS[rule_set], **changes}


BLITZ, SCHWIMMEN = options("blitz"), options("schwimmen")


@pytest.mark.parametrize(
    ("cards", "value", "how"),
    [
        ("A♠ K♦ 7♥", "11", "best suit spades"),  # three suits: the highest card
        ("A♠ K♦ 7♦", "17", "best suit diamonds"),
        ("2♥ 3♥ 4♣", "5", "best suit hearts"),
        ("A♣ K♣ 10♣", "31", "best suit clubs"),
    ],
)
def test_seed_001s_hands_are_worth_their_best_suit(cards, value, how):
    hand = read_hand(cards, BLITZ)

    assert (hand.shown_value, hand.how) == (value, how)


@pytest.mark.parametrize(
    ("setting", "threes", "aces"),
    [
        ("fire", ("30½", "three of a kind"), ("32", "three aces: Fire")),
        ("three", ("30½", "three of a kind"), ("30½", "three of a kind")),
        ("disabled", ("8", "best suit clubs"), ("11", "best suit clubs")),
    ],
)
def test_three_of_a_kind_under_each_setting(setting, threes, aces):
    table = options(three_of_a_kind=setting)

    eights = read_hand("8C 8S 8H", table)
    three_aces = read_hand("AC AS AH", table)

    assert (eights.shown_value, eights.how) == threes
    assert (three_aces.shown_value, three_aces.how) == aces


def test_the_pack_follows_remove_2_to_6():
    with pytest.raises(CardError, match="not in the 32-card pack"):
        read_hand("6S 7S 8S", SCHWIMMEN)
    assert read_hand("6S 7S 8S", BLITZ).shown_value == "21"


def test_the_lowest_hand_pays_and_its_payload_names_its_seat():
    verdict = judge({"Ben": "A♠ K♦ 7♦", "Cara": "7♥ 9♥ K♠", "Dev": "8♠ 9♦ J♠"}, BLITZ)

    assert verdict.paid == {"Cara": 1}
    assert verdict.payload({"Ben": 2, "Cara": 3, "Dev": 4}) == {"lowest": [3]}


def test_the_tiebreaker_splits_equal_values_by_the_scoring_suit():
    hands = {"Alice": "A♠ K♦ 7♥", "Ben": "A♣ K♥ 7♦", "Cara": "K♣ Q♣ 2♥"}

    split = judge(hands, options(hand_tiebreaker=True))
    tied = judge(hands, options(hand_tiebreaker=False))

    assert split.paid == {"Alice": 1}
    assert split.tie_breaks == ("Ben also holds 11, but clubs rank above spades.",)
    assert tied.paid == {"Alice": 1, "Ben": 1}
    assert tied.tie_breaks == ()


def test_diamonds_are_the_lowest_suit():
    verdict = judge({"Ben": "K♦ 8♣ 7♠", "Cara": "K♥ 8♦ 7♣"}, options())

    assert verdict.paid == {"Ben": 1}


def test_the_tiebreaker_splits_threes_of_a_kind_by_rank():
    hands = {"Ben": "8S 8H 8D", "Cara": "7S 7H 7D", "Dev": "KS KH KD"}

    verdict = judge(hands, options(three_of_a_kind="three"))

    assert verdict.paid == {"Cara": 1}
    assert verdict.tie_breaks == (
        "Ben also holds 30½, but eights rank above sevens.",
        "Dev also holds 30½, but kings rank above sevens.",
    )


def test_hands_equal_in_value_and_suit_both_pay():
    verdict = judge(
        {"Ben": "KH QH 7S", "Cara": "JH 10H 8S", "Dev": "AC KC 9D"}, options()
    )

    assert verdict.paid == {"Ben": 1, "Cara": 1}


def test_the_closer_wins_a_tie_with_the_closer_and_pays_double_when_sole_lowest():
    hands = {"Ben": "KH QH 7S", "Cara": "JH 10H 8S", "Dev": "AC KC 9D"}

    tie = judge(hands, BLITZ, closer="Ben")
    sole = judge({"Ben": "KH 2H 7S", "Cara": "JH 10H 8S"}, BLITZ, closer="Ben")

    assert tie.paid == {"Cara": 1}
    assert tie.tie_breaks == ("Ben closed and wins the tie with Cara.",)
    assert tie.payload({"Ben": 2, "Cara": 3, "Dev": 4}) == {
        "closer": 2,
        "lowest": [2, 3],
    }
    assert sole.paid == {"Ben": 2}


def test_fire_ends_the_round_and_everyone_else_pays():
    hands = {"Ben": "AS AH AD", "Cara": "7H 9H KS", "Dev": "AC KC 10C"}

    fire = judge(hands, SCHWIMMEN)
    no_fire = judge(hands, options(three_of_a_kind="three"))

    assert (fire.kind, fire.by, fire.paid) == ("fire", "Ben", {"Cara": 1, "Dev": 1})
    assert fire.payload({"Ben": 2}) == {"fire": 2}
    # Without Fire, Dev's 31 ended the round and only the lowest pays.
    assert (no_fire.kind, no_fire.by, no_fire.paid) == (
        "thirty_one",
        "Dev",
        {"Cara": 1},
    )


def test_a_31_hits_everyone_else_only_when_it_affects_all_other_players():
    hands = {"Ben": "AC KC 10C", "Cara": "7H 9H KS", "Dev": "8S 9D JS"}

    everyone = judge(hands, options(thirty_one_hits_all=True))
    lowest = judge(hands, options())

    assert everyone.paid == {"Cara": 1, "Dev": 1}
    assert everyone.payload({"Ben": 2}) == {"thirty_one": 2}
    assert lowest.paid == {"Cara": 1}
    assert lowest.payload({"Ben": 2, "Cara": 3}) == {"thirty_one": 2, "lowest": [3]}


def test_the_points_limit_makes_everyone_at_20_or_less_pay_but_the_winner():
    hands = {
        "Ben": "KH QH 7S",
        "Cara": "AC KC 9C",
        "Dev": "8S 9D JS",
        "Eve": "2S 3H 4D",
    }

    verdict = judge(hands, options(points_limit=True))
    none_under = judge(
        {"Ben": "AH QH 7S", "Cara": "AC KC 9C", "Dev": "KS QS 2S"},
        options(points_limit=True),
    )
    all_under = judge(
        {"Ben": "2S 3H 4D", "Cara": "5S 6H 8D"}, options(points_limit=True)
    )

    assert verdict.limit == ("Ben", "Dev", "Eve")
    assert verdict.tie_breaks[-1] == "At 20 or less, each pays: Ben, Dev and Eve."
    assert verdict.paid == {"Ben": 1, "Dev": 1, "Eve": 1}
    assert none_under.limit == ()
    assert none_under.paid == {"Ben": 1}
    # Both at 20 or less: the better hand is the round's winner and does not pay.
    assert all_under.paid == {"Ben": 1}


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ({"Ben": "AS KD 7H"}, "at least two hands"),
        ({"Ben": "AS KD", "Cara": "7H 8H 9H"}, "exactly 3 cards"),
        ({"Ben": "AS KD 7H", "Cara": "7H 8H 9H"}, "7♥ is in both Ben's and Cara's"),
    ],
)
def test_bad_cards_are_a_clear_error(hands, message):
    with pytest.raises(CardError, match=message):
        judge(hands, BLITZ)
