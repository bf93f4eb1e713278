"""Reading what a phone enters, for any game: the seat a payload names, every
seat's number in one payload, and the number fields of the table's HTML forms.

The games' own checks (a bid's range, a round's total) stay in the games; these
are the parts every game reads alike, so a seat or a form field is refused in
the same words whichever game's page sent it.
"""

from collections.abc import Mapping

from django.utils.translation import gettext as _

from .bounds import NUMBER_MAX
from .errors import BadValue
from .seat_ids import (
    id_or_none,
    named_twice,
    parse_number,
    parse_seat_id,
    seat_mapping,
    shown,
)
from .words import MINUS


def seat_of(table, raw):
    """The ``SeatView`` playing the round whose id is ``raw`` (an int or its
    digits, read by ``games.seat_ids``), or a refusal."""
    seat_id = parse_seat_id(raw)
    for seat in table.seats:
        if seat.id == seat_id:
            return seat
    raise BadValue(_("Seat %(seat)s is not at this table.") % {"seat": seat_id})


def may_enter(actor, seat):
    """Whether ``actor`` may enter ``seat``'s own number (a bid, a score): its
    own phone, anyone for a seat without a phone, the host for any. A page asks
    it (through the module's ``may_record_for``) to show the others read
    only."""
    return actor.is_host or actor.seat == seat.id or seat.claimed_by is None


def every_seat(table, raw, check, not_an_object, missing_message):
    """Seat id -> ``check(value, seat_name)`` for every seat playing the round.

    ``not_an_object`` is the refusal of a payload that is no object;
    ``missing_message`` words the one for missing seats from their names
    (``missing_message(["Ann", "Bo"])``)."""
    if not isinstance(raw, Mapping):
        raise BadValue(not_an_object)
    found = {}
    # One seat under two spellings ("940", "0940") is refused, never merged.
    for key, value in seat_mapping(raw).items():
        seat = seat_of(table, key)
        found[seat.id] = check(value, seat.name)
    missing = [seat.name for seat in table.seats if seat.id not in found]
    if missing:
        raise BadValue(missing_message(missing))
    return found


# Forms ------------------------------------------------------------------------


def last(data, key):
    """The last value a form posted as ``key`` ("" when none)."""
    values = data.get(key) or [""]
    return values[-1] if isinstance(values, list | tuple) else values


def posted_twice(data, key):
    """Whether the form holds two values for ``key``: Django folds two
    spellings of a field's name ("tricks-13" and "tricks-13 " in a multipart
    body) into one field of two values."""
    values = data.get(key)
    return isinstance(values, list | tuple) and len(values) > 1


def form_number(text, what):
    """The whole number a form field holds (ASCII digits, a minus, spaces
    around), or a refusal naming ``what`` ("the score")."""
    text = text.replace(MINUS, "-") if isinstance(text, str) else ""
    number = parse_number(text, -NUMBER_MAX, NUMBER_MAX)
    if number is not None:
        return number
    text = shown(text.strip())
    if text:
        message = _("“%(text)s” is not a whole number (%(what)s).")
    else:
        message = _("An empty field is not a whole number (%(what)s).")
    raise BadValue(message % {"text": text, "what": what})


def prefixed(data, prefix, what):
    """``{"<seat>": n}`` from the filled-in fields named ``<prefix><seat>``; an
    empty one stays out (and is then missing). ``what`` names the number in a
    refusal."""
    found = {}
    for key in data:
        if not key.startswith(prefix):
            continue
        seat = id_or_none(key.removeprefix(prefix))
        if seat is None:
            raise BadValue(
                _("The form field “%(key)s” names no seat.") % {"key": shown(key)}
            )
        if str(seat) in found or posted_twice(data, key):
            raise named_twice()
        text = last(data, key).strip()
        if text:
            found[str(seat)] = form_number(text, what)
    return found
