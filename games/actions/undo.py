"""Undo: whoever recorded a round (or the host) takes it back, briefly.

For ``settings.UNDO_SECONDS`` after a round closed, and while nothing later has
been recorded (no later round closed, nothing entered in the next open round), its
recorder or the host may reopen it: its cells go back to what they held before the
record that closed it, the next open round goes, the standings are rebuilt and a
match the round decided is live again. For a round of several records (Forty
One's bids, then its tricks) an undo takes back the last one, the record that
closed it: the bids stay, the tricks go.

``check_undo`` answers whether a user may undo a round without acting: the page
asks it to show the undo bar.
"""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from games import errors
from games.models import Cell, Event, Match, Round
from games.rules import OPEN
from games.sheet import rebuild_standings, round_data

from .base import Applied, is_whole, require_member, run_change, seats_and_round
from .rounds import Sheet, change_of, round_summary, save_standings, write_values

# The events that close a round by a record: the one an undo takes back.
CLOSING_KINDS = [
    Event.Kind.ROUND_WON,
    Event.Kind.ROUND_RECORDED,
    Event.Kind.CELL_MARKED,
    Event.Kind.MATCH_DECIDED,
]


def undo_until(round):
    """When the undo window of a closed ``round`` shuts."""
    return round.closed_at + timedelta(seconds=settings.UNDO_SECONDS)


def refuse_undo(match, round, user, now=None):
    """Raise the refusal of an undo of ``round`` by ``user``, if any; the user's
    membership is checked by the caller."""
    if round.status == OPEN:
        raise errors.NothingToUndo(
            _("Round %(number)d is open: there is nothing to undo.")
            % {"number": round.number}
        )
    if round.voided_at is not None:
        raise errors.RoundVoided()
    if match.host_id != user.pk and round.closed_by_id != user.pk:
        raise errors.NotRecorder()
    later = Round.objects.filter(match=match, number__gt=round.number)
    if (
        later.exclude(status=OPEN).exists()
        or Cell.objects.filter(round__in=later.filter(status=OPEN)).exists()
    ):
        raise errors.LaterRecord()
    if round.closed_at is None or (now or timezone.now()) > undo_until(round):
        raise errors.UndoExpired()


def check_undo(match, user, number):
    """Refuses unless ``user`` may undo round ``number`` of ``match`` now."""
    require_member(match, user)
    if not match.is_correctable:
        raise errors.MatchEnded()
    if not is_whole(number):
        raise errors.RoundNotFound()
    round = Round.objects.filter(match=match, number=number).first()
    if round is None:
        raise errors.RoundNotFound()
    refuse_undo(match, round, user)


def undoable(match, user):
    """The round ``user`` may undo in ``match`` now and when that ends, or None:
    what the page's undo bar shows."""
    round = Round.objects.filter(match=match).exclude(status=OPEN).last()
    if round is None or not user.is_authenticated:
        return None
    try:
        check_undo(match, user, round.number)
    except errors.Refusal:
        return None
    return round


def values_before(match, round):
    """What ``round`` held before the record that closed it (kept by that
    record's event); nothing if the event kept none."""
    event = (
        Event.objects.filter(
            match=match,
            kind__in=CLOSING_KINDS,
            before__round=round.number,
            before__status=OPEN,
        )
        .order_by("-version")
        .first()
    )
    kept = (event.before.get("values") if event else None) or {}
    return {
        field: {int(seat): value for seat, value in seats.items()}
        for field, seats in kept.items()
    }


def undo_round(actor, match_id, round_number, *, key=None):
    """The recorder of round ``round_number`` (or the host) reopens it."""

    def apply(match):
        require_member(match, actor)
        seats, round, values = seats_and_round(match, round_number)
        refuse_undo(match, round, actor)
        sheet = Sheet(match, round, actor, values, seats)
        before = {
            **round_summary(round, sheet.seats),
            "values": by_seat_keys(values),
        }
        removed = [round.number]
        # The next round, opened by the record, was never played.
        Round.objects.filter(match=match, number__gt=round.number).delete()
        restored = values_before(match, round)
        write_values(round, values, restored)
        reopened = Round.objects.filter(pk=round.pk, status=round.status).update(
            status=OPEN, winner=None, note="", closed_at=None, closed_by=None
        )
        if not reopened:
            raise errors.NothingToUndo()
        round.status, round.winner_id, round.note = OPEN, None, ""
        round.closed_at = round.closed_by_id = None
        was_live = match.is_live
        if not was_live:
            # The round decided the match: it is live again, as after a correction.
            match.status, match.ended_at = Match.Status.LIVE, None
            match.save(update_fields=["status", "ended_at"])
        standings = rebuild_standings(match, sheet.seats)
        save_standings(match, standings)
        after = {
            **round_summary(round, sheet.seats),
            "values": by_seat_keys(restored),
            "reopened": not was_live,
        }
        change = change_of(match, [round_data(round, restored)], standings)
        change["removed"] = removed
        change["undone"] = {"round": round.number, "by": str(actor)}
        return Applied(
            actor, Event.Kind.ROUND_UNDONE, before, after, change, sheet.seats
        )

    return run_change(match_id, key, apply, actor=actor, decided_too=True, member=True)


def by_seat_keys(values):
    """Values as JSON keeps them: field -> seat id (text) -> value."""
    return {
        field: {str(seat): value for seat, value in seats.items()}
        for field, seats in values.items()
    }
