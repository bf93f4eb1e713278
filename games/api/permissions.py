"""The roles of the API as DRF permission classes.

They read the same membership and host facts the actions check, so the API can
refuse early and never lets an outsider see a match; the action called next is
still the authority and checks again inside its transaction.
"""

from rest_framework.permissions import BasePermission

from games import errors
from games.models import Event, Membership


def _replays_own_change(request, match):
    """A retry of the caller's own earlier change is answered as it was, even when
    the role that allowed it has since moved (a host who handed the role over)."""
    key = request.headers.get("Idempotency-Key")
    return bool(key) and (
        Event.objects.filter(match=match, idempotency_key=key, actor=request.user)
        .only("pk")
        .exists()
    )


class IsMatchMember(BasePermission):
    code = errors.NotAMember.code
    message = errors.NotAMember.message

    def has_permission(self, request, view):
        if not request.user.is_authenticated:
            return False
        return Membership.objects.holds(view.match(), request.user)


class IsMatchHost(IsMatchMember):
    def has_permission(self, request, view):
        if not super().has_permission(request, view):
            return False
        match = view.match()
        if match.host_id == request.user.pk or _replays_own_change(request, match):
            return True
        self.code = errors.NotTheHost.code
        self.message = errors.NotTheHost.message
        return False
