"""Channels' in-memory layer whose ``group_send`` puts the message on each
member's queue in place instead of starting one task per member: those sends
never wait. Its sweep of expired messages is the stock one (a throttled sweep
measured within noise of it: docs/benchmarks.md, "Private internals").
"""

import contextlib

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as StockInMemoryChannelLayer


class InMemoryChannelLayer(StockInMemoryChannelLayer):
    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            # As the stock layer does: a full queue drops the message.
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)
