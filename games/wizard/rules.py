"""Wizard, the trick-taking game of exact bids: 60 cards, round r deals r cards
to each player, so a table of n players plays 60 / n rounds.

Each round is two steps, as in the other games of bids (games.bids): every
player bids how many tricks they will take, from 0 to r; once all bids are in
the hand is played and the tricks taken (adding up to r) close the round. An
exact bid scores 20 plus 10 per trick; a miss loses 10 per trick over or under.
An option holds the common house rule that the dealer, who bids last, may not
make the bids add up to r. The highest total after the last round wins.
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
from games.words import signed, total_text

MIN_SEATS, MAX_SEATS = 3, 6
CARDS = 60
# The most cards a round deals: the last round of three players.
MOST_CARDS = CARDS // MIN_SEATS
EXACT, PER_TRICK = 20, 10
DEALER_RULE = "dealer_rule"
# The payload's keys, Wizard's own: another game's bids are not Wizard's.
CALL, CALLS, TAKEN = "call", "calls", "taken"
PAYLOAD_KEYS = (CALL, CALLS, TAKEN)

CALLS_SCHEMA = per_seat_schema("Seat id -> bid, every player.", 0, MOST_CARDS)
TAKEN_SCHEMA = per_seat_schema(
    "Seat id -> tricks taken, every player, adding up to the round's cards.",
    0,
    MOST_CARDS,
)


def rounds_for(players):
    """How many rounds ``players`` play: as many as the pack deals to all."""
    return CARDS // players


def score(bid, tricks):
    """One player's score for a round: 20 + 10 a trick for an exact bid, 10
    off for every trick over or under."""
    for value in (bid, tricks):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"A bid or a trick count is 0 or more, not {value!r}.")
    if bid == tricks:
        return EXACT + PER_TRICK * tricks
    return -PER_TRICK * abs(bid - tricks)


def round_state(round, seat_ids):
    """What ``round`` is on the sheet (``games.bids.sheet.round_state``)."""
    return sheet.round_state(round, seat_ids)


def round_scores(round, seat_ids):
    """Seat id -> score of a played round; empty for any other round."""
    return sheet.round_scores(round, seat_ids, score)


class Wizard(RuleModule):
    key = "wizard"
    name = gettext_lazy("Wizard")
    summary = gettext_lazy(
        "Three to six players, 60 cards: round 1 deals one card each, round 2 "
        "two, to the last. Bid your tricks exactly: 20 and 10 a trick if you "
        "make it, 10 off for each trick you miss by."
    )
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options = (
        Option(
            DEALER_RULE,
            gettext_lazy("The dealer's bid may not make the bids add up"),
            False,
            help=gettext_lazy(
                "A common house rule: the dealer bids last, and not the number "
                "that would make the bids equal the cards dealt."
            ),
        ),
    )
    fields = (
        Field(BID, label=gettext_lazy("A bid"), min=0, max=MOST_CARDS),
        Field(TRICKS_TAKEN, label=gettext_lazy("Tricks"), min=0, max=MOST_CARDS),
    )
    rules_template = "wizard/rules.html"
    entry_template = "wizard/entry.jinja"
    row_template = "wizard/row.jinja"
    correct_template = "wizard/correct.jinja"
    standings_template = "wizard/standings.jinja"
    history_round_template = "wizard/history_round.html"
    stylesheets = ("css/scored.css", "wizard/wizard.css")
    record_schema = {
        "oneOf": [
            {**bid_schema(0, MOST_CARDS, key=CALL), "title": "One bid (bidding)"},
            {
                "title": "The tricks taken (all bids in)",
                "type": "object",
                "properties": {TAKEN: TAKEN_SCHEMA},
                "required": [TAKEN],
                "additionalProperties": False,
            },
            {
                "title": "A host's correction of a closed round",
                "type": "object",
                "properties": {CALLS: CALLS_SCHEMA, TAKEN: TAKEN_SCHEMA},
                "required": [CALLS, TAKEN],
                "additionalProperties": False,
            },
        ],
    }

    # Recording -----------------------------------------------------------------

    def record(self, table, payload):
        if not isinstance(payload, Mapping):
            raise BadValue(_("A record is a JSON object."))
        keys = set(payload)
        if table.round.status == OPEN:
            if keys == {CALL}:
                return self._bid(table, payload[CALL])
            if keys == {TAKEN}:
                return self._tricks(table, payload[TAKEN])
            raise BadValue(
                _(
                    'The open round takes one bid, {"call": {"seat": id, "value": '
                    'n}}, or once all bids are in the tricks, {"taken": '
                    '{"<seat>": n, …}}.'
                )
            )
        if not table.actor.is_host:
            raise NotTheHost(_("Only the host can correct a closed round."))
        if keys == {CALLS, TAKEN}:
            return self._correct(table, payload[CALLS], payload[TAKEN])
        raise BadValue(
            _(
                "Correct a closed round with every bid and every player's tricks: "
                '{"calls": {…}, "taken": {…}}.'
            )
        )

    def may_record_for(self, actor, seat):
        return may_enter(actor, seat)

    def _bid(self, table, entry):
        cards = table.round.number
        seat, value = bid_entry(table, entry, 0, cards)
        bids = bids_of(table.round)
        players = len(table.seats)
        if len(bids) == players and not table.actor.is_host:
            raise NotTheHost(
                _(
                    "All bids are in and play has started: only the host can "
                    "change a bid now."
                )
            )
        if bids.get(seat.id) == value:
            raise NoChange(
                _("%(name)s's bid is already %(bid)d.")
                % {"name": seat.name, "bid": value}
            )
        bids[seat.id] = value
        if table.options.get(DEALER_RULE):
            _check_dealer(table, seat, bids, cards)
        note = short_note(f"{seat.name} bids {value}")
        return Outcome(status=OPEN, values={BID: {seat.id: value}}, note=note)

    def _tricks(self, table, entry):
        bids = bids_of(table.round)
        players = len(table.seats)
        if len(bids) < players:
            raise BadValue(
                ngettext(
                    "The tricks come after the bids: %(count)d of %(seats)d bids is "
                    "in.",
                    "The tricks come after the bids: %(count)d of %(seats)d bids "
                    "are in.",
                    len(bids),
                )
                % {"count": len(bids), "seats": players}
            )
        cards = table.round.number
        tricks = every_seat(table, entry, TRICKS_TAKEN, 0, cards)
        _check_trick_total(tricks, cards)
        played = replace(
            table.round, status=SCORED, values={BID: bids, TRICKS_TAKEN: tricks}
        )
        return Outcome(
            status=SCORED,
            values={TRICKS_TAKEN: tricks},
            note=_scores_note(table.seats, played),
        )

    def _correct(self, table, raw_bids, raw_tricks):
        round = table.round
        cards = round.number
        bids = every_seat(table, raw_bids, BID, 0, cards)
        tricks = every_seat(table, raw_tricks, TRICKS_TAKEN, 0, cards)
        _check_trick_total(tricks, cards)
        if table.options.get(DEALER_RULE) and sum(bids.values()) == cards:
            raise BadValue(_dealer_refusal(table, cards))
        if (
            round.status == SCORED
            and bids_of(round) == bids
            and tricks_of(round) == tricks
        ):
            raise NoChange(
                _("Round %(number)d already has those bids and tricks.")
                % {"number": round.number}
            )
        played = replace(round, status=SCORED, values={BID: bids, TRICKS_TAKEN: tricks})
        return Outcome(
            status=SCORED,
            values={BID: bids, TRICKS_TAKEN: tricks},
            note=_scores_note(table.seats, played),
        )

    def payload_from_form(self, data):
        """Read the table's forms: one seat's bid (``seat`` and ``bid``), every
        player's tricks (``tricks-<seat>``), or a correction (``bid-<seat>`` and
        ``tricks-<seat>``)."""
        if "payload" in data:
            return super().payload_from_form(data)
        payload = bids_payload(data, PAYLOAD_KEYS)
        if payload is None:
            raise BadValue(_("The form holds neither a bid nor any tricks."))
        if CALLS in payload and TAKEN not in payload:
            payload[TAKEN] = {}
        return payload

    def describe(self, round, seats, options):
        """A played round's scores ("Rami +40 · Lina -20 · …")."""
        ids = [seat.id for seat in seats]
        if round_state(round, ids) == PLAYED:
            scores = round_scores(round, ids)
            return " · ".join(
                f"{seat.name} {signed(scores[seat.id])}" for seat in seats
            )
        return _("Not scored: the match ended during this round.")

    # Standings -------------------------------------------------------------------

    def new_seat(self, seat, options):
        return SeatStanding(seat=seat.id, points=0)

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        seat_ids = [seat.id for seat in seats]
        for seat, points in round_scores(round, seat_ids).items():
            line = standings.seat(seat)
            standings = standings.replace_seat(
                replace(line, points=(line.points or 0) + points)
            )
        standings = replace(
            standings,
            rounds=standings.rounds + 1,
            draws=standings.draws + (round.status == DRAW),
        )
        last = rounds_for(len(seats))
        if standings.result is None and round.number >= last:
            totals = {line.seat: line.points or 0 for line in standings.seats}
            best = max(totals.values())
            winners = tuple(seat for seat, total in totals.items() if total == best)
            names = {seat.id: seat.name for seat in seats}
            line = " & ".join(
                f"{names.get(s, '?')} {total_text(best)}" for s in winners
            )
            note = short_note(f"{line} win" if len(winners) > 1 else f"{line} wins")
            standings = replace(standings, result=Result(winners=winners, note=note))
        return standings

    def leaders(self, standings, seats, options):
        """A match the table ended early: the highest total leads."""
        return lead_by_points(standings, seats)

    figure_labels = {
        "total": (gettext_lazy("Average total"), "mean"),
        "exact": (gettext_lazy("Exact bids"), "sum"),
    }

    def figures(self, seats, rounds, standings):
        """Each seat's total (the leaderboard shows its average per match) and
        its exact bids (every exact bid scores, every miss loses)."""
        summary = self.summarize(seats, rounds)
        return {
            seat.id: {
                "total": summary["totals"][seat.id],
                "exact": summary["exact"][seat.id],
            }
            for seat in seats
        }

    def places(self, seats, standings, options=None):
        """By total, the highest first; level totals share a place."""
        return places_by_points(standings, seats)

    def summarize(self, seats, rounds, options=None):
        """Per player the total and the running total after every round (the
        history's chart and export); per round the cards, bids, tricks, scores
        and totals."""
        seat_ids = [seat.id for seat in seats]
        totals = dict.fromkeys(seat_ids, 0)
        exact = dict.fromkeys(seat_ids, 0)
        series = {seat: [] for seat in seat_ids}
        lines, draws = [], 0
        for round in rounds:
            if round.status == OPEN:
                continue
            scores = round_scores(round, seat_ids)
            for seat, points in scores.items():
                totals[seat] += points
                exact[seat] += points > 0
            draws += round.status == DRAW
            for seat in seat_ids:
                series[seat].append(totals[seat])
            lines.append(
                {
                    "number": round.number,
                    "state": round_state(round, seat_ids),
                    "bids": bids_of(round),
                    "tricks": tricks_of(round),
                    "scores": scores,
                    "totals": dict(totals),
                }
            )
        return {
            "rounds_won": dict.fromkeys(seat_ids, 0),
            "draws": draws,
            "totals": totals,
            "exact": exact,
            "series": series,
            "rounds": lines,
        }


def dealer_of(table):
    return next((s for s in table.seats if s.id == table.round.dealer), None)


def _dealer_refusal(table, cards):
    dealer = dealer_of(table)
    return _(
        "%(name)s deals: with the dealer rule the bids may not add up to "
        "%(cards)d, the cards dealt. %(name)s bids another number."
    ) % {"name": dealer.name if dealer else "?", "cards": cards}


def _check_dealer(table, seat, bids, cards):
    """The house rule: the dealer bids last, and not so the bids equal the
    cards dealt (so someone must miss)."""
    dealer = dealer_of(table)
    if dealer is None or seat.id != dealer.id:
        return
    others = [s.name for s in table.seats if s.id != dealer.id and s.id not in bids]
    if others:
        raise BadValue(
            ngettext(
                "%(name)s deals and bids last: %(others)s has not bid yet.",
                "%(name)s deals and bids last: %(others)s have not bid yet.",
                len(others),
            )
            % {"name": dealer.name, "others": words.and_join(others)}
        )
    if sum(bids.values()) == cards:
        raise BadValue(_dealer_refusal(table, cards))


def _check_trick_total(tricks, cards):
    total = sum(tricks.values())
    if total != cards:
        raise BadValue(
            ngettext(
                "The tricks add up to %(total)d; round %(cards)d deals %(cards)d "
                "card each, so they must add up to %(cards)d.",
                "The tricks add up to %(total)d; round %(cards)d deals %(cards)d "
                "cards each, so they must add up to %(cards)d.",
                cards,
            )
            % {"total": total, "cards": cards}
        )


def _scores_note(seats, round):
    return scores_note(seats, round_scores(round, [seat.id for seat in seats]))
