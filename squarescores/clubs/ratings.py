"""Ratings per club and game: OpenSkill's Plackett-Luce model over the
members' places in each finished match, partners rated as a team.

A finished match's rows change (it ends, a correction or a void changes it,
a seat is linked) inside the transaction that changes them; ``replay`` then
rates that match and every later one of the club in that game again, from
the ratings the members had before it. A match that ends last, the usual
case, replays itself alone.
"""

from collections import defaultdict

from django.db.models import OuterRef, Q, Subquery
from openskill.models import PlackettLuce

from .models import ClubMember, RatingStep, SeatResult

MODEL = PlackettLuce()


def teams_of(rows):
    """The match's rated sides: partners together, anyone else alone; each
    side's rank is its best place."""
    sides = defaultdict(list)
    for row in rows:
        sides[row.team or f"seat-{row.seat_id}"].append(row)
    sides = list(sides.values())
    return sides, [min(row.place for row in side) for side in sides]


def replay(club_id, game, ended_at, match_id):
    """Rate again every match of the club in ``game`` from the one that ended
    at ``ended_at`` (``match_id`` breaks ties of time) on."""
    later = Q(ended_at__gt=ended_at) | Q(ended_at=ended_at, match_id__gte=match_id)
    RatingStep.objects.filter(club_id=club_id, game=game).filter(
        Q(ended_at__gt=ended_at) | Q(ended_at=ended_at, result__match_id__gte=match_id)
    ).delete()
    rows = list(
        SeatResult.objects.filter(club_id=club_id, game=game, member__isnull=False)
        .filter(later)
        .order_by("ended_at", "match_id", "seat_id")
    )
    if not rows:
        return
    state = current(club_id, game, {row.member_id for row in rows})
    by_match = defaultdict(list)
    for row in rows:
        by_match[row.match_id].append(row)
    steps = []
    for match_rows in by_match.values():
        if len(match_rows) < 2:
            continue  # One member alone has nobody to be rated against.
        sides, ranks = teams_of(match_rows)
        teams = [
            [MODEL.rating(*state.get(row.member_id, (None, None))) for row in side]
            for side in sides
        ]
        rated = MODEL.rate(teams, ranks=ranks)
        for side, ratings in zip(sides, rated, strict=True):
            for row, rating in zip(side, ratings, strict=True):
                state[row.member_id] = (rating.mu, rating.sigma)
                steps.append(
                    RatingStep(
                        result=row,
                        club_id=club_id,
                        game=game,
                        member_id=row.member_id,
                        ended_at=row.ended_at,
                        mu=rating.mu,
                        sigma=rating.sigma,
                    )
                )
    RatingStep.objects.bulk_create(steps)


def current(club_id, game, members=None):
    """member id -> (mu, sigma): each member's latest rating in ``game``,
    one query."""
    latest = RatingStep.objects.filter(
        club_id=club_id, game=game, member=OuterRef("pk")
    ).order_by("-ended_at", "-result__match_id")
    found = ClubMember.objects.filter(club_id=club_id)
    if members is not None:
        found = found.filter(pk__in=members)
    rows = found.annotate(
        mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1])
    ).values_list("pk", "mu", "sigma")
    return {pk: (mu, sigma) for pk, mu, sigma in rows if mu is not None}


def shown(mu, sigma):
    """A rating as people read it: whole numbers, mu give or take 2 sigma."""
    return {"mu": round(mu), "spread": round(2 * sigma)}
