"""The ASGI lifespan of a worker: what it does once, when the server starts it.

At startup a worker loads what its first requests would otherwise load (the URL
resolver), collects, then moves every object it holds out of the garbage
collector's way (``gc.freeze``). The code, the models, the URLs and the
catalogues live as long as the process, yet a full collection walked them all
each time: under load (1,200 phones, 100 taps a second over two workers) the
worker made about seven full collections a minute, each pausing every socket
of the worker for 100 to 220 ms, and those pauses were the tail of the round
trip. Frozen, a full collection walks only what the sockets and the requests made
since, about half as much (docs/benchmarks.md has the figures).

Only the server's workers freeze: a process that merely imports the app (a test,
a management command) sends no lifespan.
"""

import gc

from django.urls import reverse


def settle():
    """Load what lives as long as the process, collect, and freeze it all."""
    # The resolver loads every URL pattern on its first reverse (about 26,000
    # objects), which would otherwise wait for the first request.
    reverse("home")
    gc.collect()
    gc.freeze()


async def lifespan(scope, receive, send):
    """The ASGI app of the ``lifespan`` scope (ProtocolTypeRouter routes it)."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            settle()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
