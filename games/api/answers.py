"""Plain data for the API's answers, built from the models and ``games.sheet``."""

from games.models import Match, Membership
from games.rules import OPEN
from games.sheet import snapshot


def game_data(rules):
    """A game as the API describes it, its words in the request's language."""
    return {
        "key": rules.key,
        "name": str(rules.name),
        "summary": str(rules.summary),
        "min_seats": rules.min_seats,
        "max_seats": rules.max_seats,
        "options": [
            {
                "key": option.key,
                "label": str(option.label),
                "help": str(option.help),
                "kind": option.kind,
                "default": option.default,
                "choices": [
                    {"value": value, "label": str(label)}
                    for value, label in option.choices
                ],
                "numbers": list(option.numbers),
            }
            for option in rules.options
        ],
    }


def summary_data(match):
    return {
        "id": match.pk,
        "game": match.game,
        "code": match.code,
        "status": match.shown_status,
        "version": match.version,
        "host": match.host_id,
        "created_at": match.created_at,
        "ended_at": match.ended_at,
    }


def match_data(match):
    """The whole sheet of ``match`` as it is in the database now."""
    match = Match.objects.get(pk=match.pk)
    data = {**snapshot(match), **summary_data(match)}
    data["open_round"] = next(
        (r["number"] for r in data["rounds"] if r["status"] == OPEN), None
    )
    data["members"] = [
        {"id": m.user_id, "display_name": m.user.display_name}
        for m in Membership.objects.filter(match=match)
        .select_related("user")
        .order_by("joined_at", "pk")
    ]
    return data
