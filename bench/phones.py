"""The phones: each holds its own cookies, one HTTP connection and one WebSocket.

A phone records, for every round it learns is closed, when the news arrived; the
harness compares that with when the tap was sent.
"""

import asyncio
import contextlib
import json
import re
import ssl
import time
import uuid

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TIMEOUT = httpx.Timeout(15.0, connect=10.0)
# All traffic is plain http to 127.0.0.1; one context spares each of thousands of
# clients loading the CA bundle (tens of milliseconds apiece).
SSL_CONTEXT = ssl.create_default_context()
# uvicorn closes an idle keep-alive connection after 5 s. A phone that reused one
# at that moment met a ReadError that was the race's, not the server's (one in a
# bare-stack sweep step failed it); the phone drops its idle connection first.
KEEPALIVE_EXPIRY = 4.0


class Phone:
    def __init__(self, base_url, *, cookies=None):
        self.base_url = base_url
        self.http = httpx.AsyncClient(
            base_url=base_url,
            timeout=TIMEOUT,
            follow_redirects=False,
            limits=httpx.Limits(
                max_connections=2,
                max_keepalive_connections=1,
                keepalive_expiry=KEEPALIVE_EXPIRY,
            ),
            cookies=cookies,
            verify=SSL_CONTEXT,
        )
        self.ws = None
        self.task = None
        self.seen = {}
        self.frames = 0
        self.frame_bytes = {}
        self.snapshot = None
        self.errors = []
        self.ready = asyncio.Event()
        self.closed_early = False
        self.waiters = {}
        # The newest match version this phone holds (a change's or a snapshot's).
        self.version = 0
        self.path = None

    @property
    def csrf(self):
        return self.http.cookies.get("csrftoken", "")

    @property
    def live(self):
        """The socket is open and its snapshot has arrived."""
        return (
            self.ws is not None
            and self.ready.is_set()
            and self.task is not None
            and not self.task.done()
        )

    async def open_socket(self, path, *, timeout=15, version=None):
        """Open the socket at ``path`` and wait for its snapshot; ``version``,
        the one this phone holds, lets the server answer "current" instead."""
        self.path = path
        self.ready = asyncio.Event()
        self.closed_early = False
        ws_url = "ws" + self.base_url[4:] + path
        if version:
            ws_url += f"?version={version}"
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        self.ws = await connect(
            ws_url,
            additional_headers={"Cookie": cookie} if cookie else None,
            origin=self.base_url,
            compression=None,
            open_timeout=timeout,
            ping_interval=None,
            close_timeout=5,
            max_size=2**23,
        )
        self.task = asyncio.create_task(self._read())
        await asyncio.wait_for(self.ready.wait(), timeout)

    async def _read(self):
        try:
            async for text in self.ws:
                now = time.perf_counter()
                message = json.loads(text)
                kind = message.get("type")
                if kind == "change":
                    self.frames += 1
                    self.version = max(self.version, message.get("version") or 0)
                    for round in message.get("rounds") or ():
                        if round.get("status") != "open":
                            number = round["number"]
                            self.seen.setdefault(number, now)
                            self.frame_bytes.setdefault(number, len(text))
                            waiter = self.waiters.pop(number, None)
                            if waiter is not None and not waiter.done():
                                waiter.set_result(now)
                elif kind == "current":
                    # The version this phone asked with is still the match's.
                    self.version = max(self.version, message.get("version") or 0)
                    self.ready.set()
                elif kind == "snapshot":
                    self.snapshot = message
                    self.version = max(self.version, message.get("version") or 0)
                    # A phone back from a drop learns the rounds it missed here.
                    for round in message.get("rounds") or ():
                        if round.get("status") != "open":
                            self.heard(round["number"], now)
                    self.ready.set()
                elif kind == "error":
                    self.errors.append(message)
                    for waiter in self.waiters.values():
                        if not waiter.done():
                            waiter.set_exception(RuntimeError(message.get("code")))
                    self.waiters.clear()
        except (ConnectionClosed, WebSocketException) as closed:
            self.closed_early = getattr(closed, "rcvd", None) or str(closed) or True
        finally:
            # A tap waiting on a socket that is gone hears it, and may resend.
            for waiter in self.waiters.values():
                if not waiter.done():
                    waiter.set_exception(ConnectionError("socket closed"))
            self.waiters.clear()

    def heard(self, number, now):
        self.seen.setdefault(number, now)
        waiter = self.waiters.pop(number, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(now)

    async def drop(self):
        """The socket dies as a phone's does when its Wi-Fi blinks: no close
        frame, the TCP connection simply reset."""
        if self.ws is not None:
            self.ws.transport.abort()
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
        self.ws = None

    async def send_frame(self, frame):
        await self.ws.send(json.dumps(frame))

    async def wait_round(self, number, timeout=15):
        """Wait until this phone learns that round ``number`` is closed."""
        if number in self.seen:
            return self.seen[number]
        if self.task is not None and self.task.done():
            raise ConnectionError("socket closed")
        waiter = asyncio.get_running_loop().create_future()
        self.waiters[number] = waiter
        return await asyncio.wait_for(waiter, timeout)

    async def close(self):
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed, WebSocketException, OSError):
                await self.ws.close()
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        await self.http.aclose()


class Table:
    """One match (or bare group) and its six phones."""

    def __init__(self, id, code=None, seats=()):
        self.id, self.code, self.seats = id, code, list(seats)
        self.phones = []
        self.open_round = 1
        self.taps = []  # (round, sent_at, ok)
        self.count = 0

    def next_tap(self):
        phone = self.phones[self.count % len(self.phones)]
        seat = self.seats[self.count % len(self.seats)] if self.seats else 0
        self.count += 1
        return phone, seat


def open_round_of(snapshot):
    for round in snapshot.get("rounds") or ():
        if round.get("status") == "open":
            return round["number"]
    return 1


def new_key():
    return uuid.uuid4().hex


async def join_via_page(phone, code, seat_id):
    """The real join flow: GET the join page, claim the seat with its CSRF token."""
    page = await phone.http.get(f"/j/{code}/")
    page.raise_for_status()
    token = CSRF_INPUT.search(page.text)
    if token is None or f'name="seat" value="{seat_id}"' not in page.text:
        raise RuntimeError(f"join {code}: no free seat {seat_id} on the join page")
    data = {"csrfmiddlewaretoken": token.group(1), "seat": seat_id}
    answer = await phone.http.post(f"/j/{code}/", data=data)
    if answer.status_code not in (302, 303):
        raise RuntimeError(
            f"join {code}: HTTP {answer.status_code} {answer.text[:300]}"
        )
    return answer


async def gather_bounded(coroutines, limit=32):
    semaphore = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with semaphore:
            return await coroutine

    return await asyncio.gather(*(one(c) for c in coroutines))
