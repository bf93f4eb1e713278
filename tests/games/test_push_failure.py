"""A push that fails is logged once with its match and version, counted, and
every phone at the table resyncs from a snapshot instead of waiting for the next
change."""

import pytest
from channels.db import database_sync_to_async

from games import actions, broadcast, live
from tests.conftest import tap_frame
from tests.games.test_consumer import connect, fresh_layers, receive, seat_id

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["fresh_layers"]


def broken(*args, **kwargs):
    raise RuntimeError("a fragment did not render")


def push_failures(caplog):
    return [r.getMessage() for r in caplog.records if "Push of match" in r.getMessage()]


async def test_a_push_that_does_not_render_makes_every_phone_resync(
    match, alice, bob, fresh_layers, monkeypatch, caplog
):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    before = broadcast.failed_pushes()
    monkeypatch.setattr(live, "change_texts", broken)
    await member.send_json_to(tap_frame(1, await seat_id(match, "Cara")))

    version = match.version + 1
    for socket in (host, member):
        assert await receive(socket) == {
            "type": "resync",
            "version": version,
            "kind": "round_won",
        }
    assert push_failures(caplog) == [
        f"Push of match {match.pk} version {version} failed; its phones resync "
        "from a snapshot"
    ]
    assert broadcast.failed_pushes() == before + 1

    # The phone asks, as static/js/live-socket.js does on a resync frame.
    monkeypatch.undo()
    await host.send_json_to({"type": "snapshot"})
    snapshot = await receive(host)
    assert snapshot["type"] == "snapshot"
    assert snapshot["version"] == version
    assert "Cara" in snapshot["html"]["rows"]["1"]
    for socket in (host, member):
        await socket.disconnect()


async def test_a_push_that_fails_outside_a_socket_resyncs_the_phones_too(
    match, alice, bob, fresh_layers, monkeypatch, caplog
):
    host = await connect(match.pk, alice)
    await receive(host)
    before = broadcast.failed_pushes()
    monkeypatch.setattr(live, "change_texts", broken)
    payload = {"winner": await seat_id(match, "Ben")}

    # A form post or the API: the push goes from the action's thread.
    result = await database_sync_to_async(actions.record)(bob, match.pk, 1, payload)

    frame = await receive(host)
    assert (frame["type"], frame["version"]) == ("resync", result.version)
    assert len(push_failures(caplog)) == 1
    assert broadcast.failed_pushes() == before + 1
    await host.disconnect()
