"""The clubs' one write path: every change to a club, and the checks pages ask.

Each action checks, then writes in one transaction. A ``check_…`` function
answers "may I?" without acting, so a page shows or hides a control by asking
it; the action asks the same function.
"""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import actions as games_actions
from games import errors
from games.actions.base import clean_name, is_whole
from games.models import Match, Seat

from . import figures
from .errors import ClubNotFound, InviteNotFound, MemberNotFound, NotAnAdmin
from .models import (
    CLUB_NAME_MAX_LENGTH,
    INVITE_LENGTH,
    Club,
    ClubMatch,
    ClubMember,
    Invite,
    SeatLink,
    new_invite_token,
)

# Checks ---------------------------------------------------------------------------


def membership(user, club_id):
    """``user``'s active membership of the club, or None."""
    if user is None or not user.is_authenticated or not is_whole(club_id):
        return None
    return (
        ClubMember.objects.active()
        .select_related("club")
        .filter(club_id=club_id, user=user)
        .first()
    )


def check_member(user, club_id):
    """The active membership, or ``ClubNotFound``: an outsider, someone who left
    or was removed sees nothing of the club."""
    member = membership(user, club_id)
    if member is None:
        raise ClubNotFound()
    return member


def check_admin(user, club_id):
    member = check_member(user, club_id)
    if not member.is_admin:
        raise NotAnAdmin()
    return member


def may(check, *args):
    """Whether ``check(*args)`` passes: for a page deciding what to show."""
    try:
        check(*args)
    except errors.Refusal:
        return False
    return True


def clean_club_name(name):
    if not isinstance(name, str) or not name.strip():
        raise errors.BadValue(_("A club needs a name."))
    name = " ".join(name.split())
    if not name.isprintable():
        raise errors.BadValue(_("A club's name holds letters, digits and punctuation."))
    if len(name) > CLUB_NAME_MAX_LENGTH:
        raise errors.BadValue(
            _("Club names are at most %(max)d characters.")
            % {"max": CLUB_NAME_MAX_LENGTH}
        )
    return name


def member_name(user):
    return clean_name(str(user)[:40])


def check_clubs_of(user):
    """The clubs ``user`` may start a match for: their active memberships."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(
        members__user=user, members__status=ClubMember.Status.ACTIVE
    )


# Actions --------------------------------------------------------------------------


def create_club(user, name):
    """Anyone signed in (a guest too) makes a club and becomes its admin."""
    if user is None or not user.is_authenticated:
        raise errors.NotAMember(_("Sign in or start a match first."))
    name = clean_club_name(name)
    with transaction.atomic():
        club = Club.objects.create(name=name, created_by=user)
        ClubMember.objects.create(
            club=club, user=user, name=member_name(user), role=ClubMember.Role.ADMIN
        )
    return club


def rename_club(user, club_id, name):
    name = clean_club_name(name)
    with transaction.atomic():
        member = check_admin(user, club_id)
        club = member.club
        if club.name == name:
            raise errors.NoChange(_("The club already has that name."))
        club.name = name
        club.save(update_fields=["name"])
    return club


def make_invite(user, club_id):
    """An admin makes a new invite link; older ones keep working until revoked."""
    with transaction.atomic():
        member = check_admin(user, club_id)
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    return Invite.objects.create(
                        club=member.club, token=new_invite_token(), created_by=user
                    )
            except IntegrityError:
                continue
    raise errors.Refusal(_("Could not make an invite link; try again."))


def revoke_invite(user, club_id, invite_id):
    with transaction.atomic():
        check_admin(user, club_id)
        invite = (
            Invite.objects.filter(club_id=club_id, pk=invite_id, revoked_at=None)
            .select_for_update()
            .first()
            if is_whole(invite_id)
            else None
        )
        if invite is None:
            raise InviteNotFound()
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])
    return invite


def invite_by_token(token):
    """The live invite with ``token``, or ``InviteNotFound``. The edges count a
    miss against the client (clubs.limits.INVITE_GUESSES)."""
    if not isinstance(token, str) or not 0 < len(token) <= INVITE_LENGTH:
        raise InviteNotFound()
    invite = (
        Invite.objects.select_related("club")
        .filter(token=token, revoked_at=None)
        .first()
    )
    if invite is None:
        raise InviteNotFound()
    return invite


def join_club(user, token):
    """Join by a live invite link. A member who left comes back under their
    row; one an admin removed needs the admin's word, not a link."""
    if user is None or not user.is_authenticated:
        raise errors.NotAMember(_("Sign in or start a match first."))
    with transaction.atomic():
        invite = invite_by_token(token)
        member = ClubMember.objects.filter(club=invite.club, user=user).first()
        if member is None:
            return ClubMember.objects.create(
                club=invite.club, user=user, name=member_name(user)
            )
        if member.status == ClubMember.Status.REMOVED:
            raise errors.NotAMember(_("An admin removed you from this club."))
        if member.is_active:
            return member
        member.status, member.left_at = ClubMember.Status.ACTIVE, None
        member.save(update_fields=["status", "left_at"])
        return member


def leave_club(user, club_id):
    """A member leaves; their results stay under the name they had. The last
    admin hands the club on to the longest-standing member first."""
    with transaction.atomic():
        member = check_member(user, club_id)
        others = (
            ClubMember.objects.active().filter(club_id=club_id).exclude(pk=member.pk)
        )
        if member.is_admin and not others.filter(role=ClubMember.Role.ADMIN).exists():
            heir = others.order_by("joined_at", "id").first()
            if heir is not None:
                heir.role = ClubMember.Role.ADMIN
                heir.save(update_fields=["role"])
        member.status, member.left_at = ClubMember.Status.LEFT, timezone.now()
        member.save(update_fields=["status", "left_at"])
    return member


def remove_member(user, club_id, member_id):
    with transaction.atomic():
        admin = check_admin(user, club_id)
        member = (
            ClubMember.objects.active().filter(club_id=club_id, pk=member_id).first()
            if is_whole(member_id)
            else None
        )
        if member is None:
            raise MemberNotFound()
        if member.pk == admin.pk:
            raise errors.BadValue(_("To go, leave the club."))
        member.status, member.left_at = ClubMember.Status.REMOVED, timezone.now()
        member.save(update_fields=["status", "left_at"])
    return member


def check_club_for_start(user, club_id):
    """The club a person may start a match for: only one of their own."""
    if club_id is None:
        return None
    return check_member(user, club_id).club


def start_club_match(user, club_id, game, seat_names, options=None, **kwargs):
    """``games.actions.start_match``, for a club when ``club_id`` is given: the
    match and its club are written in one transaction."""
    with transaction.atomic():
        club = check_club_for_start(user, club_id)
        result = games_actions.start_match(user, game, seat_names, options, **kwargs)
        if club is not None and not result.replayed:
            ClubMatch.objects.get_or_create(match=result.match, defaults={"club": club})
    return result


def check_link_seat(user, match_id, seat_id=None):
    """The host of a club match may say which member a seat was. Returns the
    match's club id."""
    if not is_whole(match_id):
        raise errors.MatchNotFound()
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise errors.MatchNotFound()
    club_id = (
        ClubMatch.objects.filter(match=match).values_list("club_id", flat=True).first()
    )
    if club_id is None:
        raise errors.BadValue(_("This match was not played for a club."))
    if match.host_id != getattr(user, "pk", None):
        raise errors.NotTheHost()
    check_member(user, club_id)
    return match, club_id


def link_seat(user, match_id, seat_id, member_id):
    """The host links a seat to a club member (or unlinks it with None), after
    the fact too: the match's stored figures move with it."""
    with transaction.atomic():
        match, club_id = check_link_seat(user, match_id)
        seat = (
            Seat.objects.filter(match=match, pk=seat_id).first()
            if is_whole(seat_id)
            else None
        )
        if seat is None:
            raise errors.SeatNotInMatch()
        if member_id is None:
            SeatLink.objects.filter(seat=seat).delete()
        else:
            member = (
                ClubMember.objects.filter(club_id=club_id, pk=member_id).first()
                if is_whole(member_id)
                else None
            )
            if member is None:
                raise MemberNotFound()
            if (
                SeatLink.objects.filter(seat__match=match, member=member)
                .exclude(seat=seat)
                .exists()
                or Seat.objects.filter(match=match, claimed_by_id=member.user_id)
                .exclude(pk=seat.pk)
                .exists()
            ):
                raise errors.SeatTaken(
                    _("%(name)s already has a seat in this match.")
                    % {"name": member.name}
                )
            SeatLink.objects.update_or_create(seat=seat, defaults={"member": member})
        # Lock the match row as every change does, then move the figures.
        Match.objects.select_for_update().filter(pk=match.pk).first()
        figures.restore(match.pk)
    return seat
