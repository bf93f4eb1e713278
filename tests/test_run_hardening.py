"""``make run`` as an outside tester meets it (issue 29): no TV secret in its log,
and no ``X-Forwarded-For`` believed unless a proxy is named."""

import asyncio
import json

import httpx
import pytest
import websockets

from tests.server import make_run

pytestmark = pytest.mark.server


def a_shared_tv_link(url):
    """A guest's match with its TV link shared, over the API: (secret, socket)."""
    with httpx.Client(base_url=url, timeout=20) as client:
        guest = client.post("/api/guests/", json={"display_name": "Alice"})
        assert guest.status_code == 201, guest.text
        client.headers["Authorization"] = f"Token {guest.json()['token']}"
        started = client.post(
            "/api/matches/",
            json={"game": "fortyone_exchange", "seats": ["Alice", "Ben"]},
        )
        assert started.status_code == 201, started.text
        tv = client.post(f"/api/matches/{started.json()['id']}/tv/")
        assert tv.status_code == 201, tv.text
    link = tv.json()
    secret = link["socket"].rstrip("/").rsplit("/", 1)[-1]
    return secret, link["socket"]


def test_the_tv_secret_is_absent_from_the_server_log(tmp_path):
    log = tmp_path / "server.log"
    with make_run(tmp_path, log=log) as url:
        secret, socket_path = a_shared_tv_link(url)

        async def watch():
            ws_url = url.replace("http", "ws") + socket_path
            async with websockets.connect(ws_url, origin=url) as socket:
                return json.loads(await asyncio.wait_for(socket.recv(), timeout=10))

        snapshot = asyncio.run(watch())
        page = httpx.get(f"{url}/tv/{secret}/", timeout=10)
        # A wrong secret is logged by Django as "Not Found: <path>".
        wrong = httpx.get(f"{url}/tv/{secret[::-1]}/", timeout=10)

    assert snapshot["type"] == "snapshot"
    assert (page.status_code, wrong.status_code) == (200, 404)
    text = log.read_text(errors="replace")
    # uvicorn logged the socket, its path masked.
    assert '"WebSocket /ws/tv/…/" [accepted]' in text
    assert secret not in text
    assert secret[::-1] not in text


def guesses(url, headers_list):
    """Wrong join codes from one client, each with its own X-Forwarded-For."""
    statuses = []
    for headers in headers_list:
        answer = httpx.get(f"{url}/j/ZZZZZZ/", headers=headers, timeout=10)
        statuses.append(answer.status_code)
    return statuses


FORGED = [{"X-Forwarded-For": f"203.0.113.{n}"} for n in range(1, 5)]


def test_make_run_believes_no_forwarded_address_by_default(tmp_path):
    with make_run(tmp_path, env={"JOIN_CODE_GUESSES": "2"}) as url:
        statuses = guesses(url, FORGED)

    # One client, however it names itself: the third wrong code is refused.
    assert statuses[:2] == [404, 404]
    assert statuses[2:] == [429, 429]


def test_make_run_believes_the_proxy_it_is_told_to_trust(tmp_path):
    env = {"JOIN_CODE_GUESSES": "2", "TRUSTED_PROXY": "127.0.0.1"}
    with make_run(tmp_path, env=env) as url:
        statuses = guesses(url, FORGED)

    # Each address the trusted proxy names is a client of its own.
    assert statuses == [404, 404, 404, 404]
