"""The stored figures of finished matches: one ``SeatResult`` per seat.

``store`` runs inside the transaction that changes a finished result (games'
``run_change`` tells its listeners, games/results.py): it rewrites the match's
rows from its sheet, so an ended match adds its rows, a correction or a void
rewrites them and a reopened match loses them. Pages then sum rows in the
database instead of folding every sheet.
"""

from games.history.summaries import load_sheets
from games.models import Match
from games.rules import DRAW
from games.sheet import seat_view, standings_of

from . import ratings
from .models import ClubMatch, ClubMember, SeatFigure, SeatLink, SeatResult


def store(match):
    """Rewrite ``match``'s rows from its sheet (none unless it has ended), then
    the club's ratings from that match on."""
    before = (
        SeatResult.objects.filter(match=match, club__isnull=False)
        .values_list("club_id", "ended_at")
        .first()
    )
    SeatResult.objects.filter(match=match).delete()
    after = write_rows(match)
    for club_id, ended_at in {before, after} - {None}:
        ratings.replay(club_id, match.game, ended_at, match.pk)


def write_rows(match):
    """Write the rows of an ended match: (its club id, its end) for a club
    match, else None."""
    if match.is_live:
        return None
    sheet = load_sheets([match])[0]
    closed = sheet.closed
    # A match ended before any round was scored has no result to count.
    if not any(round.status != DRAW for round in closed):
        return None
    rules = match.rules
    views = [seat_view(seat) for seat in sheet.seats]
    standings = standings_of(match, sheet.seats)
    places = rules.places(views, standings, match.options)
    figures = rules.figures(views, closed, standings)
    firsts = sum(1 for place in places.values() if place == 1)
    won = sheet.summary.get("rounds_won", {})
    club_id, members = club_members(match, sheet.seats)
    rows = SeatResult.objects.bulk_create(
        SeatResult(
            match=match,
            seat=seat,
            game=match.game,
            ended_at=match.ended_at,
            user_id=seat.claimed_by_id,
            name=seat.name,
            club_id=club_id,
            member_id=members.get(seat.pk),
            place=places[seat.pk],
            won=1 / firsts if places[seat.pk] == 1 else 0,
            rounds=sheet.played_by(seat),
            rounds_won=won.get(seat.pk, 0),
            figures=figures.get(seat.pk, {}),
            team=team_of(standings, seat.pk),
        )
        for seat in sheet.seats
    )
    SeatFigure.objects.bulk_create(
        SeatFigure(result=row, key=key, value=value)
        for row in rows
        for key, value in row.figures.items()
    )
    return (club_id, match.ended_at) if club_id is not None else None


def team_of(standings, seat_id):
    line = standings.seat(seat_id)
    return (line.team or "") if line is not None else ""


def club_members(match, seats):
    """The match's club id and seat id -> club member id: the member the host
    linked to the seat, else the active member whose account claimed it."""
    club_id = (
        ClubMatch.objects.filter(match=match).values_list("club_id", flat=True).first()
    )
    if club_id is None:
        return None, {}
    users = {seat.claimed_by_id: seat.pk for seat in seats if seat.claimed_by_id}
    found = {
        users[user]: member
        for member, user in ClubMember.objects.active()
        .filter(club_id=club_id, user_id__in=users)
        .values_list("pk", "user_id")
    }
    found.update(
        SeatLink.objects.filter(seat__match=match).values_list("seat_id", "member_id")
    )
    return club_id, found


def restore(match_id):
    """Rewrite one match's rows (after a seat is linked to a member)."""
    store(Match.objects.get(pk=match_id))
