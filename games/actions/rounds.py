"""Rounds: a member's tap, the host's mark or correction, and End match."""

from dataclasses import replace

from django.db.models import F
from django.utils import timezone

from games import errors
from games.models import Cell, Event, Match, Round
from games.rules import DRAW, OPEN, WON
from games.sheet import round_data, round_view, seat_view

from .base import (
    Applied,
    cells_of,
    get_round,
    is_whole,
    require_host,
    require_member,
    run_change,
    seat_in_round,
    seats_in,
)


def settle(match, actor, round, seats, outcome, old_cells):
    """Write ``outcome`` to ``round``; close it and open the next if it left open.

    ``old_cells`` are the round's cells as the action read them. Returns the
    rounds that changed, as plain data for the broadcast.
    """
    seat_ids = {seat.pk for seat in seats}
    if outcome.status not in (OPEN, WON, DRAW):
        raise errors.BadValue(f"Unknown round status “{outcome.status}”.")
    if (outcome.status == WON) != (outcome.winner is not None):
        raise errors.BadValue("A won round has exactly one winner.")
    if outcome.winner is not None and outcome.winner not in seat_ids:
        raise errors.SeatNotInMatch()
    if round.status != OPEN and outcome.status == OPEN:
        raise errors.BadValue("A closed round cannot be opened again.")

    new_cells = {**old_cells, **outcome.cells}
    if (outcome.status, outcome.winner, new_cells) == (
        round.status,
        round.winner_id,
        old_cells,
    ):
        raise errors.NoChange()
    for seat_id, value in outcome.cells.items():
        if seat_id not in seat_ids:
            raise errors.SeatNotInMatch()
        if not is_whole(value) or value < 0:
            raise errors.BadValue("A cell holds a whole number, 0 or more.")
    write_cells(round, old_cells, outcome.cells)

    now = timezone.now()
    closing = round.status == OPEN and outcome.status != OPEN
    updated = Round.objects.filter(
        pk=round.pk, status=round.status, winner_id=round.winner_id
    ).update(
        status=outcome.status,
        winner_id=outcome.winner,
        closed_at=now if closing else F("closed_at"),
        closed_by=actor if closing else F("closed_by"),
    )
    if not updated:
        raise errors.RoundClosed()
    round.status, round.winner_id = outcome.status, outcome.winner
    if closing:
        round.closed_at, round.closed_by = now, actor
    changed = [round_data(round, new_cells)]

    if closing and not outcome.ends_match:
        following = Round.objects.create(match=match, number=round.number + 1)
        changed.append(round_data(following, {}))
    elif closing:
        close_match(match)
    return changed


def write_cells(round, old_cells, cells):
    for seat_id, value in cells.items():
        if seat_id in old_cells and old_cells[seat_id] != value:
            Cell.objects.filter(round=round, seat_id=seat_id).update(value=value)
    Cell.objects.bulk_create(
        Cell(round=round, seat_id=seat_id, value=value)
        for seat_id, value in cells.items()
        if seat_id not in old_cells
    )


def close_match(match):
    match.status = Match.Status.ENDED
    match.ended_at = timezone.now()
    match.save(update_fields=["status", "ended_at"])


def round_summary(round, seats):
    names = {seat.pk: seat.name for seat in seats}
    return {
        "round": round.number,
        "status": round.status,
        "winner": round.winner_id,
        "winner_name": names.get(round.winner_id),
    }


def tap_winner(actor, match_id, round_number, seat_id, *, key=None):
    """A member taps the winner of the open round, ``round_number``.

    The round closes and the next one opens in the same transaction. A tap on a
    round that is no longer open (another phone was first) is refused.
    """

    def apply(match):
        require_member(match, actor)
        round = get_round(match, round_number)
        if round.status != OPEN:
            raise errors.RoundClosed(
                f"Round {round.number} is already closed.", version=match.version - 1
            )
        seats = seats_in(match, round.number)
        seat = seat_in_round(seats, seat_id, round.number)
        cells = cells_of(round)
        outcome = match.rules.tap(
            [seat_view(s) for s in seats], round_view(round, cells), seat.pk
        )
        before = round_summary(round, seats)
        rounds = settle(match, actor, round, seats, outcome, cells)
        after = round_summary(round, seats)
        after["next_round"] = round.number + 1
        change = {"rounds": rounds, "status": match.status}
        return Applied(actor, Event.Kind.ROUND_WON, before, after, change, seats)

    return run_change(match_id, key, apply, actor=actor)


def mark_cell(actor, match_id, round_number, seat_id, value, *, key=None):
    """The host sets one cell of any round.

    In the open round this closes it like a tap; in an earlier round it corrects
    that round (a new winner, or a draw) and changes nothing else.
    """

    def apply(match):
        require_host(match, actor)
        if not is_whole(value) or value < 0:
            raise errors.BadValue("A cell holds a whole number, 0 or more.")
        round = get_round(match, round_number)
        seats = seats_in(match, round.number)
        seat = seat_in_round(seats, seat_id, round.number)
        was_open = round.status == OPEN
        cells = cells_of(round)
        outcome = match.rules.mark(
            [seat_view(s) for s in seats], round_view(round, cells), seat.pk, value
        )
        before = round_summary(round, seats)
        rounds = settle(match, actor, round, seats, outcome, cells)
        after = round_summary(round, seats)
        after.update(seat=seat.pk, value=value)
        before["seat"] = seat.pk
        kind = Event.Kind.CELL_MARKED if was_open else Event.Kind.ROUND_CORRECTED
        change = {"rounds": rounds, "status": match.status}
        # A correction reads only the seats of its own round, not every seat.
        return Applied(actor, kind, before, after, change, seats if was_open else None)

    return run_change(match_id, key, apply, actor=actor)


def end_match(actor, match_id, *, key=None):
    """Any member ends the match; the open round is banked unscored as a draw."""

    def apply(match):
        require_member(match, actor)
        round = Round.objects.get(match=match, status=OPEN)
        seats = seats_in(match, round.number)
        cells = cells_of(round)
        outcome = match.rules.end(
            [seat_view(s) for s in seats], round_view(round, cells)
        )
        outcome = replace(outcome, ends_match=True)
        before = round_summary(round, seats)
        rounds = settle(match, actor, round, seats, outcome, cells)
        after = round_summary(round, seats)
        after["match"] = Match.Status.ENDED
        change = {"rounds": rounds, "status": match.status}
        return Applied(actor, Event.Kind.MATCH_ENDED, before, after, change, seats)

    return run_change(match_id, key, apply, actor=actor)
