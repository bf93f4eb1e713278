"""Reading a round's bids and tricks, and printing the figures they score."""

BID, TRICKS_TAKEN = "bid", "tricks"
# A real minus sign: a hyphen reads as a dash on a small screen.
MINUS = "\u2212"


def signed(number):
    """``+4``, ``-14`` or ``0``; the minus printed is U+2212."""
    if number > 0:
        return f"+{number}"
    return total_text(number)


def total_text(number):
    """A total as the sheet prints it: ``43``, ``-12`` (with U+2212)."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def by_seat(mapping):
    """``mapping`` with whole-number seat ids, however its keys were stored."""
    return {int(key): value for key, value in (mapping or {}).items()}


def bids_of(round):
    return by_seat(round.values.get(BID))


def tricks_of(round):
    return by_seat(round.values.get(TRICKS_TAKEN))


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
