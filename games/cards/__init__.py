"""Playing cards for the hand checkers: ranks, suits, packs and a forgiving parser.

Shared by the card games' rule modules (those with a hand checker), so each
checker reads "A♠", "AS", "as", "10h", "T♥" or, as the seeds write them, "♥7"
the same way and refuses a bad card with the same clear sentence. Pure Python.

The names of suits and ranks are the page's language's own ("Pik-Bube",
"klaveren boer", "شب سباتي"): lazy strings, said when shown.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

# Ranks low to high. "T" is read as 10.
RANKS_52 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_32 = ("7", "8", "9", "10", "J", "Q", "K", "A")
# Suits in Skat order, highest first: clubs, spades, hearts, diamonds.
SKAT_ORDER = ("C", "S", "H", "D")
SUITS = SKAT_ORDER
SUIT_NAMES = {
    "C": pgettext_lazy("suit", "clubs"),
    "S": pgettext_lazy("suit", "spades"),
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
}
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RANK_NAMES = {
    "A": pgettext_lazy("rank", "ace"),
    "K": pgettext_lazy("rank", "king"),
    "Q": pgettext_lazy("rank", "queen"),
    "J": pgettext_lazy("rank", "jack"),
}
# Three of a kind, said of the rank: "three kings", "kings rank above queens".
RANK_PLURALS = {
    "A": pgettext_lazy("ranks", "aces"),
    "K": pgettext_lazy("ranks", "kings"),
    "Q": pgettext_lazy("ranks", "queens"),
    "J": pgettext_lazy("ranks", "jacks"),
    "10": pgettext_lazy("ranks", "tens"),
    "9": pgettext_lazy("ranks", "nines"),
    "8": pgettext_lazy("ranks", "eights"),
    "7": pgettext_lazy("ranks", "sevens"),
    "6": pgettext_lazy("ranks", "sixes"),
    "5": pgettext_lazy("ranks", "fives"),
    "4": pgettext_lazy("ranks", "fours"),
    "3": pgettext_lazy("ranks", "threes"),
    "2": pgettext_lazy("ranks", "twos"),
}
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
        return card_name(self.rank, self.suit)

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


PACK_52 = Pack(pgettext_lazy("pack", "52-card pack"), RANKS_52)
PACK_32 = Pack(pgettext_lazy("pack", "32-card pack"), RANKS_32)


def card_name(rank, suit):
    """A card in words, for a screen reader: "ace of spades", "10 of hearts"."""
    return _("%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES.get(rank, rank),
        "suit": SUIT_NAMES[suit],
    }


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
            raise CardError(_not_a_card(repr(text)))
        clean = "".join(ch for ch in text.strip() if ch not in _IGNORED)
        if len(clean) < 2:
            raise CardError(_not_a_card(text))
        card = _rank_then_suit(clean) or _suit_then_rank(clean)
        if card is None:
            raise CardError(_why_not(text, clean))
    if card not in pack:
        low, high = pack.ranks[0], pack.ranks[-1]
        raise CardError(
            _(
                "%(card)s is not in the %(pack)s: it runs from %(low)s to %(high)s "
                "in each suit."
            )
            % {
                "card": card.symbol,
                "pack": pack.name,
                "low": low,
                "high": RANK_NAMES.get(high, high),
            }
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


def _not_a_card(text):
    return _("“%(text)s” is not a card; write it like A♠, AS or 10H.") % {"text": text}


def _why_not(text, clean):
    if _SUIT_OF.get(clean[-1].upper()):
        return _("“%(text)s” has no rank “%(rank)s”: use 2 to 10, J, Q, K or A.") % {
            "text": text,
            "rank": clean[:-1],
        }
    if _rank(clean[:-1]):
        return _("“%(text)s” has no suit “%(suit)s”: use ♠ ♥ ♦ ♣ or S, H, D, C.") % {
            "text": text,
            "suit": clean[-1],
        }
    return _not_a_card(text)


def parse_hand(cards, size, pack=PACK_52):
    """Read a hand of exactly ``size`` different cards.

    ``cards`` is a list of cards or one string of them ("A♠ K♦ 7♥", "AS,KD,7H").
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    cards = list(cards)
    if len(cards) != size:
        if cards:
            message = ngettext(
                "A hand has exactly %(size)d card, not %(count)d.",
                "A hand has exactly %(size)d cards, not %(count)d.",
                size,
            )
        else:
            message = ngettext(
                "A hand has exactly %(size)d card, not none.",
                "A hand has exactly %(size)d cards, not none.",
                size,
            )
        raise CardError(message % {"size": size, "count": len(cards)})
    hand = tuple(parse_card(card, pack) for card in cards)
    for index, card in enumerate(hand):
        if card in hand[:index]:
            raise CardError(_("%(card)s is in the hand twice.") % {"card": card.symbol})
    return hand


def check_dealt(hands):
    """Refuse one card in two hands; ``hands`` maps a name to parsed cards."""
    holder = {}
    for name, hand in hands.items():
        for card in hand:
            if card in holder:
                raise CardError(
                    _("%(card)s is in both %(first)s's and %(second)s's hands.")
                    % {"card": card.symbol, "first": holder[card], "second": name}
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
