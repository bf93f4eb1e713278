"""What every action shares: the checks, and the transaction that makes a change.

``run_change`` is the heart of the write path: it locks a live match by raising its
version, lets the action check and write, appends the event and schedules the
broadcast, all in one transaction, and answers a retried idempotency key with the
first result.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction

from games import broadcast, errors
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


KEY_MAX_LENGTH = 100


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
            f"An idempotency key is 1 to {KEY_MAX_LENGTH} printable characters."
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


def lock_live_match(match_id):
    """Raise the version of a live match, holding its lock until commit."""
    if not is_whole(match_id):
        raise errors.MatchNotFound()
    match = next(iter(Match.objects.raw(LOCK_SQL, [match_id, Match.Status.LIVE])), None)
    if match is None:
        if Match.objects.filter(pk=match_id).exists():
            raise errors.MatchEnded()
        raise errors.MatchNotFound()
    return match


def require_member(match, user):
    if user is None or not user.is_authenticated:
        raise errors.NotAMember()
    if not Membership.objects.filter(match=match, user=user).exists():
        raise errors.NotAMember()


def require_host(match, user):
    require_member(match, user)
    if match.host_id != user.pk:
        raise errors.NotTheHost()


# Ids are 64-bit in the database; a larger number is no id and must not reach a
# query (SQLite raises OverflowError on it).
WHOLE_MAX = 2**63 - 1


def is_whole(value):
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -WHOLE_MAX <= value <= WHOLE_MAX
    )


def clean_name(name):
    if not isinstance(name, str) or not name.strip():
        raise errors.BadValue("A seat needs a name.")
    name = " ".join(name.split())
    # Control characters (a NUL above all, which PostgreSQL cannot store) are no
    # part of a name.
    if not name.isprintable():
        raise errors.BadValue("A seat name holds letters, digits and punctuation.")
    if len(name) > NAME_MAX_LENGTH:
        raise errors.BadValue(f"Seat names are at most {NAME_MAX_LENGTH} characters.")
    return name


def check_name_free(match, name, *, except_seat=None):
    taken = Seat.objects.filter(match=match, name__iexact=name)
    if except_seat is not None:
        taken = taken.exclude(pk=except_seat.pk)
    if taken.exists():
        raise errors.NameTaken(f"Another seat is already called “{name}”.")


def get_seat(match, seat_id):
    if not is_whole(seat_id):
        raise errors.SeatNotInMatch()
    seat = Seat.objects.filter(match=match, pk=seat_id).first()
    if seat is None:
        raise errors.SeatNotInMatch()
    return seat


def get_round(match, number):
    if not is_whole(number):
        raise errors.RoundNotFound()
    round = Round.objects.filter(match=match, number=number).first()
    if round is None:
        raise errors.RoundNotFound(f"This match has no round {number}.")
    return round


def seats_in(match, number):
    """The seats that play round ``number``: latecomers start later."""
    return list(Seat.objects.filter(match=match, first_round__lte=number))


def seat_in_round(seats, seat_id, number):
    if not is_whole(seat_id):
        raise errors.SeatNotInMatch()
    for seat in seats:
        if seat.pk == seat_id:
            return seat
    raise errors.SeatNotInMatch(f"That seat does not play round {number}.")


def cells_of(round):
    return {cell.seat_id: cell.value for cell in Cell.objects.filter(round=round)}


def run_change(match_id, key, apply, *, actor):
    """Run ``apply(match)`` on a locked live match in one transaction.

    ``apply`` returns an ``Applied``; the event and the broadcast follow from it.
    ``actor`` is who asks: a key is theirs alone (``replay_of``).

    A retried key is not looked up first: the retry either meets a refusal (its
    round is closed, its seat taken) or the key's unique constraint as it appends
    the event, and then answers with the first result. A tap pays for the lookup
    only when it is a retry.
    """
    clean_key(key)
    try:
        with transaction.atomic():
            match = lock_live_match(match_id)
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
