"""The rule module interface and its registry.

The core records seats, rounds and cells; a rule module says what they mean. A
module is plain Python with no ORM and no I/O. It receives a frozen ``Table`` (the
seats, the options, the standings before the round, the round itself and who is
acting) and answers with an ``Outcome``, which the write actions then apply. The
sheet's ``Standings`` are a fold over the closed rounds: ``initial`` then
``advance`` once per round, so the core can keep a derived copy and update it with
one call per record, or rebuild it from every round after a correction. Modules
register themselves from their ``AppConfig.ready()``.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .bounds import NOTE_MAX_LENGTH
from .errors import (
    BadValue,
    NotSupported,
    SeatCountOutOfRange,
    UnknownGame,
    UnknownOption,
)
from .seat_ids import parse_number
from .words import signed

# A round's status. ``scored`` is a closed round whose meaning is in its cells
# (lives lost, bids and tricks); ``won`` has one winner; ``draw`` is unscored.
OPEN, WON, DRAW, SCORED = "open", "won", "draw", "scored"
CLOSED = (WON, DRAW, SCORED)
# A seat's fate in the standings. Out seats get no button and never deal.
IN, SWIMMING, OUT = "in", "swimming", "out"
FATES = (IN, SWIMMING, OUT)
# The name of a round's main value per seat; other fields are named (bid, tricks).
MAIN = ""
TRUE_WORDS = {"1", "true", "on", "yes"}
FALSE_WORDS = {"0", "false", "off", "no", ""}


@dataclass(frozen=True)
class Option:
    """A table option: a yes/no switch, one of a few named choices, or a whole
    number from a list (``numbers``, e.g. lives 2, 3 or 5).

    ``label``, ``help`` and the choices' labels are shown on the start form, the
    rules page, the table and the history: give them as ``gettext_lazy`` strings,
    so each page says them in its own language."""

    key: str
    label: str
    default: Any
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    numbers: tuple[int, ...] = ()

    @property
    def is_switch(self):
        return not self.choices and not self.numbers

    @property
    def is_number(self):
        return bool(self.numbers)

    @property
    def kind(self):
        if self.is_number:
            return "number"
        return "switch" if self.is_switch else "choice"

    def clean(self, value):
        if self.is_number:
            if isinstance(value, str):
                # ASCII digits only: int() raises on "²", which isdigit() passes.
                value = parse_number(value, 0, max(self.numbers))
            if isinstance(value, bool) or value not in self.numbers:
                allowed = ", ".join(str(number) for number in self.numbers)
                raise BadValue(
                    _("“%(option)s” must be one of: %(allowed)s.")
                    % {"option": self.label, "allowed": allowed}
                )
            return value
        if self.is_switch:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in TRUE_WORDS:
                return True
            if isinstance(value, str) and value.strip().lower() in FALSE_WORDS:
                return False
            raise BadValue(
                _("“%(option)s” is a yes/no option.") % {"option": self.label}
            )
        allowed = [key for key, _ in self.choices]
        if value not in allowed:
            raise BadValue(
                _("“%(option)s” must be one of: %(allowed)s.")
                % {"option": self.label, "allowed": ", ".join(allowed)}
            )
        return value

    def describe(self, value):
        if self.is_switch:
            return _("yes") if value else _("no")
        if self.is_number:
            return str(value)
        return dict(self.choices).get(value, value)


@dataclass(frozen=True)
class Field:
    """One value a round records per seat. ``MAIN`` is the round's main value
    (1 for a round's winner, or the lives a seat lost); a module with
    several values names them (``bid`` and ``tricks``).

    ``min`` and ``max`` bound what the core stores; a figure that may be
    negative (a round's points) sets its own ``min``. Every cell also stays
    within ``CELL_MIN`` to ``CELL_MAX``, the column's range."""

    key: str = MAIN
    label: str = ""
    min: int = 0
    max: int | None = None


@dataclass(frozen=True)
class SeatView:
    id: int
    name: str
    position: int
    claimed_by: int | None = None
    # The first round this seat plays: a latecomer has no value in earlier rounds.
    first_round: int = 1


def playing(seats, number):
    """The seats of ``seats`` that play round ``number``."""
    return [seat for seat in seats if seat.first_round <= number]


def counted(rounds):
    """The closed rounds of ``rounds`` that count: not open, not voided. What
    every fold, summary, chart and export sees, so a module never meets a voided
    round."""
    return [r for r in rounds if r.status != OPEN and not getattr(r, "voided", False)]


@dataclass(frozen=True)
class RoundView:
    """One round as a module sees it.

    ``cells`` holds the main value per seat id; ``values`` holds every field,
    field key -> seat id -> value (``values[MAIN]`` is ``cells``). ``dealer`` is
    the seat id that deals it, when known. ``voided``: the host voided it, so it
    counts for nothing; the core leaves it out of every fold (``counted``).
    """

    number: int
    status: str
    winner: int | None = None
    cells: Mapping[int, int] = field(default_factory=dict)
    values: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    dealer: int | None = None
    voided: bool = False

    def value(self, seat_id, key=MAIN, default=None):
        if key == MAIN:
            return self.cells.get(seat_id, default)
        return self.values.get(key, {}).get(seat_id, default)


@dataclass(frozen=True)
class Outcome:
    """What a round looks like after a record, a correction or End match.

    ``status`` is ``open``, ``won``, ``draw`` or ``scored``. A round that leaves
    ``open`` is closed by the core, which folds it into the standings and opens
    the next one in the same transaction, unless the standings now hold a result
    (the module ends the match) or ``ends_match`` is set (End match).

    ``cells`` are main values to write, seat id -> value; ``values`` are named
    fields to write, field -> seat id -> value. What is not named is left as it
    was; ``clear`` lists (field, seat id) pairs to delete.
    """

    status: str
    winner: int | None = None
    cells: Mapping[int, int] = field(default_factory=dict)
    ends_match: bool = False
    values: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    clear: tuple[tuple[str, int], ...] = ()
    # A short line for the table and the event log ("Ben pays", "Thrown in").
    note: str = ""


def short_note(text):
    """``text`` as a round's note: cut to the note's length with an ellipsis, so
    a line naming every seat of a big table (long names and all) still fits."""
    if len(text) <= NOTE_MAX_LENGTH:
        return text
    return text[: NOTE_MAX_LENGTH - 1].rstrip() + "…"


def scores_note(seats, scores):
    """A round's note of its scores in seat order ("Ann +4 · Bo -2", with a
    real minus); a seat without a score is left out."""
    return short_note(
        " · ".join(
            f"{seat.name} {signed(scores[seat.id])}"
            for seat in seats
            if seat.id in scores
        )
    )


@dataclass(frozen=True)
class GridCell:
    """One cell of the grid people keep on paper (rounds down, seats across):
    ``text`` is the figure as the game writes it, ``sub`` an optional second
    figure under it (a round's score under its bid and tricks), ``label`` the
    same in words for a screen reader where the figure is a mark (empty: the
    figures are read as they are), ``kind`` a word the page styles it by (won,
    paid, made, failed, swimming, out)."""

    text: str = ""
    sub: str = ""
    label: str = ""
    kind: str = ""

    def to_data(self):
        # By hand: dataclasses.asdict deep-copies, and every push makes a
        # cell per seat twice; it was half of a data push's building.
        return {
            "text": self.text,
            "sub": self.sub,
            "label": self.label,
            "kind": self.kind,
        }


# The grid's mark for a round's winner.
WON_MARK = "\u2713"


@dataclass(frozen=True)
class Actor:
    """Who is recording: their claimed seat in this match (if any) and role."""

    seat: int | None = None
    is_host: bool = False


@dataclass(frozen=True)
class SeatStanding:
    """One seat's line of the standings. ``None`` means the game keeps no such
    figure (a game of one winner per round keeps no lives and no points)."""

    seat: int
    rounds_won: int = 0
    lives: int | None = None
    fate: str = IN
    points: int | None = None
    team: str | None = None

    def to_data(self):
        return {
            "seat": self.seat,
            "rounds_won": self.rounds_won,
            "lives": self.lives,
            "fate": self.fate,
            "points": self.points,
            "team": self.team,
        }


@dataclass(frozen=True)
class TeamStanding:
    key: str
    name: str
    seats: tuple[int, ...]
    points: int | None = None
    note: str = ""

    def to_data(self):
        return {
            "key": self.key,
            "name": self.name,
            "seats": list(self.seats),
            "points": self.points,
            "note": self.note,
        }


@dataclass(frozen=True)
class Result:
    """A decided match: the winning seats (several on a shared win) and, for a
    partnership game, the winning team's key."""

    winners: tuple[int, ...]
    team: str | None = None
    note: str = ""

    def to_data(self):
        return {"winners": list(self.winners), "team": self.team, "note": self.note}


# How a match's leaders were found when it ended without a result (End match).
BY_ROUNDS, BY_HIGHEST, BY_LOWEST = "rounds", "highest", "lowest"


@dataclass(frozen=True)
class Lead:
    """Who leads a match that ended without the module naming winners: the
    seats level at the top, their figure, and what it counts (``BY_ROUNDS``:
    rounds won; ``BY_HIGHEST``/``BY_LOWEST``: the highest or lowest total)."""

    seats: tuple[int, ...]
    figure: int
    by: str = BY_ROUNDS


def shared_places(ranks):
    """Seat id -> place from seat id -> rank (higher ranks better): 1 is first,
    and seats of equal rank share a place (two firsts, then a third)."""
    return {
        seat: 1 + sum(1 for other in ranks.values() if other > mine)
        for seat, mine in ranks.items()
    }


def places_by_points(standings, seats, *, lowest=False):
    """Each of ``seats``' place by its total ``points``, highest first (or
    lowest first): the result's winners ahead of everyone, and a seat without
    a line last."""
    winners = set(standings.result.winners) if standings.result else set()
    sign = -1 if lowest else 1

    def rank(seat):
        line = standings.seat(seat.id)
        if line is None:
            return (False, False, 0)
        return (seat.id in winners, True, sign * (line.points or 0))

    return shared_places({seat.id: rank(seat) for seat in seats})


def lead_by_points(standings, seats, *, lowest=False):
    """The seats with the highest (or lowest) ``points`` among ``seats``."""
    totals = {
        seat.id: standings.seat(seat.id).points or 0
        for seat in seats
        if standings.seat(seat.id) is not None
    }
    if not totals:
        return None
    best = min(totals.values()) if lowest else max(totals.values())
    return Lead(
        seats=tuple(seat for seat, total in totals.items() if total == best),
        figure=best,
        by=BY_LOWEST if lowest else BY_HIGHEST,
    )


@dataclass(frozen=True)
class Standings:
    """What the sheet adds up to after ``rounds`` closed rounds.

    JSON-safe through ``to_data``/``from_data``, so the core keeps a derived copy
    on the match and updates it in the same transaction as each record. ``extra``
    is the module's own (JSON-safe) state, if the fold needs more than the seats'
    lines.
    """

    seats: tuple[SeatStanding, ...] = ()
    teams: tuple[TeamStanding, ...] = ()
    rounds: int = 0
    draws: int = 0
    result: Result | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def _by_seat(self):
        # Every fragment of a push asks for each seat's line: a scan per ask made
        # that quadratic in the seats.
        return {line.seat: line for line in self.seats}

    def seat(self, seat_id):
        return self._by_seat.get(seat_id)

    def fate(self, seat_id):
        line = self.seat(seat_id)
        return line.fate if line else IN

    def replace_seat(self, line):
        """These standings with ``line`` instead of the seat's old line."""
        seats = tuple(line if old.seat == line.seat else old for old in self.seats)
        return replace(self, seats=seats)

    def to_data(self):
        return {
            "seats": [line.to_data() for line in self.seats],
            "teams": [team.to_data() for team in self.teams],
            "rounds": self.rounds,
            "draws": self.draws,
            "result": self.result.to_data() if self.result else None,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_data(cls, data):
        data = data or {}
        result = data.get("result")
        return cls(
            seats=tuple(SeatStanding(**line) for line in data.get("seats", ())),
            teams=tuple(
                TeamStanding(**{**team, "seats": tuple(team["seats"])})
                for team in data.get("teams", ())
            ),
            rounds=data.get("rounds", 0),
            draws=data.get("draws", 0),
            result=Result(**{**result, "winners": tuple(result["winners"])})
            if result
            else None,
            extra=data.get("extra", {}),
        )


@dataclass(frozen=True)
class Table:
    """Everything a module may look at when it judges a record.

    ``seats`` play ``round`` (latecomers start later); ``standings`` are the
    standings *before* ``round`` (so a correction of round 2 sees the sheet as it
    stood after round 1); ``actor`` is who records.
    """

    seats: Sequence[SeatView]
    options: Mapping[str, Any]
    standings: Standings
    round: RoundView
    actor: Actor = field(default_factory=Actor)

    def seat_ids(self):
        return [seat.id for seat in self.seats]

    def in_play(self):
        """The seats still in the game (not out), in seat order."""
        return [seat for seat in self.seats if self.standings.fate(seat.id) != OUT]


class RuleModule:
    """Base class for a game's rules.

    A module sets the attributes and implements ``record``; a game that keeps
    more than rounds won overrides ``new_seat`` and ``advance``. Every method is
    pure: same arguments, same answer, no database.
    """

    key = ""
    name = ""
    summary = ""
    min_seats = 2
    max_seats = 10
    options: tuple[Option, ...] = ()
    # Rule sets that fill in the other options: ``preset_option`` is the key of
    # the choice that picks one, ``presets`` maps each of its values to option
    # values. The start form fills the options when the choice changes, and
    # without JavaScript applies the chosen set server-side. Empty for none.
    preset_option = ""
    presets: Mapping[str, Mapping[str, Any]] = {}
    # What a round records per seat.
    fields: tuple[Field, ...] = (Field(),)
    # Templates of the module's own app. ``rules_template`` renders the rules page
    # body; the others render the open round's entry, one closed round's row and
    # the standings on the table page (see docs/modules.md for their context).
    rules_template = ""
    entry_template = ""
    row_template = ""
    standings_template = ""
    # The host's correction of one closed round: its forms, loaded when the host
    # opens a row's "Correct", so rows and pushes carry none. Empty: the core's
    # form that takes the round's payload as JSON.
    correct_template = ""
    # The history's line for one round beside who recorded it: gets ``round``,
    # ``seats``, ``names`` and ``line``, the module's ``summarize`` line for that
    # round (``summary["rounds"]`` with its ``number``). Empty: the round's note.
    history_round_template = ""
    # The module's scripts (paths under static/, the last registering its parts)
    # that draw its entry, a row's result and its figures from a live push's
    # data, as its templates draw them (docs/modules.md, "Drawing from data").
    # Set, a live change's push carries that data instead of their HTML, and
    # the server renders no template per change; empty, pushes carry HTML.
    sheet_scripts: tuple[str, ...] = ()
    # The module's own stylesheets (paths under static/), linked by every page that
    # shows its fragments: the table, the history, the rules page.
    stylesheets: tuple[str, ...] = ()
    # The JSON Schema of ``record``'s payload, for the API's OpenAPI schema.
    record_schema: Mapping[str, Any] = {"type": "object"}
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
            raise UnknownOption(
                _("%(game)s has no option “%(option)s”.")
                % {"game": self.name, "option": unknown[0]}
            )
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
                _("%(game)s takes %(low)d to %(high)d seats, not %(count)d.")
                % {
                    "game": self.name,
                    "low": self.min_seats,
                    "high": self.max_seats,
                    "count": count,
                }
            )

    # Recording -----------------------------------------------------------------

    def record(self, table: Table, payload: Mapping[str, Any]) -> Outcome:
        """Judge ``payload`` for ``table.round``; raise a ``Refusal`` if it is bad.

        On the open round this is a member's record (it may leave the round
        open, as one bid of four does). On a closed round it is the host's
        correction, which the core allows only to the host; the module validates
        it the same way. Refusals: ``BadValue`` for a malformed or impossible
        payload, ``NoChange`` when it changes nothing, ``NotTheHost`` when only
        the host may do it.
        """
        raise NotSupported()

    def payload_from_form(self, data: Mapping[str, Sequence[str]]) -> dict:
        """Turn a posted HTML form (field -> list of strings) into a payload.

        The HTML view and the socket (which forwards the page's form fields) both
        call this, so a form means the same on either path. By default the form's
        ``payload`` field holds the payload as JSON.
        """
        raw = (data.get("payload") or [""])[-1]
        try:
            payload = json.loads(raw)
        except ValueError:
            raise BadValue(_("The form's payload is not valid JSON.")) from None
        if not isinstance(payload, dict):
            raise BadValue(_("A record is a JSON object."))
        return payload

    def end(self, seats: Sequence[SeatView], round: RoundView) -> Outcome:
        """The match ends while ``round`` is open: bank it unscored as a draw."""
        return Outcome(status=DRAW, cells={})

    def describe(
        self,
        round: RoundView,
        seats: Sequence[SeatView],
        options: Mapping[str, Any],
    ) -> str:
        """One closed ``round`` (played by ``seats``) in a few words, in the
        active language: the table's "Round 3: …" line and the history's.

        Derived from the round's data, never from its stored note, so a page
        reads the same whoever recorded the round and in whatever language. By
        default: the winner ("Alice won"), "Draw", or nothing more than "scored".
        """
        if round.status == WON:
            name = next((s.name for s in seats if s.id == round.winner), "?")
            return _("%(name)s won") % {"name": name}
        if round.status == DRAW:
            return _("Draw")
        return _("scored")

    def may_record_for(self, actor: Actor, seat: SeatView) -> bool:
        """Whether ``actor`` may fill in ``seat``'s entry of the open round. A
        module that asks each phone for its own figure (a bid) applies this in
        ``record`` and the page asks it to show the others read-only. By
        default any member records for any seat."""
        return True

    # The grid ---------------------------------------------------------------------

    def grid_cell(self, round: RoundView, seat_id: int, options) -> GridCell:
        """What ``seat_id`` wrote in closed ``round`` on the grid: a mark for a
        round's winner, else the round's main value; nothing where the seat has
        none. A game that keeps other figures words its own."""
        if round.status == WON:
            if seat_id == round.winner:
                return GridCell(text=WON_MARK, label=_("won"), kind="won")
            return GridCell()
        value = round.cells.get(seat_id)
        return GridCell(text="" if value is None else str(value))

    def sheet_row(self, round: RoundView, seats, options) -> Mapping[str, Any]:
        """What the module's sheet script needs of a closed round beyond its
        data, in the active language: its words, where the row's template asks
        a helper for them (``seats`` are those playing it). Sent with each live
        push of the row (``sheet.words``); nothing by default."""
        return {}

    def grid_foot_label(self, standings: Standings) -> str:
        """The name of the grid's foot row: what ``grid_foot`` shows."""
        line = standings.seats[0] if standings.seats else None
        if line is not None and line.points is not None:
            return _("Total")
        if line is not None and line.lives is not None:
            return _("Lives")
        return _("Won")

    def grid_foot(self, standings: Standings, seat_id: int, options) -> GridCell:
        """The seat's figure at the grid's foot, from the standings: its points,
        else its lives, else the rounds it won."""
        line = standings.seat(seat_id)
        if line is None:
            return GridCell()
        if line.points is not None:
            return GridCell(text=str(line.points))
        if line.lives is not None:
            return GridCell(text=str(line.lives), kind=line.fate)
        return GridCell(text=str(line.rounds_won))

    def leading(
        self,
        standings: Standings,
        seats: Sequence[SeatView],
        options: Mapping[str, Any],
    ) -> tuple[int, ...]:
        """The seats ahead, for the table's strip: the result's winners once
        decided; else the highest total, the most lives (seats out aside) or
        the most rounds won; none while every seat is level. A game where the
        lowest total may win answers from its ``leaders``."""
        if standings.result is not None:
            return tuple(standings.result.winners)

        def figure(line):
            if line.points is not None:
                return line.points
            if line.lives is not None:
                return -1 if line.fate == OUT else line.lives
            return line.rounds_won

        figures = {line.seat: figure(line) for line in standings.seats}
        if len(set(figures.values())) < 2:
            return ()
        best = max(figures.values())
        return tuple(seat for seat, value in figures.items() if value == best)

    # Standings -------------------------------------------------------------------

    def new_seat(self, seat: SeatView, options: Mapping[str, Any]) -> SeatStanding:
        """A seat's line before it has played (a latecomer joins with this)."""
        return SeatStanding(seat=seat.id)

    def initial(self, seats: Sequence[SeatView], options: Mapping[str, Any]):
        """The standings before round 1."""
        return Standings(seats=tuple(self.new_seat(seat, options) for seat in seats))

    def advance(
        self,
        standings: Standings,
        seats: Sequence[SeatView],
        round: RoundView,
        options: Mapping[str, Any],
    ) -> Standings:
        """The standings after one more closed ``round`` (played by ``seats``).

        Sets ``result`` once the match is decided; the core then ends the match.
        The default counts rounds won and draws and never decides.
        """
        standings = self.including(standings, seats, options)
        if round.status == WON and standings.seat(round.winner):
            line = standings.seat(round.winner)
            standings = standings.replace_seat(
                replace(line, rounds_won=line.rounds_won + 1)
            )
        return replace(
            standings,
            rounds=standings.rounds + 1,
            draws=standings.draws + (round.status == DRAW),
        )

    def leaders(
        self,
        standings: Standings,
        seats: Sequence[SeatView],
        options: Mapping[str, Any],
    ) -> Lead | None:
        """Who leads when the match ended without a result (End match), from
        the standings: by default the seats with the most rounds won, or nobody
        when no round was won. A game of totals names its highest or lowest
        (``lead_by_points``)."""
        won = {
            seat.id: standings.seat(seat.id).rounds_won
            for seat in seats
            if standings.seat(seat.id) is not None
        }
        most = max(won.values(), default=0)
        if not most:
            return None
        return Lead(
            seats=tuple(seat for seat, count in won.items() if count == most),
            figure=most,
        )

    def standings(self, seats, rounds, options) -> Standings:
        """Fold every closed round in order: what a correction rebuilds from.

        ``seats`` are all the match's seats; each round is folded with the seats
        that play it (a latecomer's line starts at its first round).
        """
        standings = self.initial(playing(seats, 1), options)
        for round in counted(rounds):
            standings = self.advance(
                standings, playing(seats, round.number), round, options
            )
        return standings

    def including(self, standings, seats, options):
        """``standings`` with a fresh line for any of ``seats`` it lacks."""
        missing = [s for s in seats if standings.seat(s.id) is None]
        if not missing:
            return standings
        lines = standings.seats + tuple(self.new_seat(s, options) for s in missing)
        return replace(standings, seats=lines)

    # What ``figures`` counts: key -> (label, how a leaderboard shows it: "sum"
    # over matches or "mean" per match). A module adds its own keys.
    figure_labels: Mapping[str, tuple[Any, str]] = {
        "rounds_won": (gettext_lazy("Rounds won"), "sum"),
    }

    def figures(self, seats, rounds, standings) -> dict:
        """Each seat's figures of one finished match, for clubs and the players
        page: seat id -> {figure key: number}, the keys of ``figure_labels``.
        The default counts rounds won, which every module keeps."""
        won = self.summarize(seats, rounds).get("rounds_won", {})
        return {seat.id: {"rounds_won": won.get(seat.id, 0)} for seat in seats}

    def places(self, seats, standings, options=None) -> dict:
        """Each seat's place in a finished match (1 is first; ties share a
        place): the module's winners first, then by lives left, points and
        rounds won. ``options`` are the match's (a table may choose that the
        lowest total wins). A module whose standings rank otherwise overrides
        it."""
        winners = set(standings.result.winners) if standings.result else set()

        def rank(seat):
            line = standings.seat(seat.id)
            if line is None:
                return (False, False, 0, 0, 0)
            return (
                seat.id in winners,
                line.fate != OUT,
                line.lives or 0,
                line.points or 0,
                line.rounds_won,
            )

        return shared_places({seat.id: rank(seat) for seat in seats})

    def summarize(
        self,
        seats: Sequence[SeatView],
        rounds: Sequence[RoundView],
        options: Mapping[str, Any] | None = None,
    ):
        """What the history derives from the sheet: rounds won per seat and draws.

        ``options`` are the match's (a game whose target is an option draws it).
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
            raise UnknownGame(
                _("There is no game called “%(key)s”.") % {"key": key}
            ) from None

    def __iter__(self):
        return iter(sorted(self._modules.values(), key=lambda module: module.name))

    def __contains__(self, key):
        return key in self._modules


registry = Registry()
