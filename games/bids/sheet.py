"""Reading a round's bids and tricks: a round's state, its scores and its line in
the history. The figures print with ``games.words`` (``signed``,
``total_text``)."""

from games.rules import OPEN, SCORED
from games.seat_ids import by_seat

BID, TRICKS_TAKEN = "bid", "tricks"
# What a round turned out to be, as the sheet reads its bids and tricks.
BIDDING, PLAYING, THROWN_IN, PLAYED, UNSCORED = (
    "bidding",
    "playing",
    "thrown_in",
    "played",
    "unscored",
)


def bids_of(round):
    return by_seat(round.values.get(BID))


def tricks_of(round):
    return by_seat(round.values.get(TRICKS_TAKEN))


def round_state(round, seat_ids, thrown_in=None):
    """What ``round`` is on the sheet: still bidding or playing (open), played,
    thrown in (when the game has the rule: ``thrown_in(bids)`` of a closed
    round's bids, in seat order), or unscored (ended before its tricks were
    in)."""
    bids = bids_of(round)
    all_bids = all(seat in bids for seat in seat_ids)
    if round.status == OPEN:
        return PLAYING if all_bids else BIDDING
    if round.status != SCORED or not all_bids:
        return UNSCORED
    if thrown_in is not None and thrown_in([bids[seat] for seat in seat_ids]):
        return THROWN_IN
    tricks = tricks_of(round)
    if all(seat in tricks for seat in seat_ids):
        return PLAYED
    return UNSCORED


def round_scores(round, seat_ids, score, thrown_in=None):
    """Seat id -> ``score(bid, tricks)`` of a played round; empty for any
    other round."""
    if round_state(round, seat_ids, thrown_in) != PLAYED:
        return {}
    bids, tricks = bids_of(round), tricks_of(round)
    return {seat: score(bids[seat], tricks[seat]) for seat in seat_ids}


def history_row(line, seats):
    """One round of the history (templates/games/history/bids_round.html): bid,
    tricks, score and running total per player, from the module's
    ``summarize`` line for it."""

    def pick(mapping, seat):
        return (mapping or {}).get(seat.pk, (mapping or {}).get(str(seat.pk)))

    return {
        "state": line["state"],
        "played": line["state"] == PLAYED,
        "thrown_in": line["state"] == THROWN_IN,
        "players": [
            {
                "id": seat.pk,
                "name": seat.name,
                "bid": pick(line["bids"], seat),
                "tricks": pick(line["tricks"], seat),
                "score": pick(line["scores"], seat),
                "total": pick(line["totals"], seat),
            }
            for seat in seats
        ],
    }


def bid_schema(low, high, key="bid"):
    """The JSON Schema of one seat's bid, ``{"bid": {"seat": id, "value": n}}``
    (``key`` names it: each game's payloads are its own, so the API's schema
    can tell them apart).

    Inline, without $ref: the API embeds it in its OpenAPI document, where a
    local reference would resolve against the document's root."""
    return {
        "title": "One bid (open round, bidding)",
        "type": "object",
        "properties": {
            key: {
                "type": "object",
                "properties": {
                    "seat": {"type": "integer"},
                    "value": {"type": "integer", "minimum": low, "maximum": high},
                },
                "required": ["seat", "value"],
                "additionalProperties": False,
            }
        },
        "required": [key],
        "additionalProperties": False,
    }


def per_seat_schema(description, low, high):
    """Seat id -> a whole number from ``low`` to ``high``."""
    return {
        "description": description,
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": low, "maximum": high},
    }
