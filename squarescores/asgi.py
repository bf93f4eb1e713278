"""The ASGI entry point: HTTP through Django, WebSockets through Channels.

Django's app registry is built first, so the routing below may import models.
HTTP goes to Django's synchronous handler in one thread hop a request
(``squarescores/http_app.py`` says why). A starting worker settles its heap
(``squarescores/lifespan.py``).
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "squarescores.settings")
django_http_app = get_wsgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from squarescores.http_app import DjangoHTTP  # noqa: E402
from squarescores.lifespan import lifespan  # noqa: E402
from squarescores.socket_auth import (  # noqa: E402
    SessionUserStack,
    TokenAuthMiddleware,
)

sockets = URLRouter(websocket_urlpatterns)
application = ProtocolTypeRouter(
    {
        "http": DjangoHTTP(django_http_app),
        # The server starts a worker: it loads and freezes what lives as long as
        # the process (squarescores/lifespan.py).
        "lifespan": lifespan,
        # An API token in the handshake (a bot, a scoreboard), else a browser:
        # its Origin checked, then its session (squarescores/socket_auth.py).
        "websocket": TokenAuthMiddleware(
            sockets,
            browser_app=AllowedHostsOriginValidator(SessionUserStack(sockets)),
        ),
    }
)
