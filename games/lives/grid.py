"""The lives games' grid in their own words: each cell the lives a seat paid in
the round, the foot each seat's lives left, "swimming" or "out". Pure; both lives
games answer ``grid_cell`` and ``grid_foot`` with these."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules import OUT, SCORED, SWIMMING, GridCell

MINUS = "\u2212"


def paid_cell(round, seat_id):
    """Minus one where the seat paid a life in ``round`` (minus two for two,
    with a real minus sign), blank where it paid nothing or the round was not
    scored."""
    paid = round.cells.get(seat_id) or 0
    if round.status != SCORED or not paid:
        return GridCell()
    label = ngettext("paid %(count)d life", "paid %(count)d lives", paid) % {
        "count": paid
    }
    return GridCell(text=f"{MINUS}{paid}", label=label, kind="paid")


def lives_foot(standings, seat_id):
    """The seat's lives left; a seat with none says "swimming", one gone "out"."""
    line = standings.seat(seat_id)
    if line is None:
        return GridCell()
    lives = line.lives or 0
    if line.fate == SWIMMING:
        return GridCell(text=str(lives), sub=_("swimming"), kind="swimming")
    if line.fate == OUT:
        return GridCell(text="\u2013", sub=_("out"), label=_("out"), kind="out")
    label = ngettext("%(count)d life left", "%(count)d lives left", lives) % {
        "count": lives
    }
    return GridCell(text=str(lives), label=label)
