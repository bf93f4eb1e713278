from django.contrib import admin
from django.urls import include, path

from games import rules_views, tv_views, views
from games.rules import registry
from squarescores import health, jsi18n, pwa

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", health.metrics_view, name="metrics"),
    path("", views.home, name="home"),
    path("start/", views.start, name="start"),
    path("j/<str:code>/", views.join, name="join"),
    path("j/<str:code>/qr.svg", views.join_qr, name="join_qr"),
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/record/", views.record, name="match_record"),
    path("matches/<int:match_id>/correct/", views.correct, name="match_correct"),
    path("matches/<int:match_id>/dealer/", views.set_dealer, name="match_dealer"),
    path("matches/<int:match_id>/undo/", views.undo, name="match_undo"),
    path("matches/<int:match_id>/void/", views.void, name="match_void"),
    path("matches/<int:match_id>/restore/", views.restore, name="match_restore"),
    path("matches/<int:match_id>/end/", views.end, name="match_end"),
    path("matches/<int:match_id>/seats/add/", views.add_seat, name="seat_add"),
    path("matches/<int:match_id>/seats/rename/", views.rename_seat, name="seat_rename"),
    path(
        "matches/<int:match_id>/seats/release/",
        views.release_claim,
        name="seat_release",
    ),
    path("matches/<int:match_id>/host/", views.hand_over_host, name="host_hand_over"),
    path("matches/<int:match_id>/tv/share/", tv_views.share, name="tv_share"),
    path("matches/<int:match_id>/tv/revoke/", tv_views.revoke, name="tv_revoke"),
    path("matches/<int:match_id>/tv/qr.svg", tv_views.tv_qr, name="tv_qr"),
    path("tv/<str:secret>/", tv_views.tv_page, name="tv"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("jsi18n/<str:language>.js", jsi18n.catalog, name="javascript_catalog"),
    path("admin/", admin.site.urls),
    path("", include("squarescores.accounts.urls")),
    path("", include("games.history.urls")),
    path("", include("squarescores.clubs.urls")),
    path("api/", include("games.api.urls")),
    path("games/<str:key>/rules/", rules_views.game_rules, name="game_rules"),
    path("matches/<int:match_id>/rules/", rules_views.match_rules, name="match_rules"),
]

# A rule module's own pages, under /games/<key>/ in the namespace <key>. The
# registry is filled by AppConfig.ready(), before this URLconf is imported.
urlpatterns += [
    path(f"games/{module.key}/", include((module.urls, module.key)))
    for module in registry
    if module.urls
]
