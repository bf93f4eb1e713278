"""How the bench records a round of each game: the socket frames its page sends
and the action each runs. A game whose module is not installed is skipped.

A recorder gives the steps of one round; each step is one record (one frame, one
action call). 41 Exchange closes a round with one tap; Schwimmen and Thirty-One
with one record of who pays; Points with one scorer's whole round; Forty One
and Wizard with a bid from each phone and then the tricks. The rounds are
chosen so that no match ends inside a probe: the payer goes round the table
(``rounds_per_table`` keeps every seat in, and a Wizard table within its
rounds), Forty One's made bid goes round the table so every total sinks below
zero and nobody reaches 41, Points runs open-ended.
"""

import uuid
from dataclasses import dataclass
from typing import Any


def new_key():
    return uuid.uuid4().hex


@dataclass
class Step:
    """One record: ``phone`` sends ``frame``; ``act`` is the same record as a
    direct call of the action by that phone's user."""

    phone: int
    frame: dict
    act: Any


def record_frame(number, form):
    """The page's record frame: the module's form fields, field -> [values]."""
    return {"type": "record", "round": number, "form": form, "key": new_key()}


def record_act(table, phone, number, form):
    def act():
        from games import actions
        from games.rules import registry

        payload = registry.get(table.game).payload_from_form(form)
        actions.record(table.users[phone], table.id, number, payload, key=new_key())

    return act


def one_record(table, number, form):
    phone = number % len(table.users)
    act = record_act(table, phone, number, form)
    return Step(phone, record_frame(number, form), act)


class ExchangeRecord:
    """41 Exchange as its page records it: a member taps the winner's button,
    which sends the entry's record form."""

    name = game = "fortyone_exchange"
    seats, options, rounds_per_table = 6, None, None

    def steps(self, table, number):
        form = {"winner": [str(table.seats[number % len(table.seats)])]}
        return [one_record(table, number, form)]


class SchwimmenPays:
    """Schwimmen: one seat pays a life each round, going round the table."""

    name = game = "schwimmen"
    seats = 6
    options = {"lives": 5}
    # Every seat pays five times in 30 rounds and is then swimming: nobody is out.
    rounds_per_table = 30

    def steps(self, table, number):
        form = {"pays": [str(table.seats[number % len(table.seats)])]}
        phone = number % len(table.users)
        return [
            Step(
                phone,
                record_frame(number, form),
                record_act(table, phone, number, form),
            )
        ]


class FortyOneRound:
    """Forty One: each phone bids 3 for its seat, then one seat takes 7 tricks."""

    name = game = "forty_one"
    seats, options, rounds_per_table = 4, None, None

    def steps(self, table, number):
        steps = []
        for phone, seat in enumerate(table.seats):
            form = {"seat": [str(seat)], "bid": ["3"]}
            act = record_act(table, phone, number, form)
            steps.append(Step(phone, record_frame(number, form), act))
        maker = table.seats[number % len(table.seats)]
        form = {
            f"tricks-{seat}": ["7" if seat == maker else "2"] for seat in table.seats
        }
        act = record_act(table, 0, number, form)
        steps.append(Step(0, record_frame(number, form), act))
        return steps


class ThirtyOnePays(SchwimmenPays):
    """Thirty-One: the lowest hand pays a life, going round the table."""

    name = game = "thirty_one"
    options = {"rule_set": "custom", "lives": 5}
    # Every seat pays four times in 24 rounds: nobody is out.
    rounds_per_table = 24

    def steps(self, table, number):
        form = {"lowest": [str(table.seats[number % len(table.seats)])]}
        return [one_record(table, number, form)]


class PointsRound:
    """Points: one scorer (the host's phone) enters the whole round."""

    name = game = "points"
    seats = 6
    options = {"entry": "scorer", "end": "open"}
    rounds_per_table = None

    def steps(self, table, number):
        form = {
            f"score-{seat}": [str((number + index) % 7 - 3)]
            for index, seat in enumerate(table.seats)
        }
        act = record_act(table, 0, number, form)
        return [Step(0, record_frame(number, form), act)]


class WizardRound:
    """Wizard with three players (20 rounds): each phone bids 0 for its seat,
    then one seat takes every trick of the round."""

    name = game = "wizard"
    seats, options = 3, None
    rounds_per_table = 19

    def steps(self, table, number):
        steps = []
        for phone, seat in enumerate(table.seats):
            form = {"seat": [str(seat)], "bid": ["0"]}
            act = record_act(table, phone, number, form)
            steps.append(Step(phone, record_frame(number, form), act))
        taker = table.seats[number % len(table.seats)]
        form = {
            f"tricks-{seat}": [str(number if seat == taker else 0)]
            for seat in table.seats
        }
        act = record_act(table, 0, number, form)
        steps.append(Step(0, record_frame(number, form), act))
        return steps


RECORDERS = (
    ExchangeRecord(),
    SchwimmenPays(),
    ThirtyOnePays(),
    FortyOneRound(),
    PointsRound(),
    WizardRound(),
)


def installed():
    """The recorders of the games this install registers."""
    from games.rules import registry

    return [r for r in RECORDERS if r.game in registry]


def not_installed():
    from games.rules import registry

    return sorted({r.game for r in RECORDERS if r.game not in registry})
