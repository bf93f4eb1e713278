"""A WebSocket client at the ASGI level, for consumer tests.

``channels.testing`` would serve, but its package imports daphne (for a live
server this project does not use: uvicorn serves it), so this is the same small
communicator on asgiref's ``ApplicationCommunicator``.
"""

import json
from urllib.parse import urlparse

from asgiref.testing import ApplicationCommunicator


class WebsocketCommunicator(ApplicationCommunicator):
    def __init__(self, application, path, headers=None):
        parsed = urlparse(path)
        scope = {
            "type": "websocket",
            "path": parsed.path,
            "raw_path": parsed.path.encode(),
            "query_string": parsed.query.encode(),
            "headers": headers or [],
            "subprotocols": [],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 80),
        }
        super().__init__(application, scope)

    async def connect(self, timeout=5):
        """Returns (True, None) once accepted, or (False, close code)."""
        await self.send_input({"type": "websocket.connect"})
        answer = await self.receive_output(timeout)
        if answer["type"] == "websocket.close":
            return False, answer.get("code", 1000)
        return True, answer.get("subprotocol")

    async def send_to(self, text_data):
        await self.send_input({"type": "websocket.receive", "text": text_data})

    async def send_json_to(self, data):
        await self.send_to(json.dumps(data))

    async def receive_from(self, timeout=5):
        answer = await self.receive_output(timeout)
        assert answer["type"] == "websocket.send", answer
        return answer["text"]

    async def receive_json_from(self, timeout=5):
        return json.loads(await self.receive_from(timeout))

    async def disconnect(self, code=1000, timeout=5):
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(timeout)
