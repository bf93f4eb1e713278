"""Seats: a latecomer's seat, a new name, a released claim."""

from django.db.models import Max
from django.utils.translation import gettext as _

from games import errors
from games.models import Event, Round, Seat
from games.rules import OPEN
from games.sheet import seat_data

from .base import (
    Applied,
    check_name_free,
    clean_name,
    get_seat,
    require_host,
    run_change,
)


def new_seat(match, name):
    name = clean_name(name)
    count = Seat.objects.filter(match=match).count()
    match.rules.check_seat_count(count + 1)
    check_name_free(match, name)
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
        require_host(match, actor)
        seat = new_seat(match, name)
        after = {"seat": seat.pk, "name": seat.name, "first_round": seat.first_round}
        change = {"seats": [seat_data(seat)]}
        return Applied(actor, Event.Kind.SEAT_ADDED, {}, after, change)

    return run_change(
        match_id, key, apply, actor=actor, member=True, request=["add_seat", name]
    )


def rename_seat(actor, match_id, seat_id, name, *, key=None):
    def apply(match):
        require_host(match, actor)
        seat = get_seat(match, seat_id)
        new_name = clean_name(name)
        if new_name == seat.name:
            raise errors.NoChange()
        check_name_free(match, new_name, except_seat=seat)
        before = {"seat": seat.pk, "name": seat.name}
        seat.name = new_name
        seat.save(update_fields=["name"])
        after = {"seat": seat.pk, "name": seat.name}
        change = {"seats": [seat_data(seat)]}
        return Applied(actor, Event.Kind.SEAT_RENAMED, before, after, change)

    request = ["rename_seat", seat_id, name]
    return run_change(match_id, key, apply, actor=actor, member=True, request=request)


def release_claim(actor, match_id, seat_id, *, key=None):
    """The host frees a seat so another phone can claim it.

    The player who held it stays a member of the match.
    """

    def apply(match):
        require_host(match, actor)
        seat = get_seat(match, seat_id)
        if seat.claimed_by_id is None:
            raise errors.NoChange(_("Nobody has claimed that seat."))
        before = {"seat": seat.pk, "claimed_by": seat.claimed_by_id}
        seat.claimed_by = None
        seat.save(update_fields=["claimed_by"])
        after = {"seat": seat.pk, "claimed_by": None}
        change = {"seats": [seat_data(seat)]}
        return Applied(actor, Event.Kind.CLAIM_RELEASED, before, after, change)

    request = ["release_claim", seat_id]
    return run_change(match_id, key, apply, actor=actor, member=True, request=request)
