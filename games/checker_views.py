"""What a module's hand checker page shares: the match it was opened from and the
core's record form for that match's open round.

A checker is a plain GET page of the module's own (``RuleModule.urls``); opened
from a match (``?match=<id>``) by one of its members, it fills in the seats and
offers one button that records its verdict through the core's record endpoint.
"""

import uuid

from .models import Match
from .rules import OPEN
from .seat_ids import id_or_none


def match_for(request, game):
    """The ``game`` match the checker was opened from, if the visitor is one of
    its members; else None (the checker then works on its own)."""
    match_id = id_or_none(request.GET.get("match", ""))
    if match_id is None or not request.user.is_authenticated:
        return None
    return Match.objects.filter(pk=match_id, members=request.user, game=game).first()


def record_form(match, fields):
    """The form that records ``fields`` (what the module's ``payload_from_form``
    reads) for the match's open round, or None when it cannot be used: no match,
    a match no longer live, or nothing to record."""
    if match is None or fields is None or not match.is_live:
        return None
    open_round = match.rounds.filter(status=OPEN).first()
    if open_round is None:
        return None
    return {
        "action": f"{match.get_absolute_url()}record/",
        "round": open_round.number,
        # A fresh idempotency key per rendering: a double tap records once.
        "key": uuid.uuid4().hex,
        **fields,
    }
