"""Checking what a phone enters in a game of bids and tricks: the seat, a bid,
every seat's numbers, and the table's forms."""

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import entry, words
from games.entry import last, may_enter, seat_of
from games.errors import BadValue
from games.seat_ids import parse_seat_id

from .sheet import BID, TRICKS_TAKEN


def whole(value, low, high, not_whole, out_of_range, **names):
    """``value`` if it is a whole number from ``low`` to ``high``; else the
    refusal ``not_whole`` or ``out_of_range`` (with ``names`` filled in)."""
    values = {"low": low, "high": high, "value": value, **names}
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(not_whole % values)
    if not low <= value <= high:
        raise BadValue(out_of_range % values)
    return value


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


def every_seat(table, raw, what, low, high):
    """Seat id -> number (``what``: bids or tricks) for every seat playing,
    each checked."""
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

    def check(value, name):
        return whole(value, low, high, not_whole, out_of_range, name=name)

    def missing_message(missing):
        if what == BID:
            message = ngettext(
                "Enter every player's bid: %(names)s is missing.",
                "Enter every player's bid: %(names)s are missing.",
                len(missing),
            )
        else:
            message = ngettext(
                "Enter every player's tricks: %(names)s is missing.",
                "Enter every player's tricks: %(names)s are missing.",
                len(missing),
            )
        return message % {"names": words.and_join(missing)}

    return entry.every_seat(table, raw, check, not_an_object, missing_message)


# Forms ------------------------------------------------------------------------

# What a form's number is, in a refusal about it.
FORM_NUMBERS = {
    "bid": gettext_lazy("the bid"),
    "tricks": gettext_lazy("the tricks"),
}


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
                "value": entry.form_number(last(data, "bid"), FORM_NUMBERS["bid"]),
            }
        }
    bids = entry.prefixed(data, "bid-", FORM_NUMBERS["bid"])
    tricks = entry.prefixed(data, "tricks-", FORM_NUMBERS["tricks"])
    if bids:
        return {bids_key: bids, tricks_key: tricks} if tricks else {bids_key: bids}
    if tricks or any(key.startswith("tricks-") for key in data):
        return {tricks_key: tricks}
    return None
