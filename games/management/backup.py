"""A whole-site backup of every match as JSON, and its restore into an empty database.

The file holds the accounts (so seats, hosts and events keep their people) and every
match with its members, seats, rounds with their cells, and its event log. Matches,
seats and accounts keep their ids, because URLs, pushes and events name them; rows
nobody names (rounds, cells, events, memberships) get new ids on restore.
"""

from contextlib import contextmanager

from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils.dateparse import parse_datetime

from games.models import Cell, Event, Match, Membership, Round, Seat
from squarescores.accounts.models import User

FORMAT = "squarescores.backup"
FORMAT_VERSION = 1
USER_FIELDS = (
    "id",
    "username",
    "display_name",
    "password",
    "email",
    "first_name",
    "last_name",
    "is_active",
    "is_staff",
    "is_superuser",
    "date_joined",
    "last_login",
)
TIMES = {"date_joined", "last_login", "created_at", "ended_at", "joined_at"}


def _time(value):
    return value.isoformat() if value else None


def _plain(obj, fields):
    return {
        name: _time(getattr(obj, name)) if name in TIMES else getattr(obj, name)
        for name in fields
    }


def export_all():
    """Every account and every match, in id order, as plain data."""
    users = [_plain(user, USER_FIELDS) for user in User.objects.order_by("pk")]
    matches = [export_match(match) for match in Match.objects.order_by("pk")]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "users": users,
        "matches": matches,
    }


def export_match(match):
    cells = {}
    for round_id, seat_id, value in Cell.objects.filter(round__match=match).values_list(
        "round_id", "seat_id", "value"
    ):
        cells.setdefault(round_id, {})[str(seat_id)] = value
    return {
        "id": match.pk,
        "game": match.game,
        "code": match.code,
        "status": match.status,
        "version": match.version,
        "host": match.host_id,
        "options": match.options,
        "created_at": _time(match.created_at),
        "ended_at": _time(match.ended_at),
        "members": [
            {"user": m.user_id, "joined_at": _time(m.joined_at)}
            for m in match.memberships.order_by("user_id")
        ],
        "seats": [
            {
                "id": seat.pk,
                "name": seat.name,
                "position": seat.position,
                "first_round": seat.first_round,
                "claimed_by": seat.claimed_by_id,
            }
            for seat in match.seats.order_by("position")
        ],
        "rounds": [
            {
                "number": round.number,
                "status": round.status,
                "winner": round.winner_id,
                "cells": dict(sorted(cells.get(round.pk, {}).items())),
                "opened_at": _time(round.opened_at),
                "closed_at": _time(round.closed_at),
                "closed_by": round.closed_by_id,
            }
            for round in match.rounds.order_by("number")
        ],
        "events": [
            {
                "version": event.version,
                "kind": event.kind,
                "actor": event.actor_id,
                "before": event.before,
                "after": event.after,
                "created_at": _time(event.created_at),
                "idempotency_key": event.idempotency_key,
            }
            for event in match.events.order_by("version")
        ],
    }


class NotEmpty(Exception):
    pass


class BadBackup(Exception):
    pass


def import_all(data):
    """Restore ``export_all()``'s data into a database that has no accounts or
    matches yet, in one transaction: all of it or nothing."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadBackup(f"Not a {FORMAT} file.")
    if data.get("format_version") != FORMAT_VERSION:
        raise BadBackup(f"Unknown format_version {data.get('format_version')!r}.")
    with transaction.atomic(), _keeping_timestamps(Match, Membership, Round, Event):
        if User.objects.exists() or Match.objects.exists():
            raise NotEmpty("The database already has accounts or matches.")
        User.objects.bulk_create(
            User(**{**user, **_times(user, "date_joined", "last_login")})
            for user in data["users"]
        )
        for match in data["matches"]:
            _import_match(match)
        _reset_sequences(User, Match, Seat)
    return len(data["users"]), len(data["matches"])


def _times(row, *names):
    return {name: parse_datetime(row[name]) if row[name] else None for name in names}


def _import_match(data):
    match = Match.objects.create(
        id=data["id"],
        game=data["game"],
        code=data["code"],
        status=data["status"],
        version=data["version"],
        host_id=data["host"],
        options=data["options"],
        **_times(data, "created_at", "ended_at"),
    )
    Membership.objects.bulk_create(
        Membership(match=match, user_id=m["user"], **_times(m, "joined_at"))
        for m in data["members"]
    )
    Seat.objects.bulk_create(
        Seat(
            id=s["id"],
            match=match,
            name=s["name"],
            position=s["position"],
            first_round=s["first_round"],
            claimed_by_id=s["claimed_by"],
        )
        for s in data["seats"]
    )
    rounds = Round.objects.bulk_create(
        Round(
            match=match,
            number=r["number"],
            status=r["status"],
            winner_id=r["winner"],
            closed_by_id=r["closed_by"],
            **_times(r, "opened_at", "closed_at"),
        )
        for r in data["rounds"]
    )
    Cell.objects.bulk_create(
        Cell(round=round, seat_id=int(seat_id), value=value)
        for round, r in zip(rounds, data["rounds"], strict=True)
        for seat_id, value in r["cells"].items()
    )
    Event.objects.bulk_create(
        Event(
            match=match,
            version=e["version"],
            kind=e["kind"],
            actor_id=e["actor"],
            before=e["before"],
            after=e["after"],
            idempotency_key=e["idempotency_key"],
            **_times(e, "created_at"),
        )
        for e in data["events"]
    )


@contextmanager
def _keeping_timestamps(*models):
    """Let the restore write the backup's times instead of now."""
    fields = [
        field
        for model in models
        for field in model._meta.concrete_fields
        if getattr(field, "auto_now_add", False)
    ]
    for field in fields:
        field.auto_now_add = False
    try:
        yield
    finally:
        for field in fields:
            field.auto_now_add = True


def _reset_sequences(*models):
    # Rows written with their own ids leave PostgreSQL's id sequences behind.
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
