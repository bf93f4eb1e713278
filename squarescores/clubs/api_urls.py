"""/api/clubs/…, included by the API's URLconf."""

from django.urls import path

from . import api

club = "<int:club_id>/"

urlpatterns = [
    path("", api.ClubList.as_view(), name="api_clubs"),
    path("join/", api.Join.as_view(), name="api_club_join"),
    path(club, api.ClubDetail.as_view(), name="api_club"),
    path(club + "rename/", api.ClubRename.as_view(), name="api_club_rename"),
    path(club + "leave/", api.Leave.as_view(), name="api_club_leave"),
    path(club + "members/", api.MemberList.as_view(), name="api_club_members"),
    path(
        club + "members/<int:member_id>/",
        api.MemberDetail.as_view(),
        name="api_club_member",
    ),
    path(
        club + "members/<int:member_id>/remove/",
        api.MemberRemove.as_view(),
        name="api_club_member_remove",
    ),
    path(club + "invites/", api.Invites.as_view(), name="api_club_invites"),
    path(
        club + "invites/<int:invite_id>/revoke/",
        api.InviteRevoke.as_view(),
        name="api_club_invite_revoke",
    ),
    path(club + "leaderboard/", api.Leaderboard.as_view(), name="api_club_leaderboard"),
    path(
        club + "matches/<int:match_id>/seats/",
        api.LinkSeat.as_view(),
        name="api_club_link_seat",
    ),
    path(club + "export/", api.Export.as_view(), name="api_club_export"),
]
