"""41 Exchange: one winner per round, no running total."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bounds import ID_MAX as WHOLE_MAX
from games.errors import BadValue, NoChange, SeatNotInMatch
from games.rules import DRAW, OPEN, WON, Option, Outcome, RuleModule
from games.seat_ids import id_or_none


class FortyOneExchange(RuleModule):
    key = "fortyone_exchange"
    name = "41 Exchange"
    summary = gettext_lazy(
        "Four cards each, four face up in the pool: swap until someone ends the "
        "round. Best single-suit total wins."
    )
    min_seats = 2
    max_seats = 10
    rules_template = "fortyone_exchange/rules.html"
    entry_template = "fortyone_exchange/entry.jinja"
    row_template = "fortyone_exchange/row.jinja"
    correct_template = "fortyone_exchange/correct.jinja"
    standings_template = "fortyone_exchange/standings.jinja"
    sheet_scripts = ("fortyone_exchange/sheet.js",)
    record_schema = {
        "title": "41 Exchange",
        "oneOf": [
            {
                "type": "object",
                "description": "The winner of the round.",
                "properties": {
                    "winner": {"type": "integer", "minimum": 1, "maximum": WHOLE_MAX}
                },
                "required": ["winner"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "description": "A correction only: the round was a draw.",
                "properties": {"draw": {"type": "boolean", "enum": [True]}},
                "required": ["draw"],
                "additionalProperties": False,
            },
        ],
    }
    urls = "games.fortyone_exchange.urls"
    match_pages = ((gettext_lazy("Hand checker"), "hands"),)
    options = (
        Option(
            key="no_pool_clearing",
            label=gettext_lazy("Play without clearing the pool"),
            default=False,
            help=gettext_lazy(
                "Turns may only swap one card, swap all four, or end the round."
            ),
        ),
        Option(
            key="instant_41",
            label=gettext_lazy("41 wins on the spot"),
            default=False,
            help=gettext_lazy(
                "Whoever holds 41 wins at once, without waiting for their turn."
            ),
        ),
        Option(
            key="dry_stock",
            label=gettext_lazy("When the stock runs dry"),
            default="shuffled",
            choices=(
                ("shuffled", gettext_lazy("turn the discards over shuffled")),
                ("unshuffled", gettext_lazy("turn the discards over as they lie")),
            ),
            help=gettext_lazy("The discards become the new stock."),
        ),
    )

    def record(self, table, payload):
        """``{"winner": seat}`` wins the round for that seat; on a closed round
        (the host's correction) ``{"draw": true}`` makes it a draw."""
        if set(payload) == {"winner"}:
            # Read as every game reads a seat (games.seat_ids): 1.0 or True
            # never names seat 1, also when the module is called directly.
            winner = id_or_none(payload["winner"])
            if winner is None or winner not in table.seat_ids():
                raise SeatNotInMatch(
                    _("That seat does not play round %(number)d.")
                    % {"number": table.round.number}
                )
            if table.round.status == WON and table.round.winner == winner:
                raise NoChange(_("That seat already won this round."))
            return self._won_by(table.seats, winner)
        if payload == {"draw": True}:
            if table.round.status == OPEN:
                raise BadValue(_("End match banks the open round as a draw."))
            if table.round.status == DRAW:
                raise NoChange(_("That round is already a draw."))
            return Outcome(status=DRAW, cells=dict.fromkeys(table.seat_ids(), 0))
        raise BadValue(_('A 41 Exchange record is {"winner": seat} or {"draw": true}.'))

    def payload_from_form(self, data):
        """The entry's buttons post ``winner``; the correction may post ``draw``."""
        if (data.get("draw") or [""])[-1]:
            return {"draw": True}
        winner = id_or_none((data.get("winner") or [""])[-1])
        if winner is not None:
            return {"winner": winner}
        raise BadValue(_("Tap the seat that won the round."))

    def _won_by(self, seats, seat_id):
        cells = {seat.id: int(seat.id == seat_id) for seat in seats}
        return Outcome(status=WON, winner=seat_id, cells=cells)
