from django.shortcuts import render

from .rules import registry


def home(request):
    return render(request, "games/home.html", {"games": list(registry)})
