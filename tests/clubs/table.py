"""Helpers for the clubs' tests: a club of alice (admin) and bob, matches
played for it through the one write path."""

from games import actions
from games.models import Match
from squarescores.clubs import actions as clubs

SEATS = ["Alice", "Ben", "Cara", "Dev"]


def club_of(admin, *members, name="Thursday table"):
    club = clubs.create_club(admin, name)
    invite = clubs.make_invite(admin, club.pk)
    for user in members:
        clubs.join_club(user, invite.token)
    return club


def club_match(club, host, game, seats=SEATS, *, claims=(), options=None):
    """A live match of ``game`` for ``club``; ``host`` sits first, and each of
    ``claims`` (user, seat name) claims a seat."""
    result = clubs.start_club_match(
        host, club.pk, game, list(seats), options, host_seat=0
    )
    match = result.match
    for user, name in claims:
        actions.join_match(user, match.code, seat_id=match.seats.get(name=name).pk)
    match.refresh_from_db()
    return match


def ids(match):
    return {seat.name: seat.pk for seat in match.seats.all()}


def open_number(match):
    return match.rounds.get(status="open").number


def record(user, match, payload):
    return actions.record(user, match.pk, open_number(match), payload)


def win(user, match, name):
    return record(user, match, {"winner": ids(match)[name]})


def end(user, match):
    actions.end_match(user, match.pk)
    match.refresh_from_db()
    return match


def status(match):
    return Match.objects.get(pk=match.pk).status
