"""An idempotency key is one request's (issue 29): sent again with the same
request it replays, with another it is refused (``409 key_reused``, naming the
first result) on every edge, and a malformed key gets one code everywhere."""

import json
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.test import Client

from games import actions, errors
from games.models import Event, Match
from tests.api.conftest import client_for
from tests.conftest import seat, win
from tests.games.test_consumer import connect

pytestmark = pytest.mark.django_db(transaction=True)

MALFORMED_KEYS = ["k" * 101, "k\x01", "tab\tkey", "k\x7f"]


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def version_of(match):
    return Match.objects.values_list("version", flat=True).get(pk=match.pk)


def api_record(client, match, winner, key, number=1):
    return client.post(
        f"/api/matches/{match.pk}/record/",
        data=json.dumps({"round": number, "payload": {"winner": winner}}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def test_the_actions_refuse_a_key_sent_again_with_another_request(match, bob):
    ben, cara = seat(match, "Ben").pk, seat(match, "Cara").pk
    first = actions.record(bob, match.pk, 1, {"winner": ben}, key="k-1")

    again = actions.record(bob, match.pk, 1, {"winner": ben}, key="k-1")
    with pytest.raises(errors.KeyReused) as reused:
        actions.record(bob, match.pk, 2, {"winner": cara}, key="k-1")
    with pytest.raises(errors.KeyReused):
        actions.end_match(bob, match.pk, key="k-1")

    assert again.replayed and again.version == first.version
    assert reused.value.status == 409
    assert reused.value.as_dict()["first"] == {
        "version": first.version,
        "kind": Event.Kind.ROUND_WON,
    }
    assert version_of(match) == first.version


def test_the_api_answers_a_reused_key_409_naming_the_first_result(match, bob):
    client = client_for(bob)
    ben, cara = seat(match, "Ben").pk, seat(match, "Cara").pk
    first = api_record(client, match, ben, "api-1")
    version = version_of(match)

    replay = api_record(client, match, ben, "api-1")
    reused = api_record(client, match, cara, "api-1", number=2)

    assert first.status_code == 200
    assert replay.status_code == 200
    assert replay["Idempotent-Replayed"] == "true"
    assert reused.status_code == 409
    body = reused.json()
    assert body["code"] == "key_reused"
    assert body["first"] == {"version": first.json()["version"], "kind": "round_won"}
    assert body["detail"] and body["version"] == version
    assert version_of(match) == version


def test_a_form_resent_with_its_key_and_another_seat_is_refused_409(match, bob):
    browser = Client()
    browser.force_login(bob)
    path = f"/matches/{match.pk}/record/"
    ben, cara = seat(match, "Ben").pk, seat(match, "Cara").pk

    first = browser.post(path, {"round": 1, "key": "form-1", "winner": ben})
    version = version_of(match)
    replay = browser.post(path, {"round": 1, "key": "form-1", "winner": ben})
    reused = browser.post(path, {"round": 2, "key": "form-1", "winner": cara})

    assert first.status_code == replay.status_code == 302
    assert reused.status_code == 409
    assert 'data-code="key_reused"' in reused.content.decode()
    assert version_of(match) == version


def test_a_socket_resend_is_answered_and_a_reused_key_refused(match, bob):
    ben, cara = seat(match, "Ben").pk, seat(match, "Cara").pk

    async def run():
        socket = await connect(match.pk, bob)
        await socket.receive_json_from()
        frame = {"type": "record", "round": 1, "form": {"winner": [str(ben)]}}
        await socket.send_json_to({**frame, "key": "ws-1"})
        change = await socket.receive_json_from()
        await socket.send_json_to({**frame, "key": "ws-1"})
        replayed = await socket.receive_json_from()
        other = {"type": "record", "round": 2, "payload": {"winner": cara}}
        await socket.send_json_to({**other, "key": "ws-1"})
        reused = await socket.receive_json_from()
        # The socket is still open and still works.
        await socket.send_json_to({**other, "key": "ws-2"})
        after = await socket.receive_json_from()
        await socket.disconnect()
        return change, replayed, reused, after

    change, replayed, reused, after = async_to_sync(run)()

    assert change["type"] == "change"
    assert replayed == {
        "type": "replayed",
        "version": change["version"],
        "kind": "round_won",
        "key": "ws-1",
    }
    assert reused["type"] == "error" and reused["code"] == "key_reused"
    assert reused["first"] == {"version": change["version"], "kind": "round_won"}
    assert after["type"] == "change" and after["version"] == change["version"] + 1


@pytest.mark.parametrize("key", MALFORMED_KEYS, ids=["long", "soh", "tab", "del"])
def test_every_malformed_key_gets_bad_value_on_every_edge(match, bob, key):
    ben = seat(match, "Ben").pk
    version = version_of(match)
    browser = Client()
    browser.force_login(bob)

    over_form = browser.post(
        f"/matches/{match.pk}/record/", {"round": 1, "key": key, "winner": ben}
    )
    over_end_form = browser.post(f"/matches/{match.pk}/end/", {"key": key})

    async def over_socket():
        socket = await connect(match.pk, bob)
        await socket.receive_json_from()
        answers = []
        for frame in (
            {"type": "record", "round": 1, "form": {"winner": [str(ben)]}},
            {"type": "record", "round": 1, "payload": {"winner": ben}},
            {"type": "correct", "round": 1, "payload": {"winner": ben}},
        ):
            await socket.send_json_to({**frame, "key": key})
            answers.append(await socket.receive_json_from())
        await socket.disconnect()
        return answers

    frames = async_to_sync(over_socket)()

    for page in (over_form, over_end_form):
        assert page.status_code == 400
        assert re.search(r'data-code="bad_value"', page.content.decode())
    assert [frame["code"] for frame in frames] == ["bad_value"] * 3
    assert version_of(match) == version


async def test_rematch_news_reaches_a_client_that_ignores_versions_it_has(
    match, alice, bob
):
    """A client that follows docs/api.md: a change whose version it already has
    is dropped; on a gap it asks for a snapshot."""
    cara = await database_sync_to_async(lambda: seat(match, "Cara").pk)()
    await database_sync_to_async(win)(bob, match.pk, 1, cara)
    await database_sync_to_async(actions.end_match)(bob, match.pk)
    socket = await connect(match.pk, bob)
    have = (await socket.receive_json_from())["version"]

    result = await database_sync_to_async(actions.rematch)(alice, match.pk)
    heard = []
    while not heard:
        frame = await socket.receive_json_from()
        if frame["type"] == "change" and frame["version"] > have:
            heard.append(frame)
            have = frame["version"]

    news = heard[0]
    assert news["kind"] == "rematch"
    assert news["rematch"] == result.match.pk
    assert news["version"] == await database_sync_to_async(version_of)(match)
    # A phone that missed that push learns it from its next snapshot.
    await socket.send_json_to({"type": "snapshot"})
    snapshot = await socket.receive_json_from()
    assert snapshot["version"] == have and snapshot["rematch"] == result.match.pk
    await socket.disconnect()
