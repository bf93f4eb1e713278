"""Hand values for 41 Exchange: the total of a four-card hand's best single suit.

Cards are written rank first, then suit: ``"AS"``, ``"10H"``, ``"QD"``, ``"7C"``.
The suit may also be one of ``♠ ♥ ♦ ♣``. Pure Python, no database.
"""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
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
        raise ValueError(f"{card!r} is not a card; write it like 'AS' or '10H'.")
    text = card.strip().upper()
    rank, suit = text[:-1], SUIT_SYMBOLS.get(text[-1], text[-1])
    if rank == "T":
        rank = "10"
    if rank not in RANKS:
        raise ValueError(f"{card!r} has an unknown rank {rank!r}.")
    if suit not in SUITS:
        raise ValueError(f"{card!r} has an unknown suit {text[-1]!r}.")
    return rank, suit


def parse_hand(cards):
    if isinstance(cards, str) or len(cards) != HAND_SIZE:
        raise ValueError(f"A hand has exactly {HAND_SIZE} cards.")
    parsed = [parse_card(card) for card in cards]
    if len(set(parsed)) != len(parsed):
        raise ValueError("A card appears twice in the hand.")
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
        raise ValueError("There are no hands to compare.")
    seen = {}
    for name, cards in hands.items():
        for card in parse_hand(cards):
            if card in seen:
                rank, suit = card
                raise ValueError(
                    f"{rank}{suit} is in both {seen[card]}'s and {name}'s hands."
                )
            seen[card] = name
    values = {name: hand_value(cards) for name, cards in hands.items()}
    best = max(values.values())
    return best, [name for name, value in values.items() if value == best]
