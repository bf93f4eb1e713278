"""The rules page of any game, written by its rule module.

The module supplies the text (``rules_template``) and its options; the core shows
them, with a match's own table options when the page is opened from a match.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from .errors import UnknownGame
from .models import Match
from .rules import registry


def is_member(user, match):
    return user.is_authenticated and match.memberships.filter(user_id=user.pk).exists()


def game_rules(request, key):
    try:
        game = registry.get(key)
    except UnknownGame as refusal:
        raise Http404(refusal.message) from None
    return render_rules(request, game, game.clean_options({}), match=None)


def match_rules(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if not is_member(request.user, match):
        return redirect("join", code=match.code)
    return render_rules(request, match.rules, match.options, match=match)


def render_rules(request, game, options, match):
    context = {
        "game": game,
        "match": match,
        "options": game.describe_options(options),
    }
    return render(request, "games/rules_page.html", context)
