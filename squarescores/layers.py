"""Channels' in-memory layer without its per-message sweep of every socket.

The stock ``InMemoryChannelLayer`` runs ``_clean_expired`` on every ``group_send``
and every ``receive``: it walks every channel queue and every member of every
group in the process, so the cost of one message grows with the number of
connected phones (each tap to a table of six costs seven sweeps of them all).
Expiry is counted in seconds (a minute for a message, a day for a group
membership), so sweeping at most once a second changes nothing a client sees.
``group_send`` also puts the message on each member's queue in place instead of
starting one task per member: those sends never wait.
"""

import contextlib
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as StockInMemoryChannelLayer


class InMemoryChannelLayer(StockInMemoryChannelLayer):
    def __init__(self, *args, sweep_interval=1.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.sweep_interval = sweep_interval
        self._last_sweep = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._last_sweep < self.sweep_interval:
            return
        self._last_sweep = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            # As the stock layer does: a full queue drops the message.
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)
