"""Idempotency keys over real HTTP: a key's answer belongs to its sender, and
starts (of a match, of a club) racing with one key make one.

``asgi_server`` is the project's ASGI app under uvicorn in a thread, on the test
database: each request runs in its own thread, so the starts really race, on
SQLite and (in the PostgreSQL pass) on PostgreSQL.
"""

from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import httpx
import pytest
from rest_framework.authtoken.models import Token

from games.models import Event, Match
from squarescores.clubs.models import Club, ClubMember
from tests.conftest import SEATS, seat
from tests.reliability.figures import record

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 15
AT_ONCE = 4
OTHERS_KEY = "A key sent by another user (HTTP): neither leaks nor drops"


@pytest.fixture
def api(asgi_server):
    clients = []

    def client_for(user):
        token, _ = Token.objects.get_or_create(user=user)
        client = httpx.Client(
            base_url=asgi_server,
            headers={"Authorization": f"Token {token.key}"},
            timeout=30,
        )
        clients.append(client)
        return client

    yield client_for
    for client in clients:
        client.close()


def post(client, path, body=None, key="k-1"):
    return client.post(path, json=body or {}, headers={"Idempotency-Key": key})


def test_an_outsider_replaying_a_members_join_key_learns_nothing(
    api, match, bob, charlie
):
    post(api(bob), f"/api/matches/{match.pk}/end/", key="k-1")

    body = {"code": match.code, "name": "Charlie"}
    answer = post(api(charlie), "/api/join/", body, key="k-1")

    assert answer.status_code == 409
    assert answer.json()["code"] == "match_ended"
    assert "Idempotent-Replayed" not in answer.headers
    assert "seats" not in answer.json()
    assert not match.memberships.filter(user=charlie).exists()
    record(OTHERS_KEY, cases=1, leaked=0, dropped=0)


def test_an_outsider_sending_a_members_key_joins_as_himself(api, match, bob, charlie):
    body = {"round": 1, "payload": {"winner": seat(match, "Ben").pk}}
    post(api(bob), f"/api/matches/{match.pk}/record/", body, key="k-1")

    body = {"code": match.code, "name": "Charlie"}
    answer = post(api(charlie), "/api/join/", body, key="k-1")

    assert answer.status_code == 200
    assert "Idempotent-Replayed" not in answer.headers
    assert match.seats.filter(claimed_by=charlie).exists()
    record(OTHERS_KEY, cases=1, leaked=0, dropped=0)


def test_a_member_reusing_another_members_key_is_not_dropped(api, match, alice, bob):
    body = {"round": 1, "payload": {"winner": seat(match, "Ben").pk}}
    bobs = post(api(bob), f"/api/matches/{match.pk}/record/", body, key="tap-1")

    body = {"round": 2, "payload": {"winner": seat(match, "Alice").pk}}
    alices = post(api(alice), f"/api/matches/{match.pk}/record/", body, key="tap-1")

    assert alices.status_code == 200
    assert "Idempotent-Replayed" not in alices.headers
    assert alices.json()["version"] == bobs.json()["version"] + 1
    assert match.rounds.get(number=2).status == "won"
    # The sender's own retry is still a replay.
    again = post(api(alice), f"/api/matches/{match.pk}/record/", body, key="tap-1")
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == alices.json()
    record(OTHERS_KEY, cases=1, leaked=0, dropped=0)


def test_starts_racing_with_one_key_make_one_match(api, alice):
    clients = [api(alice) for _ in range(AT_ONCE)]
    body = {"game": "fortyone_exchange", "seats": SEATS}
    replays = 0

    for number in range(ROUNDS):
        key = f"start-{number}"
        barrier = Barrier(AT_ONCE)

        def start(client, key=key, barrier=barrier):
            barrier.wait()
            return post(client, "/api/matches/", body, key=key)

        with ThreadPoolExecutor(AT_ONCE) as pool:
            answers = list(pool.map(start, clients))

        assert [a.status_code for a in answers] == [201] * AT_ONCE
        assert len({a.json()["id"] for a in answers}) == 1
        fresh = [a for a in answers if "Idempotent-Replayed" not in a.headers]
        assert len(fresh) == 1
        replays += AT_ONCE - 1
        starts = Event.objects.filter(kind="match_started", idempotency_key=key)
        assert starts.count() == 1

    assert Match.objects.count() == ROUNDS
    record(
        "Starts racing with one key (HTTP, threads)",
        races=ROUNDS,
        matches=Match.objects.count(),
        replays=replays,
        lost=0,
    )


def test_club_makes_racing_with_one_key_make_one_club(api, alice):
    clients = [api(alice) for _ in range(AT_ONCE)]
    replays = 0

    for number in range(ROUNDS):
        key = f"club-{number}"
        barrier = Barrier(AT_ONCE)

        def make(client, key=key, barrier=barrier):
            barrier.wait()
            return post(client, "/api/clubs/", {"name": "Thursday table"}, key=key)

        with ThreadPoolExecutor(AT_ONCE) as pool:
            answers = list(pool.map(make, clients))

        assert [a.status_code for a in answers] == [201] * AT_ONCE
        assert len({a.json()["id"] for a in answers}) == 1
        fresh = [a for a in answers if "Idempotent-Replayed" not in a.headers]
        assert len(fresh) == 1
        replays += AT_ONCE - 1

    assert Club.objects.count() == ROUNDS
    assert ClubMember.objects.count() == ROUNDS
    record(
        "Club makes racing with one key (HTTP, threads)",
        races=ROUNDS,
        clubs=Club.objects.count(),
        replays=replays,
        lost=0,
    )
