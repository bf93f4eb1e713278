"""What every action shares: the checks, and the transaction that makes a change.

``run_change`` is the heart of the write path: it locks a live match by raising its
version, lets the action check and write, appends the event and schedules the
broadcast, all in one transaction, and answers a retried idempotency key with the
first result.
"""

import hashlib
import json
import time
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import broadcast, errors, results
from games.bounds import ID_MAX, KEY_MAX_LENGTH, NAME_MAX_LENGTH
from games.models import Event, Match, Membership, Round, Seat
from squarescores import metrics

from . import sql


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
    """An idempotency key: 1 to 100 printable characters, or None. Every edge
    (the API's header, a form's field, a socket frame's ``key``) hands the key
    here as sent, so a malformed one gets one answer everywhere."""
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


def request_hash(request):
    """A fingerprint of what a keyed request asks for (the action's name and
    its arguments, JSON-like), or None for no request."""
    if request is None:
        return None
    text = json.dumps(request, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def replay_of(match_id, actor, key, fingerprint=None):
    """The first result of ``key`` in this match, if ``actor`` sent it.

    A key's answer belongs to its sender: another member's key, or an outsider's
    guess of one, is a new request of its own, never a replay of someone else's.
    The key sent with another request than the first (``fingerprint`` differs
    from the one stored) is refused as ``KeyReused``, naming the first result.
    """
    if clean_key(key) is None or getattr(actor, "pk", None) is None:
        return None
    event = (
        Event.objects.select_related("match")
        .filter(match_id=match_id, actor_id=actor.pk, idempotency_key=key)
        .first()
    )
    if event is None:
        return None
    same_request(event, fingerprint, version=event.match.version)
    return Result(event.match, event, replayed=True)


def same_request(first, fingerprint, *, version=None):
    """Refuse ``fingerprint`` as ``KeyReused`` unless it is the one ``first``
    (what keeps a key: a match's event, a club's keyed change) was made with."""
    if None not in (fingerprint, first.request_hash) and (
        fingerprint != first.request_hash
    ):
        raise errors.KeyReused(first, version=version)


def keyed_once(key, request, attempt, replay):
    """The one rule of a keyed change, a match's (``run_change``) or a club's.

    ``attempt(fingerprint)`` makes the change and keeps ``key`` and the
    fingerprint of ``request`` (``request_hash``) with it, in one transaction.
    A retried key is not looked up first: the retry either meets a refusal or
    the key's unique constraint, and then ``replay(fingerprint)`` answers with
    the first result (``same_request`` refusing another request), or with None
    when the key is new, and the refusal stands. A malformed key is refused
    before anything is asked.
    """
    clean_key(key)
    fingerprint = request_hash(request) if key is not None else None
    try:
        return attempt(fingerprint)
    except (errors.Refusal, IntegrityError):
        earlier = replay(fingerprint) if key is not None else None
        if earlier is None:
            raise
        return earlier


def lock_live_match(
    match_id, *, decided_too=False, member=None, ended_too=False, members_only=False
):
    """Raise the version of a live match, holding its lock until commit.

    With ``member`` (an authenticated user) the lock also requires that user's
    membership, and ``require_member`` then asks the database nothing more.
    ``ended_too`` locks the match whatever its status. ``members_only``: a
    match that cannot be locked answers a non-member ``NotAMember``, not
    whether it has ended.
    """
    if not is_whole(match_id):
        raise errors.MatchNotFound()
    if ended_too:
        match = sql.lock_any_match(match_id)
        if match is None:
            raise errors.MatchNotFound()
        return match
    folded = member is not None and member.is_authenticated
    match = sql.lock_match(
        match_id,
        Match.Status.LIVE,
        decided_too=decided_too,
        member_id=member.pk if folded else None,
    )
    if match is None:
        status = Match.objects.filter(pk=match_id).values_list("status", flat=True)
        status = status.first()
        if status is None:
            raise errors.MatchNotFound()
        # Permission before state: an outsider hears "join first", never
        # whether the match has ended.
        if members_only and not Membership.objects.holds(match_id, member):
            raise errors.NotAMember()
        lockable = status == Match.Status.LIVE or (
            decided_too and status == Match.Status.DECIDED
        )
        if folded and lockable:
            raise errors.NotAMember()
        raise errors.MatchEnded()
    if folded:
        match.checked_member = member.pk
    return match


def members_first(match_id, actor, refusal):
    """Raise ``refusal`` (a bad body, read before the match is locked) to a
    member, and ``NotAMember`` to anyone else: an outsider learns nothing of
    the match's game or state from the order of refusals. Only a refused
    request pays for the question."""
    found = is_whole(match_id) and Match.objects.filter(pk=match_id).exists()
    if found and not Membership.objects.holds(match_id, actor):
        raise errors.NotAMember() from refusal
    raise refusal


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


def seats_and_round(match, number):
    """The seats of ``match``, its round ``number`` and that round's values
    (field -> seat -> value), read together; refuses an unknown round as
    ``get_round`` does."""
    if not is_whole(number):
        raise errors.RoundNotFound()
    seats, round, values = sql.seats_and_round(match.pk, number)
    if round is None:
        raise errors.RoundNotFound(
            _("This match has no round %(number)d.") % {"number": number}
        )
    return seats, round, values


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
    match_id,
    key,
    apply,
    *,
    actor,
    decided_too=False,
    member=False,
    ended_too=False,
    request=None,
):
    """Run ``apply(match)`` on a locked live match in one transaction.

    ``apply`` returns an ``Applied``; the event and the broadcast follow from it.
    ``actor`` is who asks: a key is theirs alone (``replay_of``). ``member``: the
    actor must be a member, checked inside the lock statement. ``ended_too``: the
    change may be made to an ended match as well.

    A retried key is not looked up first (``keyed_once``): the retry either meets
    a refusal (its round is closed, its seat taken) or the key's unique
    constraint as it appends the event, and then answers with the first result.
    A tap pays for the lookup only when it is a retry. ``request`` (the action's
    name and arguments) is kept with a keyed event: the key sent again with
    another request is refused (``KeyReused``) rather than answered with the
    first result.

    Each change committed, its time and each refusal are counted here, the one
    place every change passes (``squarescores.metrics``); a replay is neither.
    """
    started = time.perf_counter()

    def attempt(fingerprint):
        with transaction.atomic(), sql.deferred():
            match = lock_live_match(
                match_id,
                decided_too=decided_too,
                member=actor if member else None,
                ended_too=ended_too,
                members_only=member,
            )
            before = results.state(match)
            applied = apply(match)
            results.changed(match, before)
            event = sql.append_event(
                match,
                applied.kind,
                applied.actor,
                applied.before,
                applied.after,
                key,
                fingerprint,
            )
            broadcast.announce(
                match, match.version, applied.kind, applied.change, applied.seats
            )
        return Result(match, event)

    def replay(fingerprint):
        # The same key may have won a race with this call: answer as it did.
        return replay_of(match_id, actor, key, fingerprint)

    try:
        result = keyed_once(key, request, attempt, replay)
    except errors.Refusal as refusal:
        metrics.refused(refusal.code)
        raise
    except IntegrityError:
        metrics.refused("conflict")
        raise
    if not result.replayed:
        metrics.recorded(result.event.kind, time.perf_counter() - started)
    return result
