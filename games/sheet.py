"""Plain-data views of a match, shared by the live pushes, the API and snapshots."""

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


def snapshot(match):
    """The whole sheet as plain data: what a client needs to draw it from nothing."""
    seats = list(Seat.objects.filter(match=match))
    rounds = list(Round.objects.filter(match=match).prefetch_related("cells"))
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
