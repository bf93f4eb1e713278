"""Leaderboards, head-to-head and a member's story: sums over the stored rows
(``SeatResult``, ``SeatFigure``), a fixed number of queries however many
matches a club has played."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Avg, Count, F, Max, Min, OuterRef, Q, Subquery, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.rules import registry

from . import ratings
from .models import RatingStep, SeatFigure, SeatResult

ALL, YEAR, RANGE = "all", "year", "range"
SEASONS = ((ALL, _("All time")), (YEAR, _("This year")), (RANGE, _("Dates")))


@dataclass(frozen=True)
class Season:
    key: str = ALL
    start: datetime.date | None = None
    end: datetime.date | None = None

    def filter(self, prefix=""):
        """The rows' ``ended_at`` within the season (``end`` counts whole)."""
        found = Q()
        if self.start is not None:
            found &= Q(**{f"{prefix}ended_at__date__gte": self.start})
        if self.end is not None:
            found &= Q(**{f"{prefix}ended_at__date__lte": self.end})
        return found


def season_from(key, start=None, end=None, *, today=None):
    """A season from a page's or the API's words: ``all``, ``year`` or
    ``range`` with ISO dates. Anything else is a ValueError."""
    today = today or timezone.localdate()
    if key in (None, "", ALL):
        return Season()
    if key == YEAR:
        return Season(YEAR, datetime.date(today.year, 1, 1), None)
    if key == RANGE:
        start = datetime.date.fromisoformat(start) if start else None
        end = datetime.date.fromisoformat(end) if end else None
        if start and end and end < start:
            raise ValueError("The season ends before it starts.")
        return Season(RANGE, start, end)
    raise ValueError(f"Unknown season {key!r}.")


@dataclass
class Line:
    """One member's line on a leaderboard."""

    member: int
    name: str
    played: int
    won: float
    place: float
    figures: dict = field(default_factory=dict)
    # {"mu", "spread"} in whole numbers (ratings.shown), or None.
    rating: dict | None = None

    @property
    def win_rate(self):
        return self.won / self.played if self.played else 0.0


def figure_columns(game):
    """(key, label, kind) of the game's own figures."""
    rules = registry.get(game)
    return [(key, label, kind) for key, (label, kind) in rules.figure_labels.items()]


def leaderboard(club_id, game, season=Season()):
    """Each member's line in ``game`` this season, best first: two queries."""
    rows = (
        SeatResult.objects.filter(club_id=club_id, game=game, member__isnull=False)
        .filter(season.filter())
        .values("member", "member__name")
        .annotate(played=Count("id"), won=Sum("won"), place=Avg("place"))
    )
    lines = {
        row["member"]: Line(
            row["member"], row["member__name"], row["played"], row["won"], row["place"]
        )
        for row in rows
    }
    kinds = {key: kind for key, _label, kind in figure_columns(game)}
    sums = (
        SeatFigure.objects.filter(
            result__club_id=club_id, result__game=game, result__member__isnull=False
        )
        .filter(season.filter("result__"))
        .values("result__member", "key")
        .annotate(total=Sum("value"))
    )
    for row in sums:
        line = lines.get(row["result__member"])
        if line is None or row["key"] not in kinds:
            continue
        total = row["total"]
        line.figures[row["key"]] = (
            total / line.played if kinds[row["key"]] == "mean" else total
        )
    for member, (mu, sigma) in ratings.current(club_id, game, set(lines)).items():
        lines[member].rating = ratings.shown(mu, sigma)
    return sorted(
        lines.values(),
        key=lambda line: (-line.won, -line.win_rate, line.place, line.name.casefold()),
    )


def games_played(club_id):
    """The games the club has results in, most played first: one query."""
    rows = (
        SeatResult.objects.filter(club_id=club_id)
        .values("game")
        .annotate(matches=Count("match", distinct=True))
        .order_by("-matches", "game")
    )
    return [row["game"] for row in rows if row["game"] in registry]


@dataclass(frozen=True)
class HeadToHead:
    together: int
    first_ahead: int
    second_ahead: int
    level: int
    first_won: float
    second_won: float


def head_to_head(club_id, game, first, second, season=Season()):
    """Two members' matches together in ``game``: who finished ahead, one query."""
    other = SeatResult.objects.filter(match=OuterRef("match"), member=second)
    rows = (
        SeatResult.objects.filter(club_id=club_id, game=game, member=first)
        .filter(season.filter())
        .annotate(
            other_place=Subquery(other.values("place")[:1]),
            other_won=Subquery(other.values("won")[:1]),
        )
        .filter(other_place__isnull=False)
        .aggregate(
            together=Count("id"),
            first_ahead=Count("id", filter=Q(place__lt=F("other_place"))),
            second_ahead=Count("id", filter=Q(place__gt=F("other_place"))),
            first_won=Sum("won"),
            second_won=Sum("other_won"),
        )
    )
    together = rows["together"]
    return HeadToHead(
        together,
        rows["first_ahead"],
        rows["second_ahead"],
        together - rows["first_ahead"] - rows["second_ahead"],
        rows["first_won"] or 0,
        rows["second_won"] or 0,
    )


FORM_MATCHES = 30


def form(member_id, game):
    """The member's last matches in ``game``, oldest first: (ended, place,
    seats, won share), one query of at most ``FORM_MATCHES`` rows."""
    seats = SeatResult.objects.filter(match=OuterRef("match")).values("match")
    rows = (
        SeatResult.objects.filter(member_id=member_id, game=game)
        .annotate(
            seats=Subquery(seats.annotate(n=Count("id")).values("n")[:1]),
        )
        .order_by("-ended_at", "-id")
        .values_list("ended_at", "place", "seats", "won")[:FORM_MATCHES]
    )
    return list(reversed(rows))


def by_game(member_id):
    """The member's matches, wins and best place per game: one query."""
    return list(
        SeatResult.objects.filter(member_id=member_id)
        .values("game")
        .annotate(
            played=Count("id"),
            won=Sum("won"),
            best=Min("place"),
            last=Max("ended_at"),
            average=Avg("place"),
        )
        .order_by("-played", "game")
    )


def companions(member_id, limit=10):
    """The members who played most often with this one: one query."""
    mine = SeatResult.objects.filter(member_id=member_id).values("match")
    return list(
        SeatResult.objects.filter(match__in=mine, member__isnull=False)
        .exclude(member_id=member_id)
        .values("member", "member__name")
        .annotate(together=Count("id"))
        .order_by("-together", "member__name")[:limit]
    )


def streaks(member_id, game):
    """The member's best winning streak in ``game`` and the current one. Reads
    the member's won shares in order (one column of one query)."""
    shares = SeatResult.objects.filter(member_id=member_id, game=game).order_by(
        "ended_at", "id"
    )
    best = current = 0
    for won in shares.values_list("won", flat=True).iterator():
        current = current + 1 if won > 0 else 0
        best = max(best, current)
    return best, current


def rating_history(member_id, game, limit=FORM_MATCHES):
    """The member's last ratings in ``game``, oldest first: (mu, sigma)."""
    steps = (
        RatingStep.objects.filter(member_id=member_id, game=game)
        .order_by("-ended_at", "-id")
        .values_list("mu", "sigma")[:limit]
    )
    return list(reversed(steps))
