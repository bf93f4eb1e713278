"""Redis restarted in the middle of a match: phones resync from the database.

The test starts a redis-server of its own on a free port, never the machine's.
"""

import time

import pytest

from tests.reliability.figures import record
from tests.scale.cluster import RedisServer, cluster
from tests.scale.phones import database_sheet, table
from tests.services import needs_postgres

pytestmark = [pytest.mark.server, needs_postgres]


@pytest.fixture
def own_redis():
    server = RedisServer().start()
    yield server
    server.kill()


def match_version(group, match_id):
    return group.query("select version from games_match where id = %s", match_id)[0][0]


def test_phones_show_the_right_sheet_after_redis_restarts(tmp_path, own_redis):
    with cluster(tmp_path, workers=2, redis_url=own_redis.url) as group:
        one, two = group.workers
        host, bob, match_id, _, host_sheet = table(one.url)
        bob_sheet = bob.live(two.ws_url, match_id)
        cara, dev = host_sheet.seat_id("Cara"), host_sheet.seat_id("Dev")
        assert bob.tap(match_id, 1, cara, base=two.url).status_code == 302
        assert host_sheet.wait_for(match_version(group, match_id))

        own_redis.kill()
        # Taps while Redis is down are committed; only their news is lost.
        assert host.tap(match_id, 2, dev).status_code == 302
        assert bob.tap(match_id, 3, cara, base=two.url).status_code == 302
        own_redis.start()
        # The workers' layers reconnect on their own; play on until a push gets
        # through, as the table would, and every phone resyncs on its gap.
        number, deadline = 4, time.monotonic() + 30
        while True:
            assert host.tap(match_id, number, dev).status_code == 302
            version = match_version(group, match_id)
            caught_up = [
                p.wait_for(version, timeout=2) for p in (host_sheet, bob_sheet)
            ]
            if all(caught_up) or time.monotonic() > deadline:
                break
            number += 1

        sheet = database_sheet(group, match_id)
        for phone in (host_sheet, bob_sheet):
            assert phone.wait_for(version, timeout=5), (phone.version, version)
            phone.settle()
            assert phone.shows(sheet)
    record(
        "Redis killed and restarted empty during a match",
        faults=1,
        taps=number,
        lost=0,
        resyncs=host_sheet.gaps + bob_sheet.gaps,
    )
