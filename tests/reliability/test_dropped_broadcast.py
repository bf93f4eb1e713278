"""A broadcast lost on purpose: the phone shows the right sheet by the next push or
by a resync.

The lost change is made by a process that publishes to another channel prefix, so
its news reaches no worker, exactly as when a channel layer drops a message.
"""

import pytest

from tests.reliability.figures import record
from tests.scale.phones import database_sheet, table
from tests.services import needs_postgres, needs_redis

pytestmark = [pytest.mark.server, needs_postgres, needs_redis]

TAP_UNHEARD = """
from games import actions
from games.models import Match
match = Match.objects.get(pk={match_id})
seat = match.seats.get(name="{name}")
actions.record(match.host, match.pk, {round}, {{"winner": seat.pk}})
"""


def tap_unheard(workers, match_id, round, name):
    """Commit a tap whose broadcast goes to a prefix no worker listens on."""
    code = TAP_UNHEARD.format(match_id=match_id, round=round, name=name)
    workers.manage("shell", "-c", code, CHANNEL_PREFIX=workers.prefix + "elsewhere")


def version_of(workers, match_id):
    return workers.query("select version from games_match where id = %s", match_id)[0][
        0
    ]


def test_a_lost_push_is_made_good_by_the_next_one(workers):
    one, two = workers.workers
    _host, bob, match_id, _, phone = table(one.url)
    phone.wait_for(version_of(workers, match_id))

    tap_unheard(workers, match_id, 1, "Cara")
    phone.settle(quiet=0.5)
    assert phone.rounds[1]["status"] == "open"  # the phone did not hear it
    assert bob.tap(match_id, 2, phone.seat_id("Dev"), base=two.url).status_code == 302

    assert phone.wait_for(version_of(workers, match_id))
    phone.settle()
    assert phone.gaps == 1
    assert phone.shows(database_sheet(workers, match_id))
    record("a broadcast dropped, then the next push", faults=1, taps=2, lost=0)


def test_a_lost_push_is_made_good_by_a_resync(workers):
    one = workers.workers[0]
    _host, _bob, match_id, _, phone = table(one.url)
    phone.wait_for(version_of(workers, match_id))

    tap_unheard(workers, match_id, 1, "Dev")
    phone.settle(quiet=0.5)
    assert phone.rounds[1]["status"] == "open"
    # The page asks again on reconnect or when it comes back to the foreground.
    phone.send({"type": "snapshot"})
    phone.receive()

    assert phone.shows(database_sheet(workers, match_id))
    assert phone.rounds[1]["winner"] == phone.seat_id("Dev")
    record("a broadcast dropped, then a resync", faults=1, taps=1, lost=0)
