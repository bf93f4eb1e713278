"""The REST API: each view reads its body, calls one action and answers.

Views decide nothing about a match. They translate a request into a call of a
function in ``games.actions`` (passing the ``Idempotency-Key`` header on as its
``key``) and the ``Result`` into an answer; a ``Refusal`` becomes the one error
shape in ``games.api.errors``.
"""

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
)
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.generics import GenericAPIView
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from games import actions, errors
from games.models import Event, Match
from games.rules import registry
from squarescores.accounts.models import User

from . import serializers as s
from .answers import game_data, match_data, summary_data
from .errors import responses
from .permissions import IsMatchHost, IsMatchMember
from .throttles import ScopedThrottle

KEY_MAX_LENGTH = 100
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
        if not raw.isdigit() or int(raw) < least:
            raise ValidationError({name: [f"A whole number, {least} or more."]})
        return int(raw)


class ApiView(GenericAPIView):
    # Token first, so a request without credentials gets 401 with WWW-Authenticate.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    parser_classes = [JSONParser]
    renderer_classes = [JSONRenderer]
    throttle_classes = [ScopedThrottle]

    def key(self):
        key = self.request.headers.get("Idempotency-Key")
        if key is not None and not 0 < len(key) <= KEY_MAX_LENGTH:
            raise ValidationError(
                {"Idempotency-Key": [f"At most {KEY_MAX_LENGTH} characters."]}
            )
        return key or None

    def body(self):
        serializer = self.get_serializer(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def answer(self, result, code=status.HTTP_200_OK):
        response = Response(match_data(result.match), status=code)
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


# Games and accounts ---------------------------------------------------------------


class GameList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.GameSerializer(many=True), **responses(401)})
    def get(self, request):
        return Response([game_data(rules) for rules in registry])


class GameDetail(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.GameSerializer, **responses(401, 404)})
    def get(self, request, key):
        return Response(game_data(registry.get(key)))


class GuestCreate(ApiView):
    serializer_class = s.GuestRequest
    permission_classes = [AllowAny]
    throttle_scope = "accounts"

    @extend_schema(
        request=s.GuestRequest,
        responses={201: s.GuestSerializer, **responses(400, 401, 429)},
        parameters=[IDEMPOTENCY_KEY],
        description="Make a guest account and its token. A guest is one phone's "
        "identity: a retry makes another guest (the key is not a secret, so it "
        "never hands out an earlier token).",
    )
    def post(self, request):
        body = self.body()
        self.key()
        user = User.create_guest(display_name=" ".join(body["display_name"].split()))
        token = Token.objects.create(user=user)
        data = {
            "id": user.pk,
            "username": user.username,
            "display_name": user.display_name,
            "token": token.key,
        }
        return Response(data, status=status.HTTP_201_CREATED)


class TokenCreate(ApiView):
    serializer_class = s.LoginRequest
    permission_classes = [AllowAny]
    throttle_scope = "accounts"

    @extend_schema(
        request=s.LoginRequest,
        responses={200: s.TokenSerializer, **responses(400, 401, 429)},
        description="The token of an account with a password.",
    )
    def post(self, request):
        body = self.body()
        user = authenticate(
            request, username=body["username"], password=body["password"]
        )
        if user is None:
            raise ValidationError({"password": ["Wrong username or password."]})
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


# Matches --------------------------------------------------------------------------


class MatchList(ApiView):
    permission_classes = [IsAuthenticated]
    pagination_class = Pages
    serializer_class = s.StartRequest

    @extend_schema(
        responses={200: s.MatchSummarySerializer(many=True), **responses(400, 401)},
        description="The caller's matches, newest first.",
    )
    def get(self, request):
        matches = Match.objects.filter(memberships__user=request.user)
        page = self.paginate_queryset(matches.order_by("-created_at", "-id"))
        return self.get_paginated_response([summary_data(m) for m in page])

    @extend_schema(
        request=s.StartRequest,
        responses={201: s.MatchSerializer, **responses(400, 401, 404)},
        parameters=[IDEMPOTENCY_KEY],
        description="Start a match; the caller becomes its host.",
    )
    def post(self, request):
        body = self.body()
        result = actions.start_match(
            request.user,
            body["game"],
            body["seats"],
            body["options"],
            host_seat=body["host_seat"],
            key=self.key(),
        )
        return self.answer(result, status.HTTP_201_CREATED)


class MatchDetail(MatchView):
    @extend_schema(responses={200: s.MatchSerializer, **responses(401, 403, 404)})
    def get(self, request, match_id):
        return Response(match_data(self.match()))


class Join(ApiView):
    serializer_class = s.JoinRequest
    permission_classes = [IsAuthenticated]
    throttle_scope = "join"

    @change(
        s.JoinRequest,
        description="Join by code: claim the unclaimed `seat`, or take a new seat "
        "called `name`.",
    )
    def post(self, request):
        body = self.body()
        self._code = body["code"]
        result = actions.join_match(
            request.user,
            body["code"],
            seat_id=body.get("seat"),
            name=body.get("name"),
            key=self.key(),
        )
        return self.answer(result)

    def current_version(self):
        code = str(getattr(self, "_code", "")).strip().upper()
        return Match.objects.filter(code=code).values_list("version", flat=True).first()


class Tap(MatchView):
    serializer_class = s.TapRequest
    throttle_scope = "taps"

    @change(s.TapRequest, description="Tap the winner of the open round.")
    def post(self, request, match_id):
        body = self.body()
        result = actions.tap_winner(
            request.user, match_id, body["round"], body["seat"], key=self.key()
        )
        return self.answer(result)


class Mark(MatchView):
    serializer_class = s.MarkRequest
    permission_classes = [IsMatchHost]

    @change(s.MarkRequest, description="The host marks or corrects one cell.")
    def post(self, request, match_id):
        body = self.body()
        result = actions.mark_cell(
            request.user,
            match_id,
            body["round"],
            body["seat"],
            body["value"],
            key=self.key(),
        )
        return self.answer(result)


class End(MatchView):
    serializer_class = s.NoBody

    @change(None, description="End the match; the open round is banked as a draw.")
    def post(self, request, match_id):
        result = actions.end_match(request.user, match_id, key=self.key())
        return self.answer(result)


class HandOver(MatchView):
    serializer_class = s.HostRequest
    permission_classes = [IsMatchHost]

    @change(s.HostRequest, description="The host hands the host role to a member.")
    def post(self, request, match_id):
        body = self.body()
        result = actions.hand_over_host(
            request.user, match_id, body["user"], key=self.key()
        )
        return self.answer(result)


class SeatAdd(MatchView):
    serializer_class = s.NameRequest
    permission_classes = [IsMatchHost]

    @extend_schema(
        request=s.NameRequest,
        responses={201: s.MatchSerializer, **responses(400, 401, 403, 404, 409)},
        parameters=[IDEMPOTENCY_KEY],
        description="The host adds a seat for a latecomer.",
    )
    def post(self, request, match_id):
        body = self.body()
        result = actions.add_seat(request.user, match_id, body["name"], key=self.key())
        return self.answer(result, status.HTTP_201_CREATED)


class SeatRename(MatchView):
    serializer_class = s.NameRequest
    permission_classes = [IsMatchHost]

    @change(s.NameRequest, description="The host renames a seat.")
    def post(self, request, match_id, seat_id):
        body = self.body()
        result = actions.rename_seat(
            request.user, match_id, _id(seat_id), body["name"], key=self.key()
        )
        return self.answer(result)


class SeatRelease(MatchView):
    serializer_class = s.NoBody
    permission_classes = [IsMatchHost]

    @change(None, description="The host frees a seat's claim; its player stays.")
    def post(self, request, match_id, seat_id):
        result = actions.release_claim(
            request.user, match_id, _id(seat_id), key=self.key()
        )
        return self.answer(result)


def _id(value):
    # An id past 64 bits names nothing; 0 keeps the query in range and finds nothing.
    return value if 0 < value <= s.MAX_ID else 0


# The log --------------------------------------------------------------------------


class EventList(MatchView):
    pagination_class = Pages
    serializer_class = s.EventSerializer

    @extend_schema(
        responses={
            200: s.EventSerializer(many=True),
            **responses(400, 401, 403, 404),
        },
        description="The match's event log, oldest first.",
    )
    def get(self, request, match_id):
        events = Event.objects.filter(match=self.match()).order_by("version")
        page = self.paginate_queryset(events)
        return self.get_paginated_response(s.EventSerializer(page, many=True).data)


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
@authentication_classes([])
@permission_classes([AllowAny])
def not_found(request, *args, **kwargs):
    raise NotFound("There is nothing at this address.")
