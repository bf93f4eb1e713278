"""The cast: alice hosts, bob is a member, charlie is an outsider."""

import os
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import translation

from games import actions
from squarescores.accounts.models import User

pytest_plugins = ["tests.browser_fixtures"]

SEATS = ["Alice", "Ben", "Cara", "Dev"]
# The tests that drive a chromium or start a server take seconds each, most of it
# waiting; the rest take milliseconds.
SLOW_MARKS = ("browser", "server")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``make test`` runs one worker per core and one more),
    the slow tests go first: the workers share them out while the quick ones are
    left to fill the gaps at the end, instead of one worker finishing a long
    browser test while the others wait. The order within each kind stays."""
    if config.getoption("numprocesses", None):
        items.sort(
            key=lambda item: not any(item.get_closest_marker(m) for m in SLOW_MARKS)
        )


@pytest.fixture(autouse=True, scope="session")
def _database_is_the_one_asked_for(django_db_setup, django_db_blocker):
    """A PostgreSQL run must really run on PostgreSQL, never fall back quietly."""
    if os.getenv("DATABASE_URL", "").startswith("postgres"):
        with django_db_blocker.unblock():
            assert connection.vendor == "postgresql"


@pytest.fixture(autouse=True)
def _no_tries_counted():
    # The limits count per address (games/limits.py), and every test client is
    # 127.0.0.1: one test's wrong codes must not refuse the next test.
    cache.clear()


@pytest.fixture(autouse=True)
def _each_test_starts_in_english():
    # The test client runs a request on this thread, and LocaleMiddleware
    # activates the request's language there without undoing it (a server's next
    # request activates its own): a German page must not leave the next test's
    # messages in German.
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The real hasher is slow on purpose; the tests check roles, not hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_user(username, display_name):
    return User.objects.create_user(
        username, password="correct horse battery", display_name=display_name
    )


@pytest.fixture
def alice(db):
    return make_user("alice", "Alice")


@pytest.fixture
def bob(db):
    return make_user("bob", "Ben")


@pytest.fixture
def charlie(db):
    return make_user("charlie", "Charlie")


@pytest.fixture
def match(alice, bob):
    """A live 4-seat 41 Exchange match: alice hosts in seat Alice, bob sits as Ben."""
    result = actions.start_match(alice, "fortyone_exchange", SEATS, host_seat=0)
    ben = result.match.seats.get(name="Ben")
    actions.join_match(bob, result.match.code, seat_id=ben.pk)
    result.match.refresh_from_db()
    return result.match


def seat(match, name):
    return match.seats.get(name=name)


def win(actor, match_id, number, seat_id, *, key=None):
    """``actor`` records ``seat_id`` as the winner of 41 Exchange's open round
    ``number``: the record path every game takes."""
    return actions.record(actor, match_id, number, {"winner": seat_id}, key=key)


def rewin(actor, match_id, number, seat_id, *, key=None):
    """The host corrects closed round ``number``: ``seat_id`` won it."""
    return actions.correct(actor, match_id, number, {"winner": seat_id}, key=key)


def make_draw(actor, match_id, number, *, key=None):
    """The host corrects closed round ``number`` to a draw."""
    return actions.correct(actor, match_id, number, {"draw": True}, key=key)


def tap_frame(number, seat_id, key=None):
    """The socket frame a 41 Exchange phone sends when a seat button is tapped:
    the entry's record form, its pressed ``winner`` button included."""
    frame = {"type": "record", "round": number, "form": {"winner": [str(seat_id)]}}
    if key is not None:
        frame["key"] = key
    return frame


@pytest.fixture
def clear_of_a_window_edge(settings):
    """The address limits (games/limits.py) count in fixed windows of
    JOIN_CODE_GUESS_SECONDS, so a test that crossed a window's edge would see its
    count start again: start it at least 30 s before the next edge."""
    seconds = settings.JOIN_CODE_GUESS_SECONDS
    left = seconds - time.time() % seconds
    if left < 30:
        time.sleep(left + 0.1)
