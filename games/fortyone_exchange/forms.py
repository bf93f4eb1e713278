"""The hand checker's form: names and four picked cards per player, 2 to 10 players.

The form only reads what was picked; the values, the errors about cards and the
best hand come from ``hands``.
"""

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bounds import NAME_MAX_LENGTH
from games.cards import card_name

from . import hands

MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 10, 4
# High cards first: they are the ones a good hand is made of.
RANKS_HIGH_FIRST = tuple(reversed(hands.RANKS))
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARDS = [rank + suit for suit in hands.SUITS for rank in RANKS_HIGH_FIRST]


def card_label(card):
    rank, suit = hands.parse_card(card)
    return card_name(rank, suit)


@dataclass(frozen=True)
class Chip:
    """A card as shown in a list: ``A♥``, with its suit's colour."""

    text: str
    red: bool

    def __str__(self):
        return self.text


def card_chip(card):
    rank, suit = hands.parse_card(card)
    return Chip(rank + SUIT_SYMBOLS[suit], red=suit in ("H", "D"))


def picked_so_far(cards):
    count = len(cards)
    if not cards:
        return _("None is picked yet.")
    if count < hands.HAND_SIZE:
        return ngettext(
            "Only %(count)d is picked.", "Only %(count)d are picked.", count
        ) % {"count": count}
    return ngettext("%(count)d is picked.", "%(count)d are picked.", count) % {
        "count": count
    }


def in_pack_order(cards):
    return sorted(cards, key=CARDS.index)


def clamp_players(value, default=DEFAULT_PLAYERS):
    try:
        count = int(value)
    except (TypeError, ValueError):
        return default
    return min(max(count, MIN_PLAYERS), MAX_PLAYERS)


@dataclass(frozen=True)
class HandRow:
    name: str
    cards: tuple[Chip, ...]
    suit: str
    value: int
    best: bool


@dataclass(frozen=True)
class Verdict:
    best: int
    winners: tuple[str, ...]
    rows: tuple[HandRow, ...]

    @property
    def is_tie(self):
        return len(self.winners) > 1


class HandCheckerForm(forms.Form):
    """``count`` players (the view reads and clamps it), each a name and cards."""

    def __init__(self, *args, count=DEFAULT_PLAYERS, names=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.count = count
        self.verdict = None
        for index in range(1, count + 1):
            initial = names[index - 1] if index <= len(names) else ""
            self.fields[f"p{index}-name"] = forms.CharField(
                label=gettext_lazy("Name"),
                max_length=NAME_MAX_LENGTH,
                required=False,
                initial=initial,
                widget=forms.TextInput(
                    attrs={
                        "placeholder": self.default_name(index),
                        "autocomplete": "off",
                    }
                ),
            )
            self.fields[f"p{index}-cards"] = forms.MultipleChoiceField(
                choices=[(card, card) for card in CARDS], required=False
            )

    def default_name(self, index):
        return _("Player %(number)d") % {"number": index}

    def name_of(self, index):
        name = (self.cleaned_data.get(f"p{index}-name") or "").strip()
        return name or self.default_name(index)

    def clean(self):
        cleaned = super().clean()
        if not self.is_bound:
            return cleaned
        picked = {}
        for index in range(1, self.count + 1):
            name = self.name_of(index)
            if name.casefold() in {other.casefold() for other in picked}:
                self.add_error(
                    f"p{index}-name",
                    _("Two players are called %(name)s.") % {"name": name},
                )
                continue
            cards = cleaned.get(f"p{index}-cards") or []
            try:
                hands.parse_hand(cards)
            except ValueError as error:
                self.add_error(
                    f"p{index}-cards", f"{name}: {error} {picked_so_far(cards)}"
                )
            picked[name] = cards
        if self.errors:
            return cleaned
        try:
            best, winners = hands.best_hands(picked)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        self.verdict = Verdict(
            best=best,
            winners=tuple(winners),
            rows=tuple(
                HandRow(
                    name=name,
                    cards=tuple(card_chip(card) for card in in_pack_order(cards)),
                    suit=hands.SUIT_NAMES[hands.best_suit(cards)],
                    value=hands.hand_value(cards),
                    best=name in winners,
                )
                for name, cards in picked.items()
            ),
        )
        return cleaned

    def hands_to_pick(self, show_errors=True):
        """One entry per player, for the card picker: name field, grid, errors."""
        rows = []
        for index in range(1, self.count + 1):
            name_field = self[f"p{index}-name"]
            cards_field = self[f"p{index}-cards"]
            chosen = set(cards_field.value() or []) if self.is_bound else set()
            errors = []
            if show_errors:
                errors = list(cards_field.errors) + list(name_field.errors)
            rows.append(
                {
                    "index": index,
                    "prefix": f"p{index}",
                    "name_field": name_field,
                    "cards_name": cards_field.html_name,
                    "placeholder": self.default_name(index),
                    "error_id": f"p{index}-error",
                    "chosen": [card_chip(card) for card in CARDS if card in chosen],
                    "suits": [
                        {
                            "key": suit,
                            "name": hands.SUIT_NAMES[suit],
                            "symbol": SUIT_SYMBOLS[suit],
                            "cards": [
                                {
                                    "value": rank + suit,
                                    "rank": rank,
                                    "label": card_label(rank + suit),
                                    "checked": rank + suit in chosen,
                                }
                                for rank in RANKS_HIGH_FIRST
                            ],
                        }
                        for suit in hands.SUITS
                    ],
                    "errors": errors,
                    "open": len(chosen) != hands.HAND_SIZE or bool(errors),
                }
            )
        return rows
