"""One error shape for every refusal: ``{"code", "detail", "version"}``.

A ``games.errors.Refusal`` from an action keeps its code and status; DRF's own
errors (a bad body, no credentials, too many requests) are put in the same shape,
so a client handles a single kind of answer. Where the request names a match, the
answer carries the match's current version so the client can refresh.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games import errors


class BodyTooLarge(exceptions.APIException):
    status_code = 400
    default_detail = gettext_lazy("The body is too large.")
    default_code = "too_large"


# DRF's exception classes → the codes this API answers with.
CODES = {
    BodyTooLarge: "too_large",
    exceptions.ValidationError: "bad_request",
    exceptions.ParseError: "bad_request",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A machine code, e.g. `round_closed`.")
    detail = serializers.CharField(help_text="A sentence a person can read.")
    version = serializers.IntegerField(
        required=False,
        help_text="The match's current version, when the request names a match.",
    )
    fields = serializers.DictField(
        child=serializers.JSONField(),
        required=False,
        help_text="What is wrong with each field of a bad body.",
    )


def handle(exc, context):
    """DRF's ``EXCEPTION_HANDLER`` for the API views."""
    view = context.get("view")
    if isinstance(exc, errors.Refusal):
        data = exc.as_dict()
        response = Response(data, status=exc.status, headers=exc.headers)
    else:
        # DRF's handler sets WWW-Authenticate, Retry-After and Allow headers.
        response = exception_handler(exc, context)
        if response is None:
            return None
        data = answer_of(exc)
        response.data = data
    if "version" not in data and hasattr(view, "current_version"):
        version = view.current_version()
        if version is not None:
            data["version"] = version
    return response


def answer_of(exc):
    """A DRF exception in the one error shape (the socket answers a bad frame
    that an API body would be with this too)."""
    data = {"code": _code(exc), "detail": _detail(exc)}
    if isinstance(exc, exceptions.ValidationError):
        data["fields"] = exc.detail if isinstance(exc.detail, dict) else {}
    return data


def _code(exc):
    if isinstance(exc, exceptions.PermissionDenied):
        codes = exc.get_codes()
        if isinstance(codes, str) and codes != "permission_denied":
            return codes
    if isinstance(exc, Http404):
        return "not_found"
    if isinstance(exc, PermissionDenied):
        return "forbidden"
    for kind, code in CODES.items():
        if isinstance(exc, kind):
            return code
    return "error"


def _detail(exc):
    if isinstance(exc, exceptions.ValidationError):
        if isinstance(exc.detail, list) and exc.detail:
            return str(exc.detail[0])
        return _("The request is not valid; see fields.")
    detail = getattr(exc, "detail", None)
    if isinstance(detail, str):
        return str(detail)
    return str(exc) or _("The request was refused.")


def responses(*statuses):
    """The documented error answers of an endpoint, for ``extend_schema``."""
    described = {
        400: "A bad body or value (`bad_request` lists the fields).",
        401: "No credentials (`not_authenticated`), or bad ones "
        "(`authentication_failed`).",
        403: "Not allowed: `not_member`, `not_host` or a missing CSRF token.",
        404: "No such match, seat, round or game.",
        409: "A conflict: `round_closed`, `match_ended`, `seat_taken`, "
        "`key_reused`…; `version` is the current one.",
        429: "Too many requests; `Retry-After` says how many seconds to wait.",
    }
    return {
        status: OpenApiResponse(ErrorSerializer, description=described[status])
        for status in statuses
    }
