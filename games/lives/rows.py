"""The lives standings laid out for a sheet: one row per seat with its lives,
its fate and whether it won. Pure; the lives games' template tags wrap it."""

from dataclasses import dataclass

from games.rules import IN, OUT, SWIMMING
from games.words import and_join, seat_name


@dataclass(frozen=True)
class StandingRow:
    id: int
    name: str
    lives: int
    start: int
    fate: str
    winner: bool
    dealer: bool

    @property
    def pips(self):
        """One entry per starting life: True while the seat still has it."""
        return [index < self.lives for index in range(max(self.start, self.lives))]

    @property
    def status(self):
        if self.winner:
            return "winner"
        return {IN: "in", SWIMMING: "swimming", OUT: "out"}[self.fate]


def standing_rows(standings, seats, start, names=None, dealer=None):
    """Each seat's lives (``start`` before it has paid), fate and whether it won,
    in seat order."""
    winners = set(standings.result.winners) if standings.result else set()
    rows = []
    for seat in seats:
        line = standings.seat(seat.id)
        rows.append(
            StandingRow(
                id=seat.id,
                name=seat_name(seat, names),
                lives=line.lives if line and line.lives is not None else start,
                start=start,
                fate=line.fate if line else IN,
                winner=seat.id in winners,
                dealer=seat.id == dealer,
            )
        )
    return rows


def result_names(standings, seats, names=None):
    """ "Alice", or "Alice and Ben" on a shared win; "" while undecided."""
    if not standings.result:
        return ""
    by_id = {seat.id: seat_name(seat, names) for seat in seats}
    return and_join(by_id.get(seat, "?") for seat in standings.result.winners)
