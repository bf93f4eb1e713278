"""Seat ids as every edge and every game reads them, in one place.

A seat id arrives as a JSON number (a REST body), as text (a form's field, a
socket frame's form, the key of a JSON object that maps seats to values) or as
anything a hostile client sends. ``str.isdigit`` is true for "²" and "٣" and
``int()`` of a 5,000-digit string raises, so neither decides here: a seat id is
ASCII digits only, at most ``DIGITS_MAX`` of them once leading zeros are gone,
with spaces around it forgiven; its one canonical form is the ``int``. Anything
else is a ``BadValue``, never an exception of Python's.

A payload that names one seat twice under two spellings ("940", "0940", " 940")
is refused by ``seat_mapping`` and ``seat_list``: the last value never silently
wins.
"""

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _

from .bounds import ID_MAX
from .errors import BadValue

# Ids are 64-bit: 19 digits at most. The text may be a little longer (leading
# zeros, spaces) but never long enough to cost anything to look at.
DIGITS_MAX = len(str(ID_MAX))
TEXT_MAX = 32
# ASCII only: ``\d`` and ``[0-9]`` differ in Python's re for Unicode digits.
ID_TEXT = re.compile(r"[ ]*([0-9]{1,32})[ ]*", re.ASCII)
NUMBER_TEXT = re.compile(r"[ ]*(-?)([0-9]{1,32})[ ]*", re.ASCII)


def shown(value):
    """``value`` as a refusal may quote it: short, whatever it was."""
    if isinstance(value, int) and value.bit_length() > 64:
        return "…"  # repr() of a number of thousands of digits raises.
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 12 else text[:11] + "…"


def id_or_none(value):
    """The id (1 to ``ID_MAX``) ``value`` names, or None: a JSON integer or
    text of ASCII digits, spaces around it and leading zeros allowed."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and len(value) <= TEXT_MAX:
        found = ID_TEXT.fullmatch(value)
        digits = found.group(1).lstrip("0") if found else ""
        if not found or len(digits) > DIGITS_MAX:
            return None
        number = int(digits or "0")
    else:
        return None
    return number if 1 <= number <= ID_MAX else None


def parse_seat_id(value):
    """The seat id ``value`` names: an ``int`` from 1 to ``ID_MAX``.

    Takes a JSON integer or text of ASCII digits (spaces around it and leading
    zeros allowed); refuses everything else (``True``, ``1.0``, "²", "-3",
    "+3", "٣", a full-width 0, 5,000 digits) with ``BadValue``.
    """
    if isinstance(value, bool):
        raise BadValue(_("A seat is given by its number."))
    number = id_or_none(value)
    if number is None:
        raise BadValue(_("“%(value)s” is not a seat.") % {"value": shown(value)})
    return number


def parse_number(text, low, high):
    """A whole number from ``low`` to ``high`` as a form posts it (ASCII digits,
    an ASCII minus when ``low`` is below zero, spaces around it), or None."""
    if not isinstance(text, str) or len(text) > TEXT_MAX:
        return None
    found = NUMBER_TEXT.fullmatch(text)
    if not found:
        return None
    sign, digits = found.groups()
    digits = digits.lstrip("0") or "0"
    if len(digits) > DIGITS_MAX:
        return None
    number = -int(digits) if sign else int(digits)
    return number if low <= number <= high else None


def named_twice():
    return BadValue(_("A seat is named twice."))


def seat_list(values):
    """The seat ids of ``values`` (a list), each once: a seat named twice,
    under any spelling, is refused."""
    seats = [parse_seat_id(value) for value in values]
    if len(set(seats)) != len(seats):
        raise named_twice()
    return seats


def seat_mapping(raw):
    """``raw`` (seat -> value, keyed by any spelling of a seat id) keyed by
    canonical ids. Two keys naming one seat are refused."""
    if not isinstance(raw, Mapping):
        raise BadValue(_("Seats are given as an object of seat id -> value."))
    found = {}
    for key, value in raw.items():
        seat = parse_seat_id(key)
        if seat in found:
            raise named_twice()
        found[seat] = value
    return found


def by_seat(mapping):
    """``mapping`` with whole-number seat ids, however its keys were stored
    (JSON keeps them as text)."""
    return {int(key): value for key, value in (mapping or {}).items()}
