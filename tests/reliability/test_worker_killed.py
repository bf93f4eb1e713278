"""A worker killed (SIGKILL) in the middle of a match loses nothing committed."""

import random
import threading
import time
import uuid

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.reliability.figures import record
from tests.scale.cluster import cluster
from tests.scale.phones import database_sheet, table
from tests.services import needs_postgres, needs_redis

pytestmark = [pytest.mark.server, needs_postgres, needs_redis]

KILLS = 3


def tap_until_killed(phone, match_id, worker, first_round, seats, sent):
    """Tap round after round through ``worker`` until it stops answering."""
    number = first_round
    while True:
        tap = {"key": uuid.uuid4().hex, "round": number, "seat": seats[number % 2]}
        sent.append(tap)
        try:
            answer = phone.tap(match_id, number, tap["seat"], tap["key"], base=worker)
        except httpx.TransportError:
            tap["answer"] = None  # in flight when the worker died
            return
        tap["answer"] = answer.status_code
        assert answer.status_code == 302, answer.text[:500]
        number += 1


def keys_applied(cluster, match_id):
    rows = cluster.query(
        "select idempotency_key, count(*) from games_event"
        " where match_id = %s and idempotency_key is not null group by 1",
        match_id,
    )
    return dict(rows)


def test_phones_of_a_killed_worker_catch_up_on_the_other_and_nothing_is_lost(
    tmp_path,
):
    with cluster(tmp_path, workers=2) as group:
        workers = group.workers
        host, bob, match_id, _, host_sheet = table(workers[0].url)
        seats = [host_sheet.seat_id("Cara"), host_sheet.seat_id("Dev")]
        sheets = {0: host_sheet, 1: bob.live(workers[1].ws_url, match_id)}
        sent, in_flight, moved, committed_in_flight = [], 0, 0, 0

        for kill in range(KILLS):
            doomed, survivor = workers[kill % 2], workers[(kill + 1) % 2]
            phone = host if kill % 2 == 0 else bob
            first_round = len(database_sheet(group, match_id))
            tapper = threading.Thread(
                target=tap_until_killed,
                args=(phone, match_id, doomed.url, first_round, seats, sent),
            )
            tapper.start()
            time.sleep(random.uniform(0.3, 0.8))
            doomed.kill()
            tapper.join(timeout=30)

            # The tap in flight is there or not; its resend completes it once.
            last = sent[-1]
            in_flight += last["answer"] is None
            there = keys_applied(group, match_id).get(last["key"], 0)
            [[status]] = group.query(
                "select status from games_round where match_id = %s and number = %s",
                match_id,
                last["round"],
            )
            assert (there, status) in ((1, "won"), (0, "open"))
            committed_in_flight += there
            again = phone.tap(
                match_id, last["round"], last["seat"], last["key"], base=survivor.url
            )
            assert again.status_code == 302, again.text[:500]
            # Every earlier tap resent: each is answered as the first time, once.
            for tap in sent[-4:-1]:
                resend = phone.tap(
                    match_id, tap["round"], tap["seat"], tap["key"], base=survivor.url
                )
                assert resend.status_code == 302

            # The phones that were on the dead worker move to the survivor.
            for sheet in sheets.values():
                if sheet.ws_url != doomed.ws_url:
                    continue
                with pytest.raises((ConnectionClosed, TimeoutError)):
                    while True:
                        sheet.receive(timeout=2)
                sheet.reconnect(survivor.ws_url)
                moved += 1
            doomed.start()

        # One more push, so a phone that missed a broadcast sees the gap.
        number = len(database_sheet(group, match_id))
        sent.append({"key": uuid.uuid4().hex, "round": number, "seat": seats[0]})
        assert host.tap(match_id, number, seats[0], sent[-1]["key"]).status_code == 302

        applied = keys_applied(group, match_id)
        assert all(applied.get(tap["key"]) == 1 for tap in sent)
        assert set(applied) == {tap["key"] for tap in sent}
        sheet = database_sheet(group, match_id)
        assert len(sheet) == len(sent) + 1  # every tap won a round; one is open
        assert all(status == "won" for status, _ in list(sheet.values())[:-1])
        [[version, events]] = group.query(
            "select version, (select count(*) from games_event where match_id = %s)"
            " from games_match where id = %s",
            match_id,
            match_id,
        )
        assert version == events
        for phone_sheet in sheets.values():
            assert phone_sheet.wait_for(version)
            phone_sheet.settle()
            assert phone_sheet.shows(sheet)

    record(
        "worker killed mid-match (SIGKILL), phones move to the other worker",
        faults=KILLS,
        taps=len(sent),
        in_flight=in_flight,
        in_flight_committed_before_resend=committed_in_flight,
        phones_moved=moved,
        lost=len(sent) - sum(applied.get(tap["key"], 0) for tap in sent),
    )
