"""A Content-Security-Policy header on every response.

Django 5.2 has no CSP of its own. The pages keep every script and style in files
under ``static/``, so the policy allows no inline code at all: an injected
``<script>``, ``onclick=`` or ``style=`` does nothing.
"""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils.deprecation import MiddlewareMixin


def policy_text(directives, host):
    # The live socket is same-origin; older Safari does not count ws: as 'self',
    # so the page's own host is named for it and no other.
    sockets = []
    if host:
        sockets = [f"wss://{host}"] if settings.HTTPS else [f"ws://{host}"]
    parts = []
    for name, values in directives.items():
        if name == "connect-src":
            values = [*values, *sockets]
        parts.append(" ".join([name, *values]))
    return "; ".join(parts)


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Sets the policy of ``settings.CONTENT_SECURITY_POLICY``; sync and async."""

    def process_response(self, request, response):
        if "Content-Security-Policy" not in response.headers:
            response.headers["Content-Security-Policy"] = policy_text(
                settings.CONTENT_SECURITY_POLICY, _host(request)
            )
        return response


def _host(request):
    try:
        return request.get_host()
    except DisallowedHost:
        # The 400 for a foreign Host header still gets a policy, without a socket.
        return None
