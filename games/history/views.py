"""History pages and downloads: short views over ``summaries``, ``charts`` and
``export``. Only members see a match; the one change (rematch) is an action."""

import json
import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch, Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import actions, errors, live
from games.access import send_to_join
from games.bounds import ID_MAX
from games.models import Event, Match, Membership, Round, Seat
from games.rules import MAIN, RoundView
from games.sheet import round_view, seat_view, standings_of, worded
from squarescores.clubs.players import people as players_of

from . import charts, export, links, sittings
from .forms import MatchFilter
from .summaries import load_sheets

# A longer number in a guessed URL is no id.
MAX_ID = ID_MAX
MATCHES_PER_PAGE = 20
ROUNDS_PER_PAGE = 50
# The events that record or change a round, shown beside it.
ROUND_EVENTS = [
    Event.Kind.ROUND_WON,
    Event.Kind.ROUND_RECORDED,
    Event.Kind.CELL_MARKED,
    Event.Kind.ROUND_CORRECTED,
    Event.Kind.MATCH_DECIDED,
    Event.Kind.MATCH_REOPENED,
    Event.Kind.MATCH_ENDED,
    # Cuts the list: what came before an undo was taken back.
    Event.Kind.ROUND_UNDONE,
]


def my_matches(user):
    if not user.is_authenticated:
        return Match.objects.none()
    return Match.objects.filter(Exists(Membership.objects.of(OuterRef("pk"), user)))


def member_match(request, match_id):
    """The match, for a member; a non-member (or a guessed id) gets no content."""
    if match_id > MAX_ID:
        raise Http404("There is no such match.")
    match = get_object_or_404(Match.objects.select_related("host"), pk=match_id)
    if not my_matches(request.user).filter(pk=match.pk).exists():
        raise PermissionDenied("Join this match first.")
    return match


# A round's status as the history's correction lines say it.
STATUS_WORDS = {
    Round.Status.OPEN: _("open"),
    Round.Status.DRAW: _("draw"),
    Round.Status.WON: _("won"),
    Round.Status.SCORED: _("scored"),
}


def outcome(summary, match, views):
    """A round as an event's before or after saw it: the winner's name, a scored
    round worded by its module from the values the event kept, or a status (never
    the note it kept, which is English whoever reads the page)."""
    status = summary.get("status", "?")
    if status == Round.Status.WON:
        return summary.get("winner_name") or "?"
    if status == Round.Status.SCORED and "values" in summary:
        values = {
            field: {int(seat): value for seat, value in cells.items()}
            for field, cells in summary["values"].items()
        }
        number = summary["round"]
        round = RoundView(
            number=number, status=status, cells=values.get(MAIN, {}), values=values
        )
        return worded(match, round, views)
    return str(STATUS_WORDS.get(status, status))


def split_events(events):
    """A round's events as its record and its corrections. What found the round
    open recorded it (one phone's bid after another, then the record that
    closed it: the last of them says who recorded the round); what found it
    closed is the host's correction, whatever else it did (decided the match,
    or made it live again)."""
    records = [
        e
        for e in events
        if e.before.get("status") == Round.Status.OPEN
        and e.kind != Event.Kind.ROUND_CORRECTED
    ]
    return {
        "recorded": records[-1] if records else None,
        "corrections": [e for e in events if e not in records],
    }


def table_url(match):
    return reverse("match", args=[match.pk])


def filtered(matches, form):
    if not form.is_valid():
        return matches
    data = form.cleaned_data
    if data["game"]:
        matches = matches.filter(game=data["game"])
    if data["status"] == Match.Status.LIVE:
        matches = matches.filter(status=Match.Status.LIVE)
    elif data["status"]:
        # Ended by a member or decided by the module: both have ended.
        matches = matches.exclude(status=Match.Status.LIVE)
    if data["player"]:
        matches = matches.filter(
            Exists(
                Seat.objects.filter(match=OuterRef("pk")).filter(
                    Q(name__icontains=data["player"])
                    | Q(claimed_by__display_name__icontains=data["player"])
                )
            )
        )
    return matches


def match_list(request):
    form = MatchFilter(request.GET or None)
    matches = (
        filtered(my_matches(request.user), form)
        .annotate(played=Count("rounds", filter=~Q(rounds__status=Round.Status.OPEN)))
        .prefetch_related(
            Prefetch("seats", Seat.objects.annotate(won=Count("rounds_won")))
        )
        .order_by("-created_at", "-id")
    )
    page = Paginator(matches, MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "entries": sittings.entries(page.object_list),
        "query": query.urlencode(),
    }
    return render(request, "games/history/list.html", context)


def match_history(request, match_id):
    try:
        match = member_match(request, match_id)
    except PermissionDenied:
        return send_to_join(request)
    (sheet,) = load_sheets([match])
    summary = sheet.summary
    rounds = (
        Round.objects.filter(match=match)
        .select_related("closed_by", "winner", "voided_by")
        .prefetch_related("cells")
    )
    page = Paginator(rounds, ROUNDS_PER_PAGE).get_page(request.GET.get("page"))
    numbers = [round.number for round in page]
    views = [seat_view(seat) for seat in sheet.seats]
    events = {}
    for event in (
        Event.objects.filter(match=match, kind__in=ROUND_EVENTS)
        .filter(before__round__in=numbers)
        .select_related("actor")
    ):
        if event.kind == Event.Kind.ROUND_UNDONE:
            # The round was taken back: its story starts again after the undo.
            events[event.before["round"]] = []
            continue
        event.was = outcome(event.before, match, views)
        event.now = outcome(event.after, match, views)
        events.setdefault(event.before["round"], []).append(event)
    rows = [
        {"round": round, **split_events(events.get(round.number, []))} for round in page
    ]
    won = summary.get("rounds_won", {})
    statuses = {round.status for round in sheet.closed}
    lines = {line["number"]: line for line in summary.get("rounds", ())}
    for row in rows:
        round = row["round"]
        row["line"] = lines.get(round.number)
        if round.status == Round.Status.SCORED:
            # Worded from its data in the reader's language, not its stored note.
            row["text"] = worded(match, round_view(round), views)
    series = summary.get("series")
    standings = standings_of(match, sheet.seats)
    context = {
        # Rounds won mean nothing where rounds are scored (lives, bids) and none
        # is won: the standings say it all there.
        "counts_wins": Round.Status.SCORED not in statuses
        or Round.Status.WON in statuses,
        "match": match,
        "game": match.rules,
        "options": match.rules.describe_options(match.options),
        "seats": sheet.seats,
        "played": len(sheet.closed),
        "won": [(seat, won.get(seat.pk, 0)) for seat in sheet.seats],
        "draws": summary.get("draws"),
        "summary": summary,
        "page": page,
        "rows": rows,
        "bars": charts.bar_chart(sheet.seats, won, summary.get("draws")),
        "timeline": charts.timeline(sheet.seats, list(page)),
        "totals_chart": (
            charts.line_chart(sheet.seats, series, summary.get("target"))
            if series
            else None
        ),
        "names": {seat.pk: seat.name for seat in sheet.seats},
        "is_host": match.host_id == request.user.pk,
        "rematch": links.rematch_of(match),
        "rematch_of": links.replays(match),
        "sitting": sittings.of(match),
        "table_url": table_url(match),
        "key": uuid.uuid4().hex,
        "standings_html": live.standings_html(match, standings, sheet.seats),
        # The page's rounds as the paper sheet has them, today's totals below.
        "grid_html": [
            live.grid_row_html(match, round_view(round), sheet.seats)
            for round in page
            if round.status != Round.Status.OPEN
        ],
        "grid_foot_html": live.grid_foot_html(
            live.foot_data(match, standings, sheet.seats)
        ),
    }
    return render(request, "games/history/match.html", context)


def _download(response, name):
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def match_json(request, match_id):
    match = member_match(request, match_id)
    data = export.export_match(match)
    return _download(
        JsonResponse(data, json_dumps_params={"indent": 2}),
        f"squarescores-{match.code}.json",
    )


def match_csv(request, match_id):
    match = member_match(request, match_id)
    return _download(
        HttpResponse(export.match_csv(match), content_type="text/csv; charset=utf-8"),
        f"squarescores-{match.code}.csv",
    )


def all_json(request):
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in or join a match first.")
    data = export.export_matches(my_matches(request.user).order_by("created_at"))
    return _download(
        HttpResponse(json.dumps(data, indent=2), content_type="application/json"),
        "squarescores-matches.json",
    )


def players(request):
    # The stored rows of finished matches (squarescores/clubs/players.py).
    finished = my_matches(request.user).exclude(status=Match.Status.LIVE)
    found = players_of(request.user, finished)
    return render(
        request,
        "games/history/players.html",
        {"people": found, "matches": finished.count()},
    )


@require_POST
def rematch(request, match_id):
    if match_id > MAX_ID:
        raise Http404("There is no such match.")
    try:
        result = actions.rematch(
            request.user, match_id, key=request.POST.get("key") or None
        )
    except errors.MatchNotFound as refusal:
        raise Http404(refusal.message) from None
    except errors.NotAMember:
        raise PermissionDenied("Join this match first.") from None
    except errors.Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect("match_history", match_id=match_id)
    return redirect(table_url(result.match))
