"""What the live layer sends: a change rendered once for every phone, and snapshots.

A push carries the plain data of what changed and the HTML of the rows it touched,
rendered here once per change whatever the number of phones. Nothing in those
fragments depends on who looks at them: the page around them says who is the host
and which seat is "you", and the server decides what each of them may do.
"""

import json

from django.template.loader import render_to_string

from . import errors
from .models import Match, Membership, Round, Seat
from .rules import OPEN
from .sheet import recent_rounds, snapshot

OPEN_TEMPLATE = "games/match/_open_round.html"
ROW_TEMPLATE = "games/match/_round_row.html"


def playing(seats, number):
    """The seats that play round ``number``: latecomers start later."""
    return [seat for seat in seats if seat.first_round <= number]


def open_round_html(match, open_round, seats, context=None, request=None):
    return render_to_string(
        OPEN_TEMPLATE,
        {
            "match": match,
            "open_round": open_round,
            "seats": playing(seats, open_round.number) if open_round else [],
            **(context or {}),
        },
        request=request,
    )


def row_html(match, round, winner, seats, context=None, request=None):
    """One closed round as a row of the sheet. ``winner`` is a Seat or None."""
    return render_to_string(
        ROW_TEMPLATE,
        {
            "match": match,
            "round": round,
            "winner": winner,
            "seats": playing(seats, round.number),
            **(context or {}),
        },
        request=request,
    )


class _RoundData:
    """A round rebuilt from a push's plain data, for the row templates."""

    def __init__(self, data):
        self.number = data["number"]
        self.status = data["status"]
        self.winner_id = data["winner"]


def change_text(match_id, version, kind, change, *, match=None, seats=None):
    """The JSON text of one change, as every socket of the match receives it.

    Its cost follows what changed: the rounds named in ``change``, never the rounds
    the match has accumulated. ``match`` and ``seats`` are read unless the action
    passes them.
    """
    if match is None:
        match = Match.objects.only("id", "status", "game").get(pk=match_id)
    if seats is None:
        seats = list(Seat.objects.filter(match_id=match_id))
    by_id = {seat.pk: seat for seat in seats}
    rows = {}
    open_html = None
    for data in change.get("rounds", ()):
        round = _RoundData(data)
        if round.status == OPEN:
            open_html = open_round_html(match, round, seats)
        else:
            winner = by_id.get(round.winner_id)
            rows[str(round.number)] = row_html(match, round, winner, seats)
    if open_html is None and ("seats" in change or change.get("status") == "ended"):
        # A seat joined or the match ended: the open round's buttons change.
        open_round = Round.objects.filter(match_id=match_id, status=OPEN).first()
        open_html = open_round_html(match, open_round, seats)
    message = {
        "type": "change",
        "version": version,
        "kind": kind,
        **change,
        "html": {"open": open_html, "rows": rows},
    }
    return json.dumps(message, separators=(",", ":"))


def sheet_html(match, seats, rounds, context=None, request=None):
    """The open round and every closed row, as a snapshot or the page draws them.

    With ``request`` (the page) the forms carry this phone's CSRF token; without
    (a snapshot) the live client adds it.
    """
    by_id = {seat.pk: seat for seat in seats}
    open_round = next((r for r in rounds if r.status == OPEN), None)
    return {
        "open": open_round_html(match, open_round, seats, context, request),
        "rows": {
            str(r.number): row_html(
                match, r, by_id.get(r.winner_id), seats, context, request
            )
            for r in rounds
            if r.status != OPEN
        },
    }


def member_snapshot(match_id, user):
    """The snapshot a member's socket receives; refuses anyone else."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise errors.MatchNotFound()
    if not (
        user is not None
        and user.is_authenticated
        and Membership.objects.filter(match=match, user=user).exists()
    ):
        raise errors.NotAMember()
    rounds = recent_rounds(match)
    data = snapshot(match, rounds)
    seats = list(Seat.objects.filter(match=match))
    return {
        "type": "snapshot",
        **data,
        "first_shown": rounds[0].number if rounds else 1,
        "html": sheet_html(match, seats, rounds),
    }


def current_version(match_id):
    return (
        Match.objects.filter(pk=match_id).values_list("version", flat=True).first() or 0
    )
