"""The bare tap: build the push once, ``group_send`` it, answer 204."""

import json

from channels.layers import get_channel_layer
from django.http import HttpResponse
from django.urls import path


def group_name(table):
    return f"table.{table}"


def push_text(number, size):
    """A change as the app would push it, padded to ``size`` bytes."""
    change = {
        "type": "change",
        "version": number + 1,
        "kind": "round_won",
        "rounds": [
            {"number": number, "status": "won"},
            {"number": number + 1, "status": "open"},
        ],
    }
    text = json.dumps(change)
    change["pad"] = "x" * max(0, size - len(text) - 10)
    return json.dumps(change)


async def tap(request, table):
    number = int(request.POST["round"])
    text = push_text(number, int(request.POST.get("size", 600)))
    await get_channel_layer().group_send(
        group_name(table), {"type": "bench.push", "text": text}
    )
    return HttpResponse(status=204)


async def health(request):
    return HttpResponse("ok")


urlpatterns = [
    path("tap/<int:table>/", tap),
    path("", health),
]
