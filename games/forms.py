"""Forms for the table's pages. They check shape (a number, a name); the actions
decide everything else."""

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from .actions import NAME_MAX_LENGTH
from .errors import BadValue
from .seat_ids import parse_seat_id

# Blank seat rows the start page offers without JavaScript (JS adds and removes):
# as many as the game with the most seats takes.
SEAT_ROWS = 10


def seat_rows(games):
    return max((game.max_seats for game in games), default=SEAT_ROWS)


class SeatIdField(forms.Field):
    """A seat id as ``games.seat_ids`` reads it for every edge: ASCII digits."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return parse_seat_id(value)
        except BadValue as error:
            raise forms.ValidationError(str(error.message), code="bad_value") from None


class KeyField(forms.CharField):
    """An idempotency key as posted: the action refuses a malformed one
    (``actions.clean_key``), as it does the API's and the socket's."""

    def __init__(self, **kwargs):
        super().__init__(required=False, strip=False, **kwargs)


class NameField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", NAME_MAX_LENGTH)
        super().__init__(**kwargs)


class StartForm(forms.Form):
    """Pick the game, name the seats, set the table options of that game.

    The options' fields are made from the game's ``Option``s, so a new rule module
    needs no form of its own.
    """

    game = forms.ChoiceField(label=_("Game"))
    me = forms.IntegerField(
        label=_("Which seat is you?"), required=False, min_value=0, initial=0
    )

    def __init__(self, games, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.games = list(games)
        # The person's own clubs (id, name): a match may be played for one.
        # Always a field, so a club not offered is refused, never ignored.
        self.clubs = list(clubs)
        self.fields["club"] = forms.TypedChoiceField(
            label=_("Played for a club"),
            choices=[("", _("No club"))] + [(pk, name) for pk, name in self.clubs],
            coerce=int,
            empty_value=None,
            required=False,
        )
        self.fields["game"].choices = [(g.key, g.name) for g in self.games]
        if len(self.games) == 1:
            self.fields["game"].initial = self.games[0].key
        self.seat_rows = seat_rows(self.games)
        for index in range(self.seat_rows):
            self.fields[f"seat_{index}"] = NameField(
                label=_("Seat %(number)d") % {"number": index + 1},
                required=False,
            )
        for game in self.games:
            for option in game.options:
                self.fields[self.option_field(game, option)] = option_field(option)
            if game.preset_option:
                self.fields[self.shown_field(game)] = forms.CharField(
                    required=False,
                    initial=self.option_of(game, game.preset_option).default,
                    widget=forms.HiddenInput,
                )

    @staticmethod
    def option_field(game, option):
        return f"{game.key}__{option.key}"

    @staticmethod
    def shown_field(game):
        """The hidden field naming the rule set whose values the options show:
        the rendered default, or the one start.js filled in last."""
        return f"preset_shown__{game.key}"

    @staticmethod
    def option_of(game, key):
        return next(option for option in game.options if option.key == key)

    def seat_fields(self):
        return [self[f"seat_{index}"] for index in range(self.seat_rows)]

    def seat_ranges(self):
        """(names, min, max, keys) per seat range the games take: one line if
        they agree; ``keys`` let start.js show the chosen game's alone."""
        ranges = {}
        for game in self.games:
            ranges.setdefault((game.min_seats, game.max_seats), []).append(game)
        return [
            ([g.name for g in games], low, high, " ".join(g.key for g in games))
            for (low, high), games in ranges.items()
        ]

    def option_groups(self):
        """(game, [bound fields], presets) for each game's options; ``presets`` is
        None, or what the fieldset tells start.js: the rule sets as JSON, the field
        that picks one and the hidden field naming the set shown."""
        return [
            (
                game,
                [self[self.option_field(game, o)] for o in game.options],
                self.presets_of(game),
            )
            for game in self.games
        ]

    def presets_of(self, game):
        if not game.preset_option:
            return None
        return {
            "json": json.dumps(game.presets, sort_keys=True),
            "option": self.option_field(game, self.option_of(game, game.preset_option)),
            "shown": self[self.shown_field(game)],
        }

    def seat_names(self):
        """The filled-in names, and the position among them of the chosen "me"."""
        names, me = [], None
        for index in range(self.seat_rows):
            name = self.cleaned_data.get(f"seat_{index}", "").strip()
            if not name:
                continue
            if index == self.cleaned_data.get("me"):
                me = len(names)
            names.append(name)
        return names, me

    def options_for(self, game):
        # Only the chosen game's options matter: the others' may be left unset,
        # and a choice left unset takes its default.
        values = {}
        for option in game.options:
            value = self.cleaned_data[self.option_field(game, option)]
            values[option.key] = option.default if value in ("", None) else value
        if game.preset_option:
            shown = self.cleaned_data.get(self.shown_field(game))
            values = with_preset(game, values, shown)
        return values


def with_preset(game, values, shown):
    """``values`` as posted, under the rule set they chose.

    The options on the page showed rule set ``shown`` (the rendered default, or the
    set start.js filled in last). When the chosen set differs, as it does when a
    page without JavaScript changes only the rule set, an option still at the shown
    set's value was left alone and takes the chosen set's; one the person changed
    keeps their value. With JavaScript the two agree and the post is taken as is.
    """
    chosen = values.get(game.preset_option)
    presets = game.presets
    if chosen not in presets or shown == chosen:
        return values
    before = presets.get(shown) or presets.get(
        StartForm.option_of(game, game.preset_option).default, {}
    )
    return {
        key: presets[chosen][key]
        if key in presets[chosen] and key in before and value == before[key]
        else value
        for key, value in values.items()
    }


def option_field(option):
    if option.is_number:
        return forms.TypedChoiceField(
            label=option.label,
            choices=[(number, str(number)) for number in option.numbers],
            coerce=int,
            required=False,
            empty_value=None,
            initial=option.default,
            help_text=option.help,
        )
    if option.is_switch:
        return forms.BooleanField(
            label=option.label,
            required=False,
            initial=option.default,
            help_text=option.help,
        )
    return forms.ChoiceField(
        label=option.label,
        choices=option.choices,
        required=False,
        initial=option.default,
        help_text=option.help,
        widget=forms.RadioSelect,
    )


class JoinForm(forms.Form):
    """Claim an unclaimed seat (``seat``) or take a new one with ``name``."""

    seat = SeatIdField(required=False)
    name = NameField(label=_("Your name"), required=False)

    def clean(self):
        data = super().clean()
        if data.get("seat") is None and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Pick your seat or type your name."))
        return data


class RoundForm(forms.Form):
    """The core's part of a module's record form; the module reads the rest."""

    round = forms.IntegerField()
    key = KeyField()


class SeatNameForm(forms.Form):
    seat = SeatIdField(required=False)
    name = NameField(label=_("Name"))


class SeatForm(forms.Form):
    seat = SeatIdField()


class HostForm(forms.Form):
    user = forms.IntegerField()


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Join code"), max_length=12)


class EndForm(forms.Form):
    key = KeyField()
