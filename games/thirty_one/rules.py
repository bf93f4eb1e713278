"""Thirty-One: the option sheet of the online table (seed 002) on the lives engine.

The rule set is the first option: **Blitz** (seed 001's US game), **Schwimmen**
(the commerce game) or **Custom**. Each fills in the other options (``PRESETS``);
the table may still change any of them, and a record is judged by the options the
match holds, never by the rule set's name.

A round records how it ended and who held the lowest hand; the module turns that
into lives per seat under the options (``losses``):

- ``{"lowest": [ids], "closer": id|null, "limit": [ids]}``: the round was closed
  (knocked). ``lowest`` are the seats tied for the lowest hand after the table's
  tie-breaks; ``limit`` the seats at 20 points or less (points limit only).
- ``{"thirty_one": id, ...}``: a 31 ended it; with "31 affects all other players"
  every other seat pays and nothing else is named, otherwise ``lowest`` (and
  ``limit``) are named as for a close.
- ``{"fire": id}``: three aces under Fire; every other seat pays.

The main cell is the lives a seat paid (0, 1 or 2); named fields keep what was
recorded (the closer, the 31 or Fire, the lowest, those at 20 or less) so a row
can say it and a correction starts from it. Counting lives, swimming and going
out is ``games.lives``'.
"""

from dataclasses import dataclass, field, replace

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

# Option keys.
RULE_SET, LIVES, EXCHANGE = "rule_set", "lives", "exchange"
THREE_KIND, REMOVE_LOW, DEALER_SWAP = "three_of_a_kind", "remove_2_to_6", "dealer_swap"
TIEBREAK, ALL_PAY, CLOSER_RULE = "hand_tiebreaker", "thirty_one_hits_all", "closer_rule"
POINTS_LIMIT, FIRST_TURN, TIE = "points_limit", "first_turn_close_limit", "swimmers_tie"
# Their choices.
BLITZ, SCHWIMMEN, CUSTOM = "blitz", "schwimmen", "custom"
COMMERCE, DRAW_DISCARD = "commerce", "draw_discard"
FIRE, THREE, DISABLED = "fire", "three", "disabled"
# At this many points or fewer a seat pays under the points limit.
LIMIT = 20

# Named fields of a round: what was recorded, one mark per seat.
CLOSER, THIRTY_ONE, FIRE_FIELD = "closer", "thirty_one", "fire"
LOWEST, UNDER, REPLAY = "lowest", "limit", "replay"
MARKS = (CLOSER, THIRTY_ONE, FIRE_FIELD, LOWEST, UNDER, REPLAY)
PAYLOAD_KEYS = {CLOSER, THIRTY_ONE, FIRE_FIELD, LOWEST, UNDER}
# Their names in a refusal ("Only one seat can be named as the closer").
MARK_LABELS = {
    CLOSER: gettext_lazy("the closer"),
    THIRTY_ONE: gettext_lazy("the 31"),
    FIRE_FIELD: gettext_lazy("Fire"),
    LOWEST: gettext_lazy("the lowest hand"),
    UNDER: gettext_lazy("20 or less"),
    REPLAY: gettext_lazy("another hand"),
}

# Each rule set's options. Blitz is seed 001's US game: a 52-card pack, draw and
# discard, four markers and one more hand (swimming), no three of a kind, and a
# knocker who is the sole loser pays double (the closer rule). Schwimmen is the
# commerce game of the Schwimmen module. Custom starts plain and is set by hand.
PRESETS = {
    BLITZ: {
        LIVES: 4,
        EXCHANGE: DRAW_DISCARD,
        THREE_KIND: DISABLED,
        REMOVE_LOW: False,
        DEALER_SWAP: False,
        TIEBREAK: False,
        ALL_PAY: False,
        CLOSER_RULE: True,
        POINTS_LIMIT: False,
        FIRST_TURN: False,
        TIE: lives.REPLAY,
    },
    SCHWIMMEN: {
        LIVES: 3,
        EXCHANGE: COMMERCE,
        THREE_KIND: FIRE,
        REMOVE_LOW: True,
        DEALER_SWAP: True,
        TIEBREAK: True,
        ALL_PAY: False,
        CLOSER_RULE: False,
        POINTS_LIMIT: False,
        FIRST_TURN: False,
        TIE: lives.REPLAY,
    },
    CUSTOM: {
        LIVES: 3,
        EXCHANGE: COMMERCE,
        THREE_KIND: THREE,
        REMOVE_LOW: False,
        DEALER_SWAP: False,
        TIEBREAK: True,
        ALL_PAY: False,
        CLOSER_RULE: False,
        POINTS_LIMIT: False,
        FIRST_TURN: False,
        TIE: lives.REPLAY,
    },
}
DEFAULT_RULE_SET = BLITZ


def losses(seats, options, *, lowest=(), closer=None, limit=(), by=None, kind=None):
    """Lives each of ``seats`` (those still in) pays: seat -> count, payers only.

    ``kind`` is how the round ended: ``None`` for a close, ``THIRTY_ONE`` or
    ``FIRE_FIELD`` with ``by`` the seat that showed it. Pure and shared by the
    record and the hand checker, so both say the same; ids may be any hashable.
    """
    if kind == FIRE_FIELD or (kind == THIRTY_ONE and options.get(ALL_PAY)):
        return {seat: 1 for seat in seats if seat != by}
    paying = list(lowest)
    # The closer wins a tie with the closer: the others tied with them pay.
    if options.get(CLOSER_RULE) and closer in paying and len(paying) > 1:
        paying.remove(closer)
    paid = dict.fromkeys(limit or paying, 1)
    if options.get(CLOSER_RULE) and list(lowest) == [closer]:
        paid[closer] = paid.get(closer, 0) + 1
    return paid


def pays_phrase(paid, name):
    """ "Ben pays", "Ben and Cara pay", "Ben pays 2 lives and Cara pays"."""
    if not paid:
        return _("nobody pays")
    if len(paid) > 1 and set(paid.values()) == {1}:
        return ngettext("%(names)s pays", "%(names)s pay", len(paid)) % {
            "names": words.and_join(name(seat) for seat in paid)
        }
    return words.and_join(
        ngettext("%(name)s pays", "%(name)s pays %(count)d lives", count)
        % {"name": name(seat), "count": count}
        for seat, count in paid.items()
    )


def describe(paid, name, *, kind=None, by=None, closer=None, options=None):
    """A round in words, for its row (in the active language) and its note
    (in the log's, ``games.words.for_the_log``)."""
    options = options or {}
    if kind == FIRE_FIELD:
        return _("Fire by %(name)s: everyone else pays") % {"name": name(by)}
    if kind == THIRTY_ONE and options.get(ALL_PAY):
        return _("31 by %(name)s: everyone else pays") % {"name": name(by)}
    values = {"pays": pays_phrase(paid, name)}
    if closer is not None:
        values["closer"] = name(closer)
    if kind == THIRTY_ONE:
        values["by"] = name(by)
    if closer is not None and kind == THIRTY_ONE:
        return _("%(closer)s closed, 31 by %(by)s: %(pays)s") % values
    if closer is not None:
        return _("%(closer)s closed: %(pays)s") % values
    if kind == THIRTY_ONE:
        return _("31 by %(by)s: %(pays)s") % values
    phrase = values["pays"]
    return phrase[:1].upper() + phrase[1:]


class ThirtyOne(LivesModule):
    key = "thirty_one"
    name = gettext_lazy("Thirty-One")
    summary = gettext_lazy(
        "Three cards each, the best suit counts: close when you like your hand, "
        "show a 31 at once. The lowest hand loses a life; the last one in wins."
    )
    min_seats = 2
    max_seats = 8
    options = (
        Option(
            RULE_SET,
            gettext_lazy("Rule set"),
            DEFAULT_RULE_SET,
            choices=(
                (BLITZ, gettext_lazy("Blitz: draw and discard, 52 cards")),
                (SCHWIMMEN, gettext_lazy("Schwimmen: commerce, 32 cards")),
                (CUSTOM, gettext_lazy("Custom: set every option")),
            ),
            help=gettext_lazy(
                "Fills in the options below; the table can still change them."
            ),
        ),
        Option(
            LIVES,
            gettext_lazy("Lives each"),
            PRESETS[BLITZ][LIVES],
            numbers=(2, 3, 4, 5),
            help=gettext_lazy(
                "Then one more hand, swimming. Blitz plays 4 and one more."
            ),
        ),
        Option(
            EXCHANGE,
            gettext_lazy("Exchange mechanism"),
            PRESETS[BLITZ][EXCHANGE],
            choices=(
                (
                    COMMERCE,
                    gettext_lazy("Commerce: swap 1 or 3 with the face-up cards"),
                ),
                (DRAW_DISCARD, gettext_lazy("Draw and discard")),
            ),
        ),
        Option(
            THREE_KIND,
            gettext_lazy("Three of a kind"),
            PRESETS[BLITZ][THREE_KIND],
            choices=(
                (
                    FIRE,
                    gettext_lazy("Fire: 30½, three aces 32 and everyone else pays"),
                ),
                (THREE, "30½"),
                (DISABLED, gettext_lazy("Disabled: counted like any hand")),
            ),
        ),
        Option(
            REMOVE_LOW,
            gettext_lazy("Remove 2 to 6 (a 32-card pack)"),
            PRESETS[BLITZ][REMOVE_LOW],
        ),
        Option(
            DEALER_SWAP,
            gettext_lazy("Dealer hand exchange"),
            PRESETS[BLITZ][DEALER_SWAP],
            help=gettext_lazy(
                "The dealer may swap their hand for three cards before play."
            ),
        ),
        Option(
            TIEBREAK,
            gettext_lazy("Hand tiebreaker: suit, or rank for three of a kind"),
            PRESETS[BLITZ][TIEBREAK],
        ),
        Option(
            ALL_PAY,
            gettext_lazy("31 affects all other players"),
            PRESETS[BLITZ][ALL_PAY],
            help=gettext_lazy("A round ended by a 31 makes every other player pay."),
        ),
        Option(
            CLOSER_RULE,
            gettext_lazy("Closer rule"),
            PRESETS[BLITZ][CLOSER_RULE],
            help=gettext_lazy(
                "The closer wins a tie; a closer who is the sole lowest pays 1 more."
            ),
        ),
        Option(
            POINTS_LIMIT,
            gettext_lazy("Points limit"),
            PRESETS[BLITZ][POINTS_LIMIT],
            help=gettext_lazy(
                "Everyone at 20 or less pays; if nobody is, the lowest pays."
            ),
        ),
        Option(
            FIRST_TURN,
            gettext_lazy("First turn close limit"),
            PRESETS[BLITZ][FIRST_TURN],
            help=gettext_lazy("Nobody but the dealer may close on their first turn."),
        ),
        Option(
            TIE,
            gettext_lazy("The last two tie while both swimming"),
            PRESETS[BLITZ][TIE],
            choices=(
                (lives.REPLAY, gettext_lazy("play another hand, nobody pays")),
                (lives.SHARE, gettext_lazy("they share the win")),
            ),
        ),
    )
    # The option that picks a rule set, and the sets: the start form fills them
    # in (static/js/presets.js), the hand checker's options too.
    preset_option = RULE_SET
    presets = PRESETS
    fields = (
        Field(label=gettext_lazy("Lives paid"), max=2),
        *(Field(mark, label=MARK_LABELS[mark], max=1) for mark in MARKS),
    )
    rules_template = "thirty_one/rules.html"
    entry_template = "thirty_one/entry.jinja"
    row_template = "thirty_one/row.jinja"
    correct_template = "thirty_one/correct.jinja"
    standings_template = "thirty_one/standings.jinja"
    stylesheets = ("thirty_one/thirty_one.css",)
    sheet_scripts = ("js/lives-sheet.js", "thirty_one/sheet.js")
    urls = "games.thirty_one.urls"
    match_pages = ((gettext_lazy("Hand checker"), "hands"),)
    record_schema = {
        "type": "object",
        "description": "How the round ended and who held the lowest hand; the "
        "module turns it into lives under the match's options.",
        "properties": {
            CLOSER: {"type": ["integer", "null"], "description": "Who closed."},
            LOWEST: {
                "type": "array",
                "items": {"type": "integer"},
                "minItems": 1,
                "uniqueItems": True,
                "description": "The seats tied for the lowest hand.",
            },
            UNDER: {
                "type": "array",
                "items": {"type": "integer"},
                "uniqueItems": True,
                "description": "Points limit only: the seats at 20 or less.",
            },
            THIRTY_ONE: {"type": "integer", "description": "Who showed a 31."},
            FIRE_FIELD: {"type": "integer", "description": "Who showed Fire."},
        },
        "anyOf": [
            {"required": [LOWEST]},
            {"required": [THIRTY_ONE]},
            {"required": [FIRE_FIELD]},
        ],
        "additionalProperties": False,
    }

    def clean_options(self, raw):
        """Options left out take the rule set's value, not the option's default."""
        raw = dict(raw or {})
        rule_set = self.options[0].clean(raw.get(RULE_SET, DEFAULT_RULE_SET))
        return super().clean_options({**PRESETS[rule_set], **raw, RULE_SET: rule_set})

    # Recording -------------------------------------------------------------------

    def payload_from_form(self, data):
        """The entry's fields, or a JSON ``payload`` (the hand checker's button)."""
        fields = {key: [v for v in values if v != ""] for key, values in data.items()}
        if fields.get("payload"):
            return super().payload_from_form(data)
        payload = {}
        for key in (CLOSER, THIRTY_ONE, FIRE_FIELD):
            values = fields.get(key)
            if values and len(values) > 1:
                raise BadValue(
                    _("Only one seat can be named as %(what)s.")
                    % {"what": MARK_LABELS[key]}
                )
            if values:
                payload[key] = parse_seat_id(values[0])
        for key in (LOWEST, UNDER):
            if fields.get(key):
                payload[key] = [parse_seat_id(value) for value in fields[key]]
        if not payload.keys() & {LOWEST, THIRTY_ONE, FIRE_FIELD}:
            raise BadValue(_("Pick who has the lowest hand, or who showed 31 or Fire."))
        return payload

    def record(self, table, payload):
        if not isinstance(payload, dict):
            raise BadValue(_("A record is a JSON object."))
        unknown = sorted(set(payload) - PAYLOAD_KEYS)
        if unknown:
            raise BadValue(
                _("A Thirty-One record has no “%(key)s”.") % {"key": unknown[0]}
            )
        if table.standings.result is not None:
            raise BadValue(_("The match was decided before this round."))
        options = table.options
        closer = payload.get(CLOSER)
        if closer is not None:
            closer = self._in_seat(
                table, closer, _("%(name)s is out and cannot close.")
            )
        kind, by = self._ending(table, payload)
        if kind == FIRE_FIELD or (kind == THIRTY_ONE and options.get(ALL_PAY)):
            if payload.keys() & {LOWEST, UNDER}:
                if kind == FIRE_FIELD:
                    message = _(
                        "Fire makes everyone else pay: name nobody as lowest or at "
                        "20 or less."
                    )
                else:
                    message = _(
                        "A 31 on this table makes everyone else pay: name nobody "
                        "as lowest or at 20 or less."
                    )
                raise BadValue(message)
            lowest, limit = [], []
        else:
            lowest, limit = self._lowest(table, payload, by)
        in_play = [seat.id for seat in table.in_play()]
        paid = losses(
            in_play,
            options,
            lowest=lowest,
            closer=closer,
            limit=limit,
            by=by,
            kind=kind,
        )
        marks = {
            CLOSER: [closer] if closer is not None else [],
            THIRTY_ONE: [by] if kind == THIRTY_ONE else [],
            FIRE_FIELD: [by] if kind == FIRE_FIELD else [],
            LOWEST: lowest,
            UNDER: limit,
            REPLAY: [],
        }
        name = self._names(table).get
        # The note is the log's line, in English (games.words): the table and
        # the history word the round from its data in their reader's language.
        with words.for_the_log():
            note = describe(
                paid, name, kind=kind, by=by, closer=closer, options=options
            )
            who = words.and_join(name(seat) for seat in paid)
        if lives.would_wipe_out(table.standings, paid):
            if options.get(TIE, lives.REPLAY) == lives.REPLAY:
                marks[REPLAY] = list(paid)
                paid = {}
                note = f"{who} would all go out: another hand, nobody pays"
            else:
                note = f"{who} would all go out and share the win"
        outcome = Outcome(
            status=SCORED,
            cells={seat: paid.get(seat, 0) for seat in table.seat_ids()},
            values={
                key: dict.fromkeys(seats, 1) for key, seats in marks.items() if seats
            },
            clear=tuple(
                (key, seat)
                for key in MARKS
                for seat in table.round.values.get(key, {})
                if seat not in marks[key]
            ),
            note=short_note(note),
        )
        if table.round.status != OPEN and self._same(table.round, outcome):
            raise NoChange(_("That is already what this round says."))
        return outcome

    def grid_cell(self, round, seat_id, options):
        return lives_grid.paid_cell(round, seat_id)

    def grid_foot_label(self, standings):
        return _("Lives")

    def grid_foot(self, standings, seat_id, options):
        return lives_grid.lives_foot(standings, seat_id)

    def describe(self, round, seats, options):
        """One closed round in words, as its row says it."""
        by_id = {seat.id: seat.name for seat in seats}
        return marks_of(round, seats, by_id, self.clean_options(options)).text

    def sheet_row(self, round, seats, options):
        """The row's words and kind, as row.jinja asks ``round_marks``."""
        by_id = {seat.id: seat.name for seat in seats}
        marks = marks_of(round, seats, by_id, self.clean_options(options))
        return {"text": marks.text, "kind": marks.kind}

    def _ending(self, table, payload):
        if THIRTY_ONE in payload and FIRE_FIELD in payload:
            raise BadValue(_("A round ends by a 31 or by Fire, not both."))
        if FIRE_FIELD in payload:
            if table.options.get(THREE_KIND) != FIRE:
                raise BadValue(_("This table does not play Fire."))
            return FIRE_FIELD, self._in_seat(
                table, payload[FIRE_FIELD], _("%(name)s is out and cannot show Fire.")
            )
        if THIRTY_ONE in payload:
            return THIRTY_ONE, self._in_seat(
                table, payload[THIRTY_ONE], _("%(name)s is out and cannot show 31.")
            )
        return None, None

    def _seats(self, table, value, not_a_list):
        if not isinstance(value, list):
            raise BadValue(not_a_list)
        out = _("%(name)s is out and pays nothing more.")
        seats = [self._in_seat(table, item, out) for item in value]
        if len(set(seats)) != len(seats):
            raise BadValue(_("A seat is named twice."))
        return self._ordered(table, seats)

    def _lowest(self, table, payload, winner):
        options, names = table.options, self._names(table)
        if LOWEST not in payload:
            raise BadValue(_("Name who has the lowest hand (several on a tie)."))
        lowest = self._seats(
            table,
            payload[LOWEST],
            _("Name the seats with the lowest hand as a list."),
        )
        if not lowest:
            raise BadValue(_("Name who has the lowest hand (several on a tie)."))
        limit = self._seats(
            table,
            payload.get(UNDER, []),
            _("Name the seats at 20 or less as a list."),
        )
        if limit and not options.get(POINTS_LIMIT):
            raise BadValue(_("This table plays without the points limit."))
        if winner in lowest or winner in limit:
            raise BadValue(
                _("%(name)s holds 31 and cannot pay for this round.")
                % {"name": names[winner]}
            )
        in_play = [seat.id for seat in table.in_play()]
        if limit and not set(lowest) <= set(limit):
            raise BadValue(
                _("The lowest hand is at 20 or less whenever anyone is: tick it too.")
            )
        if limit and set(limit) >= set(in_play):
            raise BadValue(
                _("The best hand never pays: leave it out of the 20 or less.")
            )
        return lowest, limit

    def _same(self, round, outcome):
        """True when a correction would leave ``round`` as it is."""
        if any(round.cells.get(seat, 0) != n for seat, n in outcome.cells.items()):
            return False
        return all(
            {s for s, v in round.values.get(key, {}).items() if v}
            == set(outcome.values.get(key, {}))
            for key in MARKS
        )

    # Standings -------------------------------------------------------------------

    def new_seat(self, seat, options):
        return lives.new_line(seat.id, options.get(LIVES, PRESETS[BLITZ][LIVES]))

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        counted = replace(
            standings,
            rounds=standings.rounds + 1,
            draws=standings.draws + (round.status == DRAW),
        )
        if round.status != SCORED:
            return counted
        paid = {seat.id: round.cells.get(seat.id) or 0 for seat in seats}
        return lives.settle(
            counted,
            paid,
            wipeout=options.get(TIE, lives.REPLAY),
            names={seat.id: seat.name for seat in seats},
        ).standings

    figure_labels = {
        "lives_lost": (gettext_lazy("Lives lost"), "sum"),
        "swimming": (gettext_lazy("Times swimming"), "sum"),
        "hands": (gettext_lazy("Fire and 31 hands"), "sum"),
    }

    def figures(self, seats, rounds, standings):
        return lives.figures(seats, rounds, standings, (FIRE_FIELD, THIRTY_ONE))


@dataclass(frozen=True)
class Marks:
    """What a closed round recorded, for its row and its correction's form."""

    text: str = ""
    kind: str = "none"
    closer: int | None = None
    by: int | None = None
    lowest: frozenset = field(default_factory=frozenset)
    limit: frozenset = field(default_factory=frozenset)


def _marked(round, key):
    return [seat for seat, value in (round.values.get(key) or {}).items() if value]


def marks_of(round, seats, names, options):
    """One closed round in words, in the active language ("Ben closed: Cara
    pays", "Fire by Dev: …"), and what it marked. ``names``: seat id -> name;
    ``options``: the match's, cleaned."""
    if round is None or round.status == OPEN:
        return Marks()
    if round.status == DRAW:
        return Marks(_("Not scored"), "draw")

    def name(seat):
        return names.get(seat) or _("A seat")

    closer = next(iter(_marked(round, CLOSER)), None)
    fire = next(iter(_marked(round, FIRE_FIELD)), None)
    thirty_one = next(iter(_marked(round, THIRTY_ONE)), None)
    kind = FIRE_FIELD if fire is not None else THIRTY_ONE if thirty_one else None
    by = fire if fire is not None else thirty_one
    marks = {
        "closer": closer,
        "by": by,
        "lowest": frozenset(_marked(round, LOWEST)),
        "limit": frozenset(_marked(round, UNDER)),
    }
    replayed = [seat.id for seat in seats if seat.id in _marked(round, REPLAY)]
    if replayed:
        who = words.and_join(name(seat) for seat in replayed)
        text = _("%(names)s would all go out: another hand, nobody pays") % {
            "names": who
        }
        return Marks(text, "replay", **marks)
    paid = {seat.id: round.cells[seat.id] for seat in seats if round.cells.get(seat.id)}
    text = describe(paid, name, kind=kind, by=by, closer=closer, options=options)
    return Marks(text, kind or "closed", **marks)
