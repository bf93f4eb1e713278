"""Plain-data views of a match, shared by the live pushes, the API and snapshots."""

from django.db.models import prefetch_related_objects

from .models import Round, Seat
from .rules import RoundView, SeatView


def seat_view(seat):
    return SeatView(id=seat.pk, name=seat.name, position=seat.position)


def round_view(round, cells=None):
    if cells is None:
        cells = {cell.seat_id: cell.value for cell in round.cells.all()}
    return RoundView(
        number=round.number, status=round.status, winner=round.winner_id, cells=cells
    )


def seat_data(seat):
    return {
        "id": seat.pk,
        "name": seat.name,
        "position": seat.position,
        "first_round": seat.first_round,
        "claimed_by": seat.claimed_by_id,
    }


def round_data(round, cells):
    return {
        "number": round.number,
        "status": round.status,
        "winner": round.winner_id,
        "cells": {str(seat_id): value for seat_id, value in sorted(cells.items())},
        "closed_at": round.closed_at.isoformat() if round.closed_at else None,
        "closed_by": round.closed_by_id,
    }


# The table shows the open round and the latest closed ones; the history page has
# them all. A page or a snapshot then costs the same at round 1,000 as at round 10.
RECENT_ROUNDS = 30


def recent_rounds(match, count=RECENT_ROUNDS):
    """The open round (if any) and the latest ``count`` closed rounds, in order."""
    rounds = list(Round.objects.filter(match=match).order_by("-number")[: count + 1])
    if rounds and rounds[0].status != Round.Status.OPEN:
        rounds = rounds[:count]
    rounds.reverse()
    return rounds


def snapshot(match, rounds=None):
    """The sheet as plain data: what a client needs to draw it from nothing.

    ``rounds`` limits it to those rounds (see ``recent_rounds``); by default every
    round is included.
    """
    seats = list(Seat.objects.filter(match=match))
    if rounds is None:
        rounds = list(Round.objects.filter(match=match).prefetch_related("cells"))
    else:
        prefetch_related_objects(rounds, "cells")
    return {
        "id": match.pk,
        "game": match.game,
        "code": match.code,
        "status": match.status,
        "version": match.version,
        "host": match.host_id,
        "options": match.options,
        "seats": [seat_data(seat) for seat in seats],
        "rounds": [
            round_data(round, {c.seat_id: c.value for c in round.cells.all()})
            for round in rounds
        ],
    }
