"""The rule module interface and its registry.

The core records seats, rounds and cells; a rule module says what they mean. A
module is plain Python with no ORM and no I/O: it receives frozen views of the
seats and one round and answers with an ``Outcome``, which the write actions then
apply. Modules register themselves from their ``AppConfig.ready()``.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from .errors import (
    BadValue,
    NotSupported,
    SeatCountOutOfRange,
    UnknownGame,
    UnknownOption,
)

OPEN, WON, DRAW = "open", "won", "draw"
TRUE_WORDS = {"1", "true", "on", "yes"}
FALSE_WORDS = {"0", "false", "off", "no", ""}


@dataclass(frozen=True)
class Option:
    """A table option: a yes/no switch, or one of a few named choices."""

    key: str
    label: str
    default: Any
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""

    @property
    def is_switch(self):
        return not self.choices

    def clean(self, value):
        if self.is_switch:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in TRUE_WORDS:
                return True
            if isinstance(value, str) and value.strip().lower() in FALSE_WORDS:
                return False
            raise BadValue(f"“{self.label}” is a yes/no option.")
        allowed = [key for key, _ in self.choices]
        if value not in allowed:
            raise BadValue(f"“{self.label}” must be one of: {', '.join(allowed)}.")
        return value

    def describe(self, value):
        if self.is_switch:
            return "yes" if value else "no"
        return dict(self.choices).get(value, value)


@dataclass(frozen=True)
class SeatView:
    id: int
    name: str
    position: int


@dataclass(frozen=True)
class RoundView:
    number: int
    status: str
    winner: int | None = None
    cells: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """What a round looks like after a tap or a mark.

    ``status`` is ``open``, ``won`` or ``draw``. A round that leaves ``open`` is
    closed by the core, which opens the next one in the same transaction.
    ``ends_match`` lets a module end the match on its own (last player standing).
    """

    status: str
    winner: int | None = None
    cells: Mapping[int, int] = field(default_factory=dict)
    ends_match: bool = False


class RuleModule:
    """Base class for a game's rules. Subclasses set the attributes and override
    ``tap`` and ``mark`` as the game needs."""

    key = ""
    name = ""
    summary = ""
    min_seats = 2
    max_seats = 10
    options: tuple[Option, ...] = ()
    # A template that renders the rules page body, in the module's own app.
    rules_template = ""
    # Pages of the module's own (a hand checker, say): the dotted path of a URLconf
    # module, mounted under /games/<key>/ in the namespace <key>. Empty for none.
    urls = ""
    # Which of those pages a match page links to: (label, URL name in the module's
    # namespace) pairs; each is opened with ?match=<id>.
    match_pages: tuple[tuple[str, str], ...] = ()

    def clean_options(self, raw: Mapping[str, Any] | None) -> dict:
        """Return every option with a valid value, defaults filled in."""
        raw = dict(raw or {})
        known = {option.key: option for option in self.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise UnknownOption(f"{self.name} has no option “{unknown[0]}”.")
        return {
            key: option.clean(raw[key]) if key in raw else option.default
            for key, option in known.items()
        }

    def describe_options(self, options: Mapping[str, Any]):
        """(label, value) pairs for showing a match's options to the table."""
        return [
            (option.label, option.describe(options.get(option.key, option.default)))
            for option in self.options
        ]

    def check_seat_count(self, count: int):
        if not self.min_seats <= count <= self.max_seats:
            raise SeatCountOutOfRange(
                f"{self.name} takes {self.min_seats} to {self.max_seats} seats, "
                f"not {count}."
            )

    def tap(self, seats: Sequence[SeatView], round: RoundView, seat_id: int):
        """A member taps a seat's name in the open round."""
        raise NotSupported()

    def mark(
        self, seats: Sequence[SeatView], round: RoundView, seat_id: int, value: int
    ):
        """The host sets one cell, in the open round or an earlier one."""
        raise NotSupported()

    def end(self, seats: Sequence[SeatView], round: RoundView):
        """The match ends while ``round`` is open: bank it unscored as a draw."""
        return Outcome(status=DRAW, cells={})

    def summarize(self, seats: Sequence[SeatView], rounds: Sequence[RoundView]):
        """What to derive from the sheet: rounds won per seat and draws.

        Modules that keep totals (lives, points) override this.
        """
        won = {seat.id: 0 for seat in seats}
        draws = 0
        for round in rounds:
            if round.status == WON and round.winner in won:
                won[round.winner] += 1
            elif round.status == DRAW:
                draws += 1
        return {"rounds_won": won, "draws": draws}


class Registry:
    def __init__(self):
        self._modules: dict[str, RuleModule] = {}

    def register(self, module):
        """Add a rule module. Registering the same module twice does nothing."""
        if isinstance(module, type) and issubclass(module, RuleModule):
            module = module()
        if not isinstance(module, RuleModule):
            raise ImproperlyConfigured(f"{module!r} is not a RuleModule.")
        if not module.key or not module.name:
            raise ImproperlyConfigured(f"{module!r} needs a key and a name.")
        current = self._modules.get(module.key)
        if current is not None:
            if type(current) is type(module):
                return current
            raise ImproperlyConfigured(
                f"Two rule modules claim the key “{module.key}”: "
                f"{type(current).__name__} and {type(module).__name__}."
            )
        self._modules[module.key] = module
        return module

    def get(self, key) -> RuleModule:
        try:
            return self._modules[key]
        except KeyError:
            raise UnknownGame(f"There is no game called “{key}”.") from None

    def __iter__(self):
        return iter(sorted(self._modules.values(), key=lambda module: module.name))

    def __contains__(self, key):
        return key in self._modules


registry = Registry()
