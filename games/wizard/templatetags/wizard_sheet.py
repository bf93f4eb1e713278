"""What the Wizard fragments show, worked out from their documented context.

The helpers read only what the core passes (round, seats, standings, names,
dealer), so a fragment is the same for every phone.
"""

from django import template

from games.bids.sheet import bids_of, history_row, tricks_of
from games.sheet import total_rows
from games.words import seat_name

from ..rules import (
    DEALER_RULE,
    PLAYED,
    round_scores,
    round_state,
    rounds_for,
)

register = template.Library()


def wizard_entry(match, round, seats, names=None):
    """The open round: its phase, each seat's bid, the cards and the sum."""
    bids = bids_of(round)
    cards = round.number
    players = [
        {
            "id": seat.id,
            "name": seat_name(seat, names),
            "bid": bids.get(seat.id),
            "deals": seat.id == round.dealer,
        }
        for seat in seats
    ]
    total = sum(bids.values())
    options = getattr(match, "options", None) or {}
    return {
        "phase": "tricks" if len(bids) >= len(players) else "bidding",
        "players": players,
        "bids_in": len(bids),
        "seats": len(players),
        "bid_total": total,
        "cards": cards,
        "last_round": rounds_for(len(players)),
        "dealer_rule": bool(options.get(DEALER_RULE)),
    }


def wizard_row(round, seats, names=None):
    """One closed round: bid, tricks and score per seat."""
    ids = [seat.id for seat in seats]
    bids, tricks = bids_of(round), tricks_of(round)
    scores = round_scores(round, ids)
    return {
        "played": round_state(round, ids) == PLAYED,
        "cards": round.number,
        "players": [
            {
                "id": seat.id,
                "name": seat_name(seat, names),
                "bid": bids.get(seat.id),
                "tricks": tricks.get(seat.id),
                "score": scores.get(seat.id),
            }
            for seat in seats
        ],
    }


def wizard_standings(standings, seats, names=None, dealer=None):
    """Each seat's total, the leader marked, and the rounds left."""
    players = total_rows(standings, seats, names, dealer)
    played = standings.rounds
    last = rounds_for(len(players)) if players else 0
    return {
        "players": players,
        "played": played,
        "last": last,
        "left": max(0, last - played),
    }


# One round of the history (``games.bids.sheet.history_row``).
wizard_history = register.simple_tag(history_row, name="wizard_history")
