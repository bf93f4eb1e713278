"""A scoresheet in plain Python that plays the core's part of the contract in
docs/modules.md: it asks the module to judge a record, writes the outcome into the
round, folds the closed rounds into the standings and opens the next round until
the standings hold a result. No database: these are the module's tests."""

from dataclasses import dataclass, field, replace

from games.rules import MAIN, OPEN, Actor, RoundView, RuleModule, SeatView, Table
from games.schwimmen.rules import Schwimmen

RULES = Schwimmen()
NAMES = ("Alice", "Ben", "Cara", "Dev")


def seat_views(names=NAMES):
    return [
        SeatView(id=index, name=name, position=index)
        for index, name in enumerate(names, start=1)
    ]


def written(round, outcome):
    """``round`` with ``outcome`` applied, as the core writes it."""
    values = {key: dict(cells) for key, cells in round.values.items()}
    values.setdefault(MAIN, {}).update(outcome.cells)
    for key, cells in outcome.values.items():
        values.setdefault(key, {}).update(cells)
    for key, seat in outcome.clear:
        values.get(key, {}).pop(seat, None)
    main = values[MAIN]
    return replace(
        round,
        status=outcome.status,
        winner=outcome.winner,
        cells=main,
        values=values,
    )


@dataclass
class Sheet:
    names: tuple = NAMES
    options: dict = field(default_factory=dict)
    rounds: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    # Thirty-One plays the same loop with its own module (tests/thirty_one/).
    rules: RuleModule = RULES

    def __post_init__(self):
        self.seats = seat_views(self.names)
        self.options = self.rules.clean_options(self.options)
        self.rounds = [RoundView(number=1, status=OPEN)]

    def id(self, name):
        return next(seat.id for seat in self.seats if seat.name == name)

    def ids(self, *names):
        return [self.id(name) for name in names]

    @property
    def closed(self):
        return [round for round in self.rounds if round.status != OPEN]

    @property
    def standings(self):
        return self.rules.standings(self.seats, self.closed, self.options)

    @property
    def result(self):
        return self.standings.result

    def table(self, number, is_host=False):
        before = self.rules.standings(
            self.seats, self.closed[: number - 1], self.options
        )
        return Table(
            seats=self.seats,
            options=self.options,
            standings=before,
            round=self.rounds[number - 1],
            actor=Actor(is_host=is_host),
        )

    def record(self, payload):
        """A member records the open round; the next one opens unless decided."""
        assert self.result is None, "the match has ended"
        number = len(self.rounds)
        outcome = self.rules.record(self.table(number), payload)
        self.rounds[-1] = written(self.rounds[-1], outcome)
        self.notes.append(outcome.note)
        if self.result is None:
            self.rounds.append(RoundView(number=number + 1, status=OPEN))
        return outcome

    def pays(self, *names):
        return self.record({"pays": self.ids(*names)})

    def feuer(self, name):
        return self.record({"feuer": self.id(name)})

    def correct(self, number, payload):
        outcome = self.rules.record(self.table(number, is_host=True), payload)
        self.rounds[number - 1] = written(self.rounds[number - 1], outcome)
        return outcome

    def lives(self):
        return {
            seat.name: (
                self.standings.seat(seat.id).lives,
                self.standings.seat(seat.id).fate,
            )
            for seat in self.seats
        }

    def winners(self):
        by_id = {seat.id: seat.name for seat in self.seats}
        return [by_id[seat] for seat in self.result.winners] if self.result else []
