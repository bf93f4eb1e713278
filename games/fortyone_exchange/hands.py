"""Hand values for 41 Exchange: the total of a four-card hand's best single suit.

Cards are written rank first, then suit: ``"AS"``, ``"10H"``, ``"QD"``, ``"7C"``.
The suit may also be one of ``♠ ♥ ♦ ♣``. Pure Python, no database; its refusals
are sentences in the page's language.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.cards import SUIT_NAMES as CARD_SUIT_NAMES

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_NAMES = {suit: CARD_SUIT_NAMES[suit] for suit in SUITS}
HAND_SIZE = 4


def card_points(rank):
    if rank == "A":
        return 11
    if rank in ("K", "Q", "J", "10"):
        return 10
    return int(rank)


def parse_card(card):
    """Return ``(rank, suit)`` for a card such as ``"10H"`` or ``"q♦"``."""
    if not isinstance(card, str) or len(card.strip()) < 2:
        raise ValueError(
            _("%(card)s is not a card; write it like 'AS' or '10H'.")
            % {"card": repr(card)}
        )
    text = card.strip().upper()
    rank, suit = text[:-1], SUIT_SYMBOLS.get(text[-1], text[-1])
    if rank == "T":
        rank = "10"
    if rank not in RANKS:
        raise ValueError(
            _("%(card)s has an unknown rank %(rank)s.")
            % {"card": repr(card), "rank": repr(rank)}
        )
    if suit not in SUITS:
        raise ValueError(
            _("%(card)s has an unknown suit %(suit)s.")
            % {"card": repr(card), "suit": repr(text[-1])}
        )
    return rank, suit


def parse_hand(cards):
    if isinstance(cards, str) or len(cards) != HAND_SIZE:
        raise ValueError(
            ngettext(
                "A hand has exactly %(size)d card.",
                "A hand has exactly %(size)d cards.",
                HAND_SIZE,
            )
            % {"size": HAND_SIZE}
        )
    parsed = [parse_card(card) for card in cards]
    if len(set(parsed)) != len(parsed):
        raise ValueError(_("A card appears twice in the hand."))
    return parsed


def suit_totals(cards):
    totals = dict.fromkeys(SUITS, 0)
    for rank, suit in parse_hand(cards):
        totals[suit] += card_points(rank)
    return totals


def hand_value(cards):
    """The total of the hand's best single suit, from 2 to 41."""
    return max(suit_totals(cards).values())


def best_suit(cards):
    totals = suit_totals(cards)
    return max(SUITS, key=lambda suit: totals[suit])


def best_hands(hands):
    """Given ``{name: cards}``, return ``(best value, [names holding it])``.

    Every tied name is listed, in the order given. One card may not be in two hands.
    """
    if not hands:
        raise ValueError(_("There are no hands to compare."))
    seen = {}
    for name, cards in hands.items():
        for card in parse_hand(cards):
            if card in seen:
                rank, suit = card
                raise ValueError(
                    _("%(card)s is in both %(first)s's and %(second)s's hands.")
                    % {"card": rank + suit, "first": seen[card], "second": name}
                )
            seen[card] = name
    values = {name: hand_value(cards) for name, cards in hands.items()}
    best = max(values.values())
    return best, [name for name, value in values.items() if value == best]
