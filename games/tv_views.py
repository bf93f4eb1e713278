"""The TV link's pages: the read-only big screen, and the host's share and revoke.

``/tv/<secret>/`` needs no login, no membership and no join: the secret is the
permission, to look and nothing more. A wrong or revoked secret is a 404. The
host's forms post to the actions of ``games.actions.tv``, like every change.
"""

import io

import segno
from django.contrib.auth import get_user
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from . import actions, errors, tv
from .actions.tv import check_share
from .bounds import ID_MAX
from .forms import EndForm
from .models import Match
from .views import bad_form, refused


@never_cache
@require_GET
def tv_page(request, secret):
    match = tv.match_for(secret)
    if match is None:
        return gone(request)
    html, rounds = tv.sheet(match)
    context = {
        "match": match,
        "game": match.rules,
        "secret": secret,
        "open_html": html["open"],
        "rows_html": tv.closed_rows(html, rounds),
        "standings_html": html["standings"],
        "keep": tv.TV_ROUNDS,
    }
    response = render(request, "games/tv/page.html", context)
    # A link for one screen, not for a search engine.
    response["X-Robots-Tag"] = "noindex"
    return response


def gone(request):
    return render(request, "games/tv/gone.html", status=404)


@never_cache
@require_GET
def tv_qr(request, match_id):
    """The QR code of the TV link, for the host alone (it carries the secret)."""
    match = None
    if 0 < match_id <= ID_MAX:
        match = Match.objects.filter(pk=match_id).first()
    try:
        if match is None:
            raise errors.MatchNotFound()
        check_share(match, request.user)
    except errors.Refusal as refusal:
        return refused(request, refusal)
    if not match.tv_secret:
        return refused(request, errors.MatchNotFound())
    qr = segno.make(tv.tv_url(request, match.tv_secret), error="m")
    svg = io.BytesIO()
    qr.save(svg, kind="svg", xmldecl=False, border=2, omitsize=True, nl=False)
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


def back_to_tools(match_id):
    return reverse("match", args=[match_id]) + "#tv-link"


@require_POST
def share(request, match_id):
    try:
        actions.share_tv(get_user(request), match_id)
    except errors.Refusal as refusal:
        return refused(request, refusal, back_to_tools(match_id))
    return redirect(back_to_tools(match_id))


@require_POST
def revoke(request, match_id):
    # A form of one idempotency key, as End match's is.
    form = EndForm(request.POST)
    if not form.is_valid():
        back = back_to_tools(match_id)
        return bad_form(request, form, back, match_id, get_user(request))
    try:
        # Read the lazy user now, not under the match's write lock (as act() does).
        user = get_user(request)
        actions.revoke_tv(user, match_id, key=form.cleaned_data["key"] or None)
    except errors.Refusal as refusal:
        return refused(request, refusal, back_to_tools(match_id))
    return redirect(back_to_tools(match_id))
