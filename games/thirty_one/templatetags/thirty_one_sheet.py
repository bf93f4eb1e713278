"""What Thirty-One's templates show, worked out in Python so the templates only
lay it out: the table's options that change the sheet, the seats that can be
named in the open round, a closed round in words, and each seat's lives."""

from dataclasses import dataclass, field

from django import template

from games.lives import and_join, rows
from games.rules import DRAW, OUT, SWIMMING

from ..rules import (
    ALL_PAY,
    CLOSER,
    CLOSER_RULE,
    FIRE,
    FIRE_FIELD,
    LIVES,
    LOWEST,
    POINTS_LIMIT,
    REPLAY,
    THIRTY_ONE,
    THREE_KIND,
    UNDER,
    ThirtyOne,
    describe,
)

register = template.Library()
RULES = ThirtyOne()


def _name(seat, names):
    return (names or {}).get(seat.id, seat.name)


@dataclass(frozen=True)
class Flags:
    """The options that change what the sheet asks for."""

    fire: bool
    all_pay: bool
    points_limit: bool
    closer_rule: bool
    lives: int


@register.simple_tag
def sheet_flags(match):
    options = RULES.clean_options(getattr(match, "options", None) or {})
    return Flags(
        fire=options[THREE_KIND] == FIRE,
        all_pay=options[ALL_PAY],
        points_limit=options[POINTS_LIMIT],
        closer_rule=options[CLOSER_RULE],
        lives=options[LIVES],
    )


@dataclass(frozen=True)
class SeatRow:
    id: int
    name: str
    swimming: bool = False


@register.simple_tag
def entry_seats(seats, standings, names=None):
    """The seats that can be named in the open round: all playing it but out."""
    rows = []
    for seat in seats:
        line = standings.seat(seat.id) if standings else None
        if line and line.fate == OUT:
            continue
        swimming = bool(line and line.fate == SWIMMING)
        rows.append(SeatRow(seat.id, _name(seat, names), swimming))
    return rows


@register.simple_tag
def row_seats(seats, names=None):
    return [SeatRow(seat.id, _name(seat, names)) for seat in seats]


@dataclass(frozen=True)
class Marks:
    """What a closed round recorded, for its row and its correction's form."""

    text: str = ""
    kind: str = "none"
    closer: int | None = None
    by: int | None = None
    lowest: frozenset = field(default_factory=frozenset)
    limit: frozenset = field(default_factory=frozenset)


def _marked(round, key):
    return [seat for seat, value in (round.values.get(key) or {}).items() if value]


@register.simple_tag
def round_marks(round, seats, match=None, names=None):
    """One closed round in words: "Ben closed: Cara pays", "Fire by Dev: …"."""
    if round is None or round.status == "open":
        return Marks()
    if round.status == DRAW:
        return Marks("Not scored", "draw")
    by_id = {seat.id: _name(seat, names) for seat in seats}

    def name(seat):
        return by_id.get(seat, "A seat")

    closer = next(iter(_marked(round, CLOSER)), None)
    fire = next(iter(_marked(round, FIRE_FIELD)), None)
    thirty_one = next(iter(_marked(round, THIRTY_ONE)), None)
    kind = FIRE_FIELD if fire is not None else THIRTY_ONE if thirty_one else None
    by = fire if fire is not None else thirty_one
    marks = {
        "closer": closer,
        "by": by,
        "lowest": frozenset(_marked(round, LOWEST)),
        "limit": frozenset(_marked(round, UNDER)),
    }
    replayed = [seat.id for seat in seats if seat.id in _marked(round, REPLAY)]
    if replayed:
        who = and_join(name(seat) for seat in replayed)
        text = f"{who} would all go out: another hand, nobody pays"
        return Marks(text, "replay", **marks)
    paid = {seat.id: round.cells[seat.id] for seat in seats if round.cells.get(seat.id)}
    options = RULES.clean_options(getattr(match, "options", None) or {})
    text = describe(paid, name, kind=kind, by=by, closer=closer, options=options)
    return Marks(text, kind or "closed", **marks)


@register.simple_tag
def standing_rows(standings, seats, match=None, names=None, dealer=None):
    """Each seat's lives, fate and whether it won, in seat order."""
    return rows.standing_rows(standings, seats, sheet_flags(match).lives, names, dealer)


@register.simple_tag
def result_names(standings, seats, names=None):
    return rows.result_names(standings, seats, names)
