"""Thirty-One's hand checker: what three cards are worth under the table's
options, how the round ended and who pays how many lives.

A hand is worth its best single suit (ace 11, king to ten 10, the rest their
number), so three suits of one card each count their highest card, as seed 001
says. Three of a kind is 30½ (Fire or 30½ only); three aces are Fire, 32, when
the table plays Fire; with three of a kind disabled it counts like any hand.
With the hand tiebreaker, equal values are split by the scoring suit (clubs,
spades, hearts, diamonds, high to low) and three of a kind by rank. Who pays is
``rules.losses``, the very function a record goes through. Pure Python.
"""

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.cards import (
    PACK_32,
    PACK_52,
    RANK_PLURALS,
    RANKS_52,
    SKAT_ORDER,
    SUIT_NAMES,
    CardError,
    check_dealt,
    parse_hand,
    skat_strength,
    suit_totals,
)
from games.words import and_join

from .rules import (
    ALL_PAY,
    CLOSER_RULE,
    DISABLED,
    FIRE,
    FIRE_FIELD,
    LIMIT,
    POINTS_LIMIT,
    REMOVE_LOW,
    THIRTY_ONE,
    THREE_KIND,
    TIEBREAK,
    losses,
)

HAND_SIZE = 3
SUIT, THREE, FIRE_HAND = "suit", "three", "fire"
THREE_OF_A_KIND = Fraction(61, 2)
FIRE_VALUE = 32

__all__ = ["CardError", "Hand", "Verdict", "judge", "pack_for", "read_hand"]


def pack_for(options):
    """The pack the table plays: 32 cards when 2 to 6 are removed, else 52."""
    return PACK_32 if options.get(REMOVE_LOW) else PACK_52


@dataclass(frozen=True)
class Hand:
    cards: tuple
    value: Fraction
    kind: str
    # The scoring suit of a suit hand, the rank of three of a kind.
    suit: str | None = None
    rank: str | None = None

    def strength(self, tiebreak):
        """What orders hands, lowest first: the value, then the tie-break."""
        if not tiebreak or self.kind == FIRE_HAND:
            return (self.value, 0)
        if self.kind == THREE:
            return (self.value, RANKS_52.index(self.rank))
        return (self.value, skat_strength(self.suit))

    @property
    def shown_value(self):
        whole = int(self.value)
        return f"{whole}½" if self.value != whole else str(whole)

    @property
    def how(self):
        if self.kind == FIRE_HAND:
            return _("three aces: Fire")
        if self.kind == THREE:
            return _("three of a kind")
        return _("best suit %(suit)s") % {"suit": SUIT_NAMES[self.suit]}

    @property
    def tie_word(self):
        return RANK_PLURALS[self.rank] if self.kind == THREE else SUIT_NAMES[self.suit]


def judge_hand(hand, options):
    ranks = {card.rank for card in hand}
    setting = options.get(THREE_KIND, DISABLED)
    if len(ranks) == 1 and setting != DISABLED:
        rank = hand[0].rank
        if rank == "A" and setting == FIRE:
            return Hand(hand, Fraction(FIRE_VALUE), FIRE_HAND, rank=rank)
        return Hand(hand, THREE_OF_A_KIND, THREE, rank=rank)
    totals = suit_totals(hand)
    best = max(totals.values())
    # Two suits of equal total: the one higher in the suit order is the one to count.
    suit = next(suit for suit in SKAT_ORDER if totals[suit] == best)
    return Hand(hand, Fraction(best), SUIT, suit=suit)


def read_hand(cards, options):
    """Judge three cards from the table's pack; raise ``CardError``."""
    return judge_hand(parse_hand(cards, HAND_SIZE, pack_for(options)), options)


@dataclass(frozen=True)
class Verdict:
    """A judged round: ``hands`` by name, how it ended (``kind`` is ``None``
    for a close, ``THIRTY_ONE`` or ``FIRE_FIELD`` shown by ``by``), the lowest
    hands, those at 20 or less (points limit) and ``paid`` (name -> lives)."""

    hands: dict
    kind: str | None
    by: object
    closer: object
    lowest: tuple
    limit: tuple
    paid: dict
    tie_breaks: tuple = ()

    @property
    def payers(self):
        return tuple(self.paid)

    def payload(self, seat_of=None):
        """The record for the open round; ``seat_of`` maps a name to a seat id."""
        seat_of = seat_of or {}

        def seat(name):
            return seat_of.get(name, name)

        if self.kind == FIRE_FIELD:
            return {FIRE_FIELD: seat(self.by)}
        payload = {"closer": seat(self.closer)} if self.closer is not None else {}
        if self.kind == THIRTY_ONE:
            payload[THIRTY_ONE] = seat(self.by)
        if self.lowest:
            payload["lowest"] = [seat(name) for name in self.lowest]
        if self.limit:
            payload["limit"] = [seat(name) for name in self.limit]
        return payload


def judge(hands, options, closer=None):
    """Judge ``{name: cards}`` for two or more players under ``options``.

    ``closer`` is the name of the player who closed, if the round was closed.
    Raise ``CardError`` for bad cards.
    """
    if len(hands) < 2:
        raise CardError(_("It takes at least two hands to find who pays."))
    if closer is not None and closer not in hands:
        raise CardError(_("%(name)s closed but has no hand here.") % {"name": closer})
    pack = pack_for(options)
    parsed = {name: parse_hand(cards, HAND_SIZE, pack) for name, cards in hands.items()}
    check_dealt(parsed)
    judged = {name: judge_hand(hand, options) for name, hand in parsed.items()}
    tiebreak = bool(options.get(TIEBREAK))

    def strength(name):
        return judged[name].strength(tiebreak)

    kind, by = None, None
    fire = [name for name, hand in judged.items() if hand.kind == FIRE_HAND]
    thirty_ones = [
        name for name, hand in judged.items() if hand.kind == SUIT and hand.value == 31
    ]
    if fire:
        kind, by = FIRE_FIELD, fire[0]
    elif thirty_ones:
        kind, by = THIRTY_ONE, max(thirty_ones, key=strength)
    names = list(judged)
    everyone_else = kind == FIRE_FIELD or (kind == THIRTY_ONE and options.get(ALL_PAY))
    lowest, limit, lines = (), (), ()
    if not everyone_else:
        rest = [name for name in names if name != by]
        low = min(strength(name) for name in rest)
        lowest = tuple(name for name in rest if strength(name) == low)
        lines = tuple(tie_break_lines(judged, lowest, tiebreak))
        if options.get(POINTS_LIMIT):
            best = max(strength(name) for name in names)
            limit = tuple(
                name
                for name in rest
                if judged[name].value <= LIMIT and strength(name) != best
            )
        if limit:
            lines += (
                ngettext(
                    "At 20 or less, each pays: %(names)s.",
                    "At 20 or less, each pays: %(names)s.",
                    len(limit),
                )
                % {"names": and_join(limit)},
            )
        elif options.get(CLOSER_RULE) and closer in lowest and len(lowest) > 1:
            others = and_join([name for name in lowest if name != closer])
            lines += (
                _("%(name)s closed and wins the tie with %(others)s.")
                % {"name": closer, "others": others},
            )
    paid = losses(
        names,
        options,
        lowest=lowest,
        closer=closer,
        limit=limit,
        by=by,
        kind=kind,
    )
    return Verdict(judged, kind, by, closer, lowest, limit, paid, lines)


def tie_break_lines(judged, lowest, tiebreak):
    """Why a hand worth as little as the lowest does not pay, one line each."""
    if not tiebreak:
        return
    low = judged[lowest[0]]
    for name, hand in judged.items():
        if name in lowest or hand.value != low.value:
            continue
        yield _(
            "%(name)s also holds %(value)s, but %(better)s rank above %(worse)s."
        ) % {
            "name": name,
            "value": hand.shown_value,
            "better": hand.tie_word,
            "worse": low.tie_word,
        }
