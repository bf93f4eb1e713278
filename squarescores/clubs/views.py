"""The clubs' pages: each view reads, or calls one action, and answers. A
refusal becomes the site's refusal page with its status."""

import csv
import io

import segno
from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import errors
from games.rules import registry
from games.views import player, refused

from . import actions, boards, moves, pages, ratings
from .charts import form_chart, rating_chart
from .forms import BoardForm, ClubNameForm, LinkForm, PairForm
from .limits import invite_for, move_code_for
from .models import SeatResult


def club_list(request):
    form = ClubNameForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return refused(request, errors.BadValue(_("A club needs a name.")))
        try:
            user = player(request, request.POST.get("your_name", ""))
            club = actions.create_club(user, form.cleaned_data["name"])
        except errors.Refusal as refusal:
            return refused(request, refusal, reverse("club_list"))
        return redirect("club", club_id=club.pk)
    clubs = actions.check_clubs_of(request.user).order_by("name", "id")
    return render(request, "clubs/list.html", {"clubs": clubs, "form": form})


def season_of(form):
    data = form.cleaned_data if form.is_valid() else {}
    start, end = data.get("start"), data.get("end")
    try:
        return boards.season_from(
            data.get("season") or boards.ALL,
            start.isoformat() if start else None,
            end.isoformat() if end else None,
        )
    except ValueError:
        return boards.Season()


def club_page(request, club_id):
    try:
        me = actions.check_member(request.user, club_id)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    club = me.club
    form = BoardForm(request.GET or None)
    asked = form.data.get("game")
    games, game = pages.game_choice(club.pk, asked)
    season = season_of(form)
    members = pages.members(club.pk)
    pair = PairForm(request.GET if "first" in request.GET else None)
    versus = versus_names = None
    if pair.is_valid() and game:
        names = {member.pk: member.name for member in members}
        versus_names = [
            names.get(pair.cleaned_data[key], "?") for key in ("first", "second")
        ]
        versus = boards.head_to_head(
            club.pk,
            game,
            pair.cleaned_data["first"],
            pair.cleaned_data["second"],
            season,
        )
    context = {
        "club": club,
        "me": me,
        "form": form,
        "games": [registry.get(key) for key in games],
        "game": game,
        "season": season,
        "board": pages.board(club.pk, game, season),
        "members": members,
        "pair": pair,
        "versus": versus,
        "versus_names": versus_names,
        "matches": pages.recent_matches(club.pk),
        "is_admin": me.is_admin,
        "invites": pages.live_invites(club.pk) if me.is_admin else (),
    }
    return render(request, "clubs/club.html", context)


def member_page(request, club_id, member_id):
    try:
        me = actions.check_member(request.user, club_id)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    member = me.club.members.filter(pk=member_id).first()
    if member is None:
        return refused(request, actions.MemberNotFound())
    played = boards.by_game(member.pk)
    stories = []
    for row in played:
        if row["game"] not in registry:
            continue
        shares = [share for _e, _p, _s, share in boards.form(member.pk, row["game"])]
        best, current = boards.streaks(member.pk, row["game"])
        steps = boards.rating_history(member.pk, row["game"])
        stories.append(
            {
                **row,
                "name": registry.get(row["game"]).name,
                "rate": round(100 * row["won"] / row["played"]),
                "best_streak": best,
                "streak": current,
                "chart": form_chart(shares),
                "rating": ratings.shown(*steps[-1]) if steps else None,
                "rating_chart": rating_chart(steps),
            }
        )
    context = {
        "club": me.club,
        "me": me,
        "member": member,
        "stories": stories,
        "companions": boards.companions(member.pk),
        "results": pages.member_results(member.pk),
    }
    return render(request, "clubs/member.html", context)


def join(request, token):
    try:
        invite = invite_for(request, token)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    if request.method == "POST":
        try:
            user = player(request, request.POST.get("name", ""))
            actions.join_club(user, token)
        except errors.Refusal as refusal:
            return refused(request, refusal)
        return redirect("club", club_id=invite.club_id)
    member = actions.membership(request.user, invite.club_id)
    if member is not None:
        return redirect("club", club_id=invite.club_id)
    return render(request, "clubs/join.html", {"invite": invite})


def invite_qr(request, token):
    try:
        invite = invite_for(request, token)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    url = request.build_absolute_uri(reverse("club_join", args=[invite.token]))
    svg = io.BytesIO()
    segno.make(url, error="m").save(
        svg, kind="svg", xmldecl=False, border=2, omitsize=True, nl=False
    )
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


def acted(request, club_id, action, *args, done=None, to=None):
    """Run one club action from a POST and go back to the club (or ``to``)."""
    back = to or reverse("club", args=[club_id])
    try:
        action(request.user, club_id, *args)
    except errors.Refusal as refusal:
        return refused(request, refusal, back)
    if done:
        messages.success(request, done)
    return redirect(back)


@require_POST
def rename(request, club_id):
    form = ClubNameForm(request.POST)
    if not form.is_valid():
        return refused(request, errors.BadValue(_("A club needs a name.")))
    return acted(request, club_id, actions.rename_club, form.cleaned_data["name"])


@require_POST
def make_invite(request, club_id):
    return acted(request, club_id, actions.make_invite)


@require_POST
def revoke_invite(request, club_id, invite_id):
    return acted(
        request,
        club_id,
        actions.revoke_invite,
        invite_id,
        done=_("The invite link no longer works."),
    )


@require_POST
def leave(request, club_id):
    return acted(
        request,
        club_id,
        actions.leave_club,
        done=_("You left the club."),
        to=reverse("club_list"),
    )


@require_POST
def remove(request, club_id, member_id):
    return acted(request, club_id, actions.remove_member, member_id)


def link_seats(request, club_id, match_id):
    """The host of a club match says which member each phone-less seat was."""
    back = reverse("club", args=[club_id])
    try:
        me = actions.check_member(request.user, club_id)
        match, seats = pages.seats_to_link(request.user, club_id, match_id)
        if request.method == "POST":
            form = LinkForm(request.POST)
            if not form.is_valid():
                raise errors.BadValue(_("Pick a seat and a member."))
            actions.link_seat(
                request.user,
                match.pk,
                form.cleaned_data["seat"],
                form.cleaned_data["member"],
            )
            return redirect("club_link_seats", club_id=club_id, match_id=match.pk)
    except errors.Refusal as refusal:
        return refused(request, refusal, back)
    context = {
        "club": me.club,
        "match": match,
        "seats": seats,
        "members": pages.members(club_id),
    }
    return render(request, "clubs/link_seats.html", context)


EXPORT_COLUMNS = ["match", "game", "ended", "seat", "member", "place", "won"]


def export_csv(request, club_id):
    """The club's finished matches, one line per seat, with each game's figures."""
    try:
        me = actions.check_member(request.user, club_id)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    rows = (
        SeatResult.objects.filter(club_id=me.club_id)
        .select_related("member")
        .order_by("ended_at", "match_id", "place", "seat_id")
    )
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*EXPORT_COLUMNS, "figures"])
    for row in rows.iterator():
        writer.writerow(
            [
                row.match_id,
                row.game,
                row.ended_at.isoformat(),
                row.name,
                row.member.name if row.member else "",
                row.place,
                round(row.won, 3),
                " ".join(f"{key}={value}" for key, value in row.figures.items()),
            ]
        )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="club-{club_id}.csv"'
    return response


def move_start(request):
    """The first phone: make a one-time code and show it with its QR code."""
    if not request.user.is_authenticated:
        return refused(request, errors.NotAMember(_("Sign in or start a match first.")))
    code = None
    if request.method == "POST":
        code = moves.make_move_code(request.user)
    return render(
        request,
        "clubs/move.html",
        {"code": code, "minutes": moves.MOVE_MINUTES},
    )


def move_qr(request, token):
    try:
        code = move_code_for(request, token)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    if code.user_id != request.user.pk:
        # Only the phone that made the code shows its QR code.
        return refused(request, moves.MoveCodeNotFound())
    url = request.build_absolute_uri(reverse("move_here", args=[token]))
    svg = io.BytesIO()
    segno.make(url, error="m").save(
        svg, kind="svg", xmldecl=False, border=2, omitsize=True, nl=False
    )
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


def move_here(request, token):
    """The second phone: open the code and become the same person."""
    try:
        code = move_code_for(request, token)
        if request.method == "POST":
            user = moves.use_move_code(token)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("This phone is now yours too."))
            return redirect("match_list")
    except errors.Refusal as refusal:
        return refused(request, refusal)
    return render(request, "clubs/move_here.html", {"code": code})
