"""The match socket: members only, a snapshot first, every change to every phone."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from django.core.cache import cache
from django.test import Client

from squarescores.asgi import application
from tests.conftest import seat, tap_frame
from tests.services import REDIS_PREFIX, REDIS_URL, needs_redis
from tests.sockets import WebsocketCommunicator

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def session_cookie(user):
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def connect(match_id, user=None, query="", headers=()):
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), *headers]
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    socket = WebsocketCommunicator(
        application, f"/ws/matches/{match_id}/{query}", headers=headers
    )
    connected, _ = await socket.connect()
    assert connected
    return socket


async def receive(socket):
    return json.loads(await socket.receive_from(timeout=5))


async def seat_id(match, name):
    return await database_sync_to_async(lambda: seat(match, name).pk)()


async def test_it_refuses_an_outsider_with_4403(match, charlie):
    socket = await connect(match.pk, charlie)

    closed = await socket.receive_output(timeout=5)

    assert closed == {"type": "websocket.close", "code": 4403}


async def test_it_refuses_a_visitor_without_a_session(match):
    socket = await connect(match.pk)

    closed = await socket.receive_output(timeout=5)

    assert closed["code"] == 4403


async def test_it_closes_with_4404_for_no_such_match(alice):
    socket = await connect(999999, alice)

    closed = await socket.receive_output(timeout=5)

    assert closed["code"] == 4404


async def test_a_member_gets_a_snapshot_with_the_current_version(match, bob):
    socket = await connect(match.pk, bob)

    snapshot = await receive(socket)

    assert snapshot["type"] == "snapshot"
    assert snapshot["version"] == match.version
    assert [r["status"] for r in snapshot["rounds"]] == ["open"]
    assert "Ben" in snapshot["html"]["open"]
    await socket.disconnect()


async def test_a_page_that_holds_the_current_version_hears_current(match, bob):
    socket = await connect(match.pk, bob, query=f"?version={match.version}")

    answer = await receive(socket)

    assert answer == {"type": "current", "version": match.version}
    await socket.disconnect()


async def test_a_page_behind_the_match_gets_the_whole_snapshot(match, bob):
    socket = await connect(match.pk, bob, query=f"?version={match.version - 1}")

    answer = await receive(socket)

    assert (answer["type"], answer["version"]) == ("snapshot", match.version)
    await socket.disconnect()


async def test_a_page_a_few_versions_behind_gets_the_pushes_it_missed(
    match, alice, bob
):
    watcher = await connect(match.pk, bob)
    held = (await receive(watcher))["version"]
    await watcher.disconnect()
    host = await connect(match.pk, alice)
    await receive(host)
    ben = await seat_id(match, "Ben")
    for number in (1, 2):
        await host.send_json_to(tap_frame(number, ben, key=f"k{number}"))
        pushed = await receive(host)
    await host.disconnect()

    back = await connect(match.pk, bob, query=f"?version={held}")
    frames = [await receive(back) for _ in range(3)]

    assert [(f["type"], f["version"]) for f in frames] == [
        ("change", held + 1),
        ("change", held + 2),
        ("current", held + 2),
    ]
    assert frames[1] == pushed
    await back.disconnect()


async def test_a_page_behind_what_was_kept_gets_the_snapshot(match, alice, bob):
    watcher = await connect(match.pk, bob)
    held = (await receive(watcher))["version"]
    await watcher.disconnect()
    host = await connect(match.pk, alice)
    await receive(host)
    await host.send_json_to(tap_frame(1, await seat_id(match, "Ben"), key="k1"))
    await receive(host)
    await host.disconnect()
    # The pushes kept expired, or another worker made them without a shared cache.
    await database_sync_to_async(cache.clear)()

    back = await connect(match.pk, bob, query=f"?version={held}")

    answer = await receive(back)
    assert (answer["type"], answer["version"]) == ("snapshot", held + 1)
    await back.disconnect()


async def test_an_outsider_naming_the_current_version_is_still_refused(match, charlie):
    socket = await connect(match.pk, charlie, query=f"?version={match.version}")

    closed = await socket.receive_output(timeout=5)

    assert closed == {"type": "websocket.close", "code": 4403}


async def test_a_page_that_heard_current_then_hears_each_change(match, alice, bob):
    member = await connect(match.pk, bob, query=f"?version={match.version}")
    await receive(member)
    host = await connect(match.pk, alice)
    await receive(host)

    await host.send_json_to(tap_frame(1, await seat_id(match, "Ben"), key="k"))

    change = await receive(member)
    assert (change["type"], change["version"]) == ("change", match.version + 1)
    await member.disconnect()
    await host.disconnect()


async def test_the_open_sockets_gauge_follows_connects_and_disconnects(match, bob):
    from prometheus_client import REGISTRY

    def open_now():
        labels = {"kind": "match"}
        return REGISTRY.get_sample_value("squarescores_sockets_open", labels) or 0

    before = open_now()
    socket = await connect(match.pk, bob)
    await receive(socket)
    assert open_now() == before + 1

    await socket.disconnect()

    assert open_now() == before


async def test_a_tap_on_one_socket_reaches_the_other(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    alice_seat = await seat_id(match, "Alice")

    await member.send_json_to(tap_frame(1, alice_seat, key="k1"))

    for socket in (host, member):
        change = await receive(socket)
        assert change["type"] == "change"
        assert change["version"] == match.version + 1
        assert change["kind"] == "round_won"
        assert [(r["number"], r["status"]) for r in change["rounds"]] == [
            (1, "won"),
            (2, "open"),
        ]
        assert change["sheet"]["rows"] == [1]
        assert change["sheet"]["open"]["number"] == 2
        assert "html" not in change
        await socket.disconnect()


def count_hops(monkeypatch):
    """From now on, the name of each function run through ``sync_to_async``."""
    from asgiref.sync import SyncToAsync

    hops = []
    call = SyncToAsync.__call__

    def counted(self, *args, **kwargs):
        hops.append(getattr(self.func, "__name__", self.func))
        return call(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    return hops


async def test_a_socket_tap_hops_to_the_database_thread_once(
    match, alice, bob, monkeypatch
):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    ben = await seat_id(match, "Ben")
    hops = count_hops(monkeypatch)

    await member.send_json_to(tap_frame(1, ben))
    await receive(host), await receive(member)

    assert hops == ["record_form"]
    for socket in (host, member):
        await socket.disconnect()


async def test_a_phone_back_from_a_blink_hops_to_the_database_thread_once(
    match, bob, monkeypatch
):
    # After a hall's Wi-Fi blinks every phone comes back at once: its session's
    # user is read in the socket's one database call, and its old socket's
    # disconnect needs no database at all.
    cookie = await database_sync_to_async(session_cookie)(bob)
    hops = count_hops(monkeypatch)
    socket = WebsocketCommunicator(
        application,
        f"/ws/matches/{match.pk}/?version={match.version}",
        headers=[
            (b"origin", b"http://127.0.0.1"),
            (b"host", b"127.0.0.1"),
            (b"cookie", f"sessionid={cookie}".encode()),
        ],
    )
    connected, _ = await socket.connect()
    answer = await receive(socket)
    await socket.disconnect()

    assert connected
    assert answer == {"type": "current", "version": match.version}
    assert hops == ["member_state"]


async def test_every_socket_receives_the_same_text(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    ben = await seat_id(match, "Ben")

    await host.send_json_to(tap_frame(1, ben, key="k"))

    texts = [await s.receive_from(timeout=5) for s in (host, member)]
    assert texts[0] == texts[1]
    await host.disconnect(), await member.disconnect()


async def test_a_stale_tap_is_refused_with_the_current_version(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    alice_seat, ben = await seat_id(match, "Alice"), await seat_id(match, "Ben")
    await host.send_json_to(tap_frame(1, alice_seat))
    await receive(host), await receive(member)

    await member.send_json_to(tap_frame(1, ben))

    error = await receive(member)
    assert error == {
        "type": "error",
        "code": "round_closed",
        "detail": "Round 1 is already closed.",
        "version": match.version + 1,
    }
    assert await member.receive_nothing(timeout=0.2)
    await host.disconnect(), await member.disconnect()


async def test_a_resent_tap_is_applied_once(match, bob):
    member = await connect(match.pk, bob)
    await receive(member)
    ben = await seat_id(match, "Ben")
    frame = tap_frame(1, ben, key="same")

    await member.send_json_to(frame)
    await member.send_json_to(frame)

    # The resend changed nothing and is pushed to nobody: it is answered alone,
    # maybe before the change's push reaches this socket.
    frames = {frame["type"]: frame for frame in [await receive(member) for _ in "12"]}
    assert frames["change"]["version"] == match.version + 1
    assert frames["replayed"]["version"] == match.version + 1
    assert frames["replayed"]["key"] == "same"
    assert await member.receive_nothing(timeout=0.3)
    await member.disconnect()


async def test_it_answers_a_snapshot_request(match, bob):
    member = await connect(match.pk, bob)
    await receive(member)

    await member.send_json_to({"type": "snapshot"})

    again = await receive(member)
    assert (again["type"], again["version"]) == ("snapshot", match.version)
    await member.disconnect()


async def test_a_malformed_frame_is_refused_and_changes_nothing(match, bob):
    member = await connect(match.pk, bob)
    await receive(member)

    await member.send_to(text_data="not json")
    await member.send_json_to(tap_frame("one", None))

    for _ in range(2):
        error = await receive(member)
        assert error["type"] == "error"
        assert error["version"] == match.version
    await member.disconnect()


@needs_redis
async def test_a_tap_reaches_the_other_socket_over_redis(match, alice, bob, settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)

    await member.send_json_to(tap_frame(1, await seat_id(match, "Dev")))

    change = await receive(host)
    assert (change["kind"], change["version"]) == ("round_won", match.version + 1)
    await host.disconnect(), await member.disconnect()
    await get_channel_layer().flush()


async def test_the_hosts_correction_frame_is_announced_to_every_socket(
    match, alice, bob
):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    ben, cara = await seat_id(match, "Ben"), await seat_id(match, "Cara")
    await member.send_json_to(tap_frame(1, ben, key="t"))
    await receive(host), await receive(member)

    await host.send_json_to(
        {"type": "correct", "round": 1, "form": {"winner": [str(cara)]}, "key": "c"}
    )

    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_corrected"
        assert change["correction"] == {
            "round": 1,
            "before": "Ben",
            "after": "Cara",
            "before_status": "won",
            "after_status": "won",
            "by": "Alice",
        }
        assert change["notice"] == "Round 1: Ben → Cara, by Alice"
        # The grid's row: Cara's mark, said in words to a screen reader.
        cells = [item["cell"] for item in change["grid"]["rows"]["1"]["cells"]]
        assert [cell["kind"] for cell in cells].count("won") == 1
        assert {"text": "\u2713", "sub": "", "label": "won", "kind": "won"} in cells
        await socket.disconnect()


async def test_a_members_correction_frame_is_refused(match, bob):
    member = await connect(match.pk, bob)
    await receive(member)
    ben = await seat_id(match, "Ben")
    await member.send_json_to(tap_frame(1, ben, key="t"))
    await receive(member)

    await member.send_json_to(
        {"type": "correct", "round": 1, "form": {"draw": ["1"]}, "key": "c"}
    )

    refusal = await receive(member)
    assert refusal["type"] == "error"
    assert refusal["code"] == "not_host"
    await member.disconnect()


async def test_a_german_phone_and_an_english_phone_each_hear_their_language(
    match, alice, bob
):
    german = await connect(match.pk, bob, query="?lang=de")
    english = await connect(match.pk, alice, query="?lang=en")
    snapshot = await receive(german)
    assert "Runde" in snapshot["html"]["open"]
    assert "Round" in (await receive(english))["html"]["open"]

    await german.send_json_to(tap_frame(1, await seat_id(match, "Cara"), key="k"))

    heard = await receive(german)
    assert heard["grid"]["foot"]["label"] == "Gewonnen"
    said = await receive(english)
    assert said["grid"]["foot"]["label"] == "Won"
    assert said["version"] == heard["version"]
    await german.disconnect(), await english.disconnect()


async def test_a_phone_without_a_page_language_speaks_its_accept_language(match, bob):
    member = await connect(
        match.pk, bob, headers=[(b"accept-language", b"nl-BE,nl;q=0.9,en;q=0.5")]
    )
    assert "Ronde" in (await receive(member))["html"]["open"]

    await member.send_json_to(tap_frame(7, 1))

    error = await receive(member)
    assert error["code"] == "round_not_found"
    assert "ronde" in error["detail"]
    await member.disconnect()


async def test_a_refusal_on_a_german_socket_is_worded_in_german(match, alice, bob):
    host = await connect(match.pk, alice)
    german = await connect(match.pk, bob, query="?lang=de")
    await receive(host), await receive(german)
    ben = await seat_id(match, "Ben")
    await host.send_json_to(tap_frame(1, ben))
    await receive(host), await receive(german)

    await german.send_json_to(tap_frame(1, ben))

    error = await receive(german)
    assert error["detail"] == "Runde 1 ist schon abgeschlossen."
    await host.disconnect(), await german.disconnect()
