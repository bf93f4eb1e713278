"""API tokens on the match socket, for clients without a browser session.

A bot or a scoreboard follows a match live with the token it uses on the REST API,
sent in the WebSocket handshake, never in the URL (where access logs keep it):

- ``Authorization: Token <key>``, a header, for clients that can set one;
- the subprotocols ``squarescores`` and ``token.<key>``, for a browser's
  ``new WebSocket(url, ["squarescores", "token." + key])``, which cannot; the
  server answers with ``squarescores``.

A socket with a token is that token's user and nobody else, whatever cookies it
also sends. It skips the Origin check, which guards the session cookie that a
browser sends on its own to any site's socket; a token is sent only on purpose.
A socket with an unknown token is refused in the handshake (HTTP 403). Any other
socket takes the browser's way: the Origin check, then the session.
"""

from inspect import unwrap

from channels.auth import AuthMiddleware, get_user
from channels.db import database_sync_to_async
from channels.security.websocket import WebsocketDenier
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.utils.functional import SimpleLazyObject
from rest_framework.authtoken.models import Token

PROTOCOL = "squarescores"
TOKEN_PROTOCOL = "token."
SECRET_HEADERS = (b"authorization", b"sec-websocket-protocol")


def token_in(scope):
    """(the token's key or None, the subprotocols without the token's)."""
    protocols = list(scope.get("subprotocols") or ())
    key = None
    for protocol in protocols:
        if protocol.startswith(TOKEN_PROTOCOL):
            key = protocol.removeprefix(TOKEN_PROTOCOL)
    protocols = [p for p in protocols if not p.startswith(TOKEN_PROTOCOL)]
    for name, value in scope.get("headers") or ():
        if name == b"authorization":
            kind, _, given = value.decode("latin-1").partition(" ")
            if kind.lower() == "token" and given.strip():
                key = given.strip()
    return key, protocols


@database_sync_to_async
def user_of(key):
    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active:
        return None
    return token.user


class TokenAuthMiddleware:
    """Route a socket that shows a token to ``app`` as that token's user, and any
    other to ``browser_app`` (the Origin check and the session)."""

    def __init__(self, app, browser_app):
        self.app = app
        self.browser_app = browser_app

    async def __call__(self, scope, receive, send):
        key, protocols = token_in(scope)
        if key is None:
            return await self.browser_app(scope, receive, send)
        user = await user_of(key)
        if user is None:
            return await WebsocketDenier()(scope, receive, send)
        # The token leaves the scope: nothing downstream can log or echo it.
        headers = [(n, v) for n, v in scope["headers"] if n not in SECRET_HEADERS]
        scope = {**scope, "user": user, "subprotocols": protocols, "headers": headers}
        return await self.app(scope, receive, send)


# Channels' session lookup without its own thread hop: ``database_sync_to_async``
# wraps it with ``functools.update_wrapper``, which keeps the plain function.
read_session_user = unwrap(get_user)


class SessionUserMiddleware(AuthMiddleware):
    """Channels' ``AuthMiddleware``, the session's user read when first used.

    Channels reads the user in a thread hop of its own during the handshake; the
    match socket's first database call (``games.live.member_state``, on the
    database threads) needs the user anyway, so reading it there spares a hop
    and a stale-connection check for every socket that connects. After a hall's
    Wi-Fi blinks that is 1,200 hops fewer (docs/benchmarks.md). Nothing reads
    ``scope["user"]`` on the event loop: the consumers hand it to their
    database calls.
    """

    async def resolve_scope(self, scope):
        scope["user"] = SimpleLazyObject(lambda: read_session_user(scope))


def SessionUserStack(inner):
    """Channels' ``AuthMiddlewareStack`` with ``SessionUserMiddleware``."""
    return CookieMiddleware(SessionMiddleware(SessionUserMiddleware(inner)))
