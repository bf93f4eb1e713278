"""The TV link: a read-only view of the match for a big screen, the host's to share.

Its secret lives on the match (``Match.tv_secret``). Sharing makes one when there
is none and otherwise shows the one there is; revoking drops it, so the old link
answers 404 at once and its open TV sockets close (``games.consumers``). Both are
changes like any other, in an ended match too: one transaction, a new version, an
event, a push. The secret is in neither the event nor the push, which every
member receives; only the host's page and the host's API answer carry it.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import errors
from games.models import Event, Match, new_tv_secret

from .base import Applied, Result, is_whole, require_host, run_change


def check_share(match, user):
    """Refuses unless ``user`` may share the TV link of ``match``: its host."""
    require_host(match, user)


def check_revoke(match, user):
    """Refuses unless ``user`` may revoke the TV link of ``match``: its host, and
    there is a link to revoke."""
    require_host(match, user)
    if not match.tv_secret:
        raise errors.NoChange(_("This match has no TV link to stop."))


def allows(check, match, user):
    """Whether ``check`` lets ``user`` act on ``match``: what a page asks before it
    shows a control."""
    try:
        check(match, user)
    except errors.Refusal:
        return False
    return True


@dataclass(frozen=True)
class Shared:
    """A shared TV link: its match and secret; ``result`` is the change that made
    it, None when the link was there already."""

    match: Match
    secret: str
    result: Result | None = None

    @property
    def made(self):
        return self.result is not None


def share_tv(actor, match_id, *, key=None):
    """The host's TV link: the one there is, else a new one (a change).

    Asking again changes nothing and answers with the same link. A retried key
    whose link has been revoked since gets a new link: the retry asks for one.
    """
    match = Match.objects.filter(pk=match_id).first() if is_whole(match_id) else None
    if match is None:
        raise errors.MatchNotFound()
    check_share(match, actor)
    if match.tv_secret:
        return Shared(match, match.tv_secret)

    def apply(locked):
        check_share(locked, actor)
        if locked.tv_secret:
            # Another share of the host's committed first: show that one.
            raise errors.NoChange()
        locked.tv_secret = new_tv_secret()
        locked.save(update_fields=["tv_secret"])
        after = {"tv": True}
        return Applied(actor, Event.Kind.TV_SHARED, {"tv": False}, after, after)

    try:
        result = run_change(
            match_id, key, apply, actor=actor, ended_too=True, request=["share_tv"]
        )
    except errors.NoChange:
        match.refresh_from_db(fields=["tv_secret"])
        if not match.tv_secret:
            raise
        return Shared(match, match.tv_secret)
    if not result.match.tv_secret:
        return share_tv(actor, match_id)
    return Shared(result.match, result.match.tv_secret, result)


def revoke_tv(actor, match_id, *, key=None):
    """The host stops the TV link: it answers 404 from now on, and a new share
    makes a new one."""

    def apply(match):
        check_revoke(match, actor)
        match.tv_secret = None
        match.save(update_fields=["tv_secret"])
        after = {"tv": False}
        return Applied(actor, Event.Kind.TV_REVOKED, {"tv": True}, after, after)

    return run_change(
        match_id, key, apply, actor=actor, ended_too=True, request=["revoke_tv"]
    )
