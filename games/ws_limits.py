"""Limits on what one WebSocket may send: frame size and frame rate.

A phone sends a tap or a snapshot request now and then. A frame larger than
``WS_MAX_MESSAGE_BYTES`` or a flood beyond ``WS_RATE_PER_SECOND`` (with bursts of
``WS_RATE_BURST``) closes the socket before the frame is parsed, so one bad client
costs the server little and writes nothing; its page reconnects with backoff and
resyncs from a snapshot like after any other drop.

Put the mixin first: ``class MatchConsumer(MessageLimits, AsyncWebsocketConsumer)``.
"""

import time

from django.conf import settings

from .json_limits import size_of

# 1009 is the protocol's "message too big"; 4429 mirrors HTTP's 429.
CLOSE_TOO_BIG = 1009
CLOSE_TOO_FAST = 4429


class TokenBucket:
    """``rate`` tokens a second, holding at most ``burst``; one token per frame."""

    def __init__(self, rate, burst, clock=time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self):
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class MessageLimits:
    """A consumer mixin: refuse oversize frames and floods by closing the socket."""

    def _limits_bucket(self):
        bucket = getattr(self, "_frame_bucket", None)
        if bucket is None:
            bucket = TokenBucket(settings.WS_RATE_PER_SECOND, settings.WS_RATE_BURST)
            self._frame_bucket = bucket
        return bucket

    async def websocket_receive(self, message):
        if getattr(self, "_limits_closed", False):
            return
        data = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        code = None
        if size_of(data) > settings.WS_MAX_MESSAGE_BYTES:
            code = CLOSE_TOO_BIG
        elif not self._limits_bucket().take():
            code = CLOSE_TOO_FAST
        if code is not None:
            self._limits_closed = True
            await self.close(code=code)
            return
        await super().websocket_receive(message)
