"""A small rule module for the core's tests: each seat has lives, a round takes one
from each seat named in ``{"pays": [seat, …]}``, and the last seat standing wins.

It is test scenery, registered only while a test asks for it (``lives_game``), so
the core's behaviour for a game that decides its match is tested without leaning
on another engineer's module.
"""

from dataclasses import replace

import pytest

from games.errors import BadValue, NoChange
from games.rules import (
    IN,
    OUT,
    SCORED,
    SWIMMING,
    Field,
    Option,
    Outcome,
    Result,
    RuleModule,
    SeatStanding,
    registry,
)

KEY = "test_lives"


class Lives(RuleModule):
    key = KEY
    name = "Lives (test)"
    max_seats = 6
    options = (Option("lives", "Lives", 2, numbers=(1, 2, 3)),)
    record_schema = {
        "type": "object",
        "properties": {"pays": {"type": "array", "items": {"type": "integer"}}},
        "required": ["pays"],
        "additionalProperties": False,
    }

    def record(self, table, payload):
        pays = payload.get("pays")
        in_play = {seat.id for seat in table.in_play()}
        if (
            set(payload) != {"pays"}
            or not isinstance(pays, list)
            or not pays
            or not set(pays) <= in_play
        ):
            raise BadValue("Name the seats still in that pay.")
        cells = {seat.id: int(seat.id in pays) for seat in table.seats}
        cells = {s: v for s, v in cells.items() if s in in_play}
        if table.round.status != "open" and table.round.cells == cells:
            raise NoChange()
        names = {seat.id: seat.name for seat in table.seats}
        note = ", ".join(names[s] for s in sorted(pays)) + " pay"
        return Outcome(status=SCORED, cells=cells, note=note)

    def payload_from_form(self, data):
        pays = [int(v) for v in data.get("pays", []) if v.isdigit()]
        return {"pays": pays} if pays else super().payload_from_form(data)

    def new_seat(self, seat, options):
        return SeatStanding(seat=seat.id, lives=options["lives"])

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        for seat in seats:
            line = standings.seat(seat.id)
            if line.fate == OUT:
                continue
            lives = line.lives - round.cells.get(seat.id, 0)
            fate = OUT if lives < 0 else SWIMMING if lives == 0 else IN
            standings = standings.replace_seat(replace(line, lives=lives, fate=fate))
        left = [line.seat for line in standings.seats if line.fate != OUT]
        result = Result(winners=tuple(left)) if len(left) == 1 else None
        return replace(standings, rounds=standings.rounds + 1, result=result)


@pytest.fixture
def lives_game():
    module = registry.register(Lives)
    yield module
    registry._modules.pop(KEY, None)


BIDS_KEY = "test_bids"


class Bids(RuleModule):
    """Each seat bids (the round stays open), then the tricks close it: a seat
    that makes its bid scores it, one that misses loses it (totals go negative).
    ``{"unbid": seat}`` takes a bid back before the tricks."""

    key = BIDS_KEY
    name = "Bids (test)"
    fields = (Field("bid", min=1, max=13), Field("tricks", min=0, max=13))
    record_schema = {
        "type": "object",
        "properties": {
            "bid": {"type": "object"},
            "unbid": {"type": "integer"},
            "tricks": {"type": "object"},
        },
        "minProperties": 1,
        "maxProperties": 1,
        "additionalProperties": False,
    }

    def record(self, table, payload):
        round = table.round
        bids = dict(round.values.get("bid", {}))
        if "bid" in payload and round.status == "open":
            seat, value = payload["bid"]["seat"], payload["bid"]["value"]
            if seat not in table.seat_ids() or seat in bids:
                raise BadValue("That seat cannot bid now.")
            return Outcome(status="open", values={"bid": {seat: value}})
        if "unbid" in payload and payload["unbid"] in bids:
            return Outcome(status="open", clear=(("bid", payload["unbid"]),))
        if "tricks" in payload and len(bids) == len(table.seats):
            tricks = {int(s): v for s, v in payload["tricks"].items()}
            if set(tricks) != set(bids):
                raise BadValue("Every seat takes some tricks.")
            return Outcome(status=SCORED, values={"tricks": tricks})
        raise BadValue("Not now.")

    def new_seat(self, seat, options):
        return SeatStanding(seat=seat.id, points=0)

    def advance(self, standings, seats, round, options):
        standings = self.including(standings, seats, options)
        for seat in seats:
            line = standings.seat(seat.id)
            bid = round.value(seat.id, "bid", 0)
            made = round.value(seat.id, "tricks", 0) >= bid
            points = line.points + (bid if made else -bid)
            standings = standings.replace_seat(replace(line, points=points))
        return replace(standings, rounds=standings.rounds + 1)


@pytest.fixture
def bids_game():
    module = registry.register(Bids)
    yield module
    registry._modules.pop(BIDS_KEY, None)
