"""The hand checker: pick everyone's four cards, see each hand's value and the best.

A plain GET form, so it works without JavaScript and a checked round is a link
that can be shared or reloaded. Opened from a match (``?match=<id>``), a member
sees the seat names filled in and a way back to the table.
"""

from urllib.parse import urlencode

from django.shortcuts import render

from games.checker_views import match_for, record_form

from .forms import MAX_PLAYERS, MIN_PLAYERS, HandCheckerForm, clamp_players

# The seed's worked round: Alice 41, Ben 17, Cara 17, Dev 11.
EXAMPLE = (
    ("Alice", ("AS", "KS", "10S", "QS")),
    ("Ben", ("9H", "8H", "KC", "2D")),
    ("Cara", ("JD", "7D", "10C", "4S")),
    ("Dev", ("AC", "5H", "3D", "2S")),
)


def example_query(match=None):
    query = [("players", len(EXAMPLE))] + ([("match", match.pk)] if match else [])
    for index, (name, cards) in enumerate(EXAMPLE, start=1):
        query.append((f"p{index}-name", name))
        query.extend((f"p{index}-cards", card) for card in cards)
    return urlencode(query)


def winner_fields(match, verdict):
    """The record button's fields: the one winner's seat. None for a tie (End
    match banks it), or a name no seat has."""
    if match is None or verdict is None or verdict.is_tie:
        return None
    name = verdict.winners[0].casefold()
    seat = next((s for s in match.seats.all() if s.name.casefold() == name), None)
    if seat is None:
        return None
    return {"winner": seat.pk, "name": seat.name}


def hand_checker(request):
    match = match_for(request, "fortyone_exchange")
    names = [seat.name for seat in match.seats.all()][:MAX_PLAYERS] if match else []
    # "Add a player" and "Remove" resize the form and keep what was picked, without
    # judging a half-picked table; any other submission is checked.
    resize = request.GET.get("resize")
    submitted = bool(resize or request.GET.get("players"))
    if resize:
        count = clamp_players(resize)
    else:
        count = clamp_players(request.GET.get("players"), default=len(names) or 4)
    form = HandCheckerForm(request.GET if submitted else None, count=count, names=names)
    checked = submitted and not resize
    verdict = form.verdict if checked and form.is_valid() else None
    context = {
        "form": form,
        "match": match,
        "verdict": verdict,
        "record": record_form(match, winner_fields(match, verdict)),
        "checked": checked,
        "hands": form.hands_to_pick(show_errors=checked),
        "count": count,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "example_query": example_query(match),
    }
    return render(request, "fortyone_exchange/hand_checker.html", context)
