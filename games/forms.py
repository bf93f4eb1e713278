"""Forms for the table's pages. They check shape (a number, a name); the actions
decide everything else."""

from django import forms

from .actions import NAME_MAX_LENGTH
from .bounds import KEY_MAX_LENGTH

# Blank seat rows the start page offers without JavaScript (JS adds and removes):
# as many as the game with the most seats takes.
SEAT_ROWS = 10


def seat_rows(games):
    return max((game.max_seats for game in games), default=SEAT_ROWS)


class NameField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", NAME_MAX_LENGTH)
        super().__init__(**kwargs)


class StartForm(forms.Form):
    """Pick the game, name the seats, set the table options of that game.

    The options' fields are made from the game's ``Option``s, so a new rule module
    needs no form of its own.
    """

    game = forms.ChoiceField(label="Game")
    me = forms.IntegerField(
        label="Which seat is you?", required=False, min_value=0, initial=0
    )

    def __init__(self, games, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.games = list(games)
        self.fields["game"].choices = [(g.key, g.name) for g in self.games]
        if len(self.games) == 1:
            self.fields["game"].initial = self.games[0].key
        self.seat_rows = seat_rows(self.games)
        for index in range(self.seat_rows):
            self.fields[f"seat_{index}"] = NameField(
                label=f"Seat {index + 1}", required=False
            )
        for game in self.games:
            for option in game.options:
                self.fields[self.option_field(game, option)] = option_field(option)

    @staticmethod
    def option_field(game, option):
        return f"{game.key}__{option.key}"

    def seat_fields(self):
        return [self[f"seat_{index}"] for index in range(self.seat_rows)]

    def seat_ranges(self):
        """(names, min, max) per seat range the games take: one line if they agree."""
        ranges = {}
        for game in self.games:
            ranges.setdefault((game.min_seats, game.max_seats), []).append(game.name)
        return [(names, low, high) for (low, high), names in ranges.items()]

    def option_groups(self):
        """(game, [bound fields]) for each game's options."""
        return [
            (game, [self[self.option_field(game, o)] for o in game.options])
            for game in self.games
        ]

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
        return values


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

    seat = forms.IntegerField(required=False)
    name = NameField(label="Your name", required=False)

    def clean(self):
        data = super().clean()
        if data.get("seat") is None and not (data.get("name") or "").strip():
            raise forms.ValidationError("Pick your seat or type your name.")
        return data


class TapForm(forms.Form):
    round = forms.IntegerField()
    seat = forms.IntegerField()
    key = forms.CharField(required=False, max_length=KEY_MAX_LENGTH)


class RoundForm(forms.Form):
    """The core's part of a module's record form; the module reads the rest."""

    round = forms.IntegerField()
    key = forms.CharField(required=False, max_length=KEY_MAX_LENGTH)


class MarkForm(forms.Form):
    round = forms.IntegerField()
    seat = forms.IntegerField()
    value = forms.IntegerField()
    key = forms.CharField(required=False, max_length=KEY_MAX_LENGTH)


class SeatNameForm(forms.Form):
    seat = forms.IntegerField(required=False)
    name = NameField(label="Name")


class SeatForm(forms.Form):
    seat = forms.IntegerField()


class HostForm(forms.Form):
    user = forms.IntegerField()


class CodeForm(forms.Form):
    code = forms.CharField(label="Join code", max_length=12)


class EndForm(forms.Form):
    key = forms.CharField(required=False, max_length=KEY_MAX_LENGTH)
