"""Rounds: a member's record, the host's correction, the dealer, End match.

The module judges every payload (``RuleModule.record``) and says what the sheet adds
up to; this module applies its ``Outcome`` and keeps the match's derived standings
in step, in the same transaction. Every game, single-winner ones too, comes in
through ``record`` (a member, the open round) and ``correct`` (the host, a
closed round).
"""

import functools
from dataclasses import replace

import jsonschema
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import errors
from games.bounds import CELL_MAX, CELL_MIN
from games.models import NOTE_MAX_LENGTH, Cell, Event, Match, Round
from games.rules import (
    CLOSED,
    DRAW,
    MAIN,
    OPEN,
    OUT,
    WON,
    Actor,
    Table,
    playing,
    registry,
)
from games.sheet import (
    rebuild_standings,
    round_data,
    round_view,
    seat_view,
    standings_of,
    values_of,
)
from squarescores import metrics

from . import sql
from .base import (
    Applied,
    get_round,
    is_whole,
    members_first,
    require_host,
    require_member,
    run_change,
    seat_in_round,
    seats_and_round,
)


class Sheet:
    """What an action reads of a match to judge one round: every seat, the round
    and its cells (``values`` and ``seats`` when the action read them with the
    round, else a query each), and the standings before the round."""

    def __init__(self, match, round, actor, values=None, seats=None):
        self.match = match
        self.round = round
        self.seats = sql.seats(match.pk) if seats is None else seats
        self.views = [seat_view(seat) for seat in self.seats]
        if values is None:
            values = values_of(Cell.objects.filter(round=round))
        self.values = values
        self.actor = actor

    def playing(self):
        """The seats (models) that play the round."""
        return [s for s in self.seats if s.first_round <= self.round.number]

    def table(self, standings):
        rules = self.match.rules
        views = playing(self.views, self.round.number)
        standings = rules.including(standings, views, self.match.options)
        seat = next(
            (s.pk for s in self.seats if s.claimed_by_id == self.actor.pk), None
        )
        actor = Actor(seat=seat, is_host=self.match.host_id == self.actor.pk)
        return Table(
            seats=views,
            options=self.match.options,
            standings=standings,
            round=round_view(self.round, self.values),
            actor=actor,
        )


def check(sheet, outcome):
    """Refuse an ``Outcome`` the core cannot store, whatever the module says."""
    round = sheet.round
    seat_ids = {seat.pk for seat in sheet.playing()}
    fields = {field.key: field for field in sheet.match.rules.fields}
    if outcome.status not in (OPEN, *CLOSED):
        raise errors.BadValue(
            _("Unknown round status “%(status)s”.") % {"status": outcome.status}
        )
    if (outcome.status == WON) != (outcome.winner is not None):
        raise errors.BadValue(_("A won round has exactly one winner."))
    if outcome.winner is not None and outcome.winner not in seat_ids:
        raise errors.SeatNotInMatch()
    if round.status != OPEN and outcome.status == OPEN:
        raise errors.BadValue(_("A closed round cannot be opened again."))
    if len(outcome.note) > NOTE_MAX_LENGTH:
        raise errors.BadValue(
            ngettext(
                "A round's note is at most %(max)d character long.",
                "A round's note is at most %(max)d characters long.",
                NOTE_MAX_LENGTH,
            )
            % {"max": NOTE_MAX_LENGTH}
        )
    writes = {MAIN: outcome.cells, **outcome.values}
    for field, values in writes.items():
        if values and field not in fields:
            raise errors.BadValue(
                _("This game records no “%(field)s”.") % {"field": field}
            )
        for seat_id, value in values.items():
            if seat_id not in seat_ids:
                raise errors.SeatNotInMatch()
            if not is_whole(value):
                raise errors.BadValue(_("A cell holds a whole number."))
            # The field's own bounds, within the column's.
            low = max(fields[field].min, CELL_MIN)
            high = min(
                CELL_MAX, CELL_MAX if fields[field].max is None else fields[field].max
            )
            if not low <= value <= high:
                label = fields[field].label or field or _("A value")
                if fields[field].max is None:
                    message = _("%(label)s is %(low)d or more.")
                else:
                    message = _("%(label)s is %(low)d to %(high)d.")
                raise errors.BadValue(
                    message % {"label": label, "low": low, "high": high}
                )
    for field, seat_id in outcome.clear:
        if field not in fields or seat_id not in seat_ids:
            raise errors.BadValue(_("That value cannot be cleared."))


def new_values(old, outcome):
    values = {field: dict(seats) for field, seats in old.items()}
    for field, seat_id in outcome.clear:
        values.get(field, {}).pop(seat_id, None)
    for field, writes in {MAIN: outcome.cells, **outcome.values}.items():
        values.setdefault(field, {}).update(writes)
    return {field: seats for field, seats in values.items() if seats}


def write_values(round, old, new):
    gone = [
        (field, seat_id)
        for field, seats in old.items()
        for seat_id in seats
        if seat_id not in new.get(field, {})
    ]
    for field, seat_id in gone:
        Cell.objects.filter(round=round, seat_id=seat_id, field=field).delete()
    for field, seats in new.items():
        for seat_id, value in seats.items():
            if seat_id in old.get(field, {}) and old[field][seat_id] != value:
                Cell.objects.filter(round=round, seat_id=seat_id, field=field).update(
                    value=value
                )
    sql.insert_cells(
        round.pk,
        [
            (seat_id, field, value)
            for field, seats in new.items()
            for seat_id, value in seats.items()
            if seat_id not in old.get(field, {})
        ],
    )


def write_round(sheet, outcome, actor):
    """Apply ``outcome`` to the sheet's round; refuse it if it changes nothing."""
    round = sheet.round
    check(sheet, outcome)
    new = new_values(sheet.values, outcome)
    note = outcome.note or ("" if round.status == OPEN else round.note)
    if (outcome.status, outcome.winner, new, note) == (
        round.status,
        round.winner_id,
        sheet.values,
        round.note,
    ):
        raise errors.NoChange()
    write_values(round, sheet.values, new)
    closing = round.status == OPEN and outcome.status != OPEN
    closed_by = getattr(actor, "pk", None) if closing else None
    sql.update_round(
        round, outcome.status, outcome.winner, note, closing=closing, by=closed_by
    )
    sheet.values = new
    return closing


def next_dealer(seats, standings, number, last):
    """The seat that deals round ``number``: the next seat to the left of ``last``
    (by position) that plays it and is not out."""
    eligible = [
        s
        for s in sorted(seats, key=lambda s: s.position)
        if s.first_round <= number and standings.fate(s.pk) != OUT
    ]
    if not eligible:
        return None
    last_seat = next((s for s in seats if s.pk == last), None)
    if last_seat is None:
        return eligible[0].pk
    after = [s for s in eligible if s.position > last_seat.position]
    return (after or eligible)[0].pk


def open_round(match, seats, standings, number, last_dealer):
    dealer = next_dealer(seats, standings, number, last_dealer)
    return sql.open_round(match.pk, number, dealer)


def save_standings(match, standings):
    sql.save_standings(match, standings.to_data())


def decide(match):
    """End ``match`` as its module decided it: the standings just saved hold the
    result (``Match.result``)."""
    match.status = Match.Status.DECIDED
    match.ended_at = timezone.now()
    match.save(update_fields=["status", "ended_at"])


def close_match(match):
    match.status = Match.Status.ENDED
    match.ended_at = timezone.now()
    match.save(update_fields=["status", "ended_at"])


def settle(sheet, before, outcome, actor):
    """Write ``outcome`` to the open round. If it closed: fold it into ``before``
    (the stored standings), then end the match (End match, or the module decided
    it) or open the next round. Returns (the changed rounds as data, the
    standings)."""
    match, round = sheet.match, sheet.round
    closing = write_round(sheet, outcome, actor)
    changed = [round_data(round, sheet.values)]
    if not closing:
        return changed, before
    views = playing(sheet.views, round.number)
    standings = match.rules.advance(
        before, views, round_view(round, sheet.values), match.options
    )
    save_standings(match, standings)
    if outcome.ends_match:
        close_match(match)
    elif standings.result is not None:
        decide(match)
    else:
        following = open_round(
            match, sheet.seats, standings, round.number + 1, round.dealer_id
        )
        changed.append(round_data(following, {}))
    return changed, standings


def settle_correction(sheet, outcome, actor):
    """Write ``outcome`` to a closed round, then rebuild the standings from every
    round. A match the module had decided goes live again with a new open round
    if it no longer is decided; a live match the correction decides ends."""
    match = sheet.match
    write_round(sheet, outcome, actor)
    changed = [round_data(sheet.round, sheet.values)]
    return resettle(match, sheet.seats, changed)


def resettle(match, seats, changed):
    """Rebuild the standings from every round that counts after a closed round
    changed (a correction, a void, a restore), and decide or reopen the match as
    they now say. ``changed`` (rounds as data) gains a newly opened round.
    Returns (``changed``, the standings)."""
    was = match.result
    standings = rebuild_standings(match, seats)
    save_standings(match, standings)
    current = Round.objects.filter(match=match, status=OPEN).first()
    if standings.result is not None and match.is_live:
        if current is not None:
            # The round after a decided match is never played.
            current.delete()
        decide(match)
    elif standings.result is not None:
        if was != standings.result.to_data():
            decide(match)
    elif not match.is_live:
        last = Round.objects.filter(match=match).order_by("-number").first()
        match.status, match.ended_at = Match.Status.LIVE, None
        match.save(update_fields=["status", "ended_at"])
        number = last.number + 1
        dealer = dealer_after(match, seats, standings, number)
        following = sql.open_round(match.pk, number, dealer)
        changed.append(round_data(following, {}))
    return changed, standings


def dealer_after(match, seats, standings, number):
    """Who deals round ``number`` when rounds before it were voided or taken
    back: the next seat after the dealer of the last round that counts, or round
    1's dealer when none counts (a voided round was never dealt)."""
    earlier = Round.objects.filter(match=match, number__lt=number).exclude(status=OPEN)
    last = earlier.filter(voided_at__isnull=True).order_by("-number").first()
    if last is None:
        first = Round.objects.filter(match=match).order_by("number").first()
        if first is not None and first.number < number and first.dealer_id:
            fate_out = standings.fate(first.dealer_id) == OUT
            if not fate_out:
                return first.dealer_id
        return next_dealer(seats, standings, number, None)
    return next_dealer(seats, standings, number, last.dealer_id)


def round_summary(round, seats):
    names = {seat.pk: seat.name for seat in seats}
    return {
        "round": round.number,
        "status": round.status,
        "winner": round.winner_id,
        "winner_name": names.get(round.winner_id),
    }


def change_of(match, rounds, standings):
    return {
        "rounds": rounds,
        "status": match.shown_status,
        "standings": standings.to_data(),
        "result": match.result,
    }


def open_round_of(match, number, version):
    """The match's seats, its open round ``number`` and the round's values, read
    in one statement."""
    seats, round, values = seats_and_round(match, number)
    if round.status != OPEN:
        raise errors.RoundClosed(
            _("Round %(number)d is already closed.") % {"number": round.number},
            version=version,
        )
    return seats, round, values


def recorded_kind(match, round, decided_kind=Event.Kind.MATCH_DECIDED):
    if match.is_decided:
        return decided_kind
    return Event.Kind.ROUND_WON if round.status == WON else Event.Kind.ROUND_RECORDED


def recorded(sheet, standings, outcome, actor, *, kind=None, before=(), after=()):
    """Settle ``outcome`` in the open round and describe the change: the event's
    before and after, and the push. Every way of recording a round ends here."""
    match, round = sheet.match, sheet.round
    summary = {**round_summary(round, sheet.seats), **dict(before)}
    was = sheet.values
    rounds, standings = settle(sheet, standings, outcome, actor)
    if round.status != OPEN:
        # What the round held before the record closed it: what an undo puts
        # back (a game's bids stay when its tricks are taken back).
        summary["values"] = was
    result = {**round_summary(round, sheet.seats), **dict(after)}
    if match.result is not None:
        result["result"] = match.result
    change = change_of(match, rounds, standings)
    kind = kind or recorded_kind(match, round)
    return Applied(actor, kind, summary, result, change, sheet.views)


def record(actor, match_id, round_number, payload, *, key=None, game=None):
    """A member records ``payload`` in the open round, ``round_number``.

    The module judges it; if the round closes, the standings move on and either
    the next round opens or, when the module decides the match, the match ends
    with its result. A record for a round that is no longer open is refused.
    ``game`` is the match's game when the caller knows it (a socket does).
    """

    def apply(match):
        if game is not None and match.game != game:
            raise errors.MatchNotFound()
        require_member(match, actor)
        seats, round, values = open_round_of(match, round_number, match.version - 1)
        sheet = Sheet(match, round, actor, values, seats)
        standings = standings_of(match, sheet.seats)
        outcome = match.rules.record(sheet.table(standings), dict(payload))
        if outcome.ends_match:
            raise errors.BadValue(_("A record cannot end the match; End match does."))
        applied = recorded(sheet, standings, outcome, actor, after={"payload": payload})
        if round.status != OPEN:
            applied.after.update(note=round.note, next_round=round.number + 1)
        return applied

    try:
        check_payload(match_id, payload, game)
    except errors.BadValue as refusal:
        members_first(match_id, actor, refusal)
    request = ["record", round_number, payload]
    return run_change(match_id, key, apply, actor=actor, member=True, request=request)


def check_correct(match, actor, round_number):
    """May ``actor`` correct round ``round_number`` of ``match``? The round if so,
    else the refusal: the host only, a closed round that is not voided, a match
    still correctable. The action asks it under the match's lock; the page of a
    round's correction asks it before it shows the forms."""
    require_host(match, actor)
    if not match.is_correctable:
        raise errors.MatchEnded()
    round = get_round(match, round_number)
    if round.status == OPEN:
        raise errors.BadValue(
            _("Round %(number)d is open: record it rather than correct it.")
            % {"number": round.number}
        )
    if round.voided_at is not None:
        raise errors.RoundVoided()
    return round


def correct(actor, match_id, round_number, payload, *, key=None):
    """The host corrects a closed round with ``payload``, judged by the module as
    a record is, with the standings as they stood before that round. Allowed in a
    match the module decided (the correction may undecide it)."""

    def apply(match):
        round = check_correct(match, actor, round_number)
        sheet = Sheet(match, round, actor)
        standings = rebuild_standings(match, sheet.seats, before=round.number)
        outcome = match.rules.record(sheet.table(standings), dict(payload))
        return corrected(match, sheet, outcome, actor, {"payload": payload})

    try:
        check_payload(match_id, payload)
    except errors.BadValue as refusal:
        members_first(match_id, actor, refusal)
    return run_change(
        match_id,
        key,
        apply,
        actor=actor,
        decided_too=True,
        member=True,
        request=["correct", round_number, payload],
    )


def corrected(match, sheet, outcome, actor, extra):
    was_live = match.is_live
    # The values too, so the history can word a scored round's before and after
    # (a round of lives or bids has no winner's name to show).
    before = {**round_summary(sheet.round, sheet.seats), "values": sheet.values}
    rounds, standings = settle_correction(sheet, outcome, actor)
    after = {
        **round_summary(sheet.round, sheet.seats),
        "values": sheet.values,
        **extra,
    }
    if match.is_live and not was_live:
        kind = Event.Kind.MATCH_REOPENED
    elif was_live and not match.is_live:
        kind = Event.Kind.MATCH_DECIDED
    else:
        kind = Event.Kind.ROUND_CORRECTED
    if match.result is not None:
        after["result"] = match.result
    change = change_of(match, rounds, standings)
    # Every phone says what changed and who changed it, not only the host's.
    change["correction"] = {
        "round": sheet.round.number,
        "before": outcome_label(before),
        "after": outcome_label(after),
        # What the labels are, so each phone says "draw" in its own language.
        "before_status": before["status"],
        "after_status": after["status"],
        "by": str(actor),
    }
    if change["correction"]["before"] is None or change["correction"]["after"] is None:
        # A scored round has no winner to name: each phone words it from its
        # values, in the game's words and its own language (live.py).
        change["correction"]["values"] = {
            "before": values_data(before["values"]),
            "after": values_data(after["values"]),
        }
    # A correction that left the seats as they were spares the push a read.
    return Applied(actor, kind, before, after, change, sheet.views)


def values_data(values):
    """A round's values as JSON keeps them: field -> seat id as text -> value."""
    return {
        field: {str(seat): value for seat, value in seats.items()}
        for field, seats in values.items()
    }


def outcome_label(summary):
    """A round's outcome in a word for the correction notice: the winner's name,
    "draw", or None when the module scores rounds some other way."""
    if summary["winner_name"]:
        return summary["winner_name"]
    return "draw" if summary["status"] == DRAW else None


def is_json_integer(checker, instance):
    return isinstance(instance, int) and not isinstance(instance, bool)


# JSON Schema counts 1.0 as an "integer"; the modules' ids and counts are ints,
# and a 1.0 that passed would name seat 1 or bid 1 in one game and be refused by
# another's own check. Here 1.0 is refused for every game, at the schema.
PayloadValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", is_json_integer
    ),
)


@functools.cache
def payload_validator(game):
    return PayloadValidator(registry.get(game).record_schema)


def frozen(value):
    """``value`` (JSON-like data) as a hashable key that tells apart every pair
    of values a schema may tell apart: a list from a tuple, 1 from 1.0 or True."""
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), frozen(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(frozen(item) for item in value))
    return (type(value).__name__, value)


# (game, frozen payload) -> the error's message, or None: a table sends the
# same few payloads round after round (a seat pays, a seat wins).
CHECKED = {}
CHECKED_MAX = 1024


def payload_error(game, payload):
    """The message of the error that best explains why ``payload`` does not fit
    the game's schema, or None. Validating even a small payload in Python takes
    50 to 100 us, so each answer is kept (the schema never changes)."""
    try:
        key = (game, frozen(payload))
        hash(key)
    except TypeError:
        key = None  # Something no JSON document holds (a set): not kept.
    if key in CHECKED:
        return CHECKED[key]
    error = jsonschema.exceptions.best_match(
        payload_validator(game).iter_errors(payload)
    )
    message = None if error is None else error.message
    if key is not None:
        if len(CHECKED) >= CHECKED_MAX:
            CHECKED.clear()
        CHECKED[key] = message
    return message


def check_payload(match_id, payload, game=None):
    """Refuse a payload that does not fit the game's ``record_schema``, before
    the match is locked: a bad body is a 400 even when its key was used before.
    ``game``, when the caller read it already (a socket knows its match's), spares
    reading it again; the locked match is checked against it. A refusal here is
    counted as ``run_change`` counts its own: the two are the write path's."""
    try:
        check_payload_fits(match_id, payload, game)
    except errors.Refusal as refusal:
        metrics.refused(refusal.code)
        raise


def check_payload_fits(match_id, payload, game):
    if not isinstance(payload, dict):
        raise errors.BadValue(_("A record is a JSON object."))
    if not is_whole(match_id):
        raise errors.MatchNotFound()
    if game is None:
        game = Match.objects.filter(pk=match_id).values_list("game", flat=True)
        game = game.first()
    if game is None:
        raise errors.MatchNotFound()
    message = payload_error(game, payload)
    if message is not None:
        raise errors.BadValue(
            _("That record does not fit this game: %(reason)s") % {"reason": message}
        )


def set_dealer(actor, match_id, seat_id, *, key=None):
    """The host says who deals the open round."""

    def apply(match):
        require_host(match, actor)
        round = Round.objects.filter(match=match, status=OPEN).first()
        if round is None:
            raise errors.MatchEnded()
        sheet = Sheet(match, round, actor)
        seat = seat_in_round(sheet.playing(), seat_id, round.number)
        standings = standings_of(match, sheet.seats)
        if standings.fate(seat.pk) == OUT:
            raise errors.BadValue(
                _("%(name)s is out and deals no more.") % {"name": seat.name}
            )
        if round.dealer_id == seat.pk:
            raise errors.NoChange(
                _("%(name)s already deals this round.") % {"name": seat.name}
            )
        before = {"round": round.number, "dealer": round.dealer_id}
        round.dealer_id = seat.pk
        round.save(update_fields=["dealer"])
        after = {"round": round.number, "dealer": seat.pk, "dealer_name": seat.name}
        change = change_of(match, [round_data(round, sheet.values)], standings)
        return Applied(actor, Event.Kind.DEALER_SET, before, after, change, sheet.seats)

    request = ["dealer", seat_id]
    return run_change(match_id, key, apply, actor=actor, member=True, request=request)


def end_match(actor, match_id, *, key=None):
    """Any member ends the match; the module banks the open round (an unscored
    draw by default). A match ended this way stays ended."""

    def apply(match):
        require_member(match, actor)
        round = Round.objects.get(match=match, status=OPEN)
        sheet = Sheet(match, round, actor)
        standings = standings_of(match, sheet.seats)
        outcome = match.rules.end(
            playing(sheet.views, round.number), round_view(round, sheet.values)
        )
        outcome = replace(outcome, ends_match=True)
        return recorded(
            sheet,
            standings,
            outcome,
            actor,
            kind=Event.Kind.MATCH_ENDED,
            after={"match": Match.Status.ENDED},
        )

    request = ["end"]
    return run_change(match_id, key, apply, actor=actor, member=True, request=request)
