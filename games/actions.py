"""The one write path: every change to a match, from a form, the API or a socket.

Each action checks permission, validates, and in one transaction writes, raises
``Match.version`` by exactly one, appends an ``Event`` and schedules the broadcast.
The transaction starts by raising the version of a live match with a conditional
``UPDATE``: that row lock (PostgreSQL) or write lock (SQLite, IMMEDIATE) queues two
phones that tap at once, and the one that comes second sees the round closed.

A retried call passes the same ``idempotency_key`` and gets the first result back,
marked ``replayed``, without a second change.
"""

from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone

from . import broadcast, errors
from .models import Cell, Event, Match, Membership, Round, Seat, new_join_code
from .rules import DRAW, OPEN, WON, registry
from .sheet import round_data, round_view, seat_data, seat_view

NAME_MAX_LENGTH = 40


@dataclass(frozen=True)
class Result:
    match: Match
    event: Event
    replayed: bool = False

    @property
    def version(self):
        return self.event.version


# Reading and checking -------------------------------------------------------------


def _replay(match_id, key):
    if key is None:
        return None
    event = (
        Event.objects.select_related("match")
        .filter(match_id=match_id, idempotency_key=key)
        .first()
    )
    return Result(event.match, event, replayed=True) if event else None


def _lock_live_match(match_id):
    """Raise the version of a live match, holding its lock until commit."""
    raised = Match.objects.filter(pk=match_id, status=Match.Status.LIVE).update(
        version=F("version") + 1
    )
    if not raised:
        if Match.objects.filter(pk=match_id).exists():
            raise errors.MatchEnded()
        raise errors.MatchNotFound()
    return Match.objects.get(pk=match_id)


def _require_member(match, user):
    if user is None or not user.is_authenticated:
        raise errors.NotAMember()
    if not Membership.objects.filter(match=match, user=user).exists():
        raise errors.NotAMember()


def _require_host(match, user):
    _require_member(match, user)
    if match.host_id != user.pk:
        raise errors.NotTheHost()


# Ids are 64-bit in the database; a larger number is no id and must not reach a
# query (SQLite raises OverflowError on it).
WHOLE_MAX = 2**63 - 1


def _is_whole(value):
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -WHOLE_MAX <= value <= WHOLE_MAX
    )


def _clean_name(name):
    if not isinstance(name, str) or not name.strip():
        raise errors.BadValue("A seat needs a name.")
    name = " ".join(name.split())
    if len(name) > NAME_MAX_LENGTH:
        raise errors.BadValue(f"Seat names are at most {NAME_MAX_LENGTH} characters.")
    return name


def _check_name_free(match, name, *, except_seat=None):
    taken = Seat.objects.filter(match=match, name__iexact=name)
    if except_seat is not None:
        taken = taken.exclude(pk=except_seat.pk)
    if taken.exists():
        raise errors.NameTaken(f"Another seat is already called “{name}”.")


def _seat(match, seat_id):
    if not _is_whole(seat_id):
        raise errors.SeatNotInMatch()
    seat = Seat.objects.filter(match=match, pk=seat_id).first()
    if seat is None:
        raise errors.SeatNotInMatch()
    return seat


def _round(match, number):
    if not _is_whole(number):
        raise errors.RoundNotFound()
    round = Round.objects.filter(match=match, number=number).first()
    if round is None:
        raise errors.RoundNotFound(f"This match has no round {number}.")
    return round


def _seats_in(match, number):
    """The seats that play round ``number``: latecomers start later."""
    return list(Seat.objects.filter(match=match, first_round__lte=number))


def _seat_in_round(seats, seat_id, number):
    if not _is_whole(seat_id):
        raise errors.SeatNotInMatch()
    for seat in seats:
        if seat.pk == seat_id:
            return seat
    raise errors.SeatNotInMatch(f"That seat does not play round {number}.")


def _cells(round):
    return {cell.seat_id: cell.value for cell in Cell.objects.filter(round=round)}


# Writing --------------------------------------------------------------------------


def _change(match_id, key, apply):
    """Run ``apply(match)`` on a locked live match in one transaction.

    ``apply`` returns ``(actor, kind, before, after, change)``; the event and the
    broadcast follow from it.
    """
    replay = _replay(match_id, key)
    if replay:
        return replay
    try:
        with transaction.atomic():
            match = _lock_live_match(match_id)
            actor, kind, before, after, change = apply(match)
            event = Event.objects.create(
                match=match,
                version=match.version,
                kind=kind,
                actor=actor,
                before=before,
                after=after,
                idempotency_key=key,
            )
            broadcast.announce(match.pk, match.version, kind, change)
    except (errors.Refusal, IntegrityError):
        # The same key may have won a race with this call: answer as it did.
        replay = _replay(match_id, key)
        if replay:
            return replay
        raise
    return Result(match, event)


def _settle(match, actor, round, seats, outcome):
    """Write ``outcome`` to ``round``; close it and open the next if it left open.

    Returns the rounds that changed, as plain data for the broadcast.
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

    old_cells = _cells(round)
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
        if not _is_whole(value) or value < 0:
            raise errors.BadValue("A cell holds a whole number, 0 or more.")
    _write_cells(round, old_cells, outcome.cells)

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
        _end(match)
    return changed


def _write_cells(round, old_cells, cells):
    for seat_id, value in cells.items():
        if seat_id in old_cells and old_cells[seat_id] != value:
            Cell.objects.filter(round=round, seat_id=seat_id).update(value=value)
    Cell.objects.bulk_create(
        Cell(round=round, seat_id=seat_id, value=value)
        for seat_id, value in cells.items()
        if seat_id not in old_cells
    )


def _end(match):
    match.status = Match.Status.ENDED
    match.ended_at = timezone.now()
    match.save(update_fields=["status", "ended_at"])


def _round_summary(round, seats):
    names = {seat.pk: seat.name for seat in seats}
    return {
        "round": round.number,
        "status": round.status,
        "winner": round.winner_id,
        "winner_name": names.get(round.winner_id),
    }


# The actions ----------------------------------------------------------------------


def start_match(host, game, seat_names, options=None, *, host_seat=0, key=None):
    """Start a match of ``game`` with the named seats; ``host`` becomes its host.

    ``host_seat`` is the position (from 0) of the seat the host sits in, or None.
    """
    rules = registry.get(game)
    names = [_clean_name(name) for name in seat_names]
    rules.check_seat_count(len(names))
    lowered = [name.lower() for name in names]
    for index, name in enumerate(lowered):
        if name in lowered[:index]:
            raise errors.NameTaken(f"Two seats are called “{names[index]}”.")
    options = rules.clean_options(options)
    if host_seat is not None and not (
        isinstance(host_seat, int) and 0 <= host_seat < len(names)
    ):
        raise errors.SeatNotInMatch("The host's seat must be one of the seats.")
    if key is not None:
        earlier = Event.objects.filter(
            kind=Event.Kind.STARTED, actor=host, idempotency_key=key
        ).first()
        if earlier:
            return Result(earlier.match, earlier, replayed=True)

    with transaction.atomic():
        match = _create_match(host, game, options)
        Membership.objects.create(match=match, user=host)
        Seat.objects.bulk_create(
            Seat(
                match=match,
                name=name,
                position=position,
                claimed_by=host if position == host_seat else None,
            )
            for position, name in enumerate(names)
        )
        Round.objects.create(match=match, number=1)
        event = Event.objects.create(
            match=match,
            version=match.version,
            kind=Event.Kind.STARTED,
            actor=host,
            after={"game": game, "seats": names, "options": options},
            idempotency_key=key,
        )
    if host_seat is not None and not host.display_name:
        host.display_name = names[host_seat]
        host.save(update_fields=["display_name"])
    return Result(match, event)


def _create_match(host, game, options):
    # A clash of random codes is rare; each try is its own savepoint.
    for _ in range(10):
        try:
            with transaction.atomic():
                return Match.objects.create(
                    game=game,
                    options=options,
                    host=host,
                    version=1,
                    code=new_join_code(),
                )
        except IntegrityError:
            continue
    raise errors.Refusal("Could not find a free join code; try again.")


def join_match(user, code, *, seat_id=None, name=None, key=None):
    """Join by code: claim the unclaimed seat ``seat_id``, or take a new seat."""
    match = Match.objects.filter(code=str(code).strip().upper()).first()
    if match is None:
        raise errors.MatchNotFound("No match has that code.")

    def apply(match):
        if user is None or not user.is_authenticated:
            raise errors.NotAMember("Sign in or continue as a guest to join.")
        if Seat.objects.filter(match=match, claimed_by=user).exists():
            raise errors.AlreadySeated()
        if seat_id is not None:
            seat = _seat(match, seat_id)
            claimed = Seat.objects.filter(pk=seat.pk, claimed_by__isnull=True).update(
                claimed_by=user
            )
            if not claimed:
                raise errors.SeatTaken()
            seat.claimed_by = user
            after = {"seat": seat.pk, "name": seat.name, "claimed": True}
        else:
            seat = _new_seat(match, name)
            seat.claimed_by = user
            seat.save(update_fields=["claimed_by"])
            after = {"seat": seat.pk, "name": seat.name, "claimed": False}
        Membership.objects.get_or_create(match=match, user=user)
        if not user.display_name:
            user.display_name = seat.name
            user.save(update_fields=["display_name"])
        return user, Event.Kind.JOINED, {}, after, {"seats": [seat_data(seat)]}

    return _change(match.pk, key, apply)


def _new_seat(match, name):
    name = _clean_name(name)
    count = Seat.objects.filter(match=match).count()
    match.rules.check_seat_count(count + 1)
    _check_name_free(match, name)
    position = Seat.objects.filter(match=match).aggregate(Max("position"))[
        "position__max"
    ]
    open_round = Round.objects.filter(match=match, status=OPEN).first()
    return Seat.objects.create(
        match=match,
        name=name,
        position=(position or 0) + 1,
        first_round=open_round.number if open_round else 1,
    )


def add_seat(actor, match_id, name, *, key=None):
    """The host adds a latecomer: earlier rounds show no value for the new seat."""

    def apply(match):
        _require_host(match, actor)
        seat = _new_seat(match, name)
        after = {"seat": seat.pk, "name": seat.name, "first_round": seat.first_round}
        return actor, Event.Kind.SEAT_ADDED, {}, after, {"seats": [seat_data(seat)]}

    return _change(match_id, key, apply)


def rename_seat(actor, match_id, seat_id, name, *, key=None):
    def apply(match):
        _require_host(match, actor)
        seat = _seat(match, seat_id)
        new_name = _clean_name(name)
        if new_name == seat.name:
            raise errors.NoChange()
        _check_name_free(match, new_name, except_seat=seat)
        before = {"seat": seat.pk, "name": seat.name}
        seat.name = new_name
        seat.save(update_fields=["name"])
        after = {"seat": seat.pk, "name": seat.name}
        return (
            actor,
            Event.Kind.SEAT_RENAMED,
            before,
            after,
            {"seats": [seat_data(seat)]},
        )

    return _change(match_id, key, apply)


def release_claim(actor, match_id, seat_id, *, key=None):
    """The host frees a seat so another phone can claim it.

    The player who held it stays a member of the match.
    """

    def apply(match):
        _require_host(match, actor)
        seat = _seat(match, seat_id)
        if seat.claimed_by_id is None:
            raise errors.NoChange("Nobody has claimed that seat.")
        before = {"seat": seat.pk, "claimed_by": seat.claimed_by_id}
        seat.claimed_by = None
        seat.save(update_fields=["claimed_by"])
        after = {"seat": seat.pk, "claimed_by": None}
        change = {"seats": [seat_data(seat)]}
        return actor, Event.Kind.CLAIM_RELEASED, before, after, change

    return _change(match_id, key, apply)


def tap_winner(actor, match_id, round_number, seat_id, *, key=None):
    """A member taps the winner of the open round, ``round_number``.

    The round closes and the next one opens in the same transaction. A tap on a
    round that is no longer open (another phone was first) is refused.
    """

    def apply(match):
        _require_member(match, actor)
        round = _round(match, round_number)
        if round.status != OPEN:
            raise errors.RoundClosed(
                f"Round {round.number} is already closed.", version=match.version - 1
            )
        seats = _seats_in(match, round.number)
        seat = _seat_in_round(seats, seat_id, round.number)
        outcome = match.rules.tap(
            [seat_view(s) for s in seats], round_view(round, {}), seat.pk
        )
        before = _round_summary(round, seats)
        rounds = _settle(match, actor, round, seats, outcome)
        after = _round_summary(round, seats)
        after["next_round"] = round.number + 1
        change = {"rounds": rounds, "status": match.status}
        return actor, Event.Kind.ROUND_WON, before, after, change

    return _change(match_id, key, apply)


def mark_cell(actor, match_id, round_number, seat_id, value, *, key=None):
    """The host sets one cell of any round.

    In the open round this closes it like a tap; in an earlier round it corrects
    that round (a new winner, or a draw) and changes nothing else.
    """

    def apply(match):
        _require_host(match, actor)
        if not _is_whole(value) or value < 0:
            raise errors.BadValue("A cell holds a whole number, 0 or more.")
        round = _round(match, round_number)
        seats = _seats_in(match, round.number)
        seat = _seat_in_round(seats, seat_id, round.number)
        was_open = round.status == OPEN
        outcome = match.rules.mark(
            [seat_view(s) for s in seats],
            round_view(round, _cells(round)),
            seat.pk,
            value,
        )
        before = _round_summary(round, seats)
        rounds = _settle(match, actor, round, seats, outcome)
        after = _round_summary(round, seats)
        after.update(seat=seat.pk, value=value)
        before["seat"] = seat.pk
        kind = Event.Kind.CELL_MARKED if was_open else Event.Kind.ROUND_CORRECTED
        return actor, kind, before, after, {"rounds": rounds, "status": match.status}

    return _change(match_id, key, apply)


def end_match(actor, match_id, *, key=None):
    """Any member ends the match; the open round is banked unscored as a draw."""

    def apply(match):
        _require_member(match, actor)
        round = Round.objects.get(match=match, status=OPEN)
        seats = _seats_in(match, round.number)
        outcome = match.rules.end([seat_view(s) for s in seats], round_view(round, {}))
        outcome = replace(outcome, ends_match=True)
        before = _round_summary(round, seats)
        rounds = _settle(match, actor, round, seats, outcome)
        after = _round_summary(round, seats)
        after["match"] = Match.Status.ENDED
        return (
            actor,
            Event.Kind.MATCH_ENDED,
            before,
            after,
            {
                "rounds": rounds,
                "status": match.status,
            },
        )

    return _change(match_id, key, apply)


def hand_over_host(actor, match_id, user_id, *, key=None):
    """The host hands the host role to another member."""

    def apply(match):
        _require_host(match, actor)
        if user_id == match.host_id:
            raise errors.NoChange("That member is already the host.")
        if (
            not _is_whole(user_id)
            or not Membership.objects.filter(match=match, user_id=user_id).exists()
        ):
            raise errors.NotAMember("The new host must be a member of the match.")
        before = {"host": match.host_id}
        match.host_id = user_id
        match.save(update_fields=["host"])
        return (
            actor,
            Event.Kind.HOST_HANDED,
            before,
            {"host": user_id},
            {"host": user_id},
        )

    return _change(match_id, key, apply)


# Rematch --------------------------------------------------------------------------


def _rematch_of(match_id):
    """The match started as a rematch of ``match_id``, if there is one."""
    event = (
        Event.objects.select_related("match")
        .filter(kind=Event.Kind.STARTED, after__rematch_of=match_id)
        .first()
    )
    return event


def rematch(actor, match_id, *, key=None):
    """The host plays an ended match again: same game, seats, claims, options and
    members, in a new match whose ``match_started`` event names the old one.

    The old match stays as it ended (its writes are refused), so it gets no event
    and no new version; its members hear of the rematch as news after commit. An
    ended match has at most one rematch: asking again returns it, replayed.
    """
    with transaction.atomic():
        # Locks the old match's row on PostgreSQL so two rematches queue.
        old = Match.objects.select_for_update().filter(pk=match_id).first()
        if old is None:
            raise errors.MatchNotFound()
        _require_host(old, actor)
        if old.is_live:
            raise errors.MatchStillLive()
        earlier = _rematch_of(old.pk)
        if earlier:
            return Result(earlier.match, earlier, replayed=True)

        match = _create_match(actor, old.game, old.options)
        members = Membership.objects.filter(match=old).values_list("user", flat=True)
        Membership.objects.bulk_create(
            Membership(match=match, user_id=user_id) for user_id in members
        )
        seats = list(Seat.objects.filter(match=old))
        Seat.objects.bulk_create(
            Seat(
                match=match,
                name=seat.name,
                position=seat.position,
                claimed_by_id=seat.claimed_by_id,
            )
            for seat in seats
        )
        Round.objects.create(match=match, number=1)
        event = Event.objects.create(
            match=match,
            version=match.version,
            kind=Event.Kind.STARTED,
            actor=actor,
            after={
                "game": old.game,
                "seats": [seat.name for seat in seats],
                "options": old.options,
                "rematch_of": old.pk,
            },
            idempotency_key=key,
        )
        # News for phones still on the old match's page; its version is unchanged.
        old_id, old_version, new_id = old.pk, old.version, match.pk
        transaction.on_commit(
            lambda: broadcast.publish(
                old_id, old_version, "rematch", {"rematch": new_id}
            )
        )
    return Result(match, event)
