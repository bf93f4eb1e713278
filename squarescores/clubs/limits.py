"""Guessing invite links is limited exactly as guessing join codes is
(games/limits.py): a wrong link counts against the address and the user, and
past the limit every invite lookup from there answers 429."""

from django.utils.translation import gettext_lazy as _

from games.limits import Limit

INVITE_GUESSES = Limit(
    "invite",
    "JOIN_CODE_GUESSES",
    "JOIN_CODE_GUESS_SECONDS",
    _("Too many wrong invite links from here."),
)


def invite_for(request, token):
    """The live invite ``token`` names, counting a miss against the client."""
    from . import actions

    INVITE_GUESSES.check(request)
    try:
        return actions.invite_by_token(token)
    except actions.InviteNotFound:
        INVITE_GUESSES.miss(request)
        raise


MOVE_GUESSES = Limit(
    "move",
    "JOIN_CODE_GUESSES",
    "JOIN_CODE_GUESS_SECONDS",
    _("Too many wrong codes from here."),
)


def move_code_for(request, token):
    """The live move code ``token`` names, counting a miss against the client."""
    from . import moves

    MOVE_GUESSES.check(request)
    try:
        return moves.check_move_code(token)
    except moves.MoveCodeNotFound:
        MOVE_GUESSES.miss(request)
        raise
