"""Two real uvicorn workers on one PostgreSQL and one Redis serve one table."""

import threading

import pytest

from tests.reliability.figures import record
from tests.scale.phones import database_sheet, table
from tests.services import needs_postgres, needs_redis

pytestmark = [pytest.mark.server, needs_postgres, needs_redis]

RACES = 25


def test_a_tap_through_worker_2_reaches_a_phone_on_worker_1(workers):
    one, two = workers.workers
    _host, bob, match_id, _, host_sheet = table(one.url)
    before = host_sheet.version

    answer = bob.tap(match_id, 1, host_sheet.seat_id("Cara"), base=two.url)

    assert answer.status_code == 302
    assert host_sheet.wait_for(before + 2, timeout=5)  # bob's join, then the tap
    assert host_sheet.rounds[1]["status"] == "won"
    assert host_sheet.rounds[1]["winner"] == host_sheet.seat_id("Cara")
    assert host_sheet.rounds[2]["status"] == "open"
    assert host_sheet.gaps == 0


def test_two_members_on_two_workers_tapping_at_once_close_each_round_once(workers):
    one, two = workers.workers
    host, bob, match_id, _, host_sheet = table(one.url)
    bob_sheet = bob.live(two.ws_url, match_id)
    cara, dev = host_sheet.seat_id("Cara"), host_sheet.seat_id("Dev")
    answers = {"host": [], "bob": []}

    for number in range(1, RACES + 1):
        barrier = threading.Barrier(2)

        def tap(phone, name, seat, base, number=number, barrier=barrier):
            barrier.wait()
            answers[name].append(phone.tap(match_id, number, seat, base=base))

        racers = [
            threading.Thread(target=tap, args=(host, "host", cara, one.url)),
            threading.Thread(target=tap, args=(bob, "bob", dev, two.url)),
        ]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()

    codes = [
        sorted([h.status_code, b.status_code])
        for h, b in zip(answers["host"], answers["bob"], strict=True)
    ]
    assert codes == [[302, 409]] * RACES
    sheet = database_sheet(workers, match_id)
    assert list(sheet) == list(range(1, RACES + 2))
    assert all(status == "won" for status, _ in list(sheet.values())[:-1])
    assert sheet[RACES + 1] == ("open", None)
    [[version, events]] = workers.query(
        "select version, (select count(*) from games_event where match_id = m.id)"
        " from games_match m where id = %s",
        match_id,
    )
    assert version == events
    for phone in (host_sheet, bob_sheet):
        assert phone.wait_for(version)
        phone.settle()
        assert phone.shows(sheet)
    record(
        "two members on two workers tap different winners of one round at once",
        races=RACES,
        taps=2 * RACES,
        lost=0,
        doubled=0,
        skipped=0,
    )
