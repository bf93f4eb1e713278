"""Points, the sheet for any scored game: each round every seat gets a whole
number, plus or minus, and the totals run until the table's end.

The end is a target (the first round after which someone has reached it), a
number of rounds, or none (the table ends the match). The highest or the lowest
total wins, and a tie at the end shares the win. A round is entered by each
phone for its own seat (it closes when every seat is in) or by one scorer for
the whole table, and may have to add up to a fixed total (0 for a zero-sum
game). The presets of well-known games only fill in these options.
"""

from collections.abc import Mapping
from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import words
from games.entry import every_seat, form_number, last, may_enter, prefixed, seat_of
from games.errors import BadValue, NoChange, NotTheHost
from games.rules import (
    DRAW,
    OPEN,
    SCORED,
    Field,
    Option,
    Outcome,
    Result,
    RuleModule,
    SeatStanding,
    lead_by_points,
    places_by_points,
    scores_note,
    short_note,
)
from games.seat_ids import by_seat, parse_seat_id
from games.words import signed, total_text

MIN_SEATS, MAX_SEATS = 2, 12
# One round's figure for one seat: generous for any card game's hand.
SCORE_MAX = 99_999

# Option keys and their choices.
GAME, ENTRY, END, TARGET, ROUNDS, WINS, ADDS_UP = (
    "game",
    "entry",
    "end",
    "target",
    "rounds",
    "wins",
    "adds_up_to",
)
PHONES, SCORER = "phones", "scorer"
BY_TARGET, BY_ROUNDS, OPEN_ENDED = "target", "rounds", "open"
HIGHEST, LOWEST = "highest", "lowest"
NO_CHECK = "off"
CUSTOM, RUMMY, HEARTS, UNO, PHASE_10 = "custom", "rummy", "hearts", "uno", "phase_10"
TARGETS = (50, 100, 150, 200, 250, 300, 400, 500, 1000, 2000, 5000, 10000)
ROUND_COUNTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 15, 16, 20, 24, 25, 30)
# The totals a round may be held to: 0 for a zero-sum game; 26 (Hearts without
# shooting the moon), 120 (Skat's card points), 162 (Belote), 240
# (Doppelkopf's card points) for games whose points per hand are fixed.
ROUND_TOTALS = ("0", "26", "100", "120", "162", "240")

# Each preset's options: only options, so a table can still change any.
PRESETS = {
    CUSTOM: {END: BY_TARGET, TARGET: 500, ROUNDS: 10, WINS: HIGHEST, ADDS_UP: NO_CHECK},
    # Rummy 500: melds score for you, the cards left in hand against you, so a
    # round may be negative; the first to 500 ends it and the highest wins.
    RUMMY: {END: BY_TARGET, TARGET: 500, ROUNDS: 10, WINS: HIGHEST, ADDS_UP: NO_CHECK},
    # Hearts: penalty points; someone at 100 ends it and the lowest wins.
    HEARTS: {END: BY_TARGET, TARGET: 100, ROUNDS: 10, WINS: LOWEST, ADDS_UP: NO_CHECK},
    # Uno: the hand's winner scores the cards left in the others' hands.
    UNO: {END: BY_TARGET, TARGET: 500, ROUNDS: 10, WINS: HIGHEST, ADDS_UP: NO_CHECK},
    # Phase 10: points for the cards left in hand; the table ends the match when
    # someone completes the tenth phase, and the lowest total wins.
    PHASE_10: {
        END: OPEN_ENDED,
        TARGET: 500,
        ROUNDS: 10,
        WINS: LOWEST,
        ADDS_UP: NO_CHECK,
    },
}

SCORES_SCHEMA = {
    "description": "Seat id -> the round's score (negative allowed), every seat.",
    "type": "object",
    "additionalProperties": {
        "type": "integer",
        "minimum": -SCORE_MAX,
        "maximum": SCORE_MAX,
    },
}


def scores_of(round):
    """Seat id -> the round's score, for the seats entered so far."""
    return by_seat(round.cells)


def round_total_rule(options):
    """The total a round must add up to, or None for no check."""
    value = (options or {}).get(ADDS_UP, NO_CHECK)
    return None if value in (None, NO_CHECK) else int(value)


def winners(totals, options):
    """The seats with the best total (highest or lowest, by the options)."""
    if not totals:
        return ()
    pick = min if (options or {}).get(WINS, HIGHEST) == LOWEST else max
    best = pick(totals.values())
    return tuple(seat for seat, total in totals.items() if total == best)


def decided(totals, rounds, options):
    """Whether the match ends after ``rounds`` closed rounds with ``totals``."""
    options = options or {}
    end = options.get(END, BY_TARGET)
    if end == BY_TARGET:
        target = options.get(TARGET, PRESETS[CUSTOM][TARGET])
        return any(total >= target for total in totals.values())
    if end == BY_ROUNDS:
        return rounds >= options.get(ROUNDS, PRESETS[CUSTOM][ROUNDS])
    return False


class Points(RuleModule):
    key = "points"
    name = gettext_lazy("Points (any game)")
    summary = gettext_lazy(
        "The sheet for any scored game: each round every player gets a number, "
        "plus or minus, and the totals run to a target, a number of rounds, or "
        "until you end the match. Presets for Rummy, Hearts, Uno and Phase 10."
    )
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options = (
        Option(
            GAME,
            gettext_lazy("Game"),
            CUSTOM,
            choices=(
                (CUSTOM, gettext_lazy("Your own: set every option")),
                (RUMMY, gettext_lazy("Rummy: first to 500, highest wins")),
                (HEARTS, gettext_lazy("Hearts: to 100, lowest wins")),
                (UNO, gettext_lazy("Uno: first to 500")),
                (PHASE_10, gettext_lazy("Phase 10: lowest after the last phase")),
            ),
            help=gettext_lazy(
                "Fills in the options below; the table can still change them."
            ),
        ),
        Option(
            ENTRY,
            gettext_lazy("Who enters the scores"),
            PHONES,
            choices=(
                (PHONES, gettext_lazy("Each phone its own")),
                (SCORER, gettext_lazy("One scorer for everyone")),
            ),
            help=gettext_lazy(
                "Each phone: the round closes when every score is in. A member "
                "may enter a seat without a phone, the host any seat."
            ),
        ),
        Option(
            END,
            gettext_lazy("The match ends"),
            PRESETS[CUSTOM][END],
            choices=(
                (BY_TARGET, gettext_lazy("When someone reaches the target")),
                (BY_ROUNDS, gettext_lazy("After a number of rounds")),
                (OPEN_ENDED, gettext_lazy("When the table ends it")),
            ),
        ),
        Option(
            TARGET,
            gettext_lazy("Target"),
            PRESETS[CUSTOM][TARGET],
            numbers=TARGETS,
            help=gettext_lazy("Used when the match ends at the target."),
        ),
        Option(
            ROUNDS,
            gettext_lazy("Rounds"),
            PRESETS[CUSTOM][ROUNDS],
            numbers=ROUND_COUNTS,
            help=gettext_lazy("Used when the match ends after a number of rounds."),
        ),
        Option(
            WINS,
            gettext_lazy("Who wins"),
            PRESETS[CUSTOM][WINS],
            choices=(
                (HIGHEST, gettext_lazy("The highest total")),
                (LOWEST, gettext_lazy("The lowest total")),
            ),
        ),
        Option(
            ADDS_UP,
            gettext_lazy("A round must add up to"),
            PRESETS[CUSTOM][ADDS_UP],
            choices=(
                (NO_CHECK, gettext_lazy("Anything (no check)")),
                ("0", gettext_lazy("0 (zero-sum)")),
                *((total, total) for total in ROUND_TOTALS[1:]),
            ),
            help=gettext_lazy("A round that adds up to anything else is refused."),
        ),
    )
    preset_option = GAME
    presets = PRESETS
    fields = (Field(label=gettext_lazy("Points"), min=-SCORE_MAX, max=SCORE_MAX),)
    rules_template = "points/rules.html"
    entry_template = "points/entry.jinja"
    row_template = "points/row.jinja"
    correct_template = "points/correct.jinja"
    standings_template = "points/standings.jinja"
    history_round_template = "points/history_round.html"
    stylesheets = ("css/scored.css",)
    sheet_scripts = ("points/sheet.js",)
    # Inline, without $ref (the API embeds it in its OpenAPI document); the keys
    # ``score`` and ``scores`` are no other module's.
    record_schema = {
        "oneOf": [
            {
                "title": "One seat's score (open round)",
                "type": "object",
                "properties": {
                    "score": {
                        "type": "object",
                        "properties": {
                            "seat": {"type": "integer"},
                            "value": {
                                "type": "integer",
                                "minimum": -SCORE_MAX,
                                "maximum": SCORE_MAX,
                            },
                        },
                        "required": ["seat", "value"],
                        "additionalProperties": False,
                    }
                },
                "required": ["score"],
                "additionalProperties": False,
            },
            {
                "title": "Every seat's score (the scorer's round, or a correction)",
                "type": "object",
                "properties": {"scores": SCORES_SCHEMA},
                "required": ["scores"],
                "additionalProperties": False,
            },
        ],
    }

    # Recording -----------------------------------------------------------------

    def record(self, table, payload):
        if not isinstance(payload, Mapping):
            raise BadValue(_("A record is a JSON object."))
        keys = set(payload)
        if table.round.status != OPEN:
            if not table.actor.is_host:
                raise NotTheHost(_("Only the host can correct a closed round."))
            if keys == {"scores"}:
                return self._correct(table, payload["scores"])
            raise BadValue(
                _('Correct a closed round with every score: {"scores": {…}}.')
            )
        if keys == {"score"}:
            return self._score(table, payload["score"])
        if keys == {"scores"}:
            if table.options.get(ENTRY, PHONES) == PHONES and not (table.actor.is_host):
                raise NotTheHost(
                    _(
                        "At this table each phone enters its own score: only the "
                        "host can enter the whole round."
                    )
                )
            return self._whole_round(table, payload["scores"])
        raise BadValue(
            _(
                'The open round takes one score, {"score": {"seat": id, "value": '
                'n}}, or every score, {"scores": {"<seat>": n, …}}.'
            )
        )

    def _score(self, table, entry):
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "value"}:
            raise BadValue(_('A score is {"seat": id, "value": n}.'))
        seat = seat_of(table, entry["seat"])
        value = _score_value(entry["value"], seat.name)
        if not may_enter(table.actor, seat):
            raise BadValue(
                _(
                    "%(name)s's seat belongs to another phone: only %(name)s or "
                    "the host can enter that score."
                )
                % {"name": seat.name}
            )
        scores = scores_of(table.round)
        if scores.get(seat.id) == value:
            raise NoChange(
                _("%(name)s's score is already %(score)s.")
                % {"name": seat.name, "score": total_text(value)}
            )
        scores[seat.id] = value
        cells = {seat.id: value}
        if any(s.id not in scores for s in table.seats):
            return Outcome(
                status=OPEN, cells=cells, note=short_note(f"{seat.name} scores {value}")
            )
        _check_total(scores, table.options)
        return Outcome(
            status=SCORED, cells=cells, note=scores_note(table.seats, scores)
        )

    def _whole_round(self, table, raw):
        scores = _every(table, raw)
        _check_total(scores, table.options)
        return Outcome(
            status=SCORED, cells=scores, note=scores_note(table.seats, scores)
        )

    def _correct(self, table, raw):
        scores = _every(table, raw)
        _check_total(scores, table.options)
        round = table.round
        if round.status == SCORED and scores_of(round) == scores:
            raise NoChange(
                _("Round %(number)d already has those scores.")
                % {"number": round.number}
            )
        return Outcome(
            status=SCORED, cells=scores, note=scores_note(table.seats, scores)
        )

    def payload_from_form(self, data):
        """Read the table's forms: one seat's score (``seat`` and ``score``),
        or every seat's (``score-<seat>``), for the round or a correction."""
        if "payload" in data:
            return super().payload_from_form(data)
        if "score" in data:
            return {
                "score": {
                    "seat": parse_seat_id(last(data, "seat")),
                    "value": form_number(last(data, "score"), _("the score")),
                }
            }
        if any(key.startswith("score-") for key in data):
            return {"scores": prefixed(data, "score-", _("the score"))}
        raise BadValue(_("The form holds no score."))

    def describe(self, round, seats, options):
        """A scored round's figures ("Rami +25 · Lina -10 · …")."""
        scores = scores_of(round)
        if round.status != SCORED or not scores:
            return _("Not scored: the match ended during this round.")
        return " · ".join(
            f"{seat.name} {signed(scores.get(seat.id, 0))}" for seat in seats
        )

    # Standings -------------------------------------------------------------------

    def new_seat(self, seat, options):
        return SeatStanding(seat=seat.id, points=0)

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        if round.status == SCORED:
            for seat, value in scores_of(round).items():
                line = standings.seat(seat)
                if line is not None:
                    standings = standings.replace_seat(
                        replace(line, points=(line.points or 0) + value)
                    )
        standings = replace(
            standings,
            rounds=standings.rounds + 1,
            draws=standings.draws + (round.status == DRAW),
        )
        if standings.result is None and round.status == SCORED:
            totals = {line.seat: line.points or 0 for line in standings.seats}
            if decided(totals, standings.rounds - standings.draws, options):
                best = winners(totals, options)
                names = {seat.id: seat.name for seat in seats}
                with words.for_the_log():
                    note = _win_note(best, totals, names)
                standings = replace(standings, result=Result(winners=best, note=note))
        return standings

    def leaders(self, standings, seats, options):
        """A match the table ended: the best total by the table's rule."""
        lowest = (options or {}).get(WINS, HIGHEST) == LOWEST
        return lead_by_points(standings, seats, lowest=lowest)

    def leading(self, standings, seats, options):
        """The strip stars the best total by the table's rule, the lowest
        when the lowest wins."""
        if standings.result is not None:
            return super().leading(standings, seats, options)
        lead = self.leaders(standings, seats, options)
        if lead is None or len(lead.seats) == len(standings.seats):
            return ()
        return lead.seats

    figure_labels = {
        "total": (gettext_lazy("Average total"), "mean"),
        "rounds": (gettext_lazy("Rounds played"), "sum"),
    }

    def figures(self, seats, rounds, standings):
        """Each seat's total (the leaderboard shows its average per match) and
        the rounds it was scored in (a latecomer misses the first ones)."""
        summary = self.summarize(seats, rounds)
        return {
            seat.id: {
                "total": summary["totals"][seat.id],
                "rounds": sum(
                    1 for line in summary["rounds"] if seat.id in line["scores"]
                ),
            }
            for seat in seats
        }

    def places(self, seats, standings, options=None):
        """By total, in the table's direction: with "lowest total wins" (Hearts,
        Phase 10) the lowest is first. Level totals share a place."""
        lowest = (options or {}).get(WINS, HIGHEST) == LOWEST
        return places_by_points(standings, seats, lowest=lowest)

    def summarize(self, seats, rounds, options=None):
        """Per player the total and the running total after every round (the
        history's chart, with the target's line, and the export); per round
        the scores and the totals after it."""
        options = options or {}
        seat_ids = [seat.id for seat in seats]
        totals = dict.fromkeys(seat_ids, 0)
        series = {seat: [] for seat in seat_ids}
        lines, draws = [], 0
        for round in rounds:
            if round.status == OPEN:
                continue
            draws += round.status == DRAW
            scores = scores_of(round) if round.status == SCORED else {}
            for seat, value in scores.items():
                if seat in totals:
                    totals[seat] += value
            for seat in seat_ids:
                series[seat].append(totals[seat])
            lines.append(
                {
                    "number": round.number,
                    "scored": round.status == SCORED,
                    "scores": scores,
                    "totals": dict(totals),
                }
            )
        summary = {
            "rounds_won": dict.fromkeys(seat_ids, 0),
            "draws": draws,
            "totals": totals,
            "series": series,
            "rounds": lines,
        }
        if options.get(END, BY_TARGET) == BY_TARGET:
            summary["target"] = options.get(TARGET, PRESETS[CUSTOM][TARGET])
        return summary


def _win_note(best, totals, names):
    line = " & ".join(
        f"{names.get(seat, '?')} {total_text(totals[seat])}" for seat in best
    )
    return short_note(f"{line} win" if len(best) > 1 else f"{line} wins")


def _score_value(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(
            _("%(name)s's score is a whole number, plus or minus.") % {"name": name}
        )
    if not -SCORE_MAX <= value <= SCORE_MAX:
        raise BadValue(
            _("%(name)s's score is from %(low)s to %(high)d, not %(value)s.")
            % {
                "name": name,
                "low": total_text(-SCORE_MAX),
                "high": SCORE_MAX,
                "value": total_text(value),
            }
        )
    return value


def _every(table, raw):
    """Seat id -> score for every seat playing the round, each checked."""

    def missing_message(missing):
        return ngettext(
            "Enter every player's score: %(names)s is missing.",
            "Enter every player's score: %(names)s are missing.",
            len(missing),
        ) % {"names": words.and_join(missing)}

    not_an_object = _("The scores are an object of seat id -> number.")
    return every_seat(table, raw, _score_value, not_an_object, missing_message)


def _check_total(scores, options):
    """Refuse a round that does not add up to the table's round total."""
    wanted = round_total_rule(options)
    total = sum(scores.values())
    if wanted is not None and total != wanted:
        raise BadValue(
            _(
                "This round adds up to %(total)s, but at this table a round must "
                "add up to %(wanted)s. Check the scores."
            )
            % {"total": total_text(total), "wanted": total_text(wanted)}
        )
