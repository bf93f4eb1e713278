from django.urls import path

from . import views

club = "clubs/<int:club_id>/"

urlpatterns = [
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/join/<str:token>/", views.join, name="club_join"),
    path("clubs/join/<str:token>/qr.svg", views.invite_qr, name="club_invite_qr"),
    path(club, views.club_page, name="club"),
    path(club + "rename/", views.rename, name="club_rename"),
    path(club + "invites/", views.make_invite, name="club_invite"),
    path(
        club + "invites/<int:invite_id>/revoke/",
        views.revoke_invite,
        name="club_invite_revoke",
    ),
    path(club + "leave/", views.leave, name="club_leave"),
    path(club + "members/<int:member_id>/", views.member_page, name="club_member"),
    path(
        club + "members/<int:member_id>/remove/",
        views.remove,
        name="club_member_remove",
    ),
    path(
        club + "matches/<int:match_id>/seats/",
        views.link_seats,
        name="club_link_seats",
    ),
    path(club + "export.csv", views.export_csv, name="club_export"),
    path("account/move/", views.move_start, name="move_start"),
    path("account/move/<str:token>/", views.move_here, name="move_here"),
    path("account/move/<str:token>/qr.svg", views.move_qr, name="move_qr"),
]
