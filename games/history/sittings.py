"""Sittings in the history: a member's matches grouped by the evening they were
played in, and a match's place in its sitting. ``games.sitting`` reads the chain
and its tally; this only arranges a page's matches around them."""

from games import sitting
from games.models import Event, Match


def entries(matches):
    """The page's matches (newest first) as entries, in the same order: a match
    on its own as ``{"match": m}``; the page's matches of one sitting together as
    ``{"sitting": {...}}`` (see ``described``), where its newest match stands."""
    matches = list(matches)
    ids = [match.pk for match in matches]
    before = {
        match_id: (after or {}).get("rematch_of")
        for match_id, after in Event.objects.filter(
            match_id__in=ids, kind=Event.Kind.STARTED
        ).values_list("match_id", "after")
    }
    # Which of them a match of another page follows: the sitting goes on there.
    followed = {
        (after or {}).get("rematch_of")
        for after in Event.objects.filter(
            kind=Event.Kind.STARTED, after__rematch_of__in=ids
        ).values_list("after", flat=True)
    }
    # A rematch is started after the match it follows, so oldest first meets
    # every match's predecessor before the match.
    root = {}
    for match in reversed(matches):
        earlier = before.get(match.pk)
        root[match.pk] = root.get(earlier, match.pk)
    groups = {}
    for match in matches:
        groups.setdefault(root[match.pk], []).append(match)
    found = []
    for group in groups.values():
        newest, oldest = group[0], group[-1]
        if len(group) == 1 and not before.get(oldest.pk) and newest.pk not in followed:
            found.append({"match": newest})
            continue
        ids = sitting.chain(oldest) + list(reversed([m.pk for m in group[:-1]]))
        if newest.pk in followed:
            ids += sitting.later(newest.pk)
        found.append({"sitting": described(newest, ids, group)})
    return found


def described(match, ids, shown=None):
    """A sitting as the history shows it: its ``matches`` (those of ``ids`` on
    this page, or all of them), how many it has, when its first began, and its
    tally."""
    if shown is None:
        by_id = Match.objects.in_bulk(ids)
        shown = [by_id[i] for i in ids if i in by_id]
    first = Match.objects.filter(pk=ids[0]).values_list("created_at", flat=True)
    return {
        "matches": shown,
        "count": len(ids),
        "ids": ids,
        "started": first.first(),
        "tally": sitting.tally(match, ids),
    }


def of(match):
    """``match``'s sitting for its history page, or None for a match on its own:
    every match of it in order, numbered, this one marked."""
    ids = sitting.whole(match)
    if len(ids) < 2:
        return None
    found = described(match, ids)
    found["numbered"] = [
        {"number": n, "match": m, "current": m.pk == match.pk}
        for n, m in enumerate(found["matches"], start=1)
    ]
    return found
