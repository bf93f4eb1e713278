"""The project's own middleware: a Content-Security-Policy header on every
response, responses that read the same for everyone, and a phone's language.

Django 5.2 has no CSP of its own. The pages keep every script and style in files
under ``static/``, so the policy allows no inline code at all: an injected
``<script>``, ``onclick=`` or ``style=`` does nothing.
"""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils import translation
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


class SameForEveryoneMiddleware(MiddlewareMixin):
    """Drops the ``Vary`` header of a response its view marked
    ``same_for_everyone``: one whose URL already names all it depends on (the
    scripts' catalogue names its language and digest).

    Outside the session and locale middleware, which add ``Vary: Cookie`` and
    ``Accept-Language`` to whatever passes them; with those a shared cache would
    keep one copy per visitor of a file that is the same for all of them.
    """

    def process_response(self, request, response):
        if getattr(response, "same_for_everyone", False):
            # Except ``Accept-Encoding`` (GZipMiddleware's): a cache must not
            # hand the gzipped copy to a client that cannot read it.
            vary = response.headers.get("Vary", "")
            del response.headers["Vary"]
            if "accept-encoding" in vary.lower():
                response.headers["Vary"] = "Accept-Encoding"
        return response


class AccountLanguageMiddleware(MiddlewareMixin):
    """A phone without a language cookie speaks its account's language.

    After AuthenticationMiddleware. The cookie it then sets means the account is
    read once per phone, not on every request; a phone's own choice (the cookie)
    wins over the account's.
    """

    def process_request(self, request):
        if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
            return
        user = getattr(request, "user", None)
        language = getattr(user, "language", "") if user else ""
        if language and translation.check_for_language(language):
            translation.activate(language)
            request.LANGUAGE_CODE = language
            request.account_language = language

    def process_response(self, request, response):
        language = getattr(request, "account_language", None)
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
