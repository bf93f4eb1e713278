"""What every API view shares: authentication, JSON in and out, throttles, the
idempotency key, pages, and the match a view under ``/api/matches/<id>/`` names."""

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.generics import GenericAPIView
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import BaseParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from games import errors, json_limits
from games.actions import clean_key
from games.bounds import ID_MAX, KEY_MAX_LENGTH
from games.models import Match
from games.seat_ids import parse_number

from . import serializers as s
from .answers import match_data
from .errors import BodyTooLarge, responses
from .permissions import IsMatchMember
from .throttles import ScopedThrottle

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": KEY_MAX_LENGTH},
    OpenApiParameter.HEADER,
    description="Send the same key again to retry: the first answer comes back "
    "and nothing changes twice. At most 100 characters.",
)


class Pages(LimitOffsetPagination):
    default_limit = 50
    max_limit = 500

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            least = 1 if parameter["name"] == self.limit_query_param else 0
            parameter["schema"]["minimum"] = least
        return parameters

    def get_limit(self, request):
        return min(self._whole(request, self.limit_query_param, 1), self.max_limit)

    def get_offset(self, request):
        return self._whole(request, self.offset_query_param, 0)

    def _whole(self, request, name, least):
        # DRF quietly falls back to the default for a bad value; refuse it instead,
        # so a client's typo is not mistaken for the first page.
        raw = request.query_params.get(name)
        if raw is None:
            return self.default_limit if name == self.limit_query_param else 0
        number = parse_number(raw, least, ID_MAX)
        if number is None:
            raise ValidationError({name: [f"A whole number, {least} or more."]})
        return number


class JsonBody(BaseParser):
    """DRF's JSON parser through the guard the socket uses (games/json_limits.py):
    a body too large or nested too deep is a 400 in the API's error shape.

    Not a ``JSONParser``: DRF reads such a parser's whole body first, and a body
    over Django's own limit then escapes the API as an HTML page.
    """

    media_type = "application/json"
    renderer_class = JSONRenderer

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.API_MAX_BODY_BYTES
        try:
            return json_limits.loads(json_limits.read(stream, limit), max_bytes=limit)
        except json_limits.TooLarge as exc:
            raise BodyTooLarge(str(exc)) from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None


class ApiView(GenericAPIView):
    # Token first, so a request without credentials gets 401 with WWW-Authenticate.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    parser_classes = [JsonBody]
    renderer_classes = [JSONRenderer]
    throttle_classes = [ScopedThrottle]

    def key(self):
        # The action's check, so a malformed key (too long, a control
        # character) is refused as it is over a form or a socket.
        # An empty header is a malformed key, not a missing one.
        return clean_key(self.request.headers.get("Idempotency-Key"))

    def body(self):
        serializer = self.get_serializer(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def answer(self, result, code=status.HTTP_200_OK):
        return self.marked(Response(match_data(result.match), status=code), result)

    def marked(self, response, result):
        """``response``, marked as a replay when ``result`` (what an action
        answered) answers an earlier request with the same key."""
        if result.replayed:
            response["Idempotent-Replayed"] = "true"
        return response


class MatchView(ApiView):
    """A view under ``/api/matches/<match_id>/``: members only."""

    permission_classes = [IsMatchMember]

    def match(self):
        if not hasattr(self, "_match"):
            match_id = self.kwargs["match_id"]
            found = None
            if 0 < match_id <= s.MAX_ID:
                found = Match.objects.filter(pk=match_id).first()
            if found is None:
                raise errors.MatchNotFound()
            self._match = found
        return self._match

    def current_version(self):
        """The version an error answer carries: for members only, as it is news
        about the match."""
        match_id = self.kwargs.get("match_id", 0)
        user = self.request.user
        if not (0 < match_id <= s.MAX_ID and user.is_authenticated):
            return None
        matches = Match.objects.filter(pk=match_id, memberships__user=user)
        return matches.values_list("version", flat=True).first()


def change(request_serializer, *, statuses=(400, 401, 403, 404, 409, 429), **kwargs):
    """The schema of a POST that changes a match and answers with its sheet."""
    return extend_schema(
        request=request_serializer,
        responses={200: s.MatchSerializer, **responses(*statuses)},
        parameters=[IDEMPOTENCY_KEY],
        **kwargs,
    )
