"""HTTP through Django's synchronous handler, one thread hop a request.

Django's ASGI handler runs each synchronous middleware method in a
``sync_to_async`` hop of its own: about twenty a request with this project's
middleware, every one of them queued behind the busy event loop. A record
through the fallback form cost a worker 16 ms of CPU that way; run whole in one
hop, 9.5 ms (``docs/benchmarks.md``). Nothing on the HTTP side needs to be
async, so ``asgi.py`` serves HTTP with Django's WSGI handler behind this
adapter, on the thread that runs the sockets' database work (``sync_to_async``'s
thread-sensitive one), and the sockets stay on Channels' async consumers.

asgiref's ``WsgiToAsgi`` translates the request (the WSGI environ) and the
status and headers; this subclass changes two things about the response.
``WsgiToAsgi`` sends each part from the worker thread through
``async_to_sync``, and a kept-alive connection's next request, when it arrives
before the last part is sent, then starts inside that call's context and fails
("CurrentThreadExecutor already quit"). Here the thread collects the body and
the event loop sends it once the response is complete. And it closes the
response, as PEP 3333 asks and ``WsgiToAsgi`` does not: Django's
``request_finished`` signal, which closes the request's database connection,
fires from that close. Responses are small pages, fragments and static files, so
holding one in memory costs little.
"""

from tempfile import SpooledTemporaryFile

from asgiref.sync import sync_to_async
from asgiref.wsgi import WsgiToAsgi, WsgiToAsgiInstance

# A request body up to this size stays in memory (asgiref's own figure).
BODY_IN_MEMORY = 65536


class DjangoHTTP(WsgiToAsgi):
    """An ASGI application serving a WSGI one, its responses sent whole."""

    async def __call__(self, scope, receive, send):
        instance = BufferedInstance(self.wsgi_application, self.duplicate_header_limit)
        await instance(scope, receive, send)


class BufferedInstance(WsgiToAsgiInstance):
    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError("DjangoHTTP serves HTTP only")
        self.scope = scope
        with SpooledTemporaryFile(max_size=BODY_IN_MEMORY) as body:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    # The client left before its body arrived: no one to answer.
                    return
                body.write(message.get("body", b""))
                if not message.get("more_body"):
                    break
            body.seek(0)
            try:
                environ = self.build_environ(scope, body)
            except ValueError:
                # Too many of one header (asgiref's limit).
                await send_whole(send, 400, [(b"content-type", b"text/plain")], b"")
                return
            content = await sync_to_async(self.respond)(environ)
        start = self.response_start
        await send_whole(send, start["status"], start["headers"], content)

    def respond(self, environ):
        """On the worker thread: the whole body, the response closed."""
        output = self.wsgi_application(environ, self.start_response)
        try:
            return b"".join(output)
        finally:
            close = getattr(output, "close", None)
            if close is not None:
                close()


async def send_whole(send, status, headers, content):
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
