"""The table's pages: start, join, the match sheet, and the forms it posts.

Each view translates a request into one action and the action's ``Refusal`` into an
answer; none decides a rule. Forms POST and redirect, so every page works without
JavaScript; the live client only makes it faster.
"""

import io
import uuid

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.db.models import prefetch_related_objects
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from squarescores.accounts.guests import ensure_user
from squarescores.clubs import actions as clubs_actions

from . import actions, errors, live, sitting, tv
from .access import send_to_join
from .actions.undo import undo_until, undoable
from .forms import (
    CodeForm,
    EndForm,
    HostForm,
    JoinForm,
    RoundForm,
    SeatForm,
    SeatNameForm,
    StartForm,
)
from .history.links import rematch_of, replays
from .limits import CODE_GUESSES, GUESTS
from .models import Match, Membership, Seat
from .rules import OPEN, registry
from .rules_views import match_links
from .sheet import recent_rounds, round_view, seat_view, values_of, worded


def refused(request, refusal, back=None):
    """The one place a Refusal becomes an answer: its message and HTTP status."""
    messages.error(request, refusal.message)
    context = {"refusal": refusal, "back": back or reverse("home")}
    response = render(request, "games/refused.html", context, status=refusal.status)
    return with_headers(response, refusal)


def with_headers(response, refusal):
    for name, value in refusal.headers.items():
        response[name] = value
    return response


def bad_form(request, form, back, match_id=None, user=None):
    """A form that does not parse: what is wrong with it, told to a member of
    ``match_id`` only (an outsider is told to join first)."""
    detail = " ".join(e for errs in form.errors.values() for e in errs)
    refusal = errors.BadValue(detail or None)
    if match_id is not None:
        try:
            actions.members_first(match_id, user, refusal)
        except errors.Refusal as first:
            refusal = first
    return refused(request, refusal, back)


def is_member(user, match):
    return Membership.objects.holds(match, user)


def join_url(match):
    return reverse("join", args=[match.code])


def match_by_code(request, code):
    """The match with this join code. A wrong code counts against the client, and
    one that has tried too many gets no answer at all (games/limits.py)."""
    CODE_GUESSES.check(request)
    match = Match.objects.filter(code=code.strip().upper()).first()
    if match is None:
        CODE_GUESSES.miss(request)
        raise errors.MatchNotFound(_("No match has that code."))
    return match


def player(request, name):
    """The request's user, or a new guest if its address may make one more."""
    if not request.user.is_authenticated:
        GUESTS.take(request)
    return ensure_user(request, name)


# Home, start and join ------------------------------------------------------------


def home(request):
    form = CodeForm(request.GET or None)
    if form.is_valid():
        code = form.cleaned_data["code"].strip().upper()
        return redirect("join", code=code)
    return render(request, "games/home.html", {"games": list(registry), "form": form})


def start(request):
    clubs = clubs_actions.check_clubs_of(request.user).values_list("pk", "name")
    form = StartForm(
        registry,
        request.POST or None,
        clubs=list(clubs),
        initial={"club": request.GET.get("club")},
    )
    if request.method == "POST" and form.is_valid():
        try:
            game = registry.get(form.cleaned_data["game"])
            names, me = form.seat_names()
            user = player(request, names[me] if me is not None else "")
            result = clubs_actions.start_club_match(
                user,
                form.cleaned_data.get("club"),
                game.key,
                names,
                form.options_for(game),
                host_seat=me,
            )
        except errors.Throttled as refusal:
            return refused(request, refusal, reverse("start"))
        except errors.Refusal as refusal:
            messages.error(request, refusal.message)
            return render(request, "games/start.html", {"form": form}, status=400)
        return redirect(result.match)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/start.html", {"form": form}, status=status)


def join(request, code):
    try:
        match = match_by_code(request, code)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    if not match.is_live:
        return join_ended(request, match)
    if is_member(request.user, match):
        return redirect(match)
    seats = list(match.seats.all())
    form = JoinForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return render_join(request, match, seats, form, status=400)
        seat_id, name = form.cleaned_data["seat"], form.cleaned_data["name"]
        if seat_id is not None:
            chosen = next((s for s in seats if s.pk == seat_id), None)
            name = name or (chosen.name if chosen else "")
        try:
            user = player(request, name)
            actions.join_match(user, match.code, seat_id=seat_id, name=name)
        except errors.Refusal as refusal:
            messages.error(request, refusal.message)
            response = render_join(request, match, seats, form, status=refusal.status)
            return with_headers(response, refusal)
        return redirect(match)
    return render_join(request, match, seats, form)


def join_ended(request, match):
    """An ended match's join link says so, instead of a form that would fail."""
    context = {
        "match": match,
        "game": match.rules,
        "seats": match.seats.all(),
        "member": is_member(request.user, match),
    }
    status = 200 if request.method in ("GET", "HEAD") else 409
    return render(request, "games/join_ended.html", context, status=status)


def render_join(request, match, seats, form, status=200):
    context = {
        "match": match,
        "game": match.rules,
        "form": form,
        "free_seats": [s for s in seats if s.claimed_by_id is None],
        "seats": seats,
    }
    return render(request, "games/join.html", context, status=status)


@require_GET
def join_qr(request, code):
    try:
        match = match_by_code(request, code)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    qr = segno.make(request.build_absolute_uri(join_url(match)), error="m")
    svg = io.BytesIO()
    # No size of its own: the page's <img> scales the viewBox to fit.
    qr.save(svg, kind="svg", xmldecl=False, border=2, omitsize=True, nl=False)
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


# The match table ------------------------------------------------------------------


@require_GET
def match_page(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if not is_member(request.user, match):
        return send_to_join(request)
    seats = list(Seat.objects.filter(match=match).select_related("claimed_by"))
    rounds = recent_rounds(match)
    prefetch_related_objects(rounds, "cells")
    you = next((s for s in seats if s.claimed_by_id == request.user.pk), None)
    fragments = live.sheet_html(
        match, seats, rounds, {"tap_key": uuid.uuid4().hex}, request
    )
    open_round = next((r for r in rounds if r.status == OPEN), None)
    closed = [r for r in rounds if r.status != OPEN]
    last_line = describe_round(match, closed[-1], seats) if closed else ""
    context = {
        "match": match,
        "game": match.rules,
        "options": match.rules.describe_options(match.options),
        "links": match_links(match),
        "rematch": rematch_of(match),
        "seats": seats,
        "you": you,
        "host_seat": next((s for s in seats if s.claimed_by_id == match.host_id), None),
        # Seated: every seat is on a phone, play began, or the table carried on
        # from its last match; the invite folds away.
        "seated": bool(closed)
        or all(s.claimed_by_id for s in seats)
        or replays(match) is not None,
        "is_host": match.host_id == request.user.pk,
        # The seats whose entries this phone fills in; the others read only.
        "record_seats": actions.seats_to_record_for(request.user, match, seats),
        "open_html": fragments["open"],
        "rows_html": [fragments["rows"][str(r.number)] for r in closed],
        "sitting": sitting.tally(match),
        "grid_html": [fragments["grid"][str(r.number)] for r in closed],
        "grid_foot_html": fragments["grid_foot"],
        "strip_html": fragments["strip"],
        "standings_html": fragments["standings"],
        "last_round": closed[-1] if closed else None,
        "last_line": last_line,
        "first_shown": rounds[0].number if rounds else 1,
        "open_round": open_round,
        "members": Membership.objects.filter(match=match).select_related("user"),
        "join_link": request.build_absolute_uri(join_url(match)),
        "end_key": uuid.uuid4().hex,
        "tv": tv.host_tools(request, match, request.user),
        "tv_key": uuid.uuid4().hex,
        **undo_bar(match, request.user, closed),
    }
    return render(request, "games/match.html", context)


def undo_bar(match, user, closed):
    """The undo bar's context: shown when the action's check lets this user undo
    the last closed round, for what is left of the window."""
    undo = undoable(match, user) if closed else None
    left = 0
    if undo is not None:
        left = (undo_until(undo) - timezone.now()).total_seconds()
    return {
        "undo": undo if left > 0 else None,
        "undo_left_ms": max(0, int(left * 1000)),
        "undo_seconds": settings.UNDO_SECONDS,
        "undo_key": uuid.uuid4().hex,
    }


def describe_round(match, round, seats):
    """A closed round (its cells prefetched) in the page's language, as the
    module words it from the round's data."""
    return worded(match, round_view(round), [seat_view(seat) for seat in seats])


def act(request, match_id, form_class, call):
    """Validate ``form_class`` from the POST, run ``call(user, data)``, redirect."""
    back = reverse("match", args=[match_id])
    form = form_class(request.POST)
    # The user is lazy: read the session and the user now, so that the action does
    # not read them while it holds the match's write lock; once, as a middleware
    # may have read them already (auth.get_user would ask again).
    user = request.user if request.user.is_authenticated else AnonymousUser()
    if not form.is_valid():
        return bad_form(request, form, back, match_id, user)
    try:
        call(user, form.cleaned_data)
    except errors.Refusal as refusal:
        return refused(request, refusal, back)
    return redirect(back)


def key(data):
    return data.get("key") or None


def with_payload(request, match_id, call):
    """``call(user, round, payload, key, game)`` for a module's form: the core reads
    ``round`` and ``key``, the module's ``payload_from_form`` the rest."""

    def run(user, data):
        match = Match.objects.filter(pk=match_id).only("game").first()
        if match is None:
            raise errors.MatchNotFound()
        try:
            payload = match.rules.payload_from_form(dict(request.POST.lists()))
        except errors.BadValue as refusal:
            actions.members_first(match_id, user, refusal)
        return call(user, data["round"], payload, key(data), match.game)

    return run


@require_POST
def record(request, match_id):
    call = with_payload(
        request,
        match_id,
        # The game read above: the action need not read it again.
        lambda user, number, payload, key, game: actions.record(
            user, match_id, number, payload, key=key, game=game
        ),
    )
    return act(request, match_id, RoundForm, call)


def correct(request, match_id):
    """GET: the host's forms for correcting one closed round (``?round=n``), a
    page of their own, or with ``part=form`` only the forms, which the table
    loads into the round's "Correct". POST: the correction."""
    if request.method != "POST":
        return correction(request, match_id)
    call = with_payload(
        request,
        match_id,
        lambda user, number, payload, key, game: actions.correct(
            user, match_id, number, payload, key=key
        ),
    )
    return act(request, match_id, RoundForm, call)


@require_GET
def correction(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if not is_member(request.user, match):
        return send_to_join(request)
    back = reverse("match", args=[match_id])
    form = RoundForm({"round": request.GET.get("round")})
    if not form.is_valid():
        return bad_form(request, form, back, match_id, request.user)
    try:
        round = actions.check_correct(match, request.user, form.cleaned_data["round"])
    except errors.Refusal as refusal:
        return refused(request, refusal, back)
    seats = list(Seat.objects.filter(match=match))
    view = round_view(round, values_of(round.cells.all()))
    forms_html = live.correct_html(match, view, seats, request)
    if request.GET.get("part") == "form":
        return HttpResponse(forms_html)
    context = {"match": match, "game": match.rules, "round": round, "forms": forms_html}
    return render(request, "games/correct.html", context)


def round_action(action):
    """A form that names a round and a key (Undo, Void, Restore): the action."""

    @require_POST
    def view(request, match_id):
        return act(
            request,
            match_id,
            RoundForm,
            lambda user, d: action(user, match_id, d["round"], key=key(d)),
        )

    return view


undo = round_action(actions.undo_round)
void = round_action(actions.void_round)
restore = round_action(actions.restore_round)


@require_POST
def set_dealer(request, match_id):
    return act(
        request,
        match_id,
        SeatForm,
        lambda user, d: actions.set_dealer(user, match_id, d["seat"]),
    )


def end(request, match_id):
    if request.method == "POST":
        return act(
            request,
            match_id,
            EndForm,
            lambda user, d: actions.end_match(user, match_id, key=key(d)),
        )
    match = get_object_or_404(Match, pk=match_id)
    if not is_member(request.user, match):
        return send_to_join(request)
    context = {"match": match, "end_key": uuid.uuid4().hex}
    return render(request, "games/end.html", context)


# The host's seat management -------------------------------------------------------


@require_POST
def add_seat(request, match_id):
    return act(
        request,
        match_id,
        SeatNameForm,
        lambda user, d: actions.add_seat(user, match_id, d["name"]),
    )


@require_POST
def rename_seat(request, match_id):
    return act(
        request,
        match_id,
        SeatNameForm,
        lambda user, d: actions.rename_seat(user, match_id, d["seat"], d["name"]),
    )


@require_POST
def release_claim(request, match_id):
    return act(
        request,
        match_id,
        SeatForm,
        lambda user, d: actions.release_claim(user, match_id, d["seat"]),
    )


@require_POST
def hand_over_host(request, match_id):
    return act(
        request,
        match_id,
        HostForm,
        lambda user, d: actions.hand_over_host(user, match_id, d["user"]),
    )
