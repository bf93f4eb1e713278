"""The rules page of any game, written by its rule module.

The module supplies the text (``rules_template``) and its options; the core shows
them, with a match's own table options when the page is opened from a match.
"""

from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from .access import send_to_join
from .errors import UnknownGame
from .models import Match, Membership
from .rules import registry


def is_member(user, match):
    return Membership.objects.holds(match, user)


def match_links(match):
    """(label, URL) of the rules page and the module's own pages, for a match page."""
    query = urlencode({"match": match.pk})
    links = [(_("Rules"), reverse("match_rules", args=[match.pk]))]
    for label, name in match.rules.match_pages:
        links.append((label, f"{reverse(f'{match.game}:{name}')}?{query}"))
    return links


def game_rules(request, key):
    try:
        game = registry.get(key)
    except UnknownGame as refusal:
        raise Http404(refusal.message) from None
    return render_rules(request, game, game.clean_options({}), match=None)


def match_rules(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if not is_member(request.user, match):
        return send_to_join(request)
    return render_rules(request, match.rules, match.options, match=match)


def render_rules(request, game, options, match):
    context = {
        "game": game,
        "match": match,
        "options": game.describe_options(options),
        "links": match_links(match)[1:] if match else [],
    }
    return render(request, "games/rules_page.html", context)
