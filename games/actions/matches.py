"""Matches: starting one, joining it, handing over the host role, a rematch."""

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games import broadcast, errors
from games.models import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Event,
    Match,
    Membership,
    Round,
    Seat,
    new_join_code,
)
from games.rules import registry
from games.sheet import seat_data, seat_view

from . import sql
from .base import (
    Applied,
    Result,
    clean_key,
    clean_name,
    get_seat,
    is_whole,
    require_host,
    require_member,
    run_change,
)
from .seats import new_seat


def start_match(host, game, seat_names, options=None, *, host_seat=0, key=None):
    """Start a match of ``game`` with the named seats; ``host`` becomes its host.

    ``host_seat`` is the position (from 0) of the seat the host sits in, or None.
    """
    rules = registry.get(game)
    names = [clean_name(name) for name in seat_names]
    rules.check_seat_count(len(names))
    lowered = [name.lower() for name in names]
    for index, name in enumerate(lowered):
        if name in lowered[:index]:
            raise errors.NameTaken(
                _("Two seats are called “%(name)s”.") % {"name": names[index]}
            )
    options = rules.clean_options(options)
    if host_seat is not None and not (
        isinstance(host_seat, int) and 0 <= host_seat < len(names)
    ):
        raise errors.SeatNotInMatch(_("The host's seat must be one of the seats."))
    earlier = started_with(host, key)
    if earlier:
        return earlier
    try:
        match, event = create_started_match(host, game, names, options, host_seat, key)
    except IntegrityError:
        # Another start with this key committed while this one ran (the
        # start_key_once_per_actor constraint): answer as it did.
        earlier = started_with(host, key)
        if earlier is None:
            raise
        return earlier
    if host_seat is not None and not host.display_name:
        host.display_name = names[host_seat]
        host.save(update_fields=["display_name"])
    return Result(match, event)


def started_with(actor, key):
    """The start ``actor`` already made with ``key``, as a replay; or None."""
    if clean_key(key) is None or getattr(actor, "pk", None) is None:
        return None
    earlier = (
        Event.objects.select_related("match")
        .filter(kind=Event.Kind.STARTED, actor_id=actor.pk, idempotency_key=key)
        .first()
    )
    return Result(earlier.match, earlier, replayed=True) if earlier else None


def create_started_match(host, game, names, options, host_seat, key):
    with transaction.atomic():
        match = create_match(host, game, options)
        Membership.objects.create(match=match, user=host)
        seats = Seat.objects.bulk_create(
            Seat(
                match=match,
                name=name,
                position=position,
                claimed_by=host if position == host_seat else None,
            )
            for position, name in enumerate(names)
        )
        first_round(match, seats)
        event = Event.objects.create(
            match=match,
            version=match.version,
            kind=Event.Kind.STARTED,
            actor=host,
            after={"game": game, "seats": names, "options": options},
            idempotency_key=key,
        )
    return match, event


def first_round(match, seats, dealer_position=0):
    """Round 1, dealt by the seat at ``dealer_position`` (else the first seat),
    and the standings before it."""
    seats = sorted(seats, key=lambda seat: seat.position)
    dealer = next((s for s in seats if s.position == dealer_position), None)
    dealer = dealer or (seats[0] if seats else None)
    Round.objects.create(match=match, number=1, dealer=dealer)
    views = [seat_view(seat) for seat in seats]
    match.standings = match.rules.initial(views, match.options).to_data()
    match.save(update_fields=["standings"])


def create_match(host, game, options):
    # A clash of random codes is rare; each try is its own savepoint.
    for _attempt in range(10):
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
    raise errors.Refusal(_("Could not find a free join code; try again."))


def join_match(user, code, *, seat_id=None, name=None, key=None):
    """Join by code: claim the unclaimed seat ``seat_id``, or take a new seat."""
    code = str(code).strip().upper()
    match = None
    if len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET):
        match = Match.objects.filter(code=code).first()
    if match is None:
        raise errors.MatchNotFound(_("No match has that code."))

    def apply(match):
        if user is None or not user.is_authenticated:
            raise errors.NotAMember(_("Sign in or continue as a guest to join."))
        if Seat.objects.filter(match=match, claimed_by=user).exists():
            raise errors.AlreadySeated()
        if seat_id is not None:
            seat = get_seat(match, seat_id)
            claimed = Seat.objects.filter(pk=seat.pk, claimed_by__isnull=True).update(
                claimed_by=user
            )
            if not claimed:
                raise errors.SeatTaken()
            seat.claimed_by = user
            after = {"seat": seat.pk, "name": seat.name, "claimed": True}
        else:
            seat = new_seat(match, name)
            seat.claimed_by = user
            seat.save(update_fields=["claimed_by"])
            after = {"seat": seat.pk, "name": seat.name, "claimed": False}
        Membership.objects.get_or_create(match=match, user=user)
        if not user.display_name:
            user.display_name = seat.name
            user.save(update_fields=["display_name"])
        change = {"seats": [seat_data(seat)]}
        return Applied(user, Event.Kind.JOINED, {}, after, change)

    request = ["join", code, seat_id, name]
    return run_change(match.pk, key, apply, actor=user, request=request)


def hand_over_host(actor, match_id, user_id, *, key=None):
    """The host hands the host role to another member."""

    def apply(match):
        require_host(match, actor)
        if user_id == match.host_id:
            raise errors.NoChange(_("That member is already the host."))
        if (
            not is_whole(user_id)
            or not Membership.objects.filter(match=match, user_id=user_id).exists()
        ):
            raise errors.NotAMember(_("The new host must be a member of the match."))
        before = {"host": match.host_id}
        match.host_id = user_id
        match.save(update_fields=["host"])
        after = {"host": user_id}
        return Applied(actor, Event.Kind.HOST_HANDED, before, after, dict(after))

    request = ["hand_over_host", user_id]
    return run_change(match_id, key, apply, actor=actor, member=True, request=request)


def rematch_of(match_id):
    """The match started as a rematch of ``match_id``, if there is one."""
    event = (
        Event.objects.select_related("match")
        .filter(kind=Event.Kind.STARTED, after__rematch_of=match_id)
        .first()
    )
    return event


def rematch(actor, match_id, *, key=None):
    """Any member plays an ended match again: same game, host, seats, claims,
    options and members, in a new match whose ``match_started`` event names the
    old one. The deal passes on from the old match's last dealer.

    The old match stays as it ended (its writes are refused), but its log gains a
    ``rematch`` event and its version rises, as for every change its phones hear
    of: a phone that ignores versions it has still follows the table there. An
    ended match has at most one rematch: whoever asks again, and with whatever
    key, gets it back, replayed, so the phones that tapped second land there too.
    """
    clean_key(key)
    with transaction.atomic():
        # Locks the old match's row on PostgreSQL so two rematches queue.
        old = Match.objects.select_for_update().filter(pk=match_id).first()
        if old is None:
            raise errors.MatchNotFound()
        require_member(old, actor)
        if old.is_live:
            raise errors.MatchStillLive()
        earlier = rematch_of(old.pk)
        if earlier:
            return Result(earlier.match, earlier, replayed=True)
        # A rematch is a start: its key is the host's, once across matches.
        earlier = started_with(actor, key)
        if earlier:
            return earlier

        match = create_match(old.host, old.game, old.options)
        members = Membership.objects.filter(match=old).values_list("user", flat=True)
        Membership.objects.bulk_create(
            Membership(match=match, user_id=user_id) for user_id in members
        )
        seats = list(Seat.objects.filter(match=old))
        made = Seat.objects.bulk_create(
            Seat(
                match=match,
                name=seat.name,
                position=seat.position,
                claimed_by_id=seat.claimed_by_id,
            )
            for seat in seats
        )
        first_round(match, made, next_dealer_position(old, seats))
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
        # The news for phones still on the old match's page is a change of its
        # own: a new version and its event, pushed once the rematch commits.
        news = {"rematch": match.pk, "url": match.get_absolute_url(), "by": str(actor)}
        Match.objects.filter(pk=old.pk).update(version=F("version") + 1)
        old.refresh_from_db(fields=["version"])
        after = {"rematch": match.pk}
        sql.append_event(old, Event.Kind.REMATCH, actor, {}, after, None)
        broadcast.announce(old, old.version, Event.Kind.REMATCH, news)
    return Result(match, event)


def next_dealer_position(old, seats):
    """The position after the old match's last dealer: the deal goes on."""
    last = Round.objects.filter(match=old).order_by("-number").first()
    dealer = next((s for s in seats if last and s.pk == last.dealer_id), None)
    if dealer is None:
        return 0
    positions = sorted(s.position for s in seats)
    later = [p for p in positions if p > dealer.position]
    return (later or positions)[0]
