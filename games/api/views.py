"""The REST API: each view reads its body, calls one action and answers.

Views decide nothing about a match. They translate a request into a call of a
function in ``games.actions`` (passing the ``Idempotency-Key`` header on as its
``key``) and the ``Result`` into an answer; a ``Refusal`` becomes the one error
shape in ``games.api.errors``.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
)
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from games import actions, errors, tv
from games.limits import CODE_GUESSES
from games.models import Event, Match
from squarescores.clubs import actions as clubs_actions

from . import serializers as s
from .answers import match_data, summary_data
from .base import IDEMPOTENCY_KEY, ApiView, MatchView, Pages, change
from .errors import responses
from .permissions import IsMatchHost

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
        result = clubs_actions.start_club_match(
            request.user,
            body["club"],
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
        CODE_GUESSES.check(request)
        # Only now: an error answer carries the version of the match the code names.
        self._code = body["code"]
        try:
            result = actions.join_match(
                request.user,
                body["code"],
                seat_id=body.get("seat"),
                name=body.get("name"),
                key=self.key(),
            )
        except errors.MatchNotFound:
            CODE_GUESSES.miss(request)
            raise
        return self.answer(result)

    def current_version(self):
        code = str(getattr(self, "_code", "")).strip().upper()
        return Match.objects.filter(code=code).values_list("version", flat=True).first()


class Record(MatchView):
    serializer_class = s.RecordRequest
    throttle_scope = "taps"

    @change(
        s.RecordRequest,
        description="Record the open round in the game's own shape (`payload`).",
    )
    def post(self, request, match_id):
        body = self.body()
        result = actions.record(
            request.user, match_id, body["round"], body["payload"], key=self.key()
        )
        return self.answer(result)


class Correct(MatchView):
    serializer_class = s.CorrectRequest
    permission_classes = [IsMatchHost]

    @change(
        s.CorrectRequest,
        description="The host corrects a closed round with the same payload as a "
        "record. In a match the game decided, a correction may make it live again.",
    )
    def post(self, request, match_id):
        body = self.body()
        result = actions.correct(
            request.user, match_id, body["round"], body["payload"], key=self.key()
        )
        return self.answer(result)


class Dealer(MatchView):
    serializer_class = s.SeatRequest
    permission_classes = [IsMatchHost]

    @change(s.SeatRequest, description="The host says who deals the open round.")
    def post(self, request, match_id):
        body = self.body()
        result = actions.set_dealer(
            request.user, match_id, body["seat"], key=self.key()
        )
        return self.answer(result)


class Undo(MatchView):
    serializer_class = s.RoundRequest
    throttle_scope = "taps"

    @change(
        s.RoundRequest,
        description="Undo the round just recorded: its recorder or the host, for "
        "`UNDO_SECONDS` after it closed and while nothing later is recorded. The "
        "round is open again (a round of several records loses the one that closed "
        "it), the next round goes, and a match it decided is live again. Refused "
        "with `not_recorder`, `undo_expired`, `later_record` or `nothing_to_undo`.",
    )
    def post(self, request, match_id):
        body = self.body()
        result = actions.undo_round(
            request.user, match_id, body["round"], key=self.key()
        )
        return self.answer(result)


class Void(MatchView):
    serializer_class = s.RoundRequest
    permission_classes = [IsMatchHost]

    @change(
        s.RoundRequest,
        description="The host voids a closed round: it stays on the sheet, marked, "
        "and counts for nothing (standings, summaries, export, the deal).",
    )
    def post(self, request, match_id):
        body = self.body()
        result = actions.void_round(
            request.user, match_id, body["round"], key=self.key()
        )
        return self.answer(result)


class Restore(MatchView):
    serializer_class = s.RoundRequest
    permission_classes = [IsMatchHost]

    @change(s.RoundRequest, description="The host makes a voided round count again.")
    def post(self, request, match_id):
        body = self.body()
        result = actions.restore_round(
            request.user, match_id, body["round"], key=self.key()
        )
        return self.answer(result)


class End(MatchView):
    serializer_class = s.NoBody

    @change(None, description="End the match; the open round is banked as a draw.")
    def post(self, request, match_id):
        self.body()
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
        self.body()
        result = actions.release_claim(
            request.user, match_id, _id(seat_id), key=self.key()
        )
        return self.answer(result)


class TvLink(MatchView):
    serializer_class = s.NoBody
    permission_classes = [IsMatchHost]

    @extend_schema(
        request=s.NoBody,
        responses={
            200: s.TvLinkSerializer,
            201: s.TvLinkSerializer,
            # 409: the key was used before for another change (key_reused).
            **responses(400, 401, 403, 404, 409),
        },
        parameters=[IDEMPOTENCY_KEY],
        description="The host's read-only TV link: the one there is (200), else a "
        "new one (201, a change). Asking again changes nothing.",
    )
    def post(self, request, match_id):
        self.body()
        shared = actions.share_tv(request.user, match_id, key=self.key())
        data = {
            "url": tv.tv_url(request, shared.secret),
            "socket": f"/ws/tv/{shared.secret}/",
            "made": shared.made,
            "version": shared.match.version,
        }
        code = status.HTTP_201_CREATED if shared.made else status.HTTP_200_OK
        return Response(data, status=code)


class TvRevoke(MatchView):
    serializer_class = s.NoBody
    permission_classes = [IsMatchHost]

    @change(
        None,
        description="The host stops the TV link: it answers 404 from now on and its "
        "open sockets close (4404). A new share makes a new link.",
    )
    def post(self, request, match_id):
        self.body()
        result = actions.revoke_tv(request.user, match_id, key=self.key())
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
