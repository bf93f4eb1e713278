"""Plain-data views of a match, shared by the live pushes, the API and snapshots."""

from dataclasses import replace

from django.db.models import prefetch_related_objects

from .models import Cell, Round, Seat
from .rules import MAIN, OPEN, RoundView, SeatView, Standings, playing
from .words import isolated, seat_name, total_text


def seat_view(seat):
    """The module's view of ``seat`` (a ``Seat``, or a view already made)."""
    if isinstance(seat, SeatView):
        return seat
    return SeatView(
        id=seat.pk,
        name=seat.name,
        position=seat.position,
        claimed_by=seat.claimed_by_id,
        first_round=seat.first_round,
    )


def worded(match, round, seats):
    """``round`` (a ``RoundView``, played by some of ``seats``) in a few words for
    a page, as its module says it (``describe``) in the active language.

    Each name keeps its own direction (``isolated``): a module joins names into
    one line, where a Latin name ending in a bracket would otherwise be mirrored
    on a right-to-left page, as the scripts' lines isolate theirs."""
    named = [
        replace(seat, name=isolated(seat.name)) for seat in playing(seats, round.number)
    ]
    return match.rules.describe(round, named, match.options)


def values_of(cells):
    """Cells as field -> seat id -> value (``MAIN`` is the round's main value)."""
    values = {}
    for cell in cells:
        values.setdefault(cell.field, {})[cell.seat_id] = cell.value
    return values


def round_view(round, values=None):
    """The module's view of ``round``; ``values`` as ``values_of`` gives them."""
    if values is None:
        values = values_of(round.cells.all())
    cells = dict(values.get(MAIN, {}))
    return RoundView(
        number=round.number,
        status=round.status,
        winner=round.winner_id,
        cells=cells,
        values={**values, MAIN: cells},
        dealer=round.dealer_id,
        voided=round.voided_at is not None,
    )


def void_data(round):
    """Who voided ``round`` and when, as plain data; None while it counts. The
    name costs a read only for a voided round."""
    if round.voided_at is None:
        return None
    by = round.voided_by if round.voided_by_id else None
    return {
        "at": round.voided_at.isoformat(),
        "by": round.voided_by_id,
        "by_name": str(by) if by is not None else "",
    }


def seat_data(seat):
    return {
        "id": seat.pk,
        "name": seat.name,
        "position": seat.position,
        "first_round": seat.first_round,
        "claimed_by": seat.claimed_by_id,
    }


def by_seat(values):
    return {str(seat_id): value for seat_id, value in sorted(values.items())}


def round_data(round, values):
    """A round as plain data. ``values`` is field -> seat id -> value: ``cells``
    carries the main value and ``values`` every named field (bid, tricks)."""
    return {
        "number": round.number,
        "status": round.status,
        "winner": round.winner_id,
        "cells": by_seat(values.get(MAIN, {})),
        "values": {
            field: by_seat(values[field]) for field in sorted(values) if field != MAIN
        },
        "dealer": round.dealer_id,
        "note": round.note,
        "closed_at": round.closed_at.isoformat() if round.closed_at else None,
        "closed_by": round.closed_by_id,
        "voided": void_data(round),
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


def all_round_views(match, *, before=None):
    """Every closed round of ``match`` as ``RoundView``s, in order (only those
    numbered below ``before`` if given): what a rebuild of the standings folds."""
    rounds = Round.objects.filter(match=match).exclude(status=OPEN)
    cells = Cell.objects.filter(round__match=match).exclude(round__status=OPEN)
    if before is not None:
        rounds = rounds.filter(number__lt=before)
        cells = cells.filter(round__number__lt=before)
    by_round = {}
    for cell in cells:
        by_round.setdefault(cell.round_id, []).append(cell)
    return [
        round_view(round, values_of(by_round.get(round.pk, ())))
        for round in rounds.order_by("number")
    ]


def rebuild_standings(match, seats, *, before=None):
    """The standings folded from every closed round (those before ``before``)."""
    views = [seat_view(seat) for seat in seats]
    rounds = all_round_views(match, before=before)
    return match.rules.standings(views, rounds, match.options)


def standings_of(match, seats):
    """The match's stored standings, with a fresh line for each seat that plays
    the open round; rebuilt from the rounds if the match has no stored copy."""
    if match.standings is None:
        standings = rebuild_standings(match, seats)
    else:
        standings = Standings.from_data(match.standings)
    number = standings.rounds + 1
    views = playing([seat_view(seat) for seat in seats], number)
    return match.rules.including(standings, views, match.options)


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
        "status": match.shown_status,
        "version": match.version,
        "host": match.host_id,
        "options": match.options,
        "seats": [seat_data(seat) for seat in seats],
        "rounds": [round_data(round, values_of(round.cells.all())) for round in rounds],
        "standings": standings_of(match, seats).to_data(),
        "result": match.result,
    }


def total_rows(standings, seats, names=None, dealer=None, *, lowest=False):
    """A row per seat for a standings fragment of a game of totals: its name as
    the page names it, its total printed, whether it deals,
    won, or leads (the best total, the lowest when ``lowest``, once a round
    counted)."""
    winners = set(standings.result.winners) if standings.result else set()
    rows = []
    for seat in seats:
        line = standings.seat(seat.id)
        total = (line.points or 0) if line else 0
        rows.append(
            {
                "id": seat.id,
                "name": seat_name(seat, names),
                "total": total,
                "text": total_text(total),
                "negative": total < 0,
                "is_dealer": seat.id == dealer,
                "is_winner": seat.id in winners,
            }
        )
    totals = [row["total"] for row in rows]
    best = (min(totals) if lowest else max(totals)) if totals else None
    played = standings.rounds - standings.draws
    for row in rows:
        row["leads"] = bool(played) and row["total"] == best
    return rows
