"""What Schwimmen's templates show, worked out in Python so the templates only
lay it out: who may pay in the open round, who paid in a closed one, and each
seat's lives."""

from dataclasses import dataclass

from django import template

from games.lives import rows
from games.rules import OUT, SWIMMING

from ..rules import FEUER, LIVES, summary

register = template.Library()


def _name(seat, names):
    return (names or {}).get(seat.id, seat.name)


def _options(match):
    return getattr(match, "options", None) or {}


@dataclass(frozen=True)
class EntrySeat:
    id: int
    name: str
    lives: int | None
    swimming: bool


@register.simple_tag
def entry_seats(seats, standings, names=None):
    """The seats that can pay in the open round: every seat playing it but out."""
    rows = []
    for seat in seats:
        line = standings.seat(seat.id) if standings else None
        if line and line.fate == OUT:
            continue
        rows.append(
            EntrySeat(
                id=seat.id,
                name=_name(seat, names),
                lives=line.lives if line else None,
                swimming=bool(line and line.fate == SWIMMING),
            )
        )
    return rows


@register.simple_tag
def feuer_played(match):
    return bool(_options(match).get(FEUER, True))


@register.simple_tag
def round_summary(round, seats, names=None):
    """One closed round in words: "Ben pays", "Feuer by Cara: everyone else pays"."""
    return summary(round, seats, names)


@register.simple_tag
def standing_rows(standings, seats, match=None, names=None, dealer=None):
    """Each seat's lives, fate and whether it won, in seat order."""
    return rows.standing_rows(
        standings, seats, _options(match).get(LIVES, 3), names, dealer
    )


@register.simple_tag
def result_names(standings, seats, names=None):
    return rows.result_names(standings, seats, names)
