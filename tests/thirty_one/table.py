"""Schwimmen's plain-Python scoresheet (tests/schwimmen/table.py) driving the
Thirty-One module, with a word for each way a round ends."""

from dataclasses import dataclass

from games.thirty_one.rules import ThirtyOne
from tests.schwimmen import table

RULES = ThirtyOne()
NAMES = table.NAMES
written = table.written


@dataclass
class Sheet(table.Sheet):
    rules: ThirtyOne = RULES

    def close(self, closer, *lowest, limit=()):
        """``closer`` closed (or nobody, ``None``); ``lowest`` hold the lowest."""
        payload = {"lowest": self.ids(*lowest)}
        if closer:
            payload["closer"] = self.id(closer)
        if limit:
            payload["limit"] = self.ids(*limit)
        return self.record(payload)

    def thirty_one(self, name, *lowest, closer=None):
        payload = {"thirty_one": self.id(name)}
        if lowest:
            payload["lowest"] = self.ids(*lowest)
        if closer:
            payload["closer"] = self.id(closer)
        return self.record(payload)

    def fire(self, name):
        return self.record({"fire": self.id(name)})

    def paid(self, outcome):
        """The lives each seat paid in ``outcome``, by name, payers only."""
        return {
            seat.name: outcome.cells[seat.id]
            for seat in self.seats
            if outcome.cells.get(seat.id)
        }
