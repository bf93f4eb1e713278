"""The TV link's read side: the match a secret names, and what the big screen draws.

A TV draws the fragments every phone gets (the module's standings and rows, the
core's line saying who deals, the result) and never a control. Its page and its
snapshot render the rows without the host's correction and the open round with
the round's number in place of the module's entry form; a push is the one every
phone gets, rendered once, and the TV's script drops every control it holds
before drawing it (static/js/tv.js). Nobody's account is named: seats only.
"""

import json
import re

from django.conf import settings
from django.db.models import prefetch_related_objects
from django.urls import reverse
from django.utils import translation

from . import errors, live
from .actions.tv import allows, check_revoke, check_share
from .models import TV_SECRET_LENGTH, Match, Seat
from .rules import OPEN
from .sheet import recent_rounds

# What the TV's fragments are rendered with: no correction, no entry form.
TV_ENTRY_TEMPLATE = "games/tv/_entry.html"
READ_ONLY = {"correctable": False, "entry_template": TV_ENTRY_TEMPLATE}
# A big screen shows the latest rounds, newest first; the history has them all.
TV_ROUNDS = 10

SECRET_FORM = re.compile(rf"[A-Za-z0-9_-]{{{TV_SECRET_LENGTH}}}")


def match_for(secret):
    """The match whose TV link has ``secret``, or None (a wrong or revoked one).

    Found by the secret's unique index; what could never be a secret is not
    looked up at all.
    """
    if not isinstance(secret, str) or not SECRET_FORM.fullmatch(secret):
        return None
    return Match.objects.filter(tv_secret=secret).first()


def sheet(match):
    """The TV's fragments of ``match`` (``live.sheet_html`` read only) and the
    rounds they show, oldest first."""
    rounds = recent_rounds(match, TV_ROUNDS)
    prefetch_related_objects(rounds, "cells")
    seats = list(Seat.objects.filter(match=match))
    return live.sheet_html(match, seats, rounds, READ_ONLY), rounds


def snapshot(secret, language=None):
    """What a TV socket receives first, and again when it asks, in ``language``
    (the site's by default); refuses a wrong or revoked secret as no match."""
    match = match_for(secret)
    if match is None:
        raise errors.MatchNotFound()
    with translation.override(language or settings.LANGUAGE_CODE):
        html, rounds = sheet(match)
    return {
        "type": "snapshot",
        "version": match.version,
        "status": match.shown_status,
        "result": match.result,
        "first_shown": rounds[0].number if rounds else 1,
        "html": {
            "open": html["open"],
            "rows": html["rows"],
            "standings": html["standings"],
        },
    }


# What a push tells phones that a screen anyone in the room reads must not: whose
# account holds a seat, who closed a round, who corrected or moved on.
ACCOUNT_KEYS = {"claimed_by", "closed_by"}
ACTOR_KEYS = {"by", "notice"}


def for_the_screen(text):
    """The text of a push every phone gets, as a TV socket forwards it: without
    user ids (a seat's ``claimed_by``, a round's ``closed_by``) or the names of
    who acted (a correction's or a rematch's ``by``, the notice that says it)."""
    message = json.loads(text)
    for key in ACTOR_KEYS:
        message.pop(key, None)
    for seat in message.get("seats") or ():
        for key in ACCOUNT_KEYS:
            seat.pop(key, None)
    for round in message.get("rounds") or ():
        for key in ACCOUNT_KEYS:
            round.pop(key, None)
    if isinstance(message.get("correction"), dict):
        message["correction"].pop("by", None)
    return json.dumps(message, separators=(",", ":"))


def closed_rows(html, rounds):
    """The rows of ``sheet``'s closed rounds, newest first, as the TV lists them."""
    return [html["rows"][str(r.number)] for r in reversed(rounds) if r.status != OPEN]


def tv_url(request, secret):
    return request.build_absolute_uri(reverse("tv", args=[secret]))


def host_tools(request, match, user):
    """What the host tools show of the TV link, by asking the actions' checks:
    None for anyone who may not share it; else its address (None until shared)
    and whether it may be revoked."""
    if not allows(check_share, match, user):
        return None
    return {
        "url": tv_url(request, match.tv_secret) if match.tv_secret else None,
        "may_revoke": allows(check_revoke, match, user),
    }
