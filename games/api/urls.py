"""The REST API, mounted at /api/ by the project's URLconf."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import accounts, export, views

match = "matches/<int:match_id>/"
seat = match + "seats/<int:seat_id>/"

urlpatterns = [
    path("games/", accounts.GameList.as_view(), name="api_games"),
    path("games/<str:key>/", accounts.GameDetail.as_view(), name="api_game"),
    path("guests/", accounts.GuestCreate.as_view(), name="api_guests"),
    path("token/", accounts.TokenCreate.as_view(), name="api_token"),
    path("join/", views.Join.as_view(), name="api_join"),
    path("matches/", views.MatchList.as_view(), name="api_matches"),
    path(match, views.MatchDetail.as_view(), name="api_match"),
    path(match + "record/", views.Record.as_view(), name="api_record"),
    path(match + "correct/", views.Correct.as_view(), name="api_correct"),
    path(match + "dealer/", views.Dealer.as_view(), name="api_dealer"),
    path(match + "undo/", views.Undo.as_view(), name="api_undo"),
    path(match + "void/", views.Void.as_view(), name="api_void"),
    path(match + "restore/", views.Restore.as_view(), name="api_restore"),
    path(match + "end/", views.End.as_view(), name="api_end"),
    path(match + "host/", views.HandOver.as_view(), name="api_host"),
    path(match + "tv/", views.TvLink.as_view(), name="api_tv"),
    path(match + "tv/revoke/", views.TvRevoke.as_view(), name="api_tv_revoke"),
    path(match + "seats/", views.SeatAdd.as_view(), name="api_seats"),
    path(seat + "rename/", views.SeatRename.as_view(), name="api_seat_rename"),
    path(seat + "release/", views.SeatRelease.as_view(), name="api_seat_release"),
    path(match + "events/", views.EventList.as_view(), name="api_events"),
    path(match + "export/", export.ExportJson.as_view(), name="api_export"),
    path(match + "export/csv/", export.ExportCsv.as_view(), name="api_export_csv"),
    path("clubs/", include("squarescores.clubs.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api_schema"),
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api_schema", template_name="games/api/swagger_ui.html"
        ),
        name="api_docs",
    ),
    # Anything else under /api/ answers in the API's error shape, not as a page.
    re_path(r"^", views.not_found),
]
