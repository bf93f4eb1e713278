"""The hand checker's form: the options in force, names and three picked cards per
player (2 to 8), and who closed.

Opened from a match, the options are the match's and cannot be changed here;
opened on its own, the options that change a verdict are fields, filled in from a
rule set. The form only reads what was picked; values, card errors and who pays
come from ``hands``. A player whose cards are left empty sits the hand out.
"""

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bounds import NAME_MAX_LENGTH
from games.cards import PACK_52, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, CardError

from . import hands
from .rules import (
    ALL_PAY,
    CLOSER_RULE,
    POINTS_LIMIT,
    PRESETS,
    REMOVE_LOW,
    RULE_SET,
    THREE_KIND,
    TIEBREAK,
    ThirtyOne,
)

MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 8, 4
CARDS = [card.code for card in PACK_52.cards]
RULES = ThirtyOne()
# The options a verdict depends on: the checker offers these when on its own.
CHECKED_OPTIONS = (REMOVE_LOW, THREE_KIND, TIEBREAK, CLOSER_RULE, ALL_PAY, POINTS_LIMIT)


def clamp_players(value, default=DEFAULT_PLAYERS):
    try:
        count = int(value)
    except (TypeError, ValueError):
        return default
    return min(max(count, MIN_PLAYERS), MAX_PLAYERS)


def rule_set_from(value):
    return value if value in PRESETS else None


@dataclass(frozen=True)
class HandRow:
    name: str
    cards: tuple[Card, ...]
    value: str
    how: str
    paid: int
    closer: bool
    shown: str  # "31" or "Fire" (in the page's language) for the hand that ended it


@dataclass(frozen=True)
class Checked:
    verdict: hands.Verdict
    rows: tuple[HandRow, ...]
    seats: dict

    @property
    def payload(self):
        """The record for the open round, if every name it needs has a seat."""
        verdict = self.verdict
        named = [*verdict.lowest, *verdict.limit, *verdict.paid]
        named += [name for name in (verdict.by, verdict.closer) if name is not None]
        if not all(self.seats.get(name) for name in named):
            return None
        return verdict.payload(self.seats)


class HandCheckerForm(forms.Form):
    def __init__(self, *args, count=DEFAULT_PLAYERS, seats=(), options=None, **kw):
        rule_set = kw.pop("rule_set", None)
        super().__init__(*args, **kw)
        self.count = count
        self.seats = list(seats)
        self.fixed = options
        self.checked = None
        preset = RULES.clean_options({RULE_SET: rule_set} if rule_set else {})
        if options is None:
            self.fields[RULE_SET] = forms.ChoiceField(
                label=RULES.options[0].label,
                choices=RULES.options[0].choices,
                initial=preset[RULE_SET],
                required=False,
            )
            for option in RULES.options:
                if option.key not in CHECKED_OPTIONS:
                    continue
                if option.is_switch:
                    field = forms.BooleanField(label=option.label, required=False)
                else:
                    field = forms.ChoiceField(
                        label=option.label, choices=option.choices, required=False
                    )
                field.initial = preset[option.key]
                field.help_text = option.help
                self.fields[option.key] = field
        self.fields["closer"] = forms.ChoiceField(
            label=gettext_lazy("Who closed?"),
            required=False,
            choices=[("", gettext_lazy("nobody"))]
            + [(str(i), str(i)) for i in range(1, count + 1)],
        )
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

    def option_fields(self):
        return [self[key] for key in CHECKED_OPTIONS if key in self.fields]

    def options_in_force(self):
        """The options the verdict is judged by."""
        if self.fixed is not None:
            return RULES.clean_options(self.fixed)
        if not self.is_bound or not hasattr(self, "cleaned_data"):
            return RULES.clean_options(
                {key: self[key].initial for key in (RULE_SET, *CHECKED_OPTIONS)}
            )
        return RULES.clean_options(
            {
                key: self.cleaned_data.get(key)
                for key in (RULE_SET, *CHECKED_OPTIONS)
                if self.cleaned_data.get(key) not in (None, "")
            }
        )

    def name_of(self, index):
        name = (self.cleaned_data.get(f"p{index}-name") or "").strip()
        return name or self.default_name(index)

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        # Every option field is optional: one left out takes the rule set's value.
        options = self.options_in_force()
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
                hands.read_hand(cards, options)
            except CardError as error:
                self.add_error(f"p{index}-cards", f"{name}: {error}")
            picked[name] = cards
        closer_index = cleaned.get("closer")
        closer = self.name_of(int(closer_index)) if closer_index else None
        if closer is not None and closer not in picked and not self.errors:
            self.add_error(
                "closer",
                _("%(name)s closed but has no cards picked.") % {"name": closer},
            )
        if self.errors:
            return cleaned
        try:
            verdict = hands.judge(picked, options, closer=closer)
        except CardError as error:
            raise forms.ValidationError(str(error)) from None
        self.checked = Checked(
            verdict=verdict,
            rows=tuple(
                self._row(name, hand, verdict) for name, hand in verdict.hands.items()
            ),
            seats=self._seat_ids(),
        )
        return cleaned

    def _row(self, name, hand, verdict):
        shown = ""
        if name == verdict.by:
            shown = _("Fire") if verdict.kind == "fire" else "31"
        return HandRow(
            name=name,
            cards=tuple(sorted(hand.cards, key=PACK_52.cards.index)),
            value=hand.shown_value,
            how=hand.how,
            paid=verdict.paid.get(name, 0),
            closer=name == verdict.closer,
            shown=shown,
        )

    def _seat_ids(self):
        """Player name -> seat id, by name, so a renamed row never pays for a seat."""
        seats = {seat.name.casefold(): seat.id for seat in self.seats}
        names = (self.name_of(index) for index in range(1, self.count + 1))
        return {
            name: seats[name.casefold()] for name in names if name.casefold() in seats
        }

    def hands_to_pick(self, show_errors=True):
        """One entry per player, for the card picker: name, grid, errors."""
        pack = hands.pack_for(self.options_in_force())
        closer = self["closer"].value() if self.is_bound else ""
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
                    "closer": closer == str(index),
                    "chosen": [card for card in PACK_52.cards if card.code in chosen],
                    "suits": [
                        {
                            "key": suit,
                            "name": SUIT_NAMES[suit],
                            "symbol": SUIT_SYMBOLS[suit],
                            "cards": [
                                {"card": card, "checked": card.code in chosen}
                                for card in pack.cards
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
