"""One payload, one answer, over every edge (issue 29): a table of payloads for
every game, sent to two twin matches, one through the REST API and one through
the socket's ``record`` frame; each gets the same answer (accepted, or refused
with the same code), and a refusal changes neither match."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import channel_layers

from games import actions
from games.models import Match, Round
from tests.api.conftest import client_for
from tests.conftest import SEATS
from tests.games.test_consumer import connect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def twice(*spellings):
    """A Forty One tricks payload naming seat 0 under two spellings."""

    def payload(s):
        tricks = {spelling(s[0]): 4 for spelling in spellings}
        return {"tricks": {**tricks, **{str(seat): 3 for seat in s[1:]}}}

    return payload


# game -> payloads in order; each a function of the match's seat ids (in seat
# order), so the twins name their own seats. The answers follow from the rules:
# the test asserts only that both edges agree, and that each kind is met.
PAYLOADS = {
    "fortyone_exchange": [
        lambda s: {"winner": str(s[1])},
        lambda s: {"winner": None},
        lambda s: {"winner": True},
        lambda s: {"winner": 10**30},
        lambda s: {"winner": s[1], "extra": 1},
        lambda s: {"draw": True},
        lambda s: {},
        lambda s: [s[1]],
        lambda s: None,
        lambda s: {"winner": 987654321},
        lambda s: {"winner": s[1]},
    ],
    "schwimmen": [
        lambda s: {"pays": ["²"]},
        lambda s: {"pays": [str(s[0])]},
        lambda s: {"pays": [s[0], s[0]]},
        lambda s: {"pays": []},
        lambda s: {"feuer": None},
        lambda s: {"pays": None},
        lambda s: {"pays": [s[0]]},
    ],
    "thirty_one": [
        lambda s: {"lowest": [s[0], s[0]]},
        lambda s: {"lowest": ["0940"]},
        lambda s: {"closer": None},
        lambda s: {"lowest": [s[0]], "limit": None},
        lambda s: {"lowest": [s[0]], "closer": 10**6},
        # The outside test's case: documented seat|null, once refused over REST.
        lambda s: {"lowest": [s[0]], "closer": None},
        lambda s: {"lowest": [s[1]], "closer": s[2]},
    ],
    "forty_one": [
        lambda s: {"bid": {"seat": str(s[0]), "value": 3}},
        lambda s: {"bid": {"seat": s[0], "value": None}},
        lambda s: {"bid": None},
        *[lambda s, i=i: {"bid": {"seat": s[i], "value": 3}} for i in range(4)],
        twice(str, lambda seat: f"0{seat}"),
        twice(str, lambda seat: f" {seat}"),
        twice(str, lambda seat: f"{seat} "),
        lambda s: {"tricks": {"²": 4, **{str(seat): 3 for seat in s[1:]}}},
        # As long as a socket frame may be (4096 bytes; longer closes it, 1009).
        lambda s: {"tricks": {"9" * 3900: 4, **{str(seat): 3 for seat in s[1:]}}},
        lambda s: {"tricks": {"-1": 4, **{str(seat): 3 for seat in s[1:]}}},
        lambda s: {"tricks": {str(s[0]): None, **{str(x): 3 for x in s[1:]}}},
        lambda s: {"tricks": {f"0{s[0]}": 4, **{str(x): 3 for x in s[1:]}}},
    ],
}


def twins(alice, bob, game):
    made = []
    for _ in range(2):
        match = actions.start_match(alice, game, SEATS, host_seat=0).match
        ben = match.seats.get(name="Ben")
        actions.join_match(bob, match.code, seat_id=ben.pk)
        made.append(match)
    return made


def state(match):
    match = Match.objects.get(pk=match.pk)
    number = (
        Round.objects.filter(match=match, status="open")
        .values_list("number", flat=True)
        .first()
    )
    seats = list(match.seats.order_by("position").values_list("pk", flat=True))
    return match.version, number, seats


def by_rest(client, match, make):
    version, number, seats = state(match)
    payload = make(seats)
    answer = client.post(
        f"/api/matches/{match.pk}/record/",
        data=json.dumps({"round": number, "payload": payload}),
        content_type="application/json",
    )
    assert answer.status_code < 500, answer.content[:300]
    if answer.status_code == 200:
        return "accepted"
    assert state(match)[0] == version
    return answer.json()["code"]


async def by_socket(socket, match, payload):
    version, number, _ = await database_sync_to_async(state)(match)
    await socket.send_json_to({"type": "record", "round": number, "payload": payload})
    frame = json.loads(await socket.receive_from(timeout=5))
    if frame["type"] == "change":
        return "accepted"
    assert frame["type"] == "error", frame
    assert frame["detail"]
    assert (await database_sync_to_async(state)(match))[0] == version
    return frame["code"]


@pytest.mark.parametrize("game", sorted(PAYLOADS))
def test_rest_and_the_socket_give_one_answer_to_every_payload(alice, bob, game):
    rest_match, socket_match = twins(alice, bob, game)
    client = client_for(alice)

    async def run():
        socket = await connect(socket_match.pk, alice)
        await socket.receive_from(timeout=5)  # the snapshot
        answers = []
        for make in PAYLOADS[game]:
            over_rest = await database_sync_to_async(by_rest)(client, rest_match, make)
            seats = (await database_sync_to_async(state)(socket_match))[2]
            over_socket = await by_socket(socket, socket_match, make(seats))
            answers.append((over_rest, over_socket))
        await socket.disconnect()
        return answers

    answers = async_to_sync(run)()

    assert all(rest == socket for rest, socket in answers), answers
    # Each table meets both answers: the last payload of each is accepted.
    assert answers[-1] == ("accepted", "accepted")
    assert {rest for rest, _ in answers} - {"accepted"}
    assert state(rest_match)[0] == state(socket_match)[0]
