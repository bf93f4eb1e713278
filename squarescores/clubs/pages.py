"""What the club's pages show, read in a fixed number of queries: a page
asks here, never the models directly."""

from dataclasses import dataclass

from games.rules import registry

from . import actions, boards
from .models import ClubMatch, ClubMember, Invite, SeatResult

RECENT_MATCHES = 10


@dataclass
class Board:
    game: str
    name: str
    columns: list
    lines: list


def game_choice(club_id, asked):
    """The games with results (most played first) and the one to show."""
    games = boards.games_played(club_id)
    if asked in registry:
        return games, asked
    return games, games[0] if games else None


def board(club_id, game, season):
    if game is None:
        return None
    columns = boards.figure_columns(game)
    lines = boards.leaderboard(club_id, game, season)
    for line in lines:
        # The figures in the columns' order, with how each is shown.
        line.cells = [(line.figures.get(key, 0), kind) for key, _l, kind in columns]
    return Board(game, registry.get(game).name, columns, lines)


def recent_matches(club_id, limit=RECENT_MATCHES):
    return list(
        ClubMatch.objects.filter(club_id=club_id)
        .select_related("match")
        .order_by("-match__created_at", "-match_id")[:limit]
    )


def members(club_id, *, active=True):
    found = ClubMember.objects.filter(club_id=club_id)
    return list(found.active() if active else found)


def live_invites(club_id):
    return list(Invite.objects.filter(club_id=club_id, revoked_at=None))


def seats_to_link(user, club_id, match_id):
    """The match's seats with their linked member, for the host's form."""
    match, found = actions.check_link_seat(user, match_id)
    if found != club_id:
        raise actions.ClubNotFound()
    seats = list(match.seats.select_related("club_link", "claimed_by"))
    return match, seats


def member_results(member_id, limit=20):
    return list(
        SeatResult.objects.filter(member_id=member_id)
        .select_related("match")
        .order_by("-ended_at", "-id")[:limit]
    )
