"""Where a match leads: its rematch, and the match it replays. For any page that
shows a match (the table page too), read from the event log."""

from games.actions.matches import rematch_of as started_as_rematch_of
from games.models import Event


def rematch_of(match):
    """The match started as a rematch of ``match``, or None."""
    if match.is_live:
        return None
    event = started_as_rematch_of(match.pk)
    return event.match if event else None


def replays(match):
    """The id of the match ``match`` is a rematch of, or None."""
    after = (
        Event.objects.filter(match=match, kind=Event.Kind.STARTED)
        .values_list("after", flat=True)
        .first()
    )
    return (after or {}).get("rematch_of")
