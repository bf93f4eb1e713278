"""A whole-site backup of every match, and its restore into an empty database.

The file is the history's ``squarescores.matches`` format (docs/export-format.md)
with people's usernames, plus one key of its own, ``accounts``: every account with
its password hash, so people sign in to the restored site as before. A restore keeps
the ids of accounts, matches and seats, so links to ``/matches/<id>/`` and the ids in
events stay true; that is what sets it apart from ``import_match``, which adds one
match to a live site under new ids.
"""

from contextlib import contextmanager

from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils.dateparse import parse_datetime

from games.history import export
from games.models import Cell, Event, Match, Membership, Round, Seat
from squarescores.accounts.models import User

ACCOUNT_FIELDS = (
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


def _time(value):
    return value.isoformat() if value else None


def export_all():
    """Every match, oldest first, and every account, as plain data."""
    data = export.export_matches(Match.objects.order_by("pk"), accounts=True)
    data["accounts"] = [
        {
            name: _time(value) if name in ("date_joined", "last_login") else value
            for name, value in zip(ACCOUNT_FIELDS, row, strict=True)
        }
        for row in User.objects.order_by("pk").values_list(*ACCOUNT_FIELDS)
    ]
    return data


class NotEmpty(Exception):
    pass


class BadBackup(Exception):
    pass


def import_all(data):
    """Restore ``export_all()``'s data into a database without accounts or matches,
    in one transaction: all of it or nothing."""
    if not isinstance(data, dict) or data.get("format") != export.MANY_FORMAT:
        raise BadBackup(f"Not a {export.MANY_FORMAT} file.")
    if data.get("version") != export.VERSION:
        raise BadBackup(f"Unknown version {data.get('version')!r}.")
    if "accounts" not in data:
        raise BadBackup("A backup holds its accounts; this file has none.")
    with transaction.atomic(), _keeping_timestamps(Match, Membership, Round, Event):
        if User.objects.exists() or Match.objects.exists():
            raise NotEmpty("The database already has accounts or matches.")
        User.objects.bulk_create(
            User(**{**row, **_times(row, "date_joined", "last_login")})
            for row in data["accounts"]
        )
        for match in data["matches"]:
            _import_match(match)
        _reset_sequences(User, Match, Seat)
    return len(data["accounts"]), len(data["matches"])


def _when(value):
    return parse_datetime(value) if value else None


def _times(row, *names):
    return {name: _when(row[name]) for name in names}


def _import_match(data):
    if data.get("format") != export.FORMAT or data.get("version") != export.VERSION:
        raise BadBackup(f"A match that is not {export.FORMAT} {export.VERSION}.")
    row = data["match"]
    match = Match.objects.create(
        id=row["id"],
        game=row["game"],
        code=row["code"],
        status=row["status"],
        version=row["version"],
        host_id=row["host"],
        options=row["options"],
        **_times(row, "created_at", "ended_at"),
    )
    Membership.objects.bulk_create(
        Membership(match=match, user_id=p["id"], **_times(p, "joined_at"))
        for p in data["people"]
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
            dealer_id=r.get("dealer"),
            note=r.get("note", ""),
            closed_by_id=r["closed_by"],
            **_times(r, "opened_at", "closed_at"),
            # A file from before rounds could be voided has neither key.
            voided_at=_when(r.get("voided_at")),
            voided_by_id=r.get("voided_by"),
        )
        for r in data["rounds"]
    )
    Cell.objects.bulk_create(
        (
            Cell(round=round, seat_id=int(seat_id), field=field, value=value)
            for round, r in zip(rounds, data["rounds"], strict=True)
            for field, values in {"": r["cells"], **r.get("values", {})}.items()
            for seat_id, value in values.items()
        ),
        batch_size=1000,
    )
    Event.objects.bulk_create(
        (
            Event(
                match=match,
                version=e["version"],
                kind=e["kind"],
                actor_id=e["actor"],
                before=e["before"],
                after=e["after"],
                **_times(e, "created_at"),
            )
            for e in data["events"]
        ),
        batch_size=500,
    )
    if row.get("result") and not match.is_live:
        export.restore_result(match, row["result"])


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
