"""The statements every record runs, written once as SQL.

A record locks the match, reads its seats, the open round and its cells in one
statement, writes the cells, closes the round, keeps the standings, opens the
next round and appends the event. Compiled by the ORM afresh on every record,
these statements were the largest part of a record's CPU (docs/benchmarks.md);
here each is text built once per process from the models' meta, so the table and
column names follow the models. The database's constraints guard these rows as
they guard the ORM's: a second open round, a duplicate cell, a replayed
idempotency key or a foreign key to nowhere fail here too, with Django's
``IntegrityError``.

SQLite (3.35 and later, for ``RETURNING``) and PostgreSQL run the same text.
Values pass through the fields' own ``get_db_prep_value`` and rows come back
through the converters the ORM applies, so a JSON field or a timestamp is stored
and read exactly as the ORM stores and reads it (tests/games/test_sql.py).

Everything else in the write path stays with the ORM: rarer changes (a seat, a
correction, the end of a match) are not worth hand-written SQL.
"""

import contextvars
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from games import errors
from games.models import Cell, Event, Match, Membership, Round, Seat


def db():
    """The default connection itself: ``django.db.connection`` finds it anew on
    every attribute read, and a record read it some fifty times."""
    return connections[DEFAULT_DB_ALIAS]


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

    def converters(self, connection):
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

    def instance(self, row, connection):
        """An instance made from the first columns of ``row``, as the ORM makes
        one (``Model.from_db``)."""
        values = list(row[: len(self.fields)])
        for index, functions, column in self.converters(connection):
            value = values[index]
            for function in functions:
                value = function(value, column, connection)
            values[index] = value
        return self.model.from_db(connection.alias, self.attnames, values)


MATCHES, SEATS, ROUNDS = Rows(Match), Rows(Seat), Rows(Round)


def prep(model, name, value, connection):
    """``value`` as ``model``'s field ``name`` sends it to the database."""
    return model._meta.get_field(name).get_db_prep_value(value, connection)


def run(sql, params, connection=None):
    """Run one statement: the rows it returns, else the rows it changed. Inside
    ``deferred`` on its connection, on the change's one cursor."""
    held = _cursor.get()
    if held is not None and connection in (None, held[0]):
        return fetched(held[1], sql, params)
    with (connection or db()).cursor() as cursor:
        return fetched(cursor, sql, params)


def fetched(cursor, sql, params):
    cursor.execute(sql, params)
    return cursor.fetchall() if cursor.description else cursor.rowcount


# A change's statements share one cursor, (connection, cursor), set by
# ``deferred``: a cursor made for each statement, and the connection looked up
# for each row and value, cost a tenth of a tap's CPU under load
# (docs/benchmarks.md, "Kept, and tried and not kept").
_cursor = contextvars.ContextVar("change_cursor", default=None)


# The lock: one statement raises the version of a live match and reads it back.
# A host's correction may also change a match its module decided (and so make it
# live again); a match a member ended stays as it is (``Match.is_correctable``).
# With a member, the membership check is folded in: no row then means no match,
# a match that is over, or an actor who is not a member.
LIVE = "status = %s"
CORRECTABLE = "status IN (%s, %s)"
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


# What is not the sheet (the TV link) is the host's to change in an ended match
# too: the big screen may show the result, and the link may be revoked after.
LOCK_ANY = (
    f"UPDATE {quoted(Match._meta.db_table)} SET version = version + 1 "
    "WHERE id = %s RETURNING " + MATCHES.columns()
)


def lock_any_match(match_id):
    """The match ``match_id``, its version raised, whatever its status; or None."""
    connection = db()
    rows = run(LOCK_ANY, [match_id], connection)
    return MATCHES.instance(rows[0], connection) if rows else None


def lock_match(match_id, status, *, decided_too=False, member_id=None):
    """The match ``match_id``, its version raised, if it is ``status`` (or
    decided, with ``decided_too``) and ``member_id`` is a member; else None."""
    params = [match_id, status]
    if decided_too:
        params.append(Match.Status.DECIDED)
    if member_id is not None:
        params.append(member_id)
    connection = db()
    rows = run(LOCKS[decided_too, member_id is not None], params, connection)
    return MATCHES.instance(rows[0], connection) if rows else None


SEATS_SQL = (
    f"SELECT {SEATS.columns()} FROM {quoted(SEATS.table)} "
    "WHERE match_id = %s ORDER BY position"
)


def seats(match_id):
    """The match's seats in seat order, as ``Seat.objects.filter`` gives them."""
    connection = db()
    rows = run(SEATS_SQL, [match_id], connection)
    return [SEATS.instance(row, connection) for row in rows]


# The seats, the round and its cells in one statement: a record reads all three.
# A row per seat and cell of the round: a seat without a cell in it comes once,
# its cell null; a match without that round has its round's columns null.
SHEET_SQL = (
    f"SELECT {SEATS.columns('s')}, {ROUNDS.columns('r')}, c.field, c.value "
    f"FROM {quoted(SEATS.table)} s "
    f"LEFT JOIN {quoted(ROUNDS.table)} r "
    "ON r.match_id = s.match_id AND r.number = %s "
    f"LEFT JOIN {quoted(Cell._meta.db_table)} c "
    "ON c.round_id = r.id AND c.seat_id = s.id "
    "WHERE s.match_id = %s ORDER BY s.position, s.id"
)


def seats_and_round(match_id, number):
    """The match's seats in seat order, its round ``number`` and that round's
    values (field -> seat id -> value); the round is None when the match has no
    such round."""
    connection = db()
    rows = run(SHEET_SQL, [number, match_id], connection)
    width = len(SEATS.fields)
    seats, values, round = [], {}, None
    for row in rows:
        if not seats or seats[-1].pk != row[0]:
            seats.append(SEATS.instance(row, connection))
        *_, name, value = row
        if name is not None:
            values.setdefault(name, {})[row[0]] = value
    if rows and rows[0][width] is not None:
        round = ROUNDS.instance(rows[0][width:], connection)
    return seats, round, values


# A change's writes wait for its event: a record's cells, its round, the standings,
# the next round and the event then reach PostgreSQL as one statement (one
# round trip, one parse, instead of five), and SQLite, which has no round trips
# to save, runs them one by one. Any other statement that runs while writes wait
# (a read, an ORM save) sends them first, so every statement sees the writes
# before it, in the order they were made.


@dataclass
class Write:
    sql: str
    params: list
    # A guarded update: no row means the row moved meanwhile (``RoundClosed``).
    guarded: bool = False
    # The instance an insert made, whose id the database returns.
    made: object = None
    # An insert of one row, as columns and their types: on PostgreSQL, after a
    # guarded update, it selects its values from that update, so it runs after
    # it and only if it changed a row.
    table: str = ""
    fields: tuple = ()


@dataclass
class Pending:
    writes: list = field(default_factory=list)
    sending: bool = False

    def before_statement(self, execute, sql, params, many, context):
        if self.writes and not self.sending:
            self.send()
        return execute(sql, params, many, context)

    def send(self):
        writes, self.writes = self.writes, []
        self.sending = True
        try:
            send(writes)
        finally:
            self.sending = False


_pending = contextvars.ContextVar("pending_writes", default=None)


@contextmanager
def deferred():
    """Run the statements made inside on one cursor; on PostgreSQL, also hold
    the writes until the next other statement, or until ``append_event`` sends
    them with the event."""
    connection = db()
    with connection.cursor() as cursor:
        token = _cursor.set((connection, cursor))
        try:
            with held_writes(connection):
                yield
        finally:
            _cursor.reset(token)


@contextmanager
def held_writes(connection):
    if connection.vendor != "postgresql":
        # SQLite runs in-process: holding the writes back would save nothing.
        yield
        return
    pending = Pending()
    token = _pending.set(pending)
    try:
        with connection.execute_wrapper(pending.before_statement):
            yield
            if pending.writes:
                pending.send()
    finally:
        _pending.reset(token)


def write(w):
    pending = _pending.get()
    if pending is None or pending.sending:
        send([w])
    else:
        pending.writes.append(w)


def send(writes):
    connection = db()
    if connection.vendor == "postgresql" and len(writes) > 1:
        send_together(writes)
        return
    for w in writes:
        sql = w.sql + (" RETURNING id" if w.made is not None else "")
        result = run(sql, w.params, connection)
        if w.guarded and not result:
            raise errors.RoundClosed()
        if w.made is not None:
            w.made.pk = result[0][0]


def send_together(writes):
    """Every write in one statement: each a data-modifying WITH query, and a
    final SELECT that reads what each changed (rows for a guarded update, the id
    for an insert)."""
    connection = db()
    queries, params, results = [], [], []
    guard = None
    for index, w in enumerate(writes):
        name = f"w{index}"
        if guard is not None and w.fields:
            casts = ", ".join(
                f"CAST(%s AS {f.cast_db_type(connection)})" for f in w.fields
            )
            columns = ", ".join(quoted(f.column) for f in w.fields)
            sql = f"INSERT INTO {w.table} ({columns}) SELECT {casts} FROM {guard}"
        else:
            sql = w.sql
        returning = "id" if w.guarded or w.made is not None else "1"
        queries.append(f"{name} AS ({sql} RETURNING {returning})")
        params += w.params
        if w.guarded:
            guard = name
            results.append(f"(SELECT count(*) FROM {name})")
        elif w.made is not None:
            results.append(f"(SELECT id FROM {name})")
        else:
            results.append(f"(SELECT count(*) FROM {name})")
    sql = f"WITH {', '.join(queries)} SELECT {', '.join(results)}"
    (row,) = run(sql, params, connection)
    for w, result in zip(writes, row, strict=True):
        if w.guarded and not result:
            raise errors.RoundClosed()
        if w.made is not None:
            w.made.pk = result


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
    for seat_id, name, value in cells:
        params += (round_id, seat_id, name, value)
    write(Write(sql, params))


# A round's new state, guarded by the state it was read in: a round another
# change moved meanwhile updates nothing, and the change is refused.
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
    if it still stands as ``round`` was read; else ``RoundClosed``, now or when
    the write is sent."""
    params = [status, winner_id, note]
    if closing:
        now = timezone.now()
        params += [prep(Round, "closed_at", now, db()), by]
    params += [round.pk, round.status]
    if round.winner_id is not None:
        params.append(round.winner_id)
    write(Write(ROUND_SQL[closing, round.winner_id is not None], params, True))
    round.status, round.winner_id, round.note = status, winner_id, note
    if closing:
        round.closed_at, round.closed_by_id = now, by


STANDINGS_SQL = f"UPDATE {quoted(MATCHES.table)} SET standings = %s WHERE id = %s"


def save_standings(match, data):
    value = prep(Match, "standings", data, db())
    write(Write(STANDINGS_SQL, [value, match.pk]))
    match.standings = data


def stored(model, **values):
    """An instance of ``model`` as written by the SQL here: not one to add."""
    instance = model(**values)
    instance._state.adding = False
    instance._state.db = DEFAULT_DB_ALIAS
    return instance


def inserted(instance, names):
    """The write that inserts ``instance``'s fields ``names`` (the others are
    null), its id to come back."""
    connection = db()
    sql, fields = INSERTS.get((type(instance), tuple(names)), (None, None))
    if sql is None:
        fields = tuple(instance._meta.get_field(name) for name in names)
        columns = ", ".join(quoted(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        table = quoted(instance._meta.db_table)
        sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
        INSERTS[type(instance), tuple(names)] = sql, fields
    return Write(
        sql,
        [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields],
        made=instance,
        table=quoted(instance._meta.db_table),
        fields=fields,
    )


INSERTS = {}


OPEN_ROUND_FIELDS = ["match", "number", "status", "dealer", "note", "opened_at"]


def open_round(match_id, number, dealer_id):
    """Open round ``number`` of the match, dealt by ``dealer_id``; its id is
    known once the write is sent."""
    round = stored(
        Round,
        match_id=match_id,
        number=number,
        status=Round.Status.OPEN,
        dealer_id=dealer_id,
        note="",
        opened_at=timezone.now(),
    )
    write(inserted(round, OPEN_ROUND_FIELDS))
    return round


EVENT_FIELDS = [
    *("match", "version", "kind", "actor", "before", "after", "created_at"),
    "idempotency_key",
    "request_hash",
]


def append_event(match, kind, actor, before, after, key, request_hash=None):
    """Append the event of ``match``'s new version, and send every write that
    waits with it."""
    event = stored(
        Event,
        match_id=match.pk,
        version=match.version,
        kind=kind,
        actor_id=getattr(actor, "pk", None),
        before=before,
        after=after,
        created_at=timezone.now(),
        idempotency_key=key,
        request_hash=request_hash if key is not None else None,
    )
    pending = _pending.get()
    if pending is None:
        send([inserted(event, EVENT_FIELDS)])
    else:
        pending.writes.append(inserted(event, EVENT_FIELDS))
        pending.send()
    return event
