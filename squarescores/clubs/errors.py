"""The clubs' refusals, in the shape of games.errors (code, message, status)."""

from django.utils.translation import gettext_lazy as _

from games.errors import Refusal


class ClubNotFound(Refusal):
    # An outsider learns nothing of a club, not even that it exists.
    code = "club_not_found"
    status = 404
    message = _("No club here, or you are not one of its members.")


class NotAnAdmin(Refusal):
    code = "not_admin"
    status = 403
    message = _("Only the club's admins may do that.")


class InviteNotFound(Refusal):
    code = "invite_not_found"
    status = 404
    message = _("That invite link does not work: it is wrong or was revoked.")


class MemberNotFound(Refusal):
    code = "member_not_found"
    status = 404
    message = _("The club has no such member.")
