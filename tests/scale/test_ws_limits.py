"""The frame limits close a socket that sends too much or too fast."""

import pytest
from asgiref.testing import ApplicationCommunicator
from channels.generic.websocket import AsyncWebsocketConsumer

from games.ws_limits import CLOSE_TOO_BIG, CLOSE_TOO_FAST, MessageLimits, TokenBucket


class Echo(MessageLimits, AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data)


class Socket(ApplicationCommunicator):
    """A socket to the consumer over ASGI (channels.testing needs daphne)."""

    def __init__(self):
        super().__init__(Echo.as_asgi(), {"type": "websocket", "path": "/ws/"})

    async def connect(self):
        await self.send_input({"type": "websocket.connect"})
        assert (await self.receive_output())["type"] == "websocket.accept"

    async def send_to(self, text_data):
        await self.send_input({"type": "websocket.receive", "text": text_data})

    async def receive_from(self):
        return (await self.receive_output())["text"]

    async def disconnect(self):
        await self.send_input({"type": "websocket.disconnect", "code": 1000})
        await self.wait()


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_bucket_allows_its_burst_then_its_rate():
    clock = Clock()
    bucket = TokenBucket(rate=2, burst=3, clock=clock)

    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 0.5
    assert [bucket.take() for _ in range(2)] == [True, False]
    clock.now = 100
    assert sum(bucket.take() for _ in range(10)) == 3


async def test_a_small_frame_goes_through(settings):
    socket = Socket()
    await socket.connect()

    await socket.send_to(text_data='{"type": "snapshot"}')

    assert await socket.receive_from() == '{"type": "snapshot"}'
    await socket.disconnect()


async def test_an_oversize_frame_closes_the_socket(settings):
    settings.WS_MAX_MESSAGE_BYTES = 100
    socket = Socket()
    await socket.connect()

    await socket.send_to(text_data="é" * 51)

    assert await socket.receive_output() == {
        "type": "websocket.close",
        "code": CLOSE_TOO_BIG,
    }


@pytest.mark.parametrize("burst", [1, 5])
async def test_a_flood_closes_the_socket_after_the_burst(settings, burst):
    settings.WS_RATE_PER_SECOND = 0.001
    settings.WS_RATE_BURST = burst
    socket = Socket()
    await socket.connect()

    for number in range(burst + 5):
        await socket.send_to(text_data=str(number))

    echoed = [await socket.receive_from() for _ in range(burst)]
    assert echoed == [str(number) for number in range(burst)]
    assert await socket.receive_output() == {
        "type": "websocket.close",
        "code": CLOSE_TOO_FAST,
    }
    assert await socket.receive_nothing()
