"""The one write path: every change to a match, from a form, the API or a socket.

Each action checks permission, validates, and in one transaction writes, raises
``Match.version`` by exactly one, appends an ``Event`` and schedules the broadcast.
The transaction starts by raising the version of a live match with a conditional
``UPDATE``: that row lock (PostgreSQL) or write lock (SQLite, IMMEDIATE) queues two
phones that tap at once, and the one that comes second sees the round closed.

A retried call passes the same ``idempotency_key`` and gets the first result back,
marked ``replayed``, without a second change; the key sent again with another
request is refused (``KeyReused``).

The actions, one module per kind of change: ``matches``, ``seats``, ``rounds``,
``undo`` (the recorder's undo), ``void`` (the host's void and restore), ``tv``
(the read-only TV link); ``base`` holds what they share.
"""

from .base import NAME_MAX_LENGTH, Result, clean_key, members_first
from .checks import seats_to_record_for
from .matches import hand_over_host, join_match, rematch, start_match
from .rounds import check_correct, correct, end_match, record, set_dealer
from .seats import add_seat, release_claim, rename_seat
from .tv import revoke_tv, share_tv
from .undo import check_undo, undo_round
from .void import check_restore, check_void, restore_round, void_round

__all__ = [
    "NAME_MAX_LENGTH",
    "Result",
    "add_seat",
    "check_correct",
    "check_restore",
    "check_undo",
    "check_void",
    "clean_key",
    "correct",
    "end_match",
    "hand_over_host",
    "join_match",
    "members_first",
    "record",
    "release_claim",
    "rematch",
    "rename_seat",
    "restore_round",
    "revoke_tv",
    "seats_to_record_for",
    "set_dealer",
    "share_tv",
    "start_match",
    "undo_round",
    "void_round",
]
