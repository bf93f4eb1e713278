"""Schwimmen: who pays a life each round; the last seat in wins.

A round records the seats that pay (``{"pays": [ids]}``: the lowest hand, or
several tied for lowest) or a Feuer (``{"feuer": id}``: everyone else still in
pays). The main cell is the lives a seat paid that round, written for every seat
playing it; the named fields ``feuer`` and ``replay`` mark the seat that showed
Feuer and the last swimmers whose tie was played again. The counting of lives,
swimming and going out is ``games.lives``'.
"""

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import lives, words
from games.errors import BadValue, NoChange
from games.lives import grid as lives_grid
from games.lives.module import LivesModule
from games.rules import (
    DRAW,
    OPEN,
    SCORED,
    Field,
    Option,
    Outcome,
    short_note,
)
from games.seat_ids import parse_seat_id

LIVES, TIE, FEUER = "lives", "swimmers_tie", "feuer"
FEUER_FIELD, REPLAY_FIELD = "feuer", "replay"


class Schwimmen(LivesModule):
    key = "schwimmen"
    name = "Schwimmen"
    summary = gettext_lazy(
        "Three cards each, three face up in the middle: swap until someone closes. "
        "The weakest hand pays a life; the last player in wins."
    )
    min_seats = 2
    max_seats = 8
    options = (
        Option(
            key=LIVES,
            label=gettext_lazy("Lives each"),
            default=3,
            numbers=(2, 3, 5),
            help=gettext_lazy("More lives make a longer game."),
        ),
        Option(
            key=TIE,
            label=gettext_lazy("The last two tie while both swimming"),
            default=lives.REPLAY,
            choices=(
                (lives.REPLAY, gettext_lazy("play another hand, nobody pays")),
                (lives.SHARE, gettext_lazy("they share the win")),
            ),
            help=gettext_lazy(
                "Both would go out at once; the table settles it one way."
            ),
        ),
        Option(
            key=FEUER,
            label=gettext_lazy("Feuer: three aces are 32 and everyone else pays"),
            default=True,
            help=gettext_lazy(
                "Off: three aces are three of a kind like any other, 30½."
            ),
        ),
    )
    fields = (
        Field(label=gettext_lazy("Lives paid"), max=1),
        Field(FEUER_FIELD, label=gettext_lazy("Feuer"), max=1),
        Field(REPLAY_FIELD, label=gettext_lazy("Tied while swimming"), max=1),
    )
    rules_template = "schwimmen/rules.html"
    entry_template = "schwimmen/entry.jinja"
    row_template = "schwimmen/row.jinja"
    correct_template = "schwimmen/correct.jinja"
    standings_template = "schwimmen/standings.jinja"
    # Not in the interface yet: the sheet fragments' CSS, for the core to link on
    # the match page (the fragments are rendered once per change, without a head).
    stylesheets = ("schwimmen/schwimmen.css",)
    sheet_scripts = ("js/lives-sheet.js", "schwimmen/sheet.js")
    urls = "games.schwimmen.urls"
    match_pages = ((gettext_lazy("Hand checker"), "hands"),)
    record_schema = {
        "oneOf": [
            {
                "type": "object",
                "title": "Who pays",
                "description": "The seat with the lowest hand, or every seat tied "
                "for lowest; each pays one life.",
                "properties": {
                    "pays": {
                        "type": "array",
                        "items": {"type": "integer"},
                        "minItems": 1,
                        "uniqueItems": True,
                    }
                },
                "required": ["pays"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "title": "Feuer",
                "description": "The seat that showed three aces; every other seat "
                "still in pays one life.",
                "properties": {"feuer": {"type": "integer"}},
                "required": ["feuer"],
                "additionalProperties": False,
            },
        ]
    }

    # Recording -------------------------------------------------------------------

    def payload_from_form(self, data):
        """``pays`` (repeated) or ``feuer``; a JSON ``payload`` field also works,
        as the hand checker's record button sends one."""
        fields = {key: [v for v in values if v != ""] for key, values in data.items()}
        if fields.get("payload"):
            return super().payload_from_form(data)
        feuer, pays = fields.get("feuer"), fields.get("pays")
        if feuer and pays:
            raise BadValue(_("Record either who pays or a Feuer, not both."))
        if feuer:
            if len(feuer) > 1:
                raise BadValue(_("Only one seat can show Feuer."))
            return {"feuer": parse_seat_id(feuer[0])}
        if pays:
            return {"pays": [parse_seat_id(value) for value in pays]}
        raise BadValue(_("Pick who pays, or who showed Feuer."))

    def record(self, table, payload):
        if not isinstance(payload, dict):
            raise BadValue(_("A record is a JSON object."))
        keys = set(payload)
        if keys == {"pays"}:
            outcome = self._pays(table, payload["pays"])
        elif keys == {"feuer"}:
            outcome = self._feuer(table, payload["feuer"])
        else:
            raise BadValue(
                _('Record {"pays": [seats]} or {"feuer": seat}, and nothing else.')
            )
        if table.round.status != OPEN and self._same(table.round, outcome):
            raise NoChange(_("That is already what this round says."))
        return outcome

    def _judgeable(self, table):
        if table.standings.result is not None:
            raise BadValue(_("The match was decided before this round."))

    def _pays(self, table, value):
        self._judgeable(table)
        if not isinstance(value, list) or not value:
            raise BadValue(_("Name at least one seat that pays."))
        out = _("%(name)s is out and pays nothing more.")
        payers = [self._in_seat(table, item, out) for item in value]
        if len(set(payers)) != len(payers):
            raise BadValue(_("A seat is named twice."))
        names = self._names(table)
        losses = dict.fromkeys(payers, 1)
        # The note is the log's line, in English (games.words): the table and
        # the history word the round from its data in their reader's language.
        with words.for_the_log():
            who = words.and_join(names[seat] for seat in self._ordered(table, payers))
        if lives.would_wipe_out(table.standings, losses):
            if table.options.get(TIE, lives.REPLAY) == lives.REPLAY:
                return Outcome(
                    status=SCORED,
                    cells=dict.fromkeys(table.seat_ids(), 0),
                    values={REPLAY_FIELD: dict.fromkeys(payers, 1)},
                    clear=self._stale(table.round, {REPLAY_FIELD: payers}),
                    note=short_note(
                        f"{who} tie while swimming: another hand, nobody pays"
                    ),
                )
            note = f"{who} tie while swimming and share the win"
        else:
            note = f"{who} {'pays' if len(payers) == 1 else 'pay'}"
        return Outcome(
            status=SCORED,
            cells={seat: int(seat in losses) for seat in table.seat_ids()},
            clear=self._stale(table.round, {}),
            note=short_note(note),
        )

    def _feuer(self, table, value):
        self._judgeable(table)
        if not table.options.get(FEUER, True):
            raise BadValue(_("This table plays without Feuer."))
        fire = self._in_seat(table, value, _("%(name)s is out and cannot show Feuer."))
        payers = {seat.id for seat in table.in_play()} - {fire}
        name = self._names(table)[fire]
        return Outcome(
            status=SCORED,
            cells={seat: int(seat in payers) for seat in table.seat_ids()},
            values={FEUER_FIELD: {fire: 1}},
            clear=self._stale(table.round, {FEUER_FIELD: [fire]}),
            note=short_note(f"Feuer by {name}: everyone else pays"),
        )

    def _stale(self, round, kept):
        """The named values of an earlier record that the new one drops."""
        return tuple(
            (key, seat)
            for key in (FEUER_FIELD, REPLAY_FIELD)
            for seat in round.values.get(key, {})
            if seat not in kept.get(key, ())
        )

    def _same(self, round, outcome):
        """True when a correction would leave ``round`` as it is."""
        if any(
            round.cells.get(seat, 0) != value for seat, value in outcome.cells.items()
        ):
            return False
        for key in (FEUER_FIELD, REPLAY_FIELD):
            now = {s: v for s, v in round.values.get(key, {}).items() if v}
            if now != {s: v for s, v in outcome.values.get(key, {}).items() if v}:
                return False
        return True

    def grid_cell(self, round, seat_id, options):
        return lives_grid.paid_cell(round, seat_id)

    def grid_foot_label(self, standings):
        return _("Lives")

    def grid_foot(self, standings, seat_id, options):
        return lives_grid.lives_foot(standings, seat_id)

    def describe(self, round, seats, options):
        return summary(round, seats).text

    def sheet_row(self, round, seats, options):
        """The row's words and kind, as row.jinja asks ``round_summary``."""
        said = summary(round, seats)
        return {"text": said.text, "kind": said.kind}

    # Standings -------------------------------------------------------------------

    def new_seat(self, seat, options):
        return lives.new_line(seat.id, options.get(LIVES, 3))

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        counted = replace(
            standings,
            rounds=standings.rounds + 1,
            draws=standings.draws + (round.status == DRAW),
        )
        if round.status != SCORED:
            return counted
        losses = {
            seat.id: round.cells.get(seat.id, 0) or 0
            for seat in seats
            if round.cells.get(seat.id)
        }
        settled = lives.settle(
            counted,
            losses,
            wipeout=options.get(TIE, lives.REPLAY),
            names={seat.id: seat.name for seat in seats},
        )
        return settled.standings

    figure_labels = {
        "lives_lost": (gettext_lazy("Lives lost"), "sum"),
        "swimming": (gettext_lazy("Times swimming"), "sum"),
        "hands": (gettext_lazy("Feuer hands"), "sum"),
    }

    def figures(self, seats, rounds, standings):
        return lives.figures(seats, rounds, standings, (FEUER_FIELD,))


@dataclass(frozen=True)
class RowSummary:
    """A closed round as its row shows it: in words, its kind (``pays``,
    ``feuer``, ``replay``, ``none``, ``draw``), who paid and who showed Feuer."""

    text: str
    kind: str
    payers: tuple[int, ...]
    feuer: int | None


def summary(round, seats, names=None):
    """One closed round in words, in the active language: "Ben pays", "Feuer by
    Cara: everyone else pays". ``names`` (seat id -> name) overrides the seats'."""
    by_id = {seat.id: (names or {}).get(seat.id, seat.name) for seat in seats}
    payers = tuple(seat.id for seat in seats if round.cells.get(seat.id))
    fire = next(iter(round.values.get(FEUER_FIELD, {}) or {}), None)
    tied = [
        seat.id for seat in seats if round.values.get(REPLAY_FIELD, {}).get(seat.id)
    ]
    if round.status == DRAW:
        return RowSummary(_("Not scored"), "draw", (), None)
    if fire is not None:
        name = by_id.get(fire, _("A seat"))
        text = _("Feuer by %(name)s: everyone else pays") % {"name": name}
        return RowSummary(text, "feuer", payers, fire)
    if tied:
        who = words.and_join(by_id[seat] for seat in tied)
        text = ngettext(
            "%(names)s tied while swimming: another hand, nobody pays",
            "%(names)s tied while swimming: another hand, nobody pays",
            len(tied),
        ) % {"names": who}
        return RowSummary(text, "replay", (), None)
    if not payers:
        return RowSummary(_("Nobody pays"), "none", (), None)
    who = words.and_join(by_id[seat] for seat in payers)
    text = ngettext("%(names)s pays", "%(names)s pay", len(payers)) % {"names": who}
    return RowSummary(text, "pays", payers, None)
