"""Counts derived from the sheet, for any game.

The rows are loaded in a fixed number of queries however many matches and rounds
there are; what they mean comes from each match's rule module (``summarize``).
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import QuerySet

from games.models import Cell, Match, Round, Seat
from games.rules import MAIN, RoundView, counted
from games.sheet import seat_view


@dataclass
class Sheet:
    """One match's seats and rounds as plain views, with what its rules derive."""

    match: Match
    seats: list
    rounds: list = field(default_factory=list)

    @property
    def closed(self):
        """The closed rounds that count: a voided round counts for nothing."""
        return counted(self.rounds)

    @property
    def summary(self):
        return self.match.rules.summarize(
            [seat_view(seat) for seat in self.seats],
            self.closed,
            options=self.match.options,
        )

    def played_by(self, seat):
        """Closed rounds that ``seat`` sat in: a latecomer starts later."""
        return sum(1 for round in self.closed if round.number >= seat.first_round)


def load_sheets(matches):
    """The sheets of ``matches`` (a queryset or a list) in three queries more.

    A queryset is read as a subquery, so a long history never meets SQLite's limit
    on the number of query parameters.
    """
    if isinstance(matches, QuerySet):
        ids = matches.order_by().values("pk")
    else:
        ids = [match.pk for match in matches]
    matches = list(matches)
    seats = defaultdict(list)
    for seat in Seat.objects.filter(match_id__in=ids).select_related("claimed_by"):
        seats[seat.match_id].append(seat)
    # field -> seat id -> value per round: a bid must not overwrite the main value.
    values = defaultdict(dict)
    for round_id, seat_id, name, value in Cell.objects.filter(
        round__match_id__in=ids
    ).values_list("round_id", "seat_id", "field", "value"):
        values[round_id].setdefault(name, {})[seat_id] = value
    rounds = defaultdict(list)
    rows = (
        Round.objects.filter(match_id__in=ids)
        .order_by("match_id", "number")
        .values_list(
            "pk", "match_id", "number", "status", "winner_id", "dealer_id", "voided_at"
        )
    )
    for pk, match_id, number, status, winner, dealer, voided_at in rows:
        cells = values[pk].get(MAIN, {})
        rounds[match_id].append(
            RoundView(
                number=number,
                status=status,
                winner=winner,
                cells=cells,
                values={**values[pk], MAIN: cells},
                dealer=dealer,
                voided=voided_at is not None,
            )
        )
    return [Sheet(match, seats[match.pk], rounds[match.pk]) for match in matches]


@dataclass
class GameRecord:
    """One person's results in one game."""

    game: str
    name: str
    matches: int = 0
    played: int = 0
    won: int = 0

    @property
    def win_rate(self):
        return self.won / self.played if self.played else None


@dataclass
class Person:
    key: tuple
    name: str
    is_me: bool = False
    games: dict = field(default_factory=dict)

    def record(self, match):
        rules = match.rules
        if match.game not in self.games:
            self.games[match.game] = GameRecord(match.game, rules.name)
        return self.games[match.game]

    @property
    def matches(self):
        return sum(record.matches for record in self.games.values())
