"""The one write path: every change to a match, from a form, the API or a socket.

Each action checks permission, validates, and in one transaction writes, raises
``Match.version`` by exactly one, appends an ``Event`` and schedules the broadcast.
The transaction starts by raising the version of a live match with a conditional
``UPDATE``: that row lock (PostgreSQL) or write lock (SQLite, IMMEDIATE) queues two
phones that tap at once, and the one that comes second sees the round closed.

A retried call passes the same ``idempotency_key`` and gets the first result back,
marked ``replayed``, without a second change.

The actions, one module per kind of change: ``matches``, ``seats``, ``rounds``,
``tv`` (the read-only TV link); ``base`` holds what they share.
"""

from .base import NAME_MAX_LENGTH, Result
from .checks import seats_to_record_for
from .matches import hand_over_host, join_match, rematch, start_match
from .rounds import correct, end_match, mark_cell, record, set_dealer, tap_winner
from .seats import add_seat, release_claim, rename_seat
from .tv import revoke_tv, share_tv

__all__ = [
    "NAME_MAX_LENGTH",
    "Result",
    "add_seat",
    "correct",
    "end_match",
    "hand_over_host",
    "join_match",
    "mark_cell",
    "record",
    "release_claim",
    "rematch",
    "rename_seat",
    "revoke_tv",
    "seats_to_record_for",
    "set_dealer",
    "share_tv",
    "start_match",
    "tap_winner",
]
