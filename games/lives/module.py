"""What a lives game's rule module shares with the others: the seats a record
may name, the history's summary and a finished match's places. Pure, like the
rest of the engine."""

from django.utils.translation import gettext as _

from games.errors import BadValue
from games.rules import DRAW, OUT, RuleModule, shared_places
from games.seat_ids import parse_seat_id

from . import out_turns


class LivesModule(RuleModule):
    """A ``RuleModule`` whose seats pay lives and go out."""

    def _in_seat(self, table, value, out_message):
        """The seat of ``value`` if it plays the round and is not out; else
        ``out_message`` (with the seat's ``name``) is the refusal."""
        seat = parse_seat_id(value)
        if seat not in table.seat_ids():
            raise BadValue(
                _("Seat %(seat)s does not play round %(number)d.")
                % {"seat": seat, "number": table.round.number}
            )
        if table.standings.fate(seat) == OUT:
            raise BadValue(out_message % {"name": self._names(table)[seat]})
        return seat

    def _names(self, table):
        return {seat.id: seat.name for seat in table.seats}

    def _ordered(self, table, seats):
        """``seats`` in the table's seat order."""
        return [seat for seat in table.seat_ids() if seat in seats]

    def summarize(self, seats, rounds, options=None):
        """Lives paid per seat and the rounds banked unscored."""
        paid = {seat.id: 0 for seat in seats}
        draws = 0
        for round in rounds:
            draws += round.status == DRAW
            for seat, value in round.cells.items():
                if seat in paid and value:
                    paid[seat] += value
        return {
            "rounds_won": dict.fromkeys(paid, 0),
            "lives_paid": paid,
            "draws": draws,
        }

    def places(self, seats, standings, options=None):
        """The winners first, then the seats still in by lives left, then the
        seats out: the later a seat went out, the higher it places, and seats
        out in the same round share a place. Standings kept before the out
        order was (none for any seat) leave the out seats sharing one place."""
        winners = set(standings.result.winners) if standings.result else set()
        turns = out_turns(standings)

        def rank(seat):
            line = standings.seat(seat.id)
            if line is None:
                return (False, False, 0, 0)
            return (
                seat.id in winners,
                line.fate != OUT,
                line.lives or 0,
                turns.get(seat.id, 0),
            )

        return shared_places({seat.id: rank(seat) for seat in seats})
