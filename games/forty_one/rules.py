"""Forty One, the Syrian trick-taking game: bids, tricks, two partnerships.

A round is two steps. Every seat bids how many of the 13 tricks it will take;
once the fourth bid is in, a bid total of 10 or less throws the cards in (the
round closes unscored) and 11 or more opens play, which the tricks taken close.
A made bid scores the bid (twice the bid from 7 up), a failed one loses as much,
so totals run below zero. A team wins when one of its players has 41 or more
while the partner is above zero.
"""

from collections.abc import Mapping
from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import words
from games.bids import sheet
from games.bids.entry import bid_entry, every_seat, may_enter
from games.bids.entry import payload_from_form as bids_payload
from games.bids.sheet import (
    BID,
    PLAYED,
    THROWN_IN,
    TRICKS_TAKEN,
    bid_schema,
    bids_of,
    per_seat_schema,
    tricks_of,
)
from games.errors import BadValue, NoChange, NotTheHost
from games.rules import (
    DRAW,
    OPEN,
    SCORED,
    Field,
    GridCell,
    Outcome,
    Result,
    RuleModule,
    SeatStanding,
    TeamStanding,
    scores_note,
)
from games.words import signed, total_text

SEATS = 4
TRICKS = 13
MIN_BID, MAX_BID = 1, 13
# Bids adding up to less than this throw the cards in.
MIN_BID_TOTAL = 11
TARGET = 41
# A bid from this size up scores (and costs) double.
DOUBLE_FROM = 7
TEAMS = ("A", "B")


BIDS_SCHEMA = per_seat_schema("Seat id -> bid, for all four seats.", MIN_BID, MAX_BID)
TRICKS_SCHEMA = per_seat_schema(
    "Seat id -> tricks taken, all four, adding up to 13.", 0, TRICKS
)


def score(bid, tricks):
    """One player's score for a round: the bid made or failed.

    Tricks above the bid earn nothing extra; a bid from 7 up counts double
    either way.
    """
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise ValueError(f"A bid is a whole number, not {bid!r}.")
    if not MIN_BID <= bid <= MAX_BID:
        raise ValueError(f"A bid is from {MIN_BID} to {MAX_BID}, not {bid}.")
    worth = bid if bid < DOUBLE_FROM else 2 * bid
    return worth if tricks >= bid else -worth


def team_of(seat):
    """Partners sit across: the first and third seats against the second and
    fourth (positions count from 0)."""
    return TEAMS[seat.position % 2]


def thrown_in(bids):
    """Whether a round's bids throw the cards in: they add up to too few."""
    return sum(bids) < MIN_BID_TOTAL


def round_state(round, seat_ids):
    """What ``round`` is on the sheet (``games.bids.sheet.round_state``)."""
    return sheet.round_state(round, seat_ids, thrown_in)


def round_scores(round, seat_ids):
    """Seat id -> score of a played round; empty for any other round."""
    return sheet.round_scores(round, seat_ids, score, thrown_in)


def winning_team(teams, totals):
    """The key of the team that has won, or None.

    ``teams`` maps a key to its two seat ids; ``totals`` maps seat ids to
    totals. A team qualifies when a player has 41 or more and the partner is
    above zero. When both qualify after the same round, the team whose partner
    (the lower of its two totals, should both have 41) is higher wins; when the
    partners are level too, nobody has won yet and play goes on.
    """
    partners = {}
    for key, seats in teams.items():
        figures = [totals[seat] for seat in seats]
        if max(figures) >= TARGET and min(figures) > 0:
            partners[key] = min(figures)
    if len(partners) == 1:
        return next(iter(partners))
    if len(partners) == 2:
        (first, a), (second, b) = partners.items()
        if a != b:
            return first if a > b else second
    return None


class FortyOne(RuleModule):
    key = "forty_one"
    name = gettext_lazy("Forty One (Syrian)")
    summary = gettext_lazy(
        "Four players in two partnerships, hearts always trumps. Bid your tricks, "
        "make them, and be first to 41 with your partner above zero."
    )
    min_seats = SEATS
    max_seats = SEATS
    fields = (
        Field(BID, label=gettext_lazy("A bid"), min=MIN_BID, max=MAX_BID),
        Field(TRICKS_TAKEN, label=gettext_lazy("Tricks"), min=0, max=TRICKS),
    )
    rules_template = "forty_one/rules.html"
    entry_template = "forty_one/entry.jinja"
    row_template = "forty_one/row.jinja"
    correct_template = "forty_one/correct.jinja"
    standings_template = "forty_one/standings.jinja"
    history_round_template = "forty_one/history_round.html"
    stylesheets = ("forty_one/forty_one.css",)
    # Inline, without $ref: the API embeds this schema in its OpenAPI document,
    # where a local reference would resolve against the document's root.
    record_schema = {
        "oneOf": [
            bid_schema(MIN_BID, MAX_BID),
            {
                "title": "The tricks (open round, all four bids in)",
                "type": "object",
                "properties": {"tricks": TRICKS_SCHEMA},
                "required": ["tricks"],
                "additionalProperties": False,
            },
            {
                "title": "A host's correction of a closed round",
                "type": "object",
                "properties": {"bids": BIDS_SCHEMA, "tricks": TRICKS_SCHEMA},
                "required": ["bids"],
                "additionalProperties": False,
            },
        ],
    }

    # Recording -----------------------------------------------------------------

    def record(self, table, payload):
        if len(table.seats) != SEATS:
            raise BadValue(
                _("%(game)s is played by exactly %(seats)d seats.")
                % {"game": self.name, "seats": SEATS}
            )
        if not isinstance(payload, Mapping):
            raise BadValue(_("A record is a JSON object."))
        keys = set(payload)
        if table.round.status == OPEN:
            if keys == {"bid"}:
                return self._bid(table, payload["bid"])
            if keys == {"tricks"}:
                return self._tricks(table, payload["tricks"])
            raise BadValue(
                _(
                    'The open round takes one bid, {"bid": {"seat": id, "value": '
                    'n}}, or once all four are in the tricks, {"tricks": '
                    '{"<seat>": n, …}}.'
                )
            )
        if not table.actor.is_host:
            raise NotTheHost(_("Only the host can correct a closed round."))
        if "bids" in keys and keys <= {"bids", "tricks"}:
            return self._correct(table, payload["bids"], payload.get("tricks"))
        raise BadValue(
            _(
                "Correct a closed round with its four bids and, when they add up "
                'to 11 or more, its four tricks: {"bids": {…}, "tricks": {…}}.'
            )
        )

    def may_record_for(self, actor, seat):
        return may_enter(actor, seat)

    def _bid(self, table, entry):
        seat, value = bid_entry(table, entry, MIN_BID, MAX_BID)
        actor = table.actor
        bids = bids_of(table.round)
        if len(bids) == SEATS and not actor.is_host:
            raise NotTheHost(
                _(
                    "All four bids are in and play has started: only the host can "
                    "change a bid now."
                )
            )
        if bids.get(seat.id) == value:
            raise NoChange(
                _("%(name)s's bid is already %(bid)d.")
                % {"name": seat.name, "bid": value}
            )
        bids[seat.id] = value
        values = {BID: {seat.id: value}}
        total = sum(bids.values())
        # The notes are the log's lines, in English (games.words): the table and
        # the history word the round from its bids and tricks.
        if len(bids) < SEATS:
            return Outcome(status=OPEN, values=values, note=f"{seat.name} bids {value}")
        if total < MIN_BID_TOTAL:
            return Outcome(status=SCORED, values=values, note="Thrown in")
        return Outcome(
            status=OPEN,
            values=values,
            note=f"{seat.name} bids {value}: the bids come to {total}, play",
        )

    def _tricks(self, table, entry):
        bids = bids_of(table.round)
        if len(bids) < SEATS:
            raise BadValue(
                ngettext(
                    "The tricks come after the bids: %(count)d of %(seats)d bids are "
                    "in.",
                    "The tricks come after the bids: %(count)d of %(seats)d bids "
                    "are in.",
                    len(bids),
                )
                % {"count": len(bids), "seats": SEATS}
            )
        tricks = every_seat(table, entry, TRICKS_TAKEN, 0, TRICKS)
        _check_trick_total(tricks)
        round = replace(
            table.round, status=SCORED, values={BID: bids, TRICKS_TAKEN: tricks}
        )
        return Outcome(
            status=SCORED,
            values={TRICKS_TAKEN: tricks},
            note=_scores_note(table.seats, round),
        )

    def _correct(self, table, raw_bids, raw_tricks):
        round = table.round
        bids = every_seat(table, raw_bids, BID, MIN_BID, MAX_BID)
        total = sum(bids.values())
        old_tricks = tricks_of(round)
        if total < MIN_BID_TOTAL:
            if raw_tricks:
                raise BadValue(
                    _(
                        "Those bids add up to %(total)d, under %(needed)d: the cards "
                        "were thrown in, so the round has no tricks. Leave them out."
                    )
                    % {"total": total, "needed": MIN_BID_TOTAL}
                )
            tricks, note = {}, "Thrown in"
        else:
            if not raw_tricks:
                raise BadValue(
                    _(
                        "Those bids add up to %(total)d: enter the four players' "
                        "tricks too."
                    )
                    % {"total": total}
                )
            tricks = every_seat(table, raw_tricks, TRICKS_TAKEN, 0, TRICKS)
            _check_trick_total(tricks)
            played = replace(round, values={BID: bids, TRICKS_TAKEN: tricks})
            note = _scores_note(table.seats, replace(played, status=SCORED))
        unchanged = bids_of(round) == bids and old_tricks == tricks
        if round.status == SCORED and unchanged:
            raise NoChange(
                _("Round %(number)d already has those bids and tricks.")
                % {"number": round.number}
            )
        values = {BID: bids}
        if tricks:
            values[TRICKS_TAKEN] = tricks
        clear = tuple(
            (TRICKS_TAKEN, seat) for seat in sorted(old_tricks) if seat not in tricks
        )
        return Outcome(status=SCORED, values=values, clear=clear, note=note)

    def payload_from_form(self, data):
        """Read the table's forms: one seat's bid (``seat`` and ``bid``), the
        four tricks (``tricks-<seat>``), or a correction (``bid-<seat>`` and
        ``tricks-<seat>``; no tricks at all for a throw-in)."""
        if "payload" in data:
            return super().payload_from_form(data)
        payload = bids_payload(data)
        if payload is not None:
            return payload
        raise BadValue(_("The form holds neither a bid nor any tricks."))

    def describe(self, round, seats, options):
        """A played round's scores ("Rami +4 · Lina -6 · …"), or why it scored
        nothing."""
        ids = [seat.id for seat in seats]
        state = round_state(round, ids)
        if state == PLAYED:
            scores = round_scores(round, ids)
            return " · ".join(
                f"{seat.name} {signed(scores[seat.id])}" for seat in seats
            )
        if state == THROWN_IN:
            return _("Thrown in: the bids came to %(total)d, under %(needed)d") % {
                "total": sum(bids_of(round).values()),
                "needed": MIN_BID_TOTAL,
            }
        return _("Not scored: the match ended during this round.")

    # Standings -------------------------------------------------------------------

    # The grid: bid/tricks over the score, the running total at the foot.

    def grid_cell(self, round, seat_id, options):
        bid = bids_of(round).get(seat_id)
        if bid is None:
            return GridCell()
        tricks = tricks_of(round).get(seat_id)
        if round.status != SCORED or tricks is None:
            # Thrown in, or ended before the tricks: the bid alone, unscored.
            return GridCell(
                text=f"{bid}/\u2013",
                label=_("bid %(bid)d, not played") % {"bid": bid},
                kind="unscored",
            )
        points = score(bid, tricks)
        return GridCell(
            text=f"{bid}/{tricks}",
            sub=signed(points),
            label=_("bid %(bid)d, took %(tricks)d: %(score)s")
            % {"bid": bid, "tricks": tricks, "score": signed(points)},
            kind="made" if points > 0 else "failed",
        )

    def grid_foot_label(self, standings):
        return _("Total")

    def grid_foot(self, standings, seat_id, options):
        line = standings.seat(seat_id)
        if line is None:
            return GridCell()
        total = line.points or 0
        return GridCell(text=total_text(total), kind="negative" if total < 0 else "")

    def new_seat(self, seat, options):
        return SeatStanding(seat=seat.id, points=0, team=team_of(seat))

    def initial(self, seats, options):
        standings = super().initial(seats, options)
        return self._judge(standings, seats)

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        seat_ids = [seat.id for seat in seats]
        state = round_state(round, seat_ids)
        for seat, points in round_scores(round, seat_ids).items():
            line = standings.seat(seat)
            standings = standings.replace_seat(
                replace(line, points=line.points + points)
            )
        extra = dict(standings.extra)
        extra.pop("last_thrown_in", None)
        if state == THROWN_IN:
            extra["thrown_in"] = extra.get("thrown_in", 0) + 1
            # The next round's entry says why the cards went back in.
            extra["last_thrown_in"] = {
                "round": round.number,
                "bids": sum(bids_of(round).values()),
            }
        standings = replace(
            standings,
            rounds=standings.rounds + 1,
            draws=standings.draws + (round.status == DRAW),
            extra=extra,
        )
        return self._judge(standings, seats)

    def _judge(self, standings, seats):
        """Fresh team lines and, the first time a team qualifies, the result."""
        names = {seat.id: seat.name for seat in seats}
        totals = {line.seat: line.points or 0 for line in standings.seats}
        members = {
            key: tuple(line.seat for line in standings.seats if line.team == key)
            for key in TEAMS
        }
        result = standings.result
        if result is None and all(len(pair) == 2 for pair in members.values()):
            key = winning_team(members, totals)
            if key is not None:
                result = Result(
                    winners=members[key],
                    team=key,
                    note=_team_line(members[key], totals, names) + " win",
                )
        # Kept with the standings, so in the log's English (games.words); the
        # standings fragment words each team's state in its reader's language.
        with words.for_the_log():
            teams = tuple(
                TeamStanding(
                    key=key,
                    name=" & ".join(names.get(seat, "?") for seat in pair),
                    seats=pair,
                    note=team_note(pair, totals, names, result, key),
                )
                for key, pair in members.items()
            )
        return replace(standings, teams=teams, result=result)

    figure_labels = {
        "bids_made": (gettext_lazy("Bids made"), "sum"),
        "score": (gettext_lazy("Average score"), "mean"),
        "team_wins": (gettext_lazy("Team wins"), "sum"),
    }

    def figures(self, seats, rounds, standings):
        summary = self.summarize(seats, rounds)
        winners = set(standings.result.winners) if standings.result else set()
        return {
            seat.id: {
                "bids_made": summary["made"][seat.id],
                "score": summary["totals"][seat.id],
                "team_wins": int(seat.id in winners),
            }
            for seat in seats
        }

    def summarize(self, seats, rounds, options=None):
        """Per player: the total, the bids made, and the running total after
        every round (the history's chart and export); per round: bids, tricks,
        scores and totals."""
        seat_ids = [seat.id for seat in seats]
        totals = dict.fromkeys(seat_ids, 0)
        made = dict.fromkeys(seat_ids, 0)
        series = {seat: [] for seat in seat_ids}
        lines, draws, thrown_in = [], 0, 0
        for round in rounds:
            if round.status == OPEN:
                continue
            state = round_state(round, seat_ids)
            scores = round_scores(round, seat_ids)
            for seat, points in scores.items():
                totals[seat] += points
                made[seat] += points > 0
            draws += round.status == DRAW
            thrown_in += state == THROWN_IN
            for seat in seat_ids:
                series[seat].append(totals[seat])
            lines.append(
                {
                    "number": round.number,
                    "state": state,
                    "bids": bids_of(round),
                    "tricks": tricks_of(round),
                    "scores": scores,
                    "totals": dict(totals),
                }
            )
        return {
            "rounds_won": dict.fromkeys(seat_ids, 0),
            "draws": draws,
            "thrown_in": thrown_in,
            "totals": totals,
            "made": made,
            "series": series,
            "target": TARGET,
            "rounds": lines,
        }


def team_note(pair, totals, names, result, key):
    """A team's state in a few words, in the active language: "Rami 43 —
    partner still below zero"."""
    lead, partner = sorted(pair, key=lambda seat: totals[seat], reverse=True)
    figure = {"name": names.get(lead, "?"), "total": total_text(totals[lead])}
    if result is not None and result.team == key:
        return _("%(line)s: winners") % {"line": _team_line(pair, totals, names)}
    if totals[lead] < TARGET:
        return _("Best %(name)s %(total)s: %(left)d to go") % {
            **figure,
            "left": TARGET - totals[lead],
        }
    if totals[partner] < 0:
        return _("%(name)s %(total)s — partner still below zero") % figure
    if totals[partner] == 0:
        return _("%(name)s %(total)s — partner still at zero") % figure
    if result is not None:
        return _("%(name)s %(total)s — the other team's partner was higher") % figure
    return _("%(name)s %(total)s — partners level with the other team: play on") % (
        figure
    )


def _team_line(pair, totals, names):
    return " & ".join(
        f"{names.get(seat, '?')} {total_text(totals[seat])}" for seat in pair
    )


def _scores_note(seats, round):
    return scores_note(seats, round_scores(round, [seat.id for seat in seats]))


def _check_trick_total(tricks):
    total = sum(tricks.values())
    if total != TRICKS:
        raise BadValue(
            _(
                "The tricks add up to %(total)d; there are %(tricks)d tricks in a "
                "round, so the four must add up to %(tricks)d."
            )
            % {"total": total, "tricks": TRICKS}
        )
