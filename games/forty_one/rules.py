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

from games.errors import BadValue, NoChange, NotTheHost
from games.rules import (
    DRAW,
    OPEN,
    SCORED,
    Field,
    Outcome,
    Result,
    RuleModule,
    SeatStanding,
    TeamStanding,
)

SEATS = 4
TRICKS = 13
MIN_BID, MAX_BID = 1, 13
# Bids adding up to less than this throw the cards in.
MIN_BID_TOTAL = 11
TARGET = 41
# A bid from this size up scores (and costs) double.
DOUBLE_FROM = 7
BID, TRICKS_TAKEN = "bid", "tricks"
TEAMS = ("A", "B")
# A real minus sign: a hyphen reads as a dash on a small screen.
MINUS = "\u2212"
# What a round turned out to be, as the sheet reads its bids and tricks.
BIDDING, PLAYING, THROWN_IN, PLAYED, UNSCORED = (
    "bidding",
    "playing",
    "thrown_in",
    "played",
    "unscored",
)


BIDS_SCHEMA = {
    "description": "Seat id -> bid, for all four seats.",
    "type": "object",
    "additionalProperties": {"type": "integer", "minimum": MIN_BID, "maximum": MAX_BID},
}
TRICKS_SCHEMA = {
    "description": "Seat id -> tricks taken, all four, adding up to 13.",
    "type": "object",
    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": TRICKS},
}


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


def signed(number):
    """``+4``, ``-14`` or ``0``; the minus printed is U+2212."""
    if number > 0:
        return f"+{number}"
    return total_text(number)


def total_text(number):
    """A total as the sheet prints it: ``43``, ``-12`` (with U+2212)."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def team_of(seat):
    """Partners sit across: the first and third seats against the second and
    fourth (positions count from 0)."""
    return TEAMS[seat.position % 2]


def _ids(mapping):
    """``mapping`` with whole-number seat ids, however its keys were stored."""
    return {int(key): value for key, value in (mapping or {}).items()}


def bids_of(round):
    return _ids(round.values.get(BID))


def tricks_of(round):
    return _ids(round.values.get(TRICKS_TAKEN))


def round_state(round, seat_ids):
    """What ``round`` is on the sheet: still bidding or playing (open), played,
    thrown in, or unscored (ended before its tricks were in)."""
    bids = bids_of(round)
    all_bids = all(seat in bids for seat in seat_ids)
    if round.status == OPEN:
        return PLAYING if all_bids else BIDDING
    if round.status != SCORED or not all_bids:
        return UNSCORED
    if sum(bids[seat] for seat in seat_ids) < MIN_BID_TOTAL:
        return THROWN_IN
    tricks = tricks_of(round)
    if all(seat in tricks for seat in seat_ids):
        return PLAYED
    return UNSCORED


def round_scores(round, seat_ids):
    """Seat id -> score of a played round; empty for any other round."""
    if round_state(round, seat_ids) != PLAYED:
        return {}
    bids, tricks = bids_of(round), tricks_of(round)
    return {seat: score(bids[seat], tricks[seat]) for seat in seat_ids}


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
    name = "Forty One (Syrian)"
    summary = (
        "Four players in two partnerships, hearts always trumps. Bid your tricks, "
        "make them, and be first to 41 with your partner above zero."
    )
    min_seats = SEATS
    max_seats = SEATS
    fields = (
        Field(BID, label="Bid", min=MIN_BID, max=MAX_BID),
        Field(TRICKS_TAKEN, label="Tricks", min=0, max=TRICKS),
    )
    rules_template = "forty_one/rules.html"
    entry_template = "forty_one/entry.html"
    row_template = "forty_one/row.html"
    standings_template = "forty_one/standings.html"
    history_round_template = "forty_one/history_round.html"
    stylesheets = ("forty_one/forty_one.css",)
    # Inline, without $ref: the API embeds this schema in its OpenAPI document,
    # where a local reference would resolve against the document's root.
    record_schema = {
        "oneOf": [
            {
                "title": "One bid (open round, bidding)",
                "type": "object",
                "properties": {
                    "bid": {
                        "type": "object",
                        "properties": {
                            "seat": {"type": "integer"},
                            "value": {
                                "type": "integer",
                                "minimum": MIN_BID,
                                "maximum": MAX_BID,
                            },
                        },
                        "required": ["seat", "value"],
                        "additionalProperties": False,
                    }
                },
                "required": ["bid"],
                "additionalProperties": False,
            },
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
            raise BadValue(f"Forty One is played by exactly {SEATS} seats.")
        if not isinstance(payload, Mapping):
            raise BadValue("A record is a JSON object.")
        keys = set(payload)
        if table.round.status == OPEN:
            if keys == {"bid"}:
                return self._bid(table, payload["bid"])
            if keys == {"tricks"}:
                return self._tricks(table, payload["tricks"])
            raise BadValue(
                'The open round takes one bid, {"bid": {"seat": id, "value": n}}, '
                'or once all four are in the tricks, {"tricks": {"<seat>": n, …}}.'
            )
        if not table.actor.is_host:
            raise NotTheHost("Only the host can correct a closed round.")
        if "bids" in keys and keys <= {"bids", "tricks"}:
            return self._correct(table, payload["bids"], payload.get("tricks"))
        raise BadValue(
            "Correct a closed round with its four bids and, when they add up to 11 "
            'or more, its four tricks: {"bids": {…}, "tricks": {…}}.'
        )

    def _bid(self, table, entry):
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "value"}:
            raise BadValue('A bid is {"seat": id, "value": n}.')
        seat = _seat(table, entry["seat"])
        value = _whole(entry["value"], "A bid", MIN_BID, MAX_BID)
        actor = table.actor
        if not (actor.is_host or actor.seat == seat.id or seat.claimed_by is None):
            raise BadValue(
                f"{seat.name}'s seat belongs to another phone: only {seat.name} "
                "or the host can enter that bid."
            )
        bids = bids_of(table.round)
        if len(bids) == SEATS and not actor.is_host:
            raise NotTheHost(
                "All four bids are in and play has started: only the host can "
                "change a bid now."
            )
        if bids.get(seat.id) == value:
            raise NoChange(f"{seat.name}'s bid is already {value}.")
        bids[seat.id] = value
        values = {BID: {seat.id: value}}
        total = sum(bids.values())
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
                f"The tricks come after the bids: {len(bids)} of {SEATS} bids are in."
            )
        tricks = _four(table, entry, "tricks", 0, TRICKS)
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
        bids = _four(table, raw_bids, "bids", MIN_BID, MAX_BID)
        total = sum(bids.values())
        old_tricks = tricks_of(round)
        if total < MIN_BID_TOTAL:
            if raw_tricks:
                raise BadValue(
                    f"Those bids add up to {total}, under {MIN_BID_TOTAL}: the cards "
                    "were thrown in, so the round has no tricks. Leave them out."
                )
            tricks, note = {}, "Thrown in"
        else:
            if not raw_tricks:
                raise BadValue(
                    f"Those bids add up to {total}: enter the four players' tricks too."
                )
            tricks = _four(table, raw_tricks, "tricks", 0, TRICKS)
            _check_trick_total(tricks)
            played = replace(round, values={BID: bids, TRICKS_TAKEN: tricks})
            note = _scores_note(table.seats, replace(played, status=SCORED))
        unchanged = bids_of(round) == bids and old_tricks == tricks
        if round.status == SCORED and unchanged:
            raise NoChange(f"Round {round.number} already has those bids and tricks.")
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
        if "bid" in data:
            return {
                "bid": {
                    "seat": _form_number(_last(data, "seat"), "seat"),
                    "value": _form_number(_last(data, "bid"), "bid"),
                }
            }
        bids = _prefixed(data, "bid-")
        tricks = _prefixed(data, "tricks-")
        if bids:
            return {"bids": bids, "tricks": tricks} if tricks else {"bids": bids}
        if tricks or any(key.startswith("tricks-") for key in data):
            return {"tricks": tricks}
        raise BadValue("The form holds neither a bid nor any tricks.")

    # Standings -------------------------------------------------------------------

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

    def summarize(self, seats, rounds):
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
    """A team's state in a few words: "Rami 43 — partner still below zero"."""
    lead, partner = sorted(pair, key=lambda seat: totals[seat], reverse=True)
    figure = f"{names.get(lead, '?')} {total_text(totals[lead])}"
    if result is not None and result.team == key:
        return _team_line(pair, totals, names) + ": winners"
    if totals[lead] < TARGET:
        return f"Best {figure}: {TARGET - totals[lead]} to go"
    if totals[partner] < 0:
        return f"{figure} — partner still below zero"
    if totals[partner] == 0:
        return f"{figure} — partner still at zero"
    if result is not None:
        return f"{figure} — the other team's partner was higher"
    return f"{figure} — partners level with the other team: play on"


def _team_line(pair, totals, names):
    return " & ".join(
        f"{names.get(seat, '?')} {total_text(totals[seat])}" for seat in pair
    )


def _scores_note(seats, round):
    scores = round_scores(round, [seat.id for seat in seats])
    return " · ".join(f"{seat.name} {signed(scores[seat.id])}" for seat in seats)


def _seat(table, raw):
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    for seat in table.seats:
        if not isinstance(raw, bool) and seat.id == raw:
            return seat
    raise BadValue(f"Seat {raw} is not at this table.")


def _whole(value, label, low, high):
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"{label} is a whole number from {low} to {high}.")
    if not low <= value <= high:
        raise BadValue(f"{label} is from {low} to {high}, not {value}.")
    return value


def _four(table, raw, what, low, high):
    """Seat id -> number for every seat of the table, each checked."""
    if not isinstance(raw, Mapping):
        raise BadValue(f"The {what} are an object of seat id -> number.")
    found = {}
    for key, value in raw.items():
        seat = _seat(table, key)
        label = f"{seat.name}'s {'bid' if what == 'bids' else 'tricks'}"
        found[seat.id] = _whole(value, label, low, high)
    missing = [seat.name for seat in table.seats if seat.id not in found]
    if missing:
        raise BadValue(
            f"Enter the {what} of all four players: {', '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} missing."
        )
    return found


def _check_trick_total(tricks):
    total = sum(tricks.values())
    if total != TRICKS:
        raise BadValue(
            f"The tricks add up to {total}; there are {TRICKS} tricks in a round, "
            f"so the four must add up to {TRICKS}."
        )


def _last(data, key):
    values = data.get(key) or [""]
    return values[-1] if isinstance(values, list | tuple) else values


def _form_number(text, what):
    text = (text or "").strip()
    try:
        return int(text)
    except ValueError:
        shown = f"“{text}”" if text else "An empty field"
        raise BadValue(f"{shown} is not a whole number (the {what}).") from None


def _prefixed(data, prefix):
    """``{"<seat>": n}`` from the filled-in fields named ``<prefix><seat>``."""
    found = {}
    for key in data:
        if not key.startswith(prefix):
            continue
        seat = key.removeprefix(prefix)
        text = _last(data, key).strip()
        if not seat.isdigit():
            raise BadValue(f"The form field “{key}” names no seat.")
        if text:
            found[seat] = _form_number(text, prefix.rstrip("-"))
    return found
