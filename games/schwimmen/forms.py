"""The hand checker's form: names and three picked cards per player, 2 to 8.

The form only reads what was picked; values, card errors and who pays come from
``hands``. A player whose cards are all left empty sits the hand out (an out
player has no hand), as long as two hands remain.
"""

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bounds import NAME_MAX_LENGTH
from games.cards import PACK_32, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, CardError

from . import hands

MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 8, 4
CARDS = [card.code for card in PACK_32.cards]


def clamp_players(value, default=DEFAULT_PLAYERS):
    try:
        count = int(value)
    except (TypeError, ValueError):
        return default
    return min(max(count, MIN_PLAYERS), MAX_PLAYERS)


def picked_so_far(cards):
    count = len(cards)
    if count == 1:
        return _("Only 1 is picked.")
    return ngettext("%(count)d is picked.", "%(count)d are picked.", count) % {
        "count": count
    }


@dataclass(frozen=True)
class HandRow:
    name: str
    cards: tuple[Card, ...]
    value: str
    how: str
    pays: bool
    feuer: bool


@dataclass(frozen=True)
class Checked:
    """The checked hands, in the players' order, and who pays."""

    verdict: hands.Verdict
    rows: tuple[HandRow, ...]
    seats: dict

    @property
    def payers(self):
        return self.verdict.payers

    @property
    def payload(self):
        """The record for the open round, if every name has a seat."""
        named = self.verdict.payers + (
            (self.verdict.feuer,) if self.verdict.feuer else ()
        )
        if not all(self.seats.get(name) for name in named):
            return None
        return self.verdict.payload(self.seats)


class HandCheckerForm(forms.Form):
    """``count`` players (the view reads and clamps it), each a name and cards."""

    feuer = forms.BooleanField(
        label=gettext_lazy("Feuer: three aces are 32"), required=False
    )

    def __init__(self, *args, count=DEFAULT_PLAYERS, seats=(), feuer=None, **kw):
        super().__init__(*args, **kw)
        self.count = count
        self.seats = list(seats)
        self.fixed_feuer = feuer
        self.checked = None
        self.fields["feuer"].initial = True if feuer is None else feuer
        if feuer is not None:
            self.fields["feuer"].disabled = True
        for index in range(1, count + 1):
            seat = self.seats[index - 1] if index <= len(self.seats) else None
            self.fields[f"p{index}-name"] = forms.CharField(
                label=gettext_lazy("Name"),
                max_length=NAME_MAX_LENGTH,
                required=False,
                initial=seat.name if seat else "",
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

    def feuer_on(self):
        if self.fixed_feuer is not None:
            return self.fixed_feuer
        return bool(self.cleaned_data.get("feuer"))

    def clean(self):
        cleaned = super().clean()
        picked, seen = {}, set()
        for index in range(1, self.count + 1):
            name = self.name_of(index)
            if name.casefold() in seen:
                self.add_error(
                    f"p{index}-name",
                    _("Two players are called %(name)s.") % {"name": name},
                )
                continue
            seen.add(name.casefold())
            cards = cleaned.get(f"p{index}-cards") or []
            if not cards:
                continue
            try:
                hands.read_hand(cards)
            except CardError as error:
                self.add_error(
                    f"p{index}-cards", f"{name}: {error} {picked_so_far(cards)}"
                )
            picked[name] = cards
        if self.errors:
            return cleaned
        try:
            verdict = hands.judge(picked, feuer=self.feuer_on())
        except CardError as error:
            raise forms.ValidationError(str(error)) from None
        self.checked = Checked(
            verdict=verdict,
            rows=tuple(
                HandRow(
                    name=name,
                    cards=tuple(sorted(hand.cards, key=PACK_32.cards.index)),
                    value=hand.shown_value,
                    how=hand.how,
                    pays=name in verdict.payers,
                    feuer=name == verdict.feuer,
                )
                for name, hand in verdict.hands.items()
            ),
            seats=self._seat_ids(),
        )
        return cleaned

    def _seat_ids(self):
        """Player name -> seat id, for players named as one of the match's seats.

        By name, not by row: a row renamed or typed in another order must not
        record a loss against the wrong seat.
        """
        seats = {seat.name.casefold(): seat.id for seat in self.seats}
        names = (self.name_of(index) for index in range(1, self.count + 1))
        return {
            name: seats[name.casefold()] for name in names if name.casefold() in seats
        }

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
                    "error_id": f"p{index}-error",
                    "chosen": [hands.read_card(c) for c in CARDS if c in chosen],
                    "suits": [
                        {
                            "key": suit,
                            "name": SUIT_NAMES[suit],
                            "symbol": SUIT_SYMBOLS[suit],
                            "cards": [
                                {"card": card, "checked": card.code in chosen}
                                for card in PACK_32.cards
                                if card.suit == suit
                            ],
                        }
                        for suit in SUITS
                    ],
                    "errors": errors,
                    "open": len(chosen) != hands.HAND_SIZE or bool(errors),
                }
            )
        return rows
