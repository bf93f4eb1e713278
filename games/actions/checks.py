"""Checks: what an action would allow, answered without acting, so a page shows
or hides a control by asking the rule that the action itself applies."""

from games.rules import Actor
from games.sheet import seat_view


def seats_to_record_for(user, match, seats):
    """The ids of ``seats`` whose entries ``user`` may fill in the open round,
    as the module's ``may_record_for`` (which its ``record`` applies) answers:
    a game where a seat's own phone enters its figure (a bid) names
    that seat, the seats without a phone and, for the host, every seat."""
    own = next((s.pk for s in seats if s.claimed_by_id == user.pk), None)
    actor = Actor(seat=own, is_host=match.host_id == user.pk)
    return [
        seat.pk for seat in seats if match.rules.may_record_for(actor, seat_view(seat))
    ]
