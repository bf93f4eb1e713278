"""The TV link (issue 14): the host's to share and revoke, read only for the screen.

Actions and pages through Django's client; the page and the API over real HTTP on
the real ASGI server; the TV socket at the ASGI level and over a real WebSocket.
"""

import asyncio
import json
import re

import httpx
import pytest
import websockets
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.test import Client
from rest_framework.authtoken.models import Token

from games import actions, errors
from games.actions.tv import allows, check_revoke, check_share
from games.models import Event, Match, Round
from squarescores.asgi import application
from tests.conftest import seat, tap_frame, win
from tests.sockets import WebsocketCommunicator

pytestmark = pytest.mark.django_db(transaction=True)

SECRET_SHAPE = re.compile(r"^[A-Za-z0-9_-]{32}$")


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def version_of(match):
    return Match.objects.values_list("version", flat=True).get(pk=match.pk)


def tv_path(secret):
    return f"/tv/{secret}/"


# The actions ----------------------------------------------------------------------


def test_the_host_makes_a_tv_link_and_sharing_again_shows_the_same_one(match, alice):
    before = version_of(match)

    first = actions.share_tv(alice, match.pk)
    again = actions.share_tv(alice, match.pk)

    assert first.made and not again.made
    assert SECRET_SHAPE.match(first.secret)
    assert again.secret == first.secret
    assert version_of(match) == before + 1
    event = Event.objects.get(match=match, kind=Event.Kind.TV_SHARED)
    assert event.version == before + 1 and event.actor == alice
    # Members read the log: the secret is not in it.
    assert first.secret not in json.dumps([event.before, event.after])


def test_a_member_or_an_outsider_can_neither_share_nor_revoke(
    match, alice, bob, charlie
):
    actions.share_tv(alice, match.pk)
    before = version_of(match)

    with pytest.raises(errors.NotTheHost):
        actions.share_tv(bob, match.pk)
    with pytest.raises(errors.NotTheHost):
        actions.revoke_tv(bob, match.pk)
    with pytest.raises(errors.NotAMember):
        actions.share_tv(charlie, match.pk)
    with pytest.raises(errors.NotAMember):
        actions.revoke_tv(charlie, match.pk)

    assert version_of(match) == before
    assert Match.objects.get(pk=match.pk).tv_secret is not None


def test_the_checks_the_host_tools_ask_follow_the_actions(match, alice, bob):
    assert allows(check_share, match, alice)
    assert not allows(check_share, match, bob)
    assert not allows(check_revoke, match, alice)

    actions.share_tv(alice, match.pk)
    match.refresh_from_db()

    assert allows(check_revoke, match, alice)
    assert not allows(check_revoke, match, bob)


def test_revoke_makes_the_old_link_a_404_and_a_new_share_a_new_link(match, alice):
    old = actions.share_tv(alice, match.pk).secret
    assert client_for().get(tv_path(old)).status_code == 200
    before = version_of(match)

    actions.revoke_tv(alice, match.pk)

    assert version_of(match) == before + 1
    assert Event.objects.filter(match=match, kind=Event.Kind.TV_REVOKED).count() == 1
    gone = client_for().get(tv_path(old))
    assert gone.status_code == 404
    assert "This TV link does not work" in gone.content.decode()
    new = actions.share_tv(alice, match.pk)
    assert new.made and new.secret != old
    assert client_for().get(tv_path(old)).status_code == 404
    assert client_for().get(tv_path(new.secret)).status_code == 200


def test_revoking_with_no_link_is_refused_and_a_retried_revoke_is_applied_once(
    match, alice
):
    with pytest.raises(errors.NoChange):
        actions.revoke_tv(alice, match.pk)
    actions.share_tv(alice, match.pk)

    first = actions.revoke_tv(alice, match.pk, key="stop-1")
    again = actions.revoke_tv(alice, match.pk, key="stop-1")

    assert again.replayed and again.version == first.version
    assert Event.objects.filter(match=match, kind=Event.Kind.TV_REVOKED).count() == 1


def test_a_retried_share_gets_its_link_or_a_new_one_once_that_was_revoked(match, alice):
    first = actions.share_tv(alice, match.pk, key="share-1")
    assert actions.share_tv(alice, match.pk, key="share-1").secret == first.secret
    actions.revoke_tv(alice, match.pk)

    retried = actions.share_tv(alice, match.pk, key="share-1")

    assert retried.made and retried.secret not in (None, first.secret)
    assert Event.objects.filter(match=match, kind=Event.Kind.TV_SHARED).count() == 2


def test_an_ended_match_keeps_its_link_and_it_shows_the_result(match, alice, bob):
    for _ in range(2):
        win(bob, match.pk, version_round(match), seat(match, "Cara").pk)
    secret = actions.share_tv(alice, match.pk).secret
    actions.end_match(bob, match.pk)

    page = client_for().get(tv_path(secret)).content.decode()

    assert "The match has ended" in page
    assert "won the most rounds (2)" in page
    actions.revoke_tv(alice, match.pk)
    assert client_for().get(tv_path(secret)).status_code == 404
    # And a new one may be made for the ended match's result.
    assert actions.share_tv(alice, match.pk).made


def version_round(match):
    return Round.objects.get(match=match, status="open").number


# The page -------------------------------------------------------------------------


def test_the_tv_page_shows_the_match_and_nothing_to_press_nor_anyone_s_account(
    asgi_server, match, alice, bob
):
    alice.display_name = "Alice Account"
    alice.save()
    win(bob, match.pk, 1, seat(match, "Cara").pk)
    secret = actions.share_tv(alice, match.pk).secret

    response = httpx.get(asgi_server + tv_path(secret), timeout=10)

    assert response.status_code == 200
    assert "sessionid" not in response.headers.get("set-cookie", "")
    assert response.headers["X-Robots-Tag"] == "noindex"
    assert "no-cache" in response.headers["Cache-Control"]
    page = response.text
    for name in ("Alice", "Ben", "Cara", "Dev"):
        assert name in page
    assert 'id="round-1"' in page and "Cara</span> won" in page
    assert "Round <span" in page and "deals round 2" in page
    for control in ("<form", "<button", "<input", "<select", "<textarea"):
        assert control not in page, control
    assert "Alice Account" not in page
    assert match.code not in page
    assert "/j/" not in page


def test_a_wrong_secret_is_a_404_page(asgi_server, match, alice):
    actions.share_tv(alice, match.pk)

    for secret in ("x" * 32, "short", "A" * 200):
        response = httpx.get(asgi_server + tv_path(secret), timeout=10)
        assert response.status_code == 404
        assert "This TV link does not work" in response.text


def test_writes_with_only_the_tv_secret_are_refused(asgi_server, match, alice):
    secret = actions.share_tv(alice, match.pk).secret
    before = version_of(match)
    ben = seat(match, "Ben").pk

    with httpx.Client(base_url=asgi_server, timeout=10) as http:
        # The page sets no session and no CSRF cookie to write with.
        http.get(tv_path(secret))
        assert http.post(tv_path(secret), data={"seat": ben}).status_code in (403, 405)
        tap = http.post(
            f"/matches/{match.pk}/record/",
            data={"round": 1, "winner": ben},
            headers={"Referer": asgi_server + tv_path(secret)},
        )
        api = http.post(
            f"/api/matches/{match.pk}/record/",
            json={"round": 1, "payload": {"winner": ben}},
        )

    assert tap.status_code == 403
    assert api.status_code == 401
    assert version_of(match) == before
    assert Round.objects.get(match=match, number=1).status == "open"


def test_the_host_tools_offer_the_tv_link_to_the_host_alone(match, alice, bob):
    host, member = client_for(alice), client_for(bob)
    page = host.get(f"/matches/{match.pk}/").content.decode()
    assert "Show on a TV" in page
    assert "Show on a TV" not in member.get(f"/matches/{match.pk}/").content.decode()
    assert member.post(f"/matches/{match.pk}/tv/share/").status_code == 403

    shared = host.post(f"/matches/{match.pk}/tv/share/")

    assert shared.status_code == 302 and shared.url.endswith("#tv-link")
    secret = Match.objects.get(pk=match.pk).tv_secret
    page = host.get(f"/matches/{match.pk}/").content.decode()
    assert f"http://testserver/tv/{secret}/" in page
    assert "Copy TV link" in page and "Stop this TV link now" in page
    assert host.get(f"/matches/{match.pk}/tv/qr.svg").content.startswith(b"<svg")
    assert member.get(f"/matches/{match.pk}/tv/qr.svg").status_code == 403
    assert secret not in member.get(f"/matches/{match.pk}/").content.decode()
    assert secret not in member.get(f"/api/matches/{match.pk}/").content.decode()
    assert secret not in member.get(f"/api/matches/{match.pk}/events/").content.decode()

    assert member.post(f"/matches/{match.pk}/tv/revoke/").status_code == 403
    host.post(f"/matches/{match.pk}/tv/revoke/", {"key": "k"})
    assert Match.objects.get(pk=match.pk).tv_secret is None
    assert client_for().get(tv_path(secret)).status_code == 404


def test_the_api_shares_and_revokes_for_the_host_alone(asgi_server, match, alice, bob):
    def call(user, path):
        token = Token.objects.get_or_create(user=user)[0].key
        return httpx.post(
            f"{asgi_server}/api/matches/{match.pk}/{path}",
            json={},
            headers={"Authorization": f"Token {token}"},
            timeout=10,
        )

    made, again = call(alice, "tv/"), call(alice, "tv/")

    assert made.status_code == 201 and made.json()["made"] is True
    assert again.status_code == 200 and again.json()["url"] == made.json()["url"]
    url = made.json()["url"]
    assert httpx.get(url, timeout=10).status_code == 200
    assert call(bob, "tv/").status_code == 403
    assert call(bob, "tv/revoke/").json()["code"] == "not_host"
    revoked = call(alice, "tv/revoke/")
    assert revoked.status_code == 200
    assert revoked.json()["version"] == made.json()["version"] + 1
    assert httpx.get(url, timeout=10).status_code == 404
    assert call(alice, "tv/revoke/").json()["code"] == "no_change"


# The socket -----------------------------------------------------------------------


async def tv_socket(secret):
    socket = WebsocketCommunicator(
        application,
        f"/ws/tv/{secret}/",
        headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")],
    )
    connected, _ = await socket.connect()
    assert connected
    return socket


async def receive(socket):
    return json.loads(await socket.receive_from(timeout=5))


def share(user, match):
    return database_sync_to_async(lambda: actions.share_tv(user, match.pk).secret)()


async def test_a_tv_socket_gets_a_snapshot_first_then_the_pushes_every_phone_gets(
    match, alice, bob
):
    secret = await share(alice, match)
    socket = await tv_socket(secret)

    snapshot = await receive(socket)
    cara = await database_sync_to_async(lambda: seat(match, "Cara").pk)()
    await database_sync_to_async(win)(bob, match.pk, 1, cara)
    change = await receive(socket)

    assert snapshot["type"] == "snapshot"
    assert snapshot["version"] == match.version + 1
    assert "<form" not in json.dumps(snapshot["html"])
    assert "Round <span" in snapshot["html"]["open"]
    assert change["type"] == "change" and change["kind"] == "round_won"
    assert change["version"] == snapshot["version"] + 1
    assert change["sheet"]["rows"] == [1]
    assert {"id": cara, "name": "Cara", "first_round": 1} in change["sheet"]["seats"]
    await socket.disconnect()


async def test_a_tv_socket_refuses_every_write_frame_and_changes_nothing(match, alice):
    secret = await share(alice, match)
    socket = await tv_socket(secret)
    snapshot = await receive(socket)
    ben = await database_sync_to_async(lambda: seat(match, "Ben").pk)()
    frames = [
        tap_frame(1, ben, key="k1"),
        {"type": "record", "round": 1, "form": {"pays": [str(ben)]}, "key": "k2"},
        {"type": "correct", "round": 1, "form": {"winner": [str(ben)]}, "key": "k3"},
        {"type": "end"},
        "not an object",
    ]

    for frame in frames:
        await socket.send_json_to(frame)
        refusal = await receive(socket)
        assert refusal["type"] == "error" and refusal["code"] == "read_only", frame

    assert await database_sync_to_async(version_of)(match) == snapshot["version"]
    status = await database_sync_to_async(
        lambda: Round.objects.get(match=match, number=1).status
    )()
    assert status == "open"
    await socket.send_json_to({"type": "snapshot"})
    assert (await receive(socket))["version"] == snapshot["version"]
    await socket.disconnect()


async def test_a_wrong_secret_closes_the_tv_socket_with_4404(match, alice):
    await share(alice, match)
    socket = await tv_socket("y" * 32)

    closed = await socket.receive_output(timeout=5)

    assert closed == {"type": "websocket.close", "code": 4404}


async def test_revoking_closes_an_open_tv_socket_and_the_old_secret_is_refused(
    match, alice
):
    secret = await share(alice, match)
    socket = await tv_socket(secret)
    await receive(socket)

    await database_sync_to_async(actions.revoke_tv)(alice, match.pk)

    assert await socket.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": 4404,
    }
    again = await tv_socket(secret)
    assert (await again.receive_output(timeout=5))["code"] == 4404


async def test_a_tv_socket_of_a_new_link_outlives_the_revoke_of_the_old_one(
    match, alice
):
    await share(alice, match)
    await database_sync_to_async(actions.revoke_tv)(alice, match.pk)
    socket = await tv_socket(await share(alice, match))
    snapshot = await receive(socket)

    # The old link's revoke, delivered late, is older than this socket's snapshot.
    await socket.send_input(
        {
            "type": "match.change",
            "version": snapshot["version"] - 1,
            "kind": Event.Kind.TV_REVOKED,
            "text": '{"type": "change"}',
        }
    )

    assert await receive(socket) == {"type": "change"}
    await socket.disconnect()


def test_a_tv_on_a_real_websocket_hears_a_tap_and_refuses_a_write(
    asgi_server, match, alice, bob
):
    secret = actions.share_tv(alice, match.pk).secret
    ws_url = asgi_server.replace("http", "ws") + f"/ws/tv/{secret}/"
    cara = seat(match, "Cara").pk
    token = Token.objects.create(user=bob).key

    async def scenario():
        async with websockets.connect(ws_url, origin=asgi_server) as socket:
            snapshot = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
            await socket.send(json.dumps(tap_frame(1, cara)))
            refusal = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
            async with httpx.AsyncClient() as api:
                tapped = await api.post(
                    f"{asgi_server}/api/matches/{match.pk}/record/",
                    json={"round": 1, "payload": {"winner": cara}},
                    headers={"Authorization": f"Token {token}"},
                    timeout=10,
                )
            change = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
            return snapshot, refusal, tapped, change

    snapshot, refusal, tapped, change = asyncio.run(scenario())

    assert refusal["code"] == "read_only"
    assert tapped.status_code == 200
    assert change["kind"] == "round_won"
    assert change["version"] == snapshot["version"] + 1 == tapped.json()["version"]
