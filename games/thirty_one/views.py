"""Thirty-One's hand checker: pick everyone's three cards and who closed, see each
hand's value, how the round ended and who pays how many lives.

A plain GET form, so it works without JavaScript and a checked round is a link
to share. Opened from a live match (``?match=<id>``) by a member, it takes the
seats' names and the match's options, and offers a button that records the
verdict for the open round through the core's record endpoint.
"""

import json
from urllib.parse import urlencode

from django.shortcuts import render

from games.checker_views import match_for, record_form

from .forms import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES,
    HandCheckerForm,
    clamp_players,
    rule_set_from,
)
from .rules import PRESETS

# Blitz: Ben closed on 11, a lone ace, and ties Alice's lone ace; Blitz has no
# tiebreaker, so the closer rule settles it and Alice pays. Cara 18, Dev 12.
EXAMPLE = (
    ("Alice", ("AS", "KD", "7H")),
    ("Ben", ("AC", "KH", "7D")),
    ("Cara", ("8S", "9D", "JS")),
    ("Dev", ("QH", "2H", "3C")),
)
EXAMPLE_CLOSER = 2


def example_query(match=None):
    query = [("players", len(EXAMPLE)), ("closer", EXAMPLE_CLOSER)]
    if match:
        query.append(("match", match.pk))
    else:
        query += [("rule_set", "blitz"), ("three_of_a_kind", "disabled")]
        query += [("closer_rule", "on")]
    for index, (name, cards) in enumerate(EXAMPLE, start=1):
        query.append((f"p{index}-name", name))
        query.extend((f"p{index}-cards", card) for card in cards)
    return urlencode(query)


def payload_fields(checked):
    """The checked hands' record, as the record form posts it."""
    if checked is None or checked.payload is None:
        return None
    return {"payload": json.dumps(checked.payload)}


def hand_checker(request):
    match = match_for(request, RULES.key)
    seats = list(match.seats.order_by("position")[:MAX_PLAYERS]) if match else []
    # "Add a player" and "Remove" resize the form and keep what was picked, without
    # judging a half-picked table; any other submission is checked.
    resize = request.GET.get("resize")
    submitted = bool(resize or request.GET.get("players"))
    if resize:
        count = clamp_players(resize)
    else:
        count = clamp_players(request.GET.get("players"), default=len(seats) or 4)
    form = HandCheckerForm(
        request.GET if submitted else None,
        count=count,
        seats=seats,
        options=match.options if match else None,
        rule_set=rule_set_from(request.GET.get("rule_set")),
    )
    checked = submitted and not resize
    result = form.checked if checked and form.is_valid() else None
    context = {
        "form": form,
        "match": match,
        "result": result,
        "checked": checked,
        "record": record_form(match, payload_fields(result)),
        "hands": form.hands_to_pick(show_errors=checked),
        "options": RULES.describe_options(form.options_in_force()),
        "presets_json": json.dumps(PRESETS),
        "rule_sets": [(key, dict(RULES.options[0].choices)[key]) for key in PRESETS],
        "game_name": RULES.name,
        "count": count,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "example_query": example_query(match),
    }
    return render(request, "thirty_one/hand_checker.html", context)
