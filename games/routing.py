from django.urls import path

from .consumers import MatchConsumer, TvConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/tv/<str:secret>/", TvConsumer.as_asgi()),
]
