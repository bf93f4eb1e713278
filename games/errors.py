"""Typed refusals raised by the write actions.

Each one carries a machine code, a sentence a person can read, and the HTTP status
the edges answer with, so a form, the API and a socket refuse alike.
"""

import math


class Refusal(Exception):
    code = "refused"
    status = 400
    message = "That change was refused."
    # Extra HTTP headers of the answer.
    headers = {}

    def __init__(self, message=None, *, version=None):
        self.message = message or self.message
        self.version = version
        super().__init__(self.message)

    def as_dict(self):
        data = {"code": self.code, "detail": self.message}
        if self.version is not None:
            data["version"] = self.version
        return data


class NotAMember(Refusal):
    code = "not_member"
    status = 403
    message = "Join this match first."


class NotTheHost(Refusal):
    code = "not_host"
    status = 403
    message = "Only the host can do that."


class MatchNotFound(Refusal):
    code = "match_not_found"
    status = 404
    message = "There is no such match."


class SeatNotInMatch(Refusal):
    code = "seat_not_found"
    status = 404
    message = "That seat is not in this match."


class RoundNotFound(Refusal):
    code = "round_not_found"
    status = 404
    message = "This match has no such round."


class RoundClosed(Refusal):
    code = "round_closed"
    status = 409
    message = "That round is already closed."


class MatchEnded(Refusal):
    code = "match_ended"
    status = 409
    message = "This match has ended."


class SeatTaken(Refusal):
    code = "seat_taken"
    status = 409
    message = "Somebody has already claimed that seat."


class AlreadySeated(Refusal):
    code = "already_seated"
    status = 409
    message = "You already have a seat in this match."


class BadValue(Refusal):
    code = "bad_value"
    status = 400
    message = "That value is not allowed here."


class NoChange(Refusal):
    code = "no_change"
    status = 400
    message = "That is already what the sheet says."


class NameTaken(Refusal):
    code = "name_taken"
    status = 400
    message = "Another seat already has that name."


class SeatCountOutOfRange(Refusal):
    code = "seat_count"
    status = 400
    message = "That is not an allowed number of seats for this game."


class UnknownOption(Refusal):
    code = "unknown_option"
    status = 400
    message = "That option is not one this game offers."


class UnknownGame(Refusal):
    code = "unknown_game"
    status = 404
    message = "There is no such game."


class NotSupported(Refusal):
    code = "not_supported"
    status = 400
    message = "This game does not record rounds that way."


class MatchStillLive(Refusal):
    code = "match_live"
    status = 409
    message = "End this match before starting a rematch."


class Throttled(Refusal):
    """Too many tries from one client (``games.limits``); ``wait`` in seconds."""

    code = "throttled"
    status = 429
    message = "Too many tries from here."

    def __init__(self, wait, message=None):
        self.wait = wait
        minutes = math.ceil(wait / 60)
        later = f"in {minutes} minute{'s' if minutes > 1 else ''}"
        super().__init__(f"{message or self.message} Try again {later}.")

    @property
    def headers(self):
        return {"Retry-After": str(self.wait)}
