"""A sitting: matches chained by "Next match", one evening at one table.

Each rematch's ``match_started`` event names the match it follows, so the chain
is read backwards from any match (one indexed query a match), and forwards by
asking which start names it. The tally counts the chain's ended matches only: a
live match's rounds would go stale on the page between two matches.
"""

from collections import Counter

from .models import Event, Match, Round
from .rules import WON

# Far more matches than one evening holds; bounds the walk back.
SITTING_MAX = 100


def chain(match):
    """The ids of the matches of ``match``'s sitting, the first one first."""
    ids = [match.pk]
    while len(ids) < SITTING_MAX:
        after = (
            Event.objects.filter(match_id=ids[-1], kind=Event.Kind.STARTED)
            .values_list("after", flat=True)
            .first()
        )
        earlier = (after or {}).get("rematch_of")
        if not earlier or earlier in ids:
            break
        ids.append(earlier)
    return ids[::-1]


def later(match_id):
    """The ids of the matches played after ``match_id`` in its sitting, in order."""
    ids = []
    current = match_id
    while len(ids) < SITTING_MAX:
        after = (
            Event.objects.filter(kind=Event.Kind.STARTED, after__rematch_of=current)
            .values_list("match_id", flat=True)
            .first()
        )
        if not after or after in ids or after == match_id:
            break
        ids.append(after)
        current = after
    return ids


def whole(match):
    """The ids of every match of ``match``'s sitting, the first one first; just
    ``[match.pk]`` for a match on its own."""
    return chain(match) + later(match.pk)


def tally(match, ids=None):
    """``{"matches": n, "rows": [{"name", "matches", "rounds"}]}`` for the
    sitting's ended matches, by seat name (each match has its own seats), most
    matches won first; None for a match that is not part of a sitting.

    ``ids``: the sitting's matches when the caller knows them (``whole``); by
    default the chain up to ``match``.
    """
    ids = ids or chain(match)
    if len(ids) < 2:
        return None
    ended = list(Match.objects.filter(pk__in=ids).exclude(status=Match.Status.LIVE))
    rounds = Counter(
        Round.objects.filter(match__in=ended, status=WON).values_list(
            "winner__name", flat=True
        )
    )
    matches = Counter()
    names = set(rounds)
    for each in ended:
        seats = {seat.pk: seat.name for seat in each.seats.all()}
        names.update(seats.values())
        for name in match_winners(each, seats):
            matches[name] += 1
    rows = [
        {"name": name, "matches": matches[name], "rounds": rounds[name]}
        for name in names
    ]
    rows.sort(key=lambda row: (-row["matches"], -row["rounds"], row["name"]))
    return {"matches": len(ended), "rows": rows}


def match_winners(match, seats):
    """The names the module's result gives, else the most rounds won."""
    if match.result and match.result.get("winners"):
        return [seats[i] for i in match.result["winners"] if i in seats]
    won = Counter(
        Round.objects.filter(match=match, status=WON).values_list(
            "winner_id", flat=True
        )
    )
    most = max(won.values(), default=0)
    return [seats[i] for i, n in won.items() if n == most and i in seats]
