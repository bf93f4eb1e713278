"""The bare stack's ASGI app, served by uvicorn exactly as ``make run`` serves."""

import json
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.bare.settings")
django_asgi_app = get_asgi_application()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from .urls import group_name, push_text  # noqa: E402


class TableConsumer(AsyncWebsocketConsumer):
    """Join the table's group first, then say hello; forward every push as is.

    A tap frame (``{"action": "tap", "round": n, "size": b}``) is the view's tap
    over the socket: build the push once and ``group_send`` it.
    """

    async def connect(self):
        self.group = group_name(self.scope["url_route"]["kwargs"]["table"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data='{"type": "snapshot", "version": 0, "rounds": []}')

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        frame = json.loads(text_data)
        text = push_text(int(frame["round"]), int(frame.get("size", 600)))
        await self.channel_layer.group_send(
            self.group, {"type": "bench.push", "text": text}
        )

    async def bench_push(self, event):
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": URLRouter(
            [path("ws/tables/<int:table>/", TableConsumer.as_asgi())]
        ),
    }
)
