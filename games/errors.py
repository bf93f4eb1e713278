"""Typed refusals raised by the write actions.

Each one carries a machine code, a sentence a person can read, and the HTTP status
the edges answer with, so a form, the API and a socket refuse alike.
"""

import math

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


class Refusal(Exception):
    code = "refused"
    status = 400
    message = _("That change was refused.")
    # Extra HTTP headers of the answer.
    headers = {}

    def __init__(self, message=None, *, version=None):
        self.message = message or self.message
        self.version = version
        super().__init__(self.message)

    def as_dict(self):
        # str() in the language active now: the request's, for the API and forms.
        data = {"code": self.code, "detail": str(self.message)}
        if self.version is not None:
            data["version"] = self.version
        return data


class NotAMember(Refusal):
    code = "not_member"
    status = 403
    message = _("Join this match first.")


class NotTheHost(Refusal):
    code = "not_host"
    status = 403
    message = _("Only the host can do that.")


class MatchNotFound(Refusal):
    code = "match_not_found"
    status = 404
    message = _("There is no such match.")


class SeatNotInMatch(Refusal):
    code = "seat_not_found"
    status = 404
    message = _("That seat is not in this match.")


class RoundNotFound(Refusal):
    code = "round_not_found"
    status = 404
    message = _("This match has no such round.")


class RoundClosed(Refusal):
    code = "round_closed"
    status = 409
    message = _("That round is already closed.")


class MatchEnded(Refusal):
    code = "match_ended"
    status = 409
    message = _("This match has ended.")


class SeatTaken(Refusal):
    code = "seat_taken"
    status = 409
    message = _("Somebody has already claimed that seat.")


class AlreadySeated(Refusal):
    code = "already_seated"
    status = 409
    message = _("You already have a seat in this match.")


class KeyReused(Refusal):
    """An idempotency key sent again with another request: refused, never
    answered with the first request's result as if it were a retry."""

    code = "key_reused"
    status = 409
    message = _(
        "That idempotency key was already used for another change: send a new "
        "key with a new change."
    )

    def __init__(self, first, message=None, *, version=None):
        # The change the key made: its version and kind (a club's change has
        # no version).
        made = {"version": getattr(first, "version", None), "kind": first.kind}
        self.first = {name: value for name, value in made.items() if value is not None}
        super().__init__(message, version=version)

    def as_dict(self):
        return {**super().as_dict(), "first": self.first}


class BadValue(Refusal):
    code = "bad_value"
    status = 400
    message = _("That value is not allowed here.")


class NoChange(Refusal):
    code = "no_change"
    status = 400
    message = _("That is already what the sheet says.")


class NameTaken(Refusal):
    code = "name_taken"
    status = 400
    message = _("Another seat already has that name.")


class SeatCountOutOfRange(Refusal):
    code = "seat_count"
    status = 400
    message = _("That is not an allowed number of seats for this game.")


class UnknownOption(Refusal):
    code = "unknown_option"
    status = 400
    message = _("That option is not one this game offers.")


class UnknownGame(Refusal):
    code = "unknown_game"
    status = 404
    message = _("There is no such game.")


class NotSupported(Refusal):
    code = "not_supported"
    status = 400
    message = _("This game does not record rounds that way.")


class ReadOnly(Refusal):
    """A TV link's socket asked to change something: it only watches."""

    code = "read_only"
    status = 403
    message = _("A TV link only watches: it changes nothing.")


class MatchStillLive(Refusal):
    code = "match_live"
    status = 409
    message = _("End this match before starting a rematch.")


class NotRecorder(Refusal):
    """An undo by someone who neither recorded the round nor hosts."""

    code = "not_recorder"
    status = 403
    message = _("Only whoever recorded this round, or the host, can undo it.")


class UndoExpired(Refusal):
    code = "undo_expired"
    status = 409
    message = _("Too late to undo this round: the host can correct or void it.")


class LaterRecord(Refusal):
    """An undo after something later was recorded: the undo bar is gone."""

    code = "later_record"
    status = 409
    message = _(
        "Something later has been recorded: this round can no longer be undone."
    )


class NothingToUndo(Refusal):
    """The round is open (another phone undid it first) or counts for nothing."""

    code = "nothing_to_undo"
    status = 409
    message = _("There is nothing to undo in this round.")


class RoundVoided(Refusal):
    code = "round_voided"
    status = 409
    message = _("This round is voided: the host can restore it first.")


class Throttled(Refusal):
    """Too many tries from one client (``games.limits``); ``wait`` in seconds."""

    code = "throttled"
    status = 429

    def __init__(self, wait, reason=None):
        self.wait = wait
        self.minutes = math.ceil(wait / 60)
        self.reason = reason or _("Too many tries from here.")
        self.version = None
        Exception.__init__(self, self.reason)

    @property
    def message(self):
        # Built when read, so it is in the language of the request that reads it.
        later = ngettext(
            "Try again in %(minutes)d minute.",
            "Try again in %(minutes)d minutes.",
            self.minutes,
        ) % {"minutes": self.minutes}
        return f"{self.reason} {later}"

    @property
    def headers(self):
        return {"Retry-After": str(self.wait)}
