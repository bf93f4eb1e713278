"""What every action shares: the checks, and the transaction that makes a change.

``run_change`` is the heart of the write path: it locks a live match by raising its
version, lets the action check and write, appends the event and schedules the
broadcast, all in one transaction, and answers a retried idempotency key with the
first result.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import broadcast, errors
from games.bounds import ID_MAX, KEY_MAX_LENGTH
from games.models import Cell, Event, Match, Membership, Round, Seat

NAME_MAX_LENGTH = 40


@dataclass(frozen=True)
class Applied:
    """What an action's ``apply`` did: the event's fields and the push's data.

    ``seats``, when the action holds the match's seats and left them as they
    were, spare the broadcast from reading them again.
    """

    actor: object
    kind: str
    before: dict
    after: dict
    change: dict
    seats: list | None = None


@dataclass(frozen=True)
class Result:
    match: Match
    event: Event
    replayed: bool = False

    @property
    def version(self):
        return self.event.version


def clean_key(key):
    """An idempotency key: 1 to 100 printable characters, or None."""
    if key is None:
        return None
    if (
        not isinstance(key, str)
        or not 0 < len(key) <= KEY_MAX_LENGTH
        or not key.isprintable()
    ):
        raise errors.BadValue(
            _("An idempotency key is 1 to %(max)d printable characters.")
            % {"max": KEY_MAX_LENGTH}
        )
    return key


def replay_of(match_id, actor, key):
    """The first result of ``key`` in this match, if ``actor`` sent it.

    A key's answer belongs to its sender: another member's key, or an outsider's
    guess of one, is a new request of its own, never a replay of someone else's.
    """
    if clean_key(key) is None or getattr(actor, "pk", None) is None:
        return None
    event = (
        Event.objects.select_related("match")
        .filter(match_id=match_id, actor_id=actor.pk, idempotency_key=key)
        .first()
    )
    return Result(event.match, event, replayed=True) if event else None


# One statement raises the version and reads the match back (RETURNING: SQLite
# 3.35+ and PostgreSQL); it runs first in every change, so it is the write path's
# most-run query. The ORM's update() returns only a count.
LOCK_SQL = (
    f"UPDATE {Match._meta.db_table} SET version = version + 1 "
    "WHERE id = %s AND status = %s RETURNING *"
)


# A host's correction may also change a match its module decided (and so make it
# live again); a match a member ended stays as it is (``Match.is_correctable``).
LOCK_DECIDED_SQL = (
    f"UPDATE {Match._meta.db_table} SET version = version + 1 "
    "WHERE id = %s AND (status = %s OR result IS NOT NULL) RETURNING *"
)


# What is not the sheet (the TV link) is the host's to change in an ended match
# too: the big screen may show the result, and the link may be revoked after.
LOCK_ANY_SQL = (
    f"UPDATE {Match._meta.db_table} SET version = version + 1 WHERE id = %s RETURNING *"
)


# The same lock for a member's change, with the membership check folded in: one
# statement instead of two on every record. No row then means no match, a match
# that is over, or an actor who is not a member; the refusal reads which.
MEMBER_SQL = (
    f" AND EXISTS (SELECT 1 FROM {Membership._meta.db_table} m "
    f"WHERE m.match_id = {Match._meta.db_table}.id AND m.user_id = %s)"
)
LOCK_MEMBER_SQL = LOCK_SQL.replace(" RETURNING *", MEMBER_SQL + " RETURNING *")
LOCK_DECIDED_MEMBER_SQL = LOCK_DECIDED_SQL.replace(
    " RETURNING *", MEMBER_SQL + " RETURNING *"
)


def lock_live_match(match_id, *, decided_too=False, member=None, ended_too=False):
    """Raise the version of a live match, holding its lock until commit.

    With ``member`` (an authenticated user) the lock also requires that user's
    membership, and ``require_member`` then asks the database nothing more.
    ``ended_too`` locks the match whatever its status.
    """
    if not is_whole(match_id):
        raise errors.MatchNotFound()
    if ended_too:
        match = next(iter(Match.objects.raw(LOCK_ANY_SQL, [match_id])), None)
        if match is None:
            raise errors.MatchNotFound()
        return match
    folded = member is not None and member.is_authenticated
    if folded:
        sql = LOCK_DECIDED_MEMBER_SQL if decided_too else LOCK_MEMBER_SQL
        params = [match_id, Match.Status.LIVE, member.pk]
    else:
        sql = LOCK_DECIDED_SQL if decided_too else LOCK_SQL
        params = [match_id, Match.Status.LIVE]
    match = next(iter(Match.objects.raw(sql, params)), None)
    if match is None:
        state = Match.objects.filter(pk=match_id).values("status", "result").first()
        if state is None:
            raise errors.MatchNotFound()
        lockable = state["status"] == Match.Status.LIVE or (
            decided_too and state["result"] is not None
        )
        if folded and lockable:
            raise errors.NotAMember()
        raise errors.MatchEnded()
    if folded:
        match.checked_member = member.pk
    return match


def require_member(match, user):
    # The lock already checked this user's membership (``lock_live_match``).
    checked = getattr(match, "checked_member", None)
    if checked is not None and user is not None and checked == user.pk:
        return
    if not Membership.objects.holds(match, user):
        raise errors.NotAMember()


def require_host(match, user):
    require_member(match, user)
    if match.host_id != user.pk:
        raise errors.NotTheHost()


WHOLE_MAX = ID_MAX


def is_whole(value):
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -WHOLE_MAX <= value <= WHOLE_MAX
    )


def clean_name(name):
    if not isinstance(name, str) or not name.strip():
        raise errors.BadValue(_("A seat needs a name."))
    name = " ".join(name.split())
    # Control characters (a NUL above all, which PostgreSQL cannot store) are no
    # part of a name.
    if not name.isprintable():
        raise errors.BadValue(_("A seat name holds letters, digits and punctuation."))
    if len(name) > NAME_MAX_LENGTH:
        raise errors.BadValue(
            _("Seat names are at most %(max)d characters.") % {"max": NAME_MAX_LENGTH}
        )
    return name


def check_name_free(match, name, *, except_seat=None):
    taken = Seat.objects.filter(match=match, name__iexact=name)
    if except_seat is not None:
        taken = taken.exclude(pk=except_seat.pk)
    if taken.exists():
        raise errors.NameTaken(
            _("Another seat is already called “%(name)s”.") % {"name": name}
        )


def get_seat(match, seat_id):
    if not is_whole(seat_id):
        raise errors.SeatNotInMatch()
    seat = Seat.objects.filter(match=match, pk=seat_id).first()
    if seat is None:
        raise errors.SeatNotInMatch()
    return seat


# The round and its cells in one statement: a record reads both, and this is one
# round trip and one ORM compile fewer than two queries. Columns are named so the
# raw query stays correct whatever fields Round gains.
ROUND_AND_CELLS_SQL = (
    "SELECT {round_columns}, c.seat_id AS cell_seat, c.field AS cell_field, "
    "c.value AS cell_value FROM {round} r LEFT JOIN {cell} c ON c.round_id = r.id "
    "WHERE r.match_id = %s AND r.number = %s"
)


def round_and_values(match, number):
    """The round ``number`` of ``match`` and its values (field -> seat -> value),
    read together; refuses an unknown round as ``get_round`` does."""
    if not is_whole(number):
        raise errors.RoundNotFound()
    sql = ROUND_AND_CELLS_SQL.format(
        round_columns=", ".join(f"r.{f.column}" for f in Round._meta.concrete_fields),
        round=Round._meta.db_table,
        cell=Cell._meta.db_table,
    )
    rows = list(Round.objects.raw(sql, [match.pk, number]))
    if not rows:
        raise errors.RoundNotFound(
            _("This match has no round %(number)d.") % {"number": number}
        )
    values = {}
    for row in rows:
        if row.cell_seat is not None:
            values.setdefault(row.cell_field, {})[row.cell_seat] = row.cell_value
    return rows[0], values


def get_round(match, number):
    if not is_whole(number):
        raise errors.RoundNotFound()
    round = Round.objects.filter(match=match, number=number).first()
    if round is None:
        raise errors.RoundNotFound(
            _("This match has no round %(number)d.") % {"number": number}
        )
    return round


def seat_in_round(seats, seat_id, number):
    if not is_whole(seat_id):
        raise errors.SeatNotInMatch()
    for seat in seats:
        if seat.pk == seat_id:
            return seat
    raise errors.SeatNotInMatch(
        _("That seat does not play round %(number)d.") % {"number": number}
    )


def run_change(
    match_id, key, apply, *, actor, decided_too=False, member=False, ended_too=False
):
    """Run ``apply(match)`` on a locked live match in one transaction.

    ``apply`` returns an ``Applied``; the event and the broadcast follow from it.
    ``actor`` is who asks: a key is theirs alone (``replay_of``). ``member``: the
    actor must be a member, checked inside the lock statement. ``ended_too``: the
    change may be made to an ended match as well.

    A retried key is not looked up first: the retry either meets a refusal (its
    round is closed, its seat taken) or the key's unique constraint as it appends
    the event, and then answers with the first result. A tap pays for the lookup
    only when it is a retry.
    """
    clean_key(key)
    try:
        with transaction.atomic():
            match = lock_live_match(
                match_id,
                decided_too=decided_too,
                member=actor if member else None,
                ended_too=ended_too,
            )
            applied = apply(match)
            event = Event.objects.create(
                match=match,
                version=match.version,
                kind=applied.kind,
                actor=applied.actor,
                before=applied.before,
                after=applied.after,
                idempotency_key=key,
            )
            broadcast.announce(
                match, match.version, applied.kind, applied.change, applied.seats
            )
    except (errors.Refusal, IntegrityError):
        # The same key may have won a race with this call: answer as it did.
        earlier = replay_of(match_id, actor, key)
        if earlier:
            return earlier
        raise
    return Result(match, event)
