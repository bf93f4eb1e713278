"""Void and restore: the host marks a closed round as never played, and back.

A voided round stays on the sheet, struck through, with who voided it and when;
it counts for nothing in the standings, the history's summaries and charts, the
export and the deal (the core leaves it out of every fold: ``rules.counted``).
Later rounds keep their numbers. A void or a restore that changes the match's
result decides it or makes it live again, as a correction does.
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from games import errors
from games.models import Event, Round
from games.rules import OPEN
from games.sheet import round_data, values_of

from .base import Applied, get_round, require_host, run_change
from .rounds import (
    Sheet,
    change_of,
    dealer_after,
    resettle,
    round_summary,
)


def refuse_void(round, *, voided):
    """Raise unless ``round`` is closed and ``voided`` is news for it."""
    if round.status == OPEN:
        raise errors.BadValue(
            _("Round %(number)d is open: only a closed round can be voided.")
            % {"number": round.number}
        )
    if voided and round.voided_at is not None:
        raise errors.NoChange(
            _("Round %(number)d is already voided.") % {"number": round.number}
        )
    if not voided and round.voided_at is None:
        raise errors.NoChange(
            _("Round %(number)d counts: there is nothing to restore.")
            % {"number": round.number}
        )


def check_void(match, user, number):
    """Refuses unless ``user`` may void round ``number``: the host, a closed
    round that counts, a match the host may still correct."""
    require_host(match, user)
    if not match.is_correctable:
        raise errors.MatchEnded()
    refuse_void(get_round(match, number), voided=True)


def check_restore(match, user, number):
    """Refuses unless ``user`` may restore round ``number``: the host, a voided
    round, a match the host may still correct."""
    require_host(match, user)
    if not match.is_correctable:
        raise errors.MatchEnded()
    refuse_void(get_round(match, number), voided=False)


def void_round(actor, match_id, round_number, *, key=None):
    """The host voids closed round ``round_number``."""
    return mark_void(actor, match_id, round_number, True, key)


def restore_round(actor, match_id, round_number, *, key=None):
    """The host makes voided round ``round_number`` count again."""
    return mark_void(actor, match_id, round_number, False, key)


def mark_void(actor, match_id, round_number, voided, key):
    def apply(match):
        require_host(match, actor)
        round = get_round(match, round_number)
        refuse_void(round, voided=voided)
        sheet = Sheet(match, round, actor)
        was_live = match.is_live
        before = {**round_summary(round, sheet.seats), "voided": not voided}
        if voided:
            round.voided_at, round.voided_by = timezone.now(), actor
        else:
            round.voided_at, round.voided_by = None, None
        round.save(update_fields=["voided_at", "voided_by"])
        changed, standings = resettle(match, sheet.seats, [])
        changed.insert(0, round_data(round, sheet.values))
        redealt = redeal(match, sheet.seats, standings, changed)
        if redealt is not None:
            changed.append(redealt)
        after = {**round_summary(round, sheet.seats), "voided": voided}
        if match.is_live and not was_live:
            after["reopened"] = True
        elif was_live and not match.is_live:
            after["result"] = match.result
        kind = Event.Kind.ROUND_VOIDED if voided else Event.Kind.ROUND_RESTORED
        change = change_of(match, changed, standings)
        return Applied(actor, kind, before, after, change, sheet.seats)

    return run_change(match_id, key, apply, actor=actor, decided_too=True, member=True)


def redeal(match, seats, standings, changed):
    """The open round (one not in ``changed`` already) dealt as if the voided
    rounds were never played; its data if its dealer changed, else None."""
    current = Round.objects.filter(match=match, status=OPEN).first()
    if current is None or any(r["number"] == current.number for r in changed):
        return None
    dealer = dealer_after(match, seats, standings, current.number)
    if dealer == current.dealer_id:
        return None
    current.dealer_id = dealer
    current.save(update_fields=["dealer"])
    return round_data(current, values_of(current.cells.all()))
