"""Undo, void and restore over the match socket: every phone hears of them."""

import pytest
from channels.db import database_sync_to_async

from games import actions
from games.models import Match
from tests.conftest import seat, tap_frame
from tests.games.test_consumer import connect, fresh_layers, receive, seat_id

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["fresh_layers"]


async def test_an_undo_frame_reopens_the_round_on_every_phone(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    cara = await seat_id(match, "Cara")
    await member.send_json_to(tap_frame(1, cara, "t"))
    await receive(host), await receive(member)

    await member.send_json_to({"type": "undo", "round": 1, "key": "u"})

    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_undone"
        assert change["removed"] == [1]
        assert [r["status"] for r in change["rounds"]] == ["open"]
        assert change["sheet"]["open"]["number"] == 1
        assert change["notice"] == "Round 1 was undone by Ben."
        await socket.disconnect()


async def test_an_undo_frame_from_another_member_is_refused(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    cara = await seat_id(match, "Cara")
    await host.send_json_to(tap_frame(1, cara, "t"))
    await receive(host), await receive(member)

    await member.send_json_to({"type": "undo", "round": 1, "key": "u"})

    refusal = await receive(member)
    assert (refusal["type"], refusal["code"]) == ("error", "not_recorder")
    await host.disconnect(), await member.disconnect()


async def test_undoing_the_deciding_round_makes_the_match_live_on_every_phone(
    alice, bob
):
    def decided_duel():
        match = actions.start_match(
            alice, "schwimmen", ["Alice", "Ben"], {"lives": 2}, host_seat=0
        ).match
        actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
        ben = seat(match, "Ben").pk
        for number in (1, 2, 3):
            actions.record(bob, match.pk, number, {"pays": [ben]})
        return Match.objects.get(pk=match.pk)

    duel = await database_sync_to_async(decided_duel)()
    assert duel.status == "decided"
    host = await connect(duel.pk, alice)
    member = await connect(duel.pk, bob)
    await receive(host), await receive(member)

    await member.send_json_to({"type": "undo", "round": 3, "key": "u"})

    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_undone"
        assert (change["status"], change["result"]) == ("live", None)
        # Live again: the page draws the reopened round from the data.
        assert change["sheet"]["open"]["number"] == 3
        await socket.disconnect()


async def test_void_and_restore_frames_reach_every_phone(match, alice, bob):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    cara = await seat_id(match, "Cara")
    await member.send_json_to(tap_frame(1, cara, "t"))
    await receive(host), await receive(member)

    await host.send_json_to({"type": "void", "round": 1, "key": "v"})
    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_voided"
        assert "is-voided" in change["html"]["rows"]["1"]
        assert "Voided by <bdi>Alice</bdi>" in change["html"]["rows"]["1"]
        assert all(line["rounds_won"] == 0 for line in change["standings"]["seats"])

    await host.send_json_to({"type": "restore", "round": 1, "key": "r"})
    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_restored"
        # Live and not voided: the page draws the row from the data.
        assert change["sheet"]["rows"] == [1]
        won = {
            line["seat"]: line["rounds_won"] for line in change["standings"]["seats"]
        }
        assert won[cara] == 1
        await socket.disconnect()


async def test_a_members_void_frame_is_refused(match, bob):
    member = await connect(match.pk, bob)
    await receive(member)
    cara = await seat_id(match, "Cara")
    await member.send_json_to(tap_frame(1, cara, "t"))
    await receive(member)

    await member.send_json_to({"type": "void", "round": 1, "key": "v"})

    refusal = await receive(member)
    assert (refusal["type"], refusal["code"]) == ("error", "not_host")
    await member.disconnect()
