"""Set up tables for a bench run, inside Django, against the server's own database.

Run by the harness as ``python -m bench.seed`` with the server's environment; reads
``{"tables": M, "seats": 6, "members": "page" | "seed" | "auto"}`` on stdin and
prints JSON: for each table its match id, join code, seat ids and session cookies.
Each match is started by its host through ``games.actions``, the one write path.
With ``page`` only the host's session is made here and the other phones join
through the real join page; ``seed`` joins them through ``actions.join_match``
(for a tree without the join page); ``auto`` picks ``page`` when it exists.
"""

import json
import os
import sys
from importlib import import_module


def session_for(user):
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def probe_table():
    """A six-seat match with its host and one seated member, for the in-process
    probes (``bench.queries``, ``bench.costs``); returns (match, seat ids, member).
    """
    from games import actions
    from squarescores.accounts.models import User

    host = User.create_guest()
    names = [f"Seat {n}" for n in range(1, 7)]
    match = actions.start_match(host, "fortyone_exchange", names, host_seat=0).match
    seats = list(match.seats.order_by("position").values_list("pk", flat=True))
    member = User.create_guest()
    actions.join_match(member, match.code, seat_id=seats[1])
    return match, seats, member


def schwimmen_tables(count):
    """``count`` Schwimmen matches of eight seats and five lives, for the CPU per
    record (``bench.costs``); returns [(match, seat ids)] and the host. Paying in
    seat order, a table takes 47 records before its last seat in wins."""
    from games import actions
    from squarescores.accounts.models import User

    host = User.create_guest()
    names = [f"Seat {n}" for n in range(1, 9)]
    tables = []
    for _ in range(count):
        match = actions.start_match(
            host, "schwimmen", names, {"lives": 5}, host_seat=0
        ).match
        seats = list(match.seats.order_by("position").values_list("pk", flat=True))
        tables.append((match, seats))
    return tables, host


def seat_table(seats, members, game="fortyone_exchange", options=None):
    """A match of ``game`` started by its host, ``members`` seats claimed in order;
    returns (match, seat ids, the members' users, host first)."""
    from games import actions
    from squarescores.accounts.models import User

    names = [f"Seat {n}" for n in range(1, seats + 1)]
    host = User.create_guest(display_name=names[0])
    match = actions.start_match(host, game, names, options, host_seat=0).match
    seat_ids = list(match.seats.order_by("position").values_list("pk", flat=True))
    users = [host]
    for position in range(1, members):
        guest = User.create_guest()
        actions.join_match(guest, match.code, seat_id=seat_ids[position])
        users.append(guest)
    return match, seat_ids, users


def seed(tables, seats, members, game="fortyone_exchange"):
    out = []
    for _ in range(tables):
        match, seat_ids, users = seat_table(seats, members, game)
        out.append(
            {
                "id": match.pk,
                "code": match.code,
                "seats": seat_ids,
                "sessions": [session_for(user) for user in users],
            }
        )
    return out


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
    import django

    django.setup()
    from django.urls import Resolver404, resolve

    def exists(path):
        try:
            resolve(path)
        except Resolver404:
            return False
        return True

    request = json.load(sys.stdin)
    seats, join = request.get("seats", 6), request.get("members", "auto")
    if join == "auto":
        join = "page" if exists("/j/ABCDEF/") else "seed"
    tables = seed(request["tables"], seats, 1 if join == "page" else seats)
    answer = {"tables": tables, "joined_by": join}
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
