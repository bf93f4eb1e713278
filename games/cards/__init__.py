"""Playing cards for the hand checkers: ranks, suits, packs and a forgiving parser.

Shared by the card games' rule modules (those with a hand checker), so each
checker reads "A♠", "AS", "as", "10h", "T♥" or, as the seeds write them, "♥7"
the same way and refuses a bad card with the same clear sentence. Pure Python.
"""

from dataclasses import dataclass

# Ranks low to high. "T" is read as 10.
RANKS_52 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_32 = ("7", "8", "9", "10", "J", "Q", "K", "A")
# Suits in Skat order, highest first: clubs, spades, hearts, diamonds.
SKAT_ORDER = ("C", "S", "H", "D")
SUITS = SKAT_ORDER
SUIT_NAMES = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
RED = ("H", "D")
# U+FE0F asks for the emoji look ("♥️"); it carries no meaning here.
_IGNORED = "\ufe0f\ufe0e"
_SUIT_OF = {
    **{symbol: key for key, symbol in SUIT_SYMBOLS.items()},
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
    **{key: key for key in SUITS},
}


class CardError(ValueError):
    """A card or hand that cannot be read; the message says why, for a person."""


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: str

    @property
    def code(self):
        """The card as the forms send it: ``"AS"``, ``"10H"``."""
        return self.rank + self.suit

    @property
    def symbol(self):
        return self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def label(self):
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    @property
    def red(self):
        return self.suit in RED

    @property
    def points(self):
        """Ace 11, king, queen, jack and ten 10, the rest their number."""
        if self.rank == "A":
            return 11
        if self.rank in ("K", "Q", "J", "10"):
            return 10
        return int(self.rank)

    def __str__(self):
        return self.symbol


@dataclass(frozen=True)
class Pack:
    name: str
    ranks: tuple[str, ...]

    @property
    def cards(self):
        """Every card, suit by suit in Skat order, high ranks first."""
        return tuple(
            Card(rank, suit) for suit in SUITS for rank in reversed(self.ranks)
        )

    def __contains__(self, card):
        return card.rank in self.ranks and card.suit in SUITS


PACK_52 = Pack("52-card pack", RANKS_52)
PACK_32 = Pack("32-card pack", RANKS_32)


def _rank(text):
    text = text.upper()
    if text == "T":
        return "10"
    return text if text in RANKS_52 else None


def parse_card(text, pack=PACK_52):
    """Read one card, rank then suit or suit then rank; raise ``CardError``."""
    if isinstance(text, Card):
        card = text
    else:
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card; write it like A♠, AS or 10H.")
        clean = "".join(ch for ch in text.strip() if ch not in _IGNORED)
        if len(clean) < 2:
            raise CardError(f"“{text}” is not a card; write it like A♠, AS or 10H.")
        card = _rank_then_suit(clean) or _suit_then_rank(clean)
        if card is None:
            raise CardError(_why_not(text, clean))
    if card not in pack:
        low, high = pack.ranks[0], pack.ranks[-1]
        raise CardError(
            f"{card.symbol} is not in the {pack.name}: it runs from {low} to "
            f"{RANK_NAMES.get(high, high)} in each suit."
        )
    return card


def _rank_then_suit(clean):
    suit = _SUIT_OF.get(clean[-1].upper())
    rank = _rank(clean[:-1])
    return Card(rank, suit) if suit and rank else None


def _suit_then_rank(clean):
    suit = _SUIT_OF.get(clean[0].upper())
    rank = _rank(clean[1:])
    return Card(rank, suit) if suit and rank else None


def _why_not(text, clean):
    if _SUIT_OF.get(clean[-1].upper()):
        return f"“{text}” has no rank “{clean[:-1]}”: use 2 to 10, J, Q, K or A."
    if _rank(clean[:-1]):
        return f"“{text}” has no suit “{clean[-1]}”: use ♠ ♥ ♦ ♣ or S, H, D, C."
    return f"“{text}” is not a card; write it like A♠, AS or 10H."


def parse_hand(cards, size, pack=PACK_52):
    """Read a hand of exactly ``size`` different cards.

    ``cards`` is a list of cards or one string of them ("A♠ K♦ 7♥", "AS,KD,7H").
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    cards = list(cards)
    if len(cards) != size:
        picked = "none" if not cards else len(cards)
        raise CardError(f"A hand has exactly {size} cards, not {picked}.")
    hand = tuple(parse_card(card, pack) for card in cards)
    for index, card in enumerate(hand):
        if card in hand[:index]:
            raise CardError(f"{card.symbol} is in the hand twice.")
    return hand


def check_dealt(hands):
    """Refuse one card in two hands; ``hands`` maps a name to parsed cards."""
    holder = {}
    for name, hand in hands.items():
        for card in hand:
            if card in holder:
                raise CardError(
                    f"{card.symbol} is in both {holder[card]}'s and {name}'s hands."
                )
            holder[card] = name


def suit_totals(hand):
    """Points per suit, every suit listed (0 for a suit the hand lacks)."""
    totals = dict.fromkeys(SUITS, 0)
    for card in hand:
        totals[card.suit] += card.points
    return totals


def skat_strength(suit):
    """4 for clubs down to 1 for diamonds: higher beats lower on a tie."""
    return len(SKAT_ORDER) - SKAT_ORDER.index(suit)
