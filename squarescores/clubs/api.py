"""The clubs' REST API under /api/clubs/: each view reads, or calls one action
of ``clubs.actions``, and answers; refusals take the API's one error shape."""

import datetime

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.api.base import ApiView
from games.api.errors import responses
from games.api.serializers import NoBody
from games.rules import registry

from . import actions, boards, pages
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


class ClubList(ClubView):
    serializer_class = s.ClubRequest

    @extend_schema(
        responses={200: s.ClubSerializer(many=True), **responses(401)},
        description="The caller's clubs.",
    )
    def get(self, request):
        members = ClubMember.objects.active().filter(user=request.user)
        return Response([club_data(m.club, m) for m in members.select_related("club")])

    @extend_schema(
        request=s.ClubRequest,
        responses={201: s.ClubSerializer, **responses(400, 401)},
        description="Make a club; the caller becomes its admin.",
    )
    def post(self, request):
        club = actions.create_club(request.user, self.body_of(s.ClubRequest)["name"])
        member = actions.check_member(request.user, club.pk)
        return Response(club_data(club, member), status=status.HTTP_201_CREATED)


class ClubDetail(ClubView):
    @extend_schema(responses={200: s.ClubSerializer, **responses(401, 404)})
    def get(self, request, club_id):
        member = actions.check_member(request.user, club_id)
        return Response(club_data(member.club, member))


class ClubRename(ClubView):
    serializer_class = s.ClubRequest

    @extend_schema(
        request=s.ClubRequest,
        responses={200: s.ClubSerializer, **responses(400, 401, 403, 404)},
        description="An admin renames the club.",
    )
    def post(self, request, club_id):
        name = self.body_of(s.ClubRequest)["name"]
        club = actions.rename_club(request.user, club_id, name)
        return Response(club_data(club, actions.check_member(request.user, club_id)))


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
    @extend_schema(
        request=None,
        responses={200: s.ClubMemberSerializer, **responses(400, 401, 403, 404)},
        description="An admin removes a member; their results stay. An admin "
        "leaves rather than removes themselves (400).",
    )
    def post(self, request, club_id, member_id):
        member = actions.remove_member(request.user, club_id, member_id)
        return Response(member_data(member))


class Leave(ClubView):
    @extend_schema(
        request=None,
        responses={200: s.ClubMemberSerializer, **responses(401, 404)},
        description="The caller leaves the club; their results stay under their name.",
    )
    def post(self, request, club_id):
        return Response(member_data(actions.leave_club(request.user, club_id)))


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

    @extend_schema(
        request=None,
        responses={201: s.InviteSerializer, **responses(401, 403, 404)},
        description="An admin makes an invite link.",
    )
    def post(self, request, club_id):
        invite = actions.make_invite(request.user, club_id)
        return Response(invite_data(request, invite), status=status.HTTP_201_CREATED)


class InviteRevoke(ClubView):
    @extend_schema(
        request=None,
        responses={204: None, **responses(401, 403, 404)},
        description="An admin revokes an invite link: it stops working.",
    )
    def post(self, request, club_id, invite_id):
        actions.revoke_invite(request.user, club_id, invite_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class Join(ClubView):
    serializer_class = s.JoinClubRequest

    @extend_schema(
        request=s.JoinClubRequest,
        responses={200: s.ClubSerializer, **responses(400, 401, 404, 429)},
        description="Join with an invite link's token. Wrong tokens are counted "
        "like wrong join codes.",
    )
    def post(self, request):
        token = self.body_of(s.JoinClubRequest)["token"]
        invite_for(request, token)
        member = actions.join_club(request.user, token)
        return Response(club_data(member.club, member))


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

    @extend_schema(
        request=s.LinkSeatRequest,
        responses={204: None, **responses(400, 401, 403, 404, 409)},
        description="The host of a club match links a seat to a member (or null "
        "to unlink); the match's results move with it.",
    )
    def post(self, request, club_id, match_id):
        actions.check_member(request.user, club_id)
        body = self.body_of(s.LinkSeatRequest)
        _match, found = actions.check_link_seat(request.user, match_id)
        if found != club_id:
            raise actions.ClubNotFound()
        actions.link_seat(request.user, match_id, body["seat"], body["member"])
        return Response(status=status.HTTP_204_NO_CONTENT)


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
