"""What the Points fragments show, worked out from their documented context.

A template cannot look a seat up in a dict by a variable key, so each fragment
asks one helper for plain rows. The helpers read only what the core passes
(round, seats, standings, names, dealer), so a fragment is the same for every
phone.
"""

from django import template

from games.sheet import total_rows
from games.words import seat_name, total_text

from ..rules import (
    BY_ROUNDS,
    BY_TARGET,
    CUSTOM,
    END,
    ENTRY,
    HIGHEST,
    LOWEST,
    PHONES,
    PRESETS,
    ROUNDS,
    SCORE_MAX,
    TARGET,
    WINS,
    round_total_rule,
    scores_of,
)

register = template.Library()


def _options(match):
    return getattr(match, "options", None) or {}


def points_entry(match, round, seats, names=None):
    """The open round: how it is entered, each seat's score so far, the sum."""
    options = _options(match)
    scores = scores_of(round)
    players = [
        {"id": seat.id, "name": seat_name(seat, names), "score": scores.get(seat.id)}
        for seat in seats
    ]
    entered = [player for player in players if player["score"] is not None]
    wanted = round_total_rule(options)
    return {
        "by_phone": options.get(ENTRY, PHONES) == PHONES,
        "players": players,
        "count": len(entered),
        "seats": len(players),
        "sum": total_text(sum(player["score"] for player in entered)),
        "wanted": None if wanted is None else total_text(wanted),
        "low": -SCORE_MAX,
        "high": SCORE_MAX,
    }


def points_row(round, seats, names=None):
    """One closed round: each seat's score."""
    scores = scores_of(round)
    return {
        "scored": round.status == "scored" and bool(scores),
        "players": [
            {
                "id": seat.id,
                "name": seat_name(seat, names),
                "score": scores.get(seat.id),
            }
            for seat in seats
        ],
        "low": -SCORE_MAX,
        "high": SCORE_MAX,
    }


def points_standings(match, standings, seats, names=None, dealer=None):
    """Each seat's total, the best marked, and the table's end in a line."""
    options = _options(match)
    lowest = options.get(WINS, HIGHEST) == LOWEST
    players = total_rows(standings, seats, names, dealer, lowest=lowest)
    played = standings.rounds - standings.draws
    end = options.get(END, BY_TARGET)
    return {
        "players": players,
        "lowest": lowest,
        "end": end,
        "target": options.get(TARGET, PRESETS[CUSTOM][TARGET]),
        "rounds": options.get(ROUNDS, PRESETS[CUSTOM][ROUNDS]),
        "played": played,
        "by_target": end == BY_TARGET,
        "by_rounds": end == BY_ROUNDS,
    }


@register.simple_tag
def points_history(line, seats):
    """One round of the history: score and running total per player, from the
    module's ``summarize`` line for it."""

    def pick(mapping, seat):
        return (mapping or {}).get(seat.pk, (mapping or {}).get(str(seat.pk)))

    return {
        "scored": line["scored"],
        "players": [
            {
                "id": seat.pk,
                "name": seat.name,
                "score": pick(line["scores"], seat),
                "total": pick(line["totals"], seat),
            }
            for seat in seats
        ],
    }
