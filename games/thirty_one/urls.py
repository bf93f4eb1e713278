from django.urls import path

from . import views

urlpatterns = [
    path("hands/", views.hand_checker, name="hands"),
]
