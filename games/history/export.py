"""A match as plain data (JSON) and as a sheet (CSV), and back.

The JSON format is documented in docs/export-format.md. Its ``format`` name and
``version`` number change only when a reader would have to change; new keys may be
added within a version. Backups build on ``export_matches`` and ``import_match``.
"""

import csv
import io
import json

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.models import Cell, Event, Match, Membership, Round, Seat, new_join_code
from games.rules import MAIN, counted
from games.sheet import rebuild_standings, round_view, seat_view
from games.words import for_the_log
from squarescores.accounts.models import User

FORMAT = "squarescores.match"
MANY_FORMAT = "squarescores.matches"
VERSION = 1

# Keys of the event payloads that name a seat or an account of the match.
SEAT_KEYS = ("seat", "winner", "dealer")
USER_KEYS = ("claimed_by", "host")


class ImportRefused(ValueError):
    pass


def _iso(moment):
    return moment.isoformat() if moment else None


def prefetched(queryset):
    """``queryset`` of matches with everything an export reads, in six queries."""
    return queryset.select_related("host").prefetch_related(
        "seats",
        Prefetch("rounds", Round.objects.prefetch_related("cells")),
        Prefetch("events", Event.objects.order_by("version")),
        Prefetch(
            "memberships",
            Membership.objects.select_related("user").order_by("joined_at", "id"),
        ),
    )


def export_match(match, *, accounts=False):
    """One match as a dict in the ``squarescores.match`` format.

    ``accounts`` adds each person's username, which a restore needs to give the
    matches back to the same accounts; a member's download leaves it out.
    """
    match = prefetched(Match.objects.filter(pk=match.pk)).get()
    return {"format": FORMAT, "version": VERSION, **_match_data(match, accounts)}


def export_matches(queryset, *, accounts=False):
    """Many matches as one dict in the ``squarescores.matches`` format."""
    return {
        "format": MANY_FORMAT,
        "version": VERSION,
        "exported_at": _iso(timezone.now()),
        "matches": [
            {"format": FORMAT, "version": VERSION, **_match_data(match, accounts)}
            for match in prefetched(queryset)
        ],
    }


def _match_data(match, accounts):
    # A record, not a page: its words for people (the game's name, the options
    # described, the rounds' notes) are English whoever downloads it.
    with for_the_log():
        return _match_record(match, accounts)


def _match_record(match, accounts):
    rules = match.rules
    seats = list(match.seats.all())
    rounds = list(match.rounds.all())
    # A voided round is in the rounds, marked, and counts for nothing.
    views = counted([round_view(r) for r in rounds])
    summary = rules.summarize(
        [seat_view(seat) for seat in seats], views, options=match.options
    )
    return {
        "match": {
            "id": match.pk,
            "game": match.game,
            "game_name": str(rules.name),
            "code": match.code,
            "status": match.shown_status,
            "version": match.version,
            "options": match.options,
            "options_described": [
                {"label": str(label), "value": str(value)}
                for label, value in rules.describe_options(match.options)
            ],
            "host": match.host_id,
            "created_at": _iso(match.created_at),
            "ended_at": _iso(match.ended_at),
            # The game's result when the game decided the match; else null.
            "result": match.result,
        },
        "people": [_person(m, accounts) for m in match.memberships.all()],
        "seats": [
            {
                "id": seat.pk,
                "name": seat.name,
                "position": seat.position,
                "first_round": seat.first_round,
                "claimed_by": seat.claimed_by_id,
            }
            for seat in seats
        ],
        "rounds": [
            {
                "number": r.number,
                "status": r.status,
                "winner": r.winner_id,
                "opened_at": _iso(r.opened_at),
                "closed_at": _iso(r.closed_at),
                "closed_by": r.closed_by_id,
                "cells": {str(seat): value for seat, value in _cells(r).items()},
                "values": _named_values(r),
                "dealer": r.dealer_id,
                "note": r.note,
                "voided_at": _iso(r.voided_at),
                "voided_by": r.voided_by_id,
            }
            for r in rounds
        ],
        "events": [
            {
                "version": e.version,
                "kind": e.kind,
                "actor": e.actor_id,
                "before": e.before,
                "after": e.after,
                "created_at": _iso(e.created_at),
            }
            for e in match.events.all()
        ],
        # Derived by the game's rules; a reader may show it, an import ignores it.
        "summary": json.loads(json.dumps(summary)),
    }


def _cells(round, field=MAIN):
    return {
        c.seat_id: c.value
        for c in sorted(round.cells.all(), key=_by_seat)
        if c.field == field
    }


def _named_values(round):
    fields = sorted({c.field for c in round.cells.all()} - {MAIN})
    return {
        field: {str(seat): value for seat, value in _cells(round, field).items()}
        for field in fields
    }


def _by_seat(cell):
    return cell.seat_id


def _person(membership, accounts):
    user = membership.user
    data = {"id": user.pk, "name": str(user), "joined_at": _iso(membership.joined_at)}
    if accounts:
        data["username"] = user.username
    return data


# CSV -------------------------------------------------------------------------------


def _text(value):
    """A name as a spreadsheet cell: one that starts like a formula stays text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def match_csv(match):
    """The sheet as CSV: one row per round, one column per seat."""
    data = export_match(match)
    seats = data["seats"]
    names = {seat["id"]: seat["name"] for seat in seats}
    people = {person["id"]: person["name"] for person in data["people"]}
    lines = {line["number"]: line for line in data["summary"].get("rounds", ())}
    groups = _line_groups(lines.values())
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["round", "status", "winner", "note", "recorded_by", "recorded_at"]
        + ["voided_at"]
        + [_text(seat["name"]) for seat in seats]
        + [
            _text(f"{seat['name']} {key}") if per_seat else key
            for key, per_seat in groups
            for seat in (seats if per_seat else seats[:1])
        ]
    )
    for r in data["rounds"]:
        winner = names.get(r["winner"], "") if r["status"] != "draw" else "draw"
        line = lines.get(r["number"], {})
        writer.writerow(
            [
                r["number"],
                r["status"],
                _text(winner),
                _text(r["note"]),
                _text(people.get(r["closed_by"], "")),
                r["closed_at"] or "",
                r["voided_at"] or "",
            ]
            + [r["cells"].get(str(seat["id"]), "") for seat in seats]
            + [
                _figure(line.get(key), seat if per_seat else None)
                for key, per_seat in groups
                for seat in (seats if per_seat else seats[:1])
            ]
        )
    return out.getvalue()


def _line_groups(lines):
    """The columns a game's per-round summary lines add (say: state,
    bids, tricks, scores, totals): (key, per seat or one column), in the order
    the game gives them."""
    groups = {}
    for line in lines:
        for key, value in line.items():
            if key != "number":
                groups.setdefault(key, isinstance(value, dict))
    return list(groups.items())


def _figure(value, seat):
    if seat is None:
        return "" if value is None else _text(value)
    found = (value or {}).get(str(seat["id"]))
    return "" if found is None else found


# Import -----------------------------------------------------------------------------


def import_match(data, *, match_ids=None):
    """Recreate an exported match; returns the new Match.

    People with a ``username`` get that account (made if missing); the others
    become new guests with their name. ``match_ids`` maps old match ids to new ones
    across a restore of many matches, for ``rematch_of``.
    """
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ImportRefused(
            f"Not a {FORMAT} version {VERSION} file: "
            f"{data.get('format')!r} version {data.get('version')!r}."
        )
    with transaction.atomic():
        users = {p["id"]: _account(p) for p in data["people"]}
        match = _import_match_row(data["match"], users)
        _import_members(match, data["people"], users)
        seats = _import_seats(match, data["seats"], users)
        _import_rounds(match, data["rounds"], seats, users)
        _import_events(match, data["events"], seats, users, match_ids or {})
        result = data["match"].get("result")
        if result and not match.is_live:
            winners = [seats.get(seat) for seat in result.get("winners", ())]
            restore_result(match, {**result, "winners": winners})
    if match_ids is not None:
        match_ids[data["match"]["id"]] = match.pk
    return match


def _account(person):
    if person.get("username"):
        user, _ = User.objects.get_or_create(
            username=person["username"], defaults={"display_name": person["name"]}
        )
        return user
    return User.create_guest(display_name=person["name"])


def _import_match_row(row, users):
    code = row["code"]
    if Match.objects.filter(code=code).exists():
        code = new_join_code()
    match = Match.objects.create(
        game=row["game"],
        options=row["options"],
        host=users[row["host"]],
        status=row["status"],
        version=row["version"],
        code=code,
        ended_at=parse_datetime(row["ended_at"]) if row["ended_at"] else None,
    )
    # created_at is set on insert; give it back its recorded value.
    Match.objects.filter(pk=match.pk).update(
        created_at=parse_datetime(row["created_at"])
    )
    match.refresh_from_db()
    return match


def restore_result(match, result):
    """Decide an imported ``match`` with the file's ``result`` (naming this
    site's seats): the game decided it. The result's one copy is in the
    standings, so they are folded from the imported rounds here, the result
    kept as the file has it."""
    standings = rebuild_standings(match, list(Seat.objects.filter(match=match)))
    match.status = Match.Status.DECIDED
    match.standings = {**standings.to_data(), "result": result}
    match.save(update_fields=["status", "standings"])


def _import_members(match, rows, users):
    made = Membership.objects.bulk_create(
        Membership(match=match, user=users[row["id"]]) for row in rows
    )
    for membership, row in zip(made, rows, strict=True):
        membership.joined_at = _when(row["joined_at"])
    Membership.objects.bulk_update(made, ["joined_at"])


def _import_seats(match, rows, users):
    made = Seat.objects.bulk_create(
        Seat(
            match=match,
            name=row["name"],
            position=row["position"],
            first_round=row["first_round"],
            claimed_by=users.get(row["claimed_by"]),
        )
        for row in rows
    )
    return {row["id"]: seat.pk for row, seat in zip(rows, made, strict=True)}


def _when(value):
    return parse_datetime(value) if value else None


def _import_rounds(match, rows, seats, users):
    made = Round.objects.bulk_create(
        Round(
            match=match,
            number=row["number"],
            status=row["status"],
            winner_id=seats.get(row["winner"]),
            dealer_id=seats.get(row.get("dealer")),
            note=row.get("note", ""),
            closed_at=_when(row["closed_at"]),
            closed_by=users.get(row["closed_by"]),
            voided_at=_when(row.get("voided_at")),
            voided_by=users.get(row.get("voided_by")),
        )
        for row in rows
    )
    for round, row in zip(made, rows, strict=True):
        round.opened_at = _when(row["opened_at"])
    Round.objects.bulk_update(made, ["opened_at"], batch_size=500)
    Cell.objects.bulk_create(
        (
            Cell(round=round, seat_id=seats[int(seat)], field=field, value=value)
            for round, row in zip(made, rows, strict=True)
            for field, values in {MAIN: row["cells"], **row.get("values", {})}.items()
            for seat, value in values.items()
        ),
        batch_size=1000,
    )


def _remap(payload, seats, users, match_ids):
    payload = dict(payload)
    for key in SEAT_KEYS:
        if payload.get(key) is not None:
            payload[key] = seats.get(payload[key])
    for key in USER_KEYS:
        if payload.get(key) is not None:
            user = users.get(payload[key])
            payload[key] = user.pk if user else None
    if "rematch_of" in payload:
        payload["rematch_of"] = match_ids.get(payload["rematch_of"])
    if "values" in payload:
        # A correction's round values, field -> seat id -> value.
        payload["values"] = {
            field: {str(seats[int(seat)]): value for seat, value in values.items()}
            for field, values in payload["values"].items()
        }
    return payload


def _import_events(match, rows, seats, users, match_ids):
    made = Event.objects.bulk_create(
        Event(
            match=match,
            version=row["version"],
            kind=row["kind"],
            actor=users.get(row["actor"]),
            before=_remap(row["before"], seats, users, match_ids),
            after=_remap(row["after"], seats, users, match_ids),
        )
        for row in rows
    )
    for event, row in zip(made, rows, strict=True):
        event.created_at = _when(row["created_at"])
    Event.objects.bulk_update(made, ["created_at"], batch_size=500)
