"""What Thirty-One's templates show, worked out in Python so the templates only
lay it out: the table's options that change the sheet, the seats that can be
named in the open round, a closed round in words, and each seat's lives."""

from dataclasses import dataclass

from django import template

from games.lives import rows
from games.rules import OUT, SWIMMING
from games.words import seat_name

from ..rules import (
    ALL_PAY,
    CLOSER_RULE,
    FIRE,
    LIVES,
    POINTS_LIMIT,
    THREE_KIND,
    ThirtyOne,
    marks_of,
)

register = template.Library()
RULES = ThirtyOne()


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
        rows.append(SeatRow(seat.id, seat_name(seat, names), swimming))
    return rows


@register.simple_tag
def row_seats(seats, names=None):
    return [SeatRow(seat.id, seat_name(seat, names)) for seat in seats]


@register.simple_tag
def round_marks(round, seats, match=None, names=None):
    """One closed round in words: "Ben closed: Cara pays", "Fire by Dev: …"."""
    by_id = {seat.id: seat_name(seat, names) for seat in seats}
    options = RULES.clean_options(getattr(match, "options", None) or {})
    return marks_of(round, seats, by_id, options)


@register.simple_tag
def standing_rows(standings, seats, match=None, names=None, dealer=None):
    """Each seat's lives, fate and whether it won, in seat order."""
    return rows.standing_rows(standings, seats, sheet_flags(match).lives, names, dealer)


@register.simple_tag
def result_names(standings, seats, names=None):
    return rows.result_names(standings, seats, names)
