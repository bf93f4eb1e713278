"""Checking what a phone enters in a game of bids and tricks: the seat, a bid,
every seat's numbers, and the table's forms."""

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bounds import NUMBER_MAX
from games.errors import BadValue
from games.seat_ids import (
    id_or_none,
    named_twice,
    parse_number,
    parse_seat_id,
    seat_mapping,
    shown,
)

from .sheet import BID, TRICKS_TAKEN


def seat_of(table, raw):
    """The ``SeatView`` playing the round whose id is ``raw`` (an int or its
    digits, read by ``games.seat_ids``), or a refusal."""
    seat_id = parse_seat_id(raw)
    for seat in table.seats:
        if seat.id == seat_id:
            return seat
    raise BadValue(_("Seat %(seat)s is not at this table.") % {"seat": seat_id})


def whole(value, low, high, not_whole, out_of_range, **names):
    """``value`` if it is a whole number from ``low`` to ``high``; else the
    refusal ``not_whole`` or ``out_of_range`` (with ``names`` filled in)."""
    values = {"low": low, "high": high, "value": value, **names}
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(not_whole % values)
    if not low <= value <= high:
        raise BadValue(out_of_range % values)
    return value


def may_enter(actor, seat):
    """Whether ``actor`` may enter ``seat``'s bid: its own phone, anyone for a
    seat without a phone, the host for any. The page asks it (through the
    module's ``may_record_for``) to show the other bids read only."""
    return actor.is_host or actor.seat == seat.id or seat.claimed_by is None


def bid_entry(table, entry, low, high):
    """The seat and value of one bid, ``{"seat": id, "value": n}``, once the
    actor may enter it: their own seat, a seat without a phone, or the host's
    any seat."""
    if not isinstance(entry, Mapping) or set(entry) != {"seat", "value"}:
        raise BadValue(_('A bid is {"seat": id, "value": n}.'))
    seat = seat_of(table, entry["seat"])
    value = whole(
        entry["value"],
        low,
        high,
        _("A bid is a whole number from %(low)d to %(high)d."),
        _("A bid is from %(low)d to %(high)d, not %(value)d."),
    )
    if not may_enter(table.actor, seat):
        raise BadValue(
            _(
                "%(name)s's seat belongs to another phone: only %(name)s or "
                "the host can enter that bid."
            )
            % {"name": seat.name}
        )
    return seat, value


def every_seat(table, raw, what, low, high, missing_message):
    """Seat id -> number (``what``: bids or tricks) for every seat playing,
    each checked; ``missing_message(names)`` words the refusal when some are
    missing."""
    if what == BID:
        not_an_object = _("The bids are an object of seat id -> number.")
        not_whole = _("%(name)s's bid is a whole number from %(low)d to %(high)d.")
        out_of_range = _("%(name)s's bid is from %(low)d to %(high)d, not %(value)d.")
    else:
        not_an_object = _("The tricks are an object of seat id -> number.")
        not_whole = _("%(name)s's tricks are a whole number from %(low)d to %(high)d.")
        out_of_range = _(
            "%(name)s's tricks are from %(low)d to %(high)d, not %(value)d."
        )
    if not isinstance(raw, Mapping):
        raise BadValue(not_an_object)
    found = {}
    # One seat under two spellings ("940", "0940") is refused, never merged.
    for key, value in seat_mapping(raw).items():
        seat = seat_of(table, key)
        found[seat.id] = whole(
            value, low, high, not_whole, out_of_range, name=seat.name
        )
    missing = [seat.name for seat in table.seats if seat.id not in found]
    if missing:
        raise BadValue(missing_message(missing))
    return found


# Forms ------------------------------------------------------------------------

# What a form's number is, in a refusal about it.
FORM_NUMBERS = {
    "seat": gettext_lazy("the seat"),
    "bid": gettext_lazy("the bid"),
    "tricks": gettext_lazy("the tricks"),
}


def last(data, key):
    values = data.get(key) or [""]
    return values[-1] if isinstance(values, list | tuple) else values


def form_number(text, what):
    text = text if isinstance(text, str) else ""
    number = parse_number(text, -NUMBER_MAX, NUMBER_MAX)
    if number is not None:
        return number
    text = shown(text.strip())
    what = FORM_NUMBERS.get(what, what)
    if text:
        message = _("“%(text)s” is not a whole number (%(what)s).")
    else:
        message = _("An empty field is not a whole number (%(what)s).")
    raise BadValue(message % {"text": text, "what": what})


def prefixed(data, prefix):
    """``{"<seat>": n}`` from the filled-in fields named ``<prefix><seat>``."""
    found = {}
    for key in data:
        if not key.startswith(prefix):
            continue
        seat = id_or_none(key.removeprefix(prefix))
        text = last(data, key).strip()
        if seat is None:
            raise BadValue(
                _("The form field “%(key)s” names no seat.") % {"key": shown(key)}
            )
        # Django folds two spellings of a field's name ("tricks-13" and
        # "tricks-13 " in a multipart body) into one field of two values.
        if str(seat) in found or _posted_twice(data, key):
            raise named_twice()
        if text:
            found[str(seat)] = form_number(text, prefix.rstrip("-"))
    return found


def payload_from_form(data, keys=(BID, "bids", TRICKS_TAKEN)):
    """The table's forms as a payload: one seat's bid (``seat`` and ``bid``),
    every seat's tricks (``tricks-<seat>``), or a correction (``bid-<seat>``
    and ``tricks-<seat>``). ``keys`` name the payload's bid, bids and tricks.
    None when the form holds none of them."""
    bid_key, bids_key, tricks_key = keys
    if "bid" in data:
        return {
            bid_key: {
                "seat": parse_seat_id(last(data, "seat")),
                "value": form_number(last(data, "bid"), "bid"),
            }
        }
    bids = prefixed(data, "bid-")
    tricks = prefixed(data, "tricks-")
    if bids:
        return {bids_key: bids, tricks_key: tricks} if tricks else {bids_key: bids}
    if tricks or any(key.startswith("tricks-") for key in data):
        return {tricks_key: tricks}
    return None


def _posted_twice(data, key):
    values = data.get(key)
    return isinstance(values, list | tuple) and len(values) > 1
