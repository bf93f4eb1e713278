"""A person moves to another phone without a password: the first phone shows
a one-time code (and its QR code), the second opens it within
``MOVE_MINUTES`` and is signed in as the same person. Wrong codes are counted
like wrong invite links (clubs/limits.py)."""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import errors

from .models import MOVE_LENGTH, MoveCode, new_move_token

MOVE_MINUTES = 10


class MoveCodeNotFound(errors.Refusal):
    code = "move_code_not_found"
    status = 404
    message = gettext_lazy("That code does not work: it is wrong, used or too old.")


def make_move_code(user):
    """A fresh code for ``user``; their older unused codes stop working."""
    if user is None or not user.is_authenticated:
        raise errors.NotAMember(_("Sign in or start a match first."))
    now = timezone.now()
    with transaction.atomic():
        MoveCode.objects.filter(user=user, used_at=None).update(used_at=now)
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    return MoveCode.objects.create(
                        user=user,
                        token=new_move_token(),
                        expires_at=now + timedelta(minutes=MOVE_MINUTES),
                    )
            except IntegrityError:
                continue
    raise errors.Refusal(_("Could not make a code; try again."))


def check_move_code(token):
    """The live code ``token`` names, or ``MoveCodeNotFound``."""
    if not isinstance(token, str) or not 0 < len(token) <= MOVE_LENGTH:
        raise MoveCodeNotFound()
    code = (
        MoveCode.objects.select_related("user")
        .filter(token=token, used_at=None, expires_at__gt=timezone.now())
        .first()
    )
    if code is None:
        raise MoveCodeNotFound()
    return code


def use_move_code(token):
    """Use the code up (once: a second phone racing it gets a refusal) and
    answer whose it was."""
    with transaction.atomic():
        code = check_move_code(token)
        used = MoveCode.objects.filter(pk=code.pk, used_at=None).update(
            used_at=timezone.now()
        )
        if not used:
            raise MoveCodeNotFound()
    return code.user
