"""Schwimmen's hand checker: pick everyone's three cards, see each hand's value and
who pays.

A plain GET form, so it works without JavaScript and a checked hand is a link
that can be shared or reloaded. Opened from a live match (``?match=<id>``) by a
member, it fills in the seats' names and the table's Feuer option, and offers a
button that records the result for the open round through the core's record
endpoint.
"""

import json
from urllib.parse import urlencode

from django.shortcuts import render

from games.checker_views import match_for, record_form

from .forms import MAX_PLAYERS, MIN_PLAYERS, HandCheckerForm, clamp_players
from .rules import FEUER

# Built on the seeds' hands: Alice and Ben both hold 11 in a lone ace, and
# Alice pays because spades rank below clubs; Cara 18; Dev a Schnauz, 31.
EXAMPLE = (
    ("Alice", ("AS", "KD", "7H")),
    ("Ben", ("AC", "KH", "7D")),
    ("Cara", ("8S", "9D", "JS")),
    ("Dev", ("AH", "QH", "10H")),
)


def example_query(match=None):
    query = [("players", len(EXAMPLE)), ("feuer", "on")]
    query += [("match", match.pk)] if match else []
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
    match = match_for(request, "schwimmen")
    seats = list(match.seats.order_by("position")[:MAX_PLAYERS]) if match else []
    feuer = bool(match.options.get(FEUER, True)) if match else None
    # "Add a player" and "Remove" resize the form and keep what was picked, without
    # judging a half-picked table; any other submission is checked.
    resize = request.GET.get("resize")
    submitted = bool(resize or request.GET.get("players"))
    if resize:
        count = clamp_players(resize)
    else:
        count = clamp_players(request.GET.get("players"), default=len(seats) or 4)
    form = HandCheckerForm(
        request.GET if submitted else None, count=count, seats=seats, feuer=feuer
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
        "count": count,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "example_query": example_query(match),
    }
    return render(request, "schwimmen/hand_checker.html", context)
