"""The match socket's token sign-in (squarescores/socket_auth.py): which token a
handshake carries, and that it goes no further than the middleware. The real-server
proof is tests/reliability/test_token_socket.py."""

import pytest
from channels.db import database_sync_to_async
from rest_framework.authtoken.models import Token

from squarescores.socket_auth import TokenAuthMiddleware, token_in

pytestmark = pytest.mark.django_db(transaction=True)


def handshake(protocols=(), **headers):
    return {
        "type": "websocket",
        "path": "/ws/matches/1/",
        "subprotocols": list(protocols),
        "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
    }


def test_a_token_subprotocol_is_found_and_taken_out_of_the_list():
    scope = handshake(["squarescores", "token.abc123"])

    assert token_in(scope) == ("abc123", ["squarescores"])


def test_an_authorization_header_is_found():
    scope = handshake(authorization="Token abc123")

    assert token_in(scope) == ("abc123", [])


@pytest.mark.parametrize(
    "scope",
    [
        handshake(["squarescores"]),
        handshake(authorization="Bearer abc123"),
        handshake(authorization="Token "),
        handshake(cookie="sessionid=x"),
    ],
)
def test_without_a_token_nothing_is_found(scope):
    assert token_in(scope)[0] is None


async def test_the_app_gets_the_tokens_user_and_never_the_token(alice):
    key = (await database_sync_to_async(Token.objects.create)(user=alice)).key
    seen = {}

    async def app(scope, receive, send):
        seen.update(scope)

    async def browser_app(scope, receive, send):
        raise AssertionError("a socket with a token took the browser's way")

    scope = handshake(
        ["squarescores", f"token.{key}"],
        **{"sec-websocket-protocol": f"squarescores, token.{key}", "cookie": "a=b"},
    )
    await TokenAuthMiddleware(app, browser_app)(scope, None, None)

    assert seen["user"] == alice
    assert seen["subprotocols"] == ["squarescores"]
    assert key not in repr(seen)
