"""Schwimmen's hand checker: what three cards from the 32-card pack are worth and
who pays for the hand.

A hand is worth its best single suit (ace 11, king to ten 10, the rest their
number), 31 at most; three of a kind is worth 30½, and three aces, with Feuer
played, 32. The lowest hand pays a life. Equal values are split by the suit that
scores, in Skat order (clubs, spades, hearts, diamonds), and three of a kind by
rank; hands still equal both pay. A Feuer makes every other player pay instead.
Pure Python: bad cards raise ``CardError`` with a sentence a person can read.
"""

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from games.cards import (
    PACK_32,
    RANK_PLURALS,
    RANKS_32,
    SKAT_ORDER,
    SUIT_NAMES,
    CardError,
    check_dealt,
    parse_card,
    parse_hand,
    skat_strength,
    suit_totals,
)

HAND_SIZE = 3
SUIT, THREE, FEUER = "suit", "three", "feuer"
THREE_OF_A_KIND = Fraction(61, 2)
FEUER_VALUE = 32

__all__ = ["CardError", "Hand", "Verdict", "judge", "read_hand"]


@dataclass(frozen=True)
class Hand:
    """A judged hand. ``strength`` orders hands, lowest first, ties included."""

    cards: tuple
    value: Fraction
    kind: str
    # The scoring suit of a suit hand, the rank of three of a kind.
    suit: str | None = None
    rank: str | None = None

    @property
    def strength(self):
        if self.kind == SUIT:
            return (self.value, skat_strength(self.suit))
        if self.kind == THREE:
            return (self.value, RANKS_32.index(self.rank))
        return (self.value, 0)

    @property
    def shown_value(self):
        """The value as the table says it: "17", "30½", "32"."""
        whole = int(self.value)
        return f"{whole}½" if self.value != whole else str(whole)

    @property
    def how(self):
        """What the value is made of, in a few words."""
        if self.kind == FEUER:
            return _("three aces: Feuer")
        if self.kind == THREE:
            return _("three of a kind")
        return _("best suit %(suit)s") % {"suit": SUIT_NAMES[self.suit]}


def read_hand(cards, *, feuer=True):
    """Judge three cards (codes, symbols or one string); raise ``CardError``."""
    return judge_hand(parse_hand(cards, HAND_SIZE, PACK_32), feuer=feuer)


def judge_hand(hand, *, feuer=True):
    ranks = {card.rank for card in hand}
    if len(ranks) == 1:
        rank = hand[0].rank
        if rank == "A" and feuer:
            return Hand(hand, Fraction(FEUER_VALUE), FEUER, rank=rank)
        return Hand(hand, THREE_OF_A_KIND, THREE, rank=rank)
    totals = suit_totals(hand)
    best = max(totals.values())
    # Two suits of equal total: the one higher in Skat order is the one to count.
    suit = next(suit for suit in SKAT_ORDER if totals[suit] == best)
    return Hand(hand, Fraction(best), SUIT, suit=suit)


@dataclass(frozen=True)
class Verdict:
    """Who pays for a hand: ``hands`` maps each name to its ``Hand``.

    ``feuer`` is the name that showed Feuer, if any; then ``payers`` are all the
    others. Otherwise ``payers`` hold the lowest hand (several when still equal
    after the tie-breaks). Each payer pays one life.
    """

    hands: dict
    payers: tuple
    feuer: object = None

    @property
    def is_tie(self):
        return self.feuer is None and len(self.payers) > 1

    @property
    def tie_breaks(self):
        """Why a hand worth as little as the payer's does not pay, one line each."""
        if self.feuer is not None:
            return []
        lowest = self.hands[self.payers[0]]
        lines = []
        for name, hand in self.hands.items():
            if name in self.payers or hand.value != lowest.value:
                continue
            if hand.kind == THREE:
                better, worse = RANK_PLURALS[hand.rank], RANK_PLURALS[lowest.rank]
            else:
                better, worse = SUIT_NAMES[hand.suit], SUIT_NAMES[lowest.suit]
            lines.append(
                _("%(name)s also holds %(value)s, but %(better)s rank above %(worse)s.")
                % {
                    "name": name,
                    "value": hand.shown_value,
                    "better": better,
                    "worse": worse,
                }
            )
        return lines

    def payload(self, seat_of=None):
        """The record for the open round; ``seat_of`` maps a name to a seat id."""
        seat_of = seat_of or {}
        if self.feuer is not None:
            return {"feuer": seat_of.get(self.feuer, self.feuer)}
        return {"pays": [seat_of.get(name, name) for name in self.payers]}


def judge(hands, *, feuer=True):
    """Judge ``{name: cards}`` for two or more players; raise ``CardError``."""
    if len(hands) < 2:
        raise CardError(_("It takes at least two hands to find who pays."))
    parsed = {
        name: parse_hand(cards, HAND_SIZE, PACK_32) for name, cards in hands.items()
    }
    check_dealt(parsed)
    judged = {name: judge_hand(hand, feuer=feuer) for name, hand in parsed.items()}
    fire = next((name for name, hand in judged.items() if hand.kind == FEUER), None)
    if fire is not None:
        payers = tuple(name for name in judged if name != fire)
        return Verdict(judged, payers, feuer=fire)
    lowest = min(hand.strength for hand in judged.values())
    payers = tuple(name for name, hand in judged.items() if hand.strength == lowest)
    return Verdict(judged, payers)


def read_card(code):
    """One card of the 32-card pack; raise ``CardError``."""
    return parse_card(code, PACK_32)
