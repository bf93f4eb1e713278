"""The statements every record runs, written once as SQL.

A record locks the match, reads its seats and the open round with its cells,
writes the cells, closes the round, keeps the standings, opens the next round and
appends the event. Compiled by the ORM afresh on every record, these statements
were the largest part of a record's CPU (docs/benchmarks.md); here each is text
built once per process from the models' meta, so the table and column names
follow the models. The database's constraints guard these rows as they guard the
ORM's: a second open round, a duplicate cell, a replayed idempotency key or a
foreign key to nowhere fail here too, with Django's ``IntegrityError``.

SQLite (3.35 and later, for ``RETURNING``) and PostgreSQL run the same text.
Values pass through the fields' own ``get_db_prep_value`` and rows come back
through the converters the ORM applies, so a JSON field or a timestamp is stored
and read exactly as the ORM stores and reads it (tests/games/test_sql.py).

Everything else in the write path stays with the ORM: rarer changes (a seat, a
correction, the end of a match) are not worth hand-written SQL.
"""

from django.db import connection
from django.utils import timezone

from games.models import Cell, Event, Match, Membership, Round, Seat


def quoted(name):
    return f'"{name}"'


class Rows:
    """How rows of ``model`` that the SQL here reads become instances: its
    concrete fields in their order, and each field's converters as the ORM finds
    them for the connection (a timestamp's text on SQLite, a JSON document)."""

    def __init__(self, model):
        self.model = model
        self.table = model._meta.db_table
        self.fields = model._meta.concrete_fields
        self.attnames = [field.attname for field in self.fields]
        # By backend: the converters depend on the backend and the settings.
        self._converters = {}

    def columns(self, alias=None):
        prefix = f"{alias}." if alias else ""
        return ", ".join(prefix + quoted(field.column) for field in self.fields)

    def converters(self):
        found = self._converters.get(connection.vendor)
        if found is None:
            found = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.table)
                functions = connection.ops.get_db_converters(
                    column
                ) + field.get_db_converters(connection)
                if functions:
                    found.append((index, functions, column))
            self._converters[connection.vendor] = found
        return found

    def instance(self, row):
        """An instance made from the first columns of ``row``, as the ORM makes
        one (``Model.from_db``)."""
        values = list(row[: len(self.fields)])
        for index, functions, column in self.converters():
            value = values[index]
            for function in functions:
                value = function(value, column, connection)
            values[index] = value
        return self.model.from_db(connection.alias, self.attnames, values)


MATCHES, SEATS, ROUNDS = Rows(Match), Rows(Seat), Rows(Round)


def prep(model, name, value):
    """``value`` as ``model``'s field ``name`` sends it to the database."""
    return model._meta.get_field(name).get_db_prep_value(value, connection)


def run(sql, params):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if cursor.description else cursor.rowcount


# The lock: one statement raises the version of a live match and reads it back.
# A host's correction may also change a match its module decided (and so make it
# live again); a match a member ended stays as it is (``Match.is_correctable``).
# With a member, the membership check is folded in: no row then means no match,
# a match that is over, or an actor who is not a member.
LIVE = "status = %s"
CORRECTABLE = "(status = %s OR result IS NOT NULL)"
MEMBER = (
    f" AND EXISTS (SELECT 1 FROM {quoted(Membership._meta.db_table)} m "
    f"WHERE m.match_id = {quoted(Match._meta.db_table)}.id AND m.user_id = %s)"
)
LOCK = (
    f"UPDATE {quoted(Match._meta.db_table)} SET version = version + 1 "
    "WHERE id = %s AND {state}{member} RETURNING " + MATCHES.columns()
)
LOCKS = {
    (decided_too, member): LOCK.format(
        state=CORRECTABLE if decided_too else LIVE, member=MEMBER if member else ""
    )
    for decided_too in (False, True)
    for member in (False, True)
}


def lock_match(match_id, status, *, decided_too=False, member_id=None):
    """The match ``match_id``, its version raised, if it is ``status`` (or
    decided, with ``decided_too``) and ``member_id`` is a member; else None."""
    params = [match_id, status]
    if member_id is not None:
        params.append(member_id)
    rows = run(LOCKS[decided_too, member_id is not None], params)
    return MATCHES.instance(rows[0]) if rows else None


SEATS_SQL = (
    f"SELECT {SEATS.columns()} FROM {quoted(SEATS.table)} "
    "WHERE match_id = %s ORDER BY position"
)


def seats(match_id):
    """The match's seats in seat order, as ``Seat.objects.filter`` gives them."""
    return [SEATS.instance(row) for row in run(SEATS_SQL, [match_id])]


# The round and its cells in one statement: a record reads both.
ROUND_AND_CELLS_SQL = (
    f"SELECT {ROUNDS.columns('r')}, c.seat_id, c.field, c.value "
    f"FROM {quoted(ROUNDS.table)} r "
    f"LEFT JOIN {quoted(Cell._meta.db_table)} c ON c.round_id = r.id "
    "WHERE r.match_id = %s AND r.number = %s"
)


def round_and_values(match_id, number):
    """Round ``number`` of the match and its values (field -> seat -> value), or
    (None, {}) when the match has no such round."""
    rows = run(ROUND_AND_CELLS_SQL, [match_id, number])
    if not rows:
        return None, {}
    values = {}
    for *_, seat_id, field, value in rows:
        if seat_id is not None:
            values.setdefault(field, {})[seat_id] = value
    return ROUNDS.instance(rows[0]), values


CELLS_SQL = (
    f"INSERT INTO {quoted(Cell._meta.db_table)} "
    '(round_id, seat_id, "field", "value") VALUES '
)


def insert_cells(round_id, cells):
    """Insert ``cells``, (seat id, field, value) triples, in one statement."""
    if not cells:
        return
    sql = CELLS_SQL + ", ".join(["(%s, %s, %s, %s)"] * len(cells))
    params = []
    for seat_id, field, value in cells:
        params += (round_id, seat_id, field, value)
    run(sql, params)


# A round's new state, guarded by the state it was read in: a round another
# change moved meanwhile updates nothing.
ROUND_SET = (
    f"UPDATE {quoted(ROUNDS.table)} SET status = %s, winner_id = %s, note = %s"
    "{closing} WHERE id = %s AND status = %s AND winner_id {winner}"
)
ROUND_SQL = {
    (closing, winner): ROUND_SET.format(
        closing=", closed_at = %s, closed_by_id = %s" if closing else "",
        winner="= %s" if winner else "IS NULL",
    )
    for closing in (False, True)
    for winner in (False, True)
}


def update_round(round, status, winner_id, note, *, closing=False, by=None):
    """Set the round's outcome (``closing``: and close it now, by user ``by``),
    if it still stands as ``round`` was read. Returns whether it did."""
    params = [status, winner_id, note]
    if closing:
        now = timezone.now()
        params += [prep(Round, "closed_at", now), by]
    params += [round.pk, round.status]
    if round.winner_id is not None:
        params.append(round.winner_id)
    if not run(ROUND_SQL[closing, round.winner_id is not None], params):
        return False
    round.status, round.winner_id, round.note = status, winner_id, note
    if closing:
        round.closed_at, round.closed_by_id = now, by
    return True


STANDINGS_SQL = f"UPDATE {quoted(MATCHES.table)} SET standings = %s WHERE id = %s"


def save_standings(match, data):
    run(STANDINGS_SQL, [prep(Match, "standings", data), match.pk])
    match.standings = data


def stored(model, **values):
    """An instance of ``model`` as written by the SQL here: not one to add."""
    instance = model(**values)
    instance._state.adding = False
    instance._state.db = connection.alias
    return instance


def insert(model, names):
    columns = ", ".join(quoted(model._meta.get_field(n).column) for n in names)
    marks = ", ".join(["%s"] * len(names))
    return (
        f"INSERT INTO {quoted(model._meta.db_table)} ({columns}) "
        f"VALUES ({marks}) RETURNING id"
    )


# The columns left out are null.
OPEN_ROUND_SQL = insert(
    Round, ["match", "number", "status", "dealer", "note", "opened_at"]
)


def open_round(match_id, number, dealer_id):
    """Open round ``number`` of the match, dealt by ``dealer_id``."""
    now = timezone.now()
    status = Round.Status.OPEN
    params = [match_id, number, status, dealer_id, "", prep(Round, "opened_at", now)]
    ((pk,),) = run(OPEN_ROUND_SQL, params)
    return stored(
        Round,
        id=pk,
        match_id=match_id,
        number=number,
        status=status,
        dealer_id=dealer_id,
        opened_at=now,
    )


EVENT_FIELDS = ["match", "version", "kind", "actor", "before", "after", "created_at"]
EVENT_SQL = insert(Event, [*EVENT_FIELDS, "idempotency_key"])


def append_event(match, kind, actor, before, after, key):
    """Append the event of ``match``'s new version."""
    now = timezone.now()
    actor_id = getattr(actor, "pk", None)
    params = [
        match.pk,
        match.version,
        kind,
        actor_id,
        prep(Event, "before", before),
        prep(Event, "after", after),
        prep(Event, "created_at", now),
        key,
    ]
    ((pk,),) = run(EVENT_SQL, params)
    return stored(
        Event,
        id=pk,
        match_id=match.pk,
        version=match.version,
        kind=kind,
        actor_id=actor_id,
        before=before,
        after=after,
        created_at=now,
        idempotency_key=key,
    )
