"""The clubs' REST API under /api/clubs/: each view reads, or calls one action
of ``clubs.actions``, and answers; refusals take the API's one error shape.
Every change takes an ``Idempotency-Key`` as a match's does (``clubs.keys``)."""

import datetime

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.api.base import IDEMPOTENCY_KEY, ApiView
from games.api.errors import responses
from games.api.serializers import NoBody
from games.rules import registry

from . import actions, boards, keys, pages
from . import serializers as s
from .limits import invite_for
from .models import ClubMember, SeatResult


def is_date(text):
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def club_data(club, member):
    return {"id": club.pk, "name": club.name, "admin": member.is_admin}


def changed_club_data(user, club):
    """A club as a change answers it; a retry of the change may come from
    someone who has left it since."""
    member = actions.membership(user, club.pk)
    return {"id": club.pk, "name": club.name, "admin": bool(member and member.is_admin)}


def member_data(member):
    return {
        "id": member.pk,
        "name": member.name,
        "role": member.role,
        "status": member.status,
    }


class ClubView(ApiView):
    permission_classes = [IsAuthenticated]
    # What an OPTIONS request describes; a view that takes a body names its own.
    serializer_class = NoBody

    def body_of(self, serializer_class):
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def once(self, kind, action, *args):
        """``action(user, *args)`` made once per ``Idempotency-Key``."""
        return keys.once(self.request.user, self.key(), kind, action, *args)

    def reply(self, done, data, code=status.HTTP_200_OK):
        return self.marked(Response(data, status=code), done)


def change(request_serializer, code, response, *statuses, **kwargs):
    """The schema of a POST that changes a club: it takes an idempotency key,
    and a key sent again with another request is refused (409)."""
    return extend_schema(
        request=request_serializer,
        responses={code: response, **responses(400, 401, *statuses, 409)},
        parameters=[IDEMPOTENCY_KEY],
        **kwargs,
    )


class ClubList(ClubView):
    serializer_class = s.ClubRequest

    @extend_schema(
        responses={200: s.ClubSerializer(many=True), **responses(401)},
        description="The caller's clubs.",
    )
    def get(self, request):
        members = ClubMember.objects.active().filter(user=request.user)
        return Response([club_data(m.club, m) for m in members.select_related("club")])

    @change(
        s.ClubRequest,
        201,
        s.ClubSerializer,
        description="Make a club; the caller becomes its admin.",
    )
    def post(self, request):
        name = self.body_of(s.ClubRequest)["name"]
        done = self.once("club_created", actions.create_club, name)
        data = changed_club_data(request.user, done.value)
        return self.reply(done, data, status.HTTP_201_CREATED)


class ClubDetail(ClubView):
    @extend_schema(responses={200: s.ClubSerializer, **responses(401, 404)})
    def get(self, request, club_id):
        member = actions.check_member(request.user, club_id)
        return Response(club_data(member.club, member))


class ClubRename(ClubView):
    serializer_class = s.ClubRequest

    @change(
        s.ClubRequest,
        200,
        s.ClubSerializer,
        403,
        404,
        description="An admin renames the club.",
    )
    def post(self, request, club_id):
        name = self.body_of(s.ClubRequest)["name"]
        done = self.once("club_renamed", actions.rename_club, club_id, name)
        return self.reply(done, changed_club_data(request.user, done.value))


class MemberList(ClubView):
    @extend_schema(
        responses={200: s.ClubMemberSerializer(many=True), **responses(401, 404)}
    )
    def get(self, request, club_id):
        actions.check_member(request.user, club_id)
        return Response([member_data(m) for m in pages.members(club_id)])


class MemberDetail(ClubView):
    @extend_schema(
        responses={200: s.MemberStorySerializer, **responses(401, 404)},
        description="A member's story: results per game, streaks, who they play with.",
    )
    def get(self, request, club_id, member_id):
        me = actions.check_member(request.user, club_id)
        member = me.club.members.filter(pk=member_id).first()
        if member is None:
            raise actions.MemberNotFound()
        games = []
        for row in boards.by_game(member.pk):
            best, current = boards.streaks(member.pk, row["game"])
            games.append(
                {
                    "game": row["game"],
                    "played": row["played"],
                    "won": row["won"],
                    "place": round(row["average"], 2),
                    "best": row["best"],
                    "best_streak": best,
                    "streak": current,
                }
            )
        companions = [
            {
                "member": c["member"],
                "name": c["member__name"],
                "together": c["together"],
            }
            for c in boards.companions(member.pk)
        ]
        return Response(
            {**member_data(member), "games": games, "companions": companions}
        )


class MemberRemove(ClubView):
    @change(
        None,
        200,
        s.ClubMemberSerializer,
        403,
        404,
        description="An admin removes a member; their results stay. An admin "
        "leaves rather than removes themselves (400).",
    )
    def post(self, request, club_id, member_id):
        done = self.once("member_removed", actions.remove_member, club_id, member_id)
        return self.reply(done, member_data(done.value))


class Leave(ClubView):
    @change(
        None,
        200,
        s.ClubMemberSerializer,
        404,
        description="The caller leaves the club; their results stay under their name.",
    )
    def post(self, request, club_id):
        done = self.once("member_left", actions.leave_club, club_id)
        return self.reply(done, member_data(done.value))


def invite_data(request, invite):
    url = request.build_absolute_uri(reverse("club_join", args=[invite.token]))
    return {"id": invite.pk, "token": invite.token, "url": url}


class Invites(ClubView):
    @extend_schema(
        responses={200: s.InviteSerializer(many=True), **responses(401, 403, 404)}
    )
    def get(self, request, club_id):
        actions.check_admin(request.user, club_id)
        return Response([invite_data(request, i) for i in pages.live_invites(club_id)])

    @change(
        None,
        201,
        s.InviteSerializer,
        403,
        404,
        description="An admin makes an invite link.",
    )
    def post(self, request, club_id):
        done = self.once("invite_made", actions.make_invite, club_id)
        data = invite_data(request, done.value)
        return self.reply(done, data, status.HTTP_201_CREATED)


class InviteRevoke(ClubView):
    @change(
        None,
        204,
        None,
        403,
        404,
        description="An admin revokes an invite link: it stops working.",
    )
    def post(self, request, club_id, invite_id):
        done = self.once("invite_revoked", actions.revoke_invite, club_id, invite_id)
        return self.reply(done, None, status.HTTP_204_NO_CONTENT)


class Join(ClubView):
    serializer_class = s.JoinClubRequest

    @change(
        s.JoinClubRequest,
        200,
        s.ClubSerializer,
        404,
        429,
        description="Join with an invite link's token. Wrong tokens are counted "
        "like wrong join codes.",
    )
    def post(self, request):
        token = self.body_of(s.JoinClubRequest)["token"]
        done = self.once("member_joined", self.join, token)
        return self.reply(done, club_data(done.value.club, done.value))

    def join(self, user, token):
        invite_for(self.request, token)
        return actions.join_club(user, token)


SEASON_PARAMETERS = [
    OpenApiParameter("game", OpenApiTypes.STR, description="A game's key."),
    OpenApiParameter(
        "season", OpenApiTypes.STR, enum=[key for key, _l in boards.SEASONS]
    ),
    OpenApiParameter("start", OpenApiTypes.DATE, description="With season=range."),
    OpenApiParameter("end", OpenApiTypes.DATE, description="With season=range."),
]


class Leaderboard(ClubView):
    @extend_schema(
        parameters=SEASON_PARAMETERS,
        responses={200: s.LeaderboardSerializer, **responses(400, 401, 404)},
        description="Each member's line in a game this season, best first.",
    )
    def get(self, request, club_id):
        actions.check_member(request.user, club_id)
        params = request.query_params
        game = params.get("game") or None
        if game is not None and game not in registry:
            raise ValidationError({"game": ["No such game."]})
        for name in ("start", "end"):
            if name in params and not is_date(params[name]):
                raise ValidationError({name: ["A date: YYYY-MM-DD."]})
        try:
            season = boards.season_from(
                params.get("season"), params.get("start"), params.get("end")
            )
        except ValueError as exc:
            raise ValidationError({"season": [str(exc)]}) from None
        _games, game = pages.game_choice(club_id, game)
        lines = boards.leaderboard(club_id, game, season) if game else []
        columns = boards.figure_columns(game) if game else []
        return Response(
            {
                "game": game,
                "season": season.key,
                "start": season.start,
                "end": season.end,
                "figures": {key: str(label) for key, label, _k in columns},
                "lines": [
                    {
                        "member": line.member,
                        "name": line.name,
                        "played": line.played,
                        "won": line.won,
                        "win_rate": round(line.win_rate, 3),
                        "place": round(line.place, 2),
                        "figures": line.figures,
                        "rating": line.rating,
                    }
                    for line in lines
                ],
            }
        )


class LinkSeat(ClubView):
    serializer_class = s.LinkSeatRequest

    @change(
        s.LinkSeatRequest,
        204,
        None,
        403,
        404,
        description="The host of a club match links a seat to a member (or null "
        "to unlink); the match's results move with it.",
    )
    def post(self, request, club_id, match_id):
        actions.check_member(request.user, club_id)
        body = self.body_of(s.LinkSeatRequest)
        done = self.once(
            "seat_linked", self.link, club_id, match_id, body["seat"], body["member"]
        )
        return self.reply(done, None, status.HTTP_204_NO_CONTENT)

    def link(self, user, club_id, match_id, seat_id, member_id):
        _match, found = actions.check_link_seat(user, match_id)
        if found != club_id:
            raise actions.ClubNotFound()
        return actions.link_seat(user, match_id, seat_id, member_id)


class Export(ClubView):
    @extend_schema(
        responses={200: s.ClubResultSerializer(many=True), **responses(401, 404)},
        description="The club's finished matches: one line per seat.",
    )
    def get(self, request, club_id):
        actions.check_member(request.user, club_id)
        rows = SeatResult.objects.filter(club_id=club_id).order_by(
            "ended_at", "match_id", "place", "seat_id"
        )
        return Response(
            [
                {
                    "match": row.match_id,
                    "game": row.game,
                    "ended": row.ended_at,
                    "seat": row.name,
                    "member": row.member_id,
                    "place": row.place,
                    "won": row.won,
                    "figures": row.figures,
                }
                for row in rows.iterator()
            ]
        )
