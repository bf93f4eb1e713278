from django.urls import path

from . import views

urlpatterns = [
    path("matches/", views.match_list, name="match_list"),
    path("matches/export.json", views.all_json, name="matches_export"),
    path("matches/<int:match_id>/history/", views.match_history, name="match_history"),
    path("matches/<int:match_id>/export.json", views.match_json, name="match_json"),
    path("matches/<int:match_id>/export.csv", views.match_csv, name="match_csv"),
    path("matches/<int:match_id>/rematch/", views.rematch, name="match_rematch"),
    path("players/", views.players, name="players"),
]
