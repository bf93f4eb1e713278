"""The players page's people, summed from the stored rows of finished matches
(``SeatResult``): one query however many matches there are."""

from django.db.models import Count, Sum
from django.db.models.functions import Lower

from games.history.summaries import GameRecord, Person
from games.rules import registry

from .models import SeatResult


def people(user, matches):
    """Everyone ``user`` played with in the finished ones of ``matches``, with
    their results by game. A claimed seat counts as its account, an unclaimed
    one by its name."""
    rows = (
        SeatResult.objects.filter(match__in=matches.order_by().values("pk"))
        .values(
            "user",
            "user__display_name",
            "user__username",
            "game",
            lowered=Lower("name"),
        )
        .annotate(matches=Count("id"), played=Sum("rounds"), won=Sum("rounds_won"))
        .order_by()
    )
    names = dict(
        SeatResult.objects.filter(
            match__in=matches.order_by().values("pk"), user__isnull=True
        )
        .annotate(lowered=Lower("name"))
        .values_list("lowered", "name")
        .distinct()
    )
    found = {}
    for row in rows:
        if row["game"] not in registry:
            continue
        if row["user"] is not None:
            key = ("user", row["user"])
            name = row["user__display_name"] or row["user__username"]
        else:
            key = ("name", row["lowered"].casefold())
            name = names.get(row["lowered"], row["lowered"])
        person = found.setdefault(key, Person(key, name, is_me=row["user"] == user.pk))
        game = person.games.setdefault(
            row["game"], GameRecord(row["game"], registry.get(row["game"]).name)
        )
        game.matches += row["matches"]
        game.played += row["played"] or 0
        game.won += row["won"] or 0
    return sorted(
        found.values(), key=lambda p: (not p.is_me, -p.matches, p.name.casefold())
    )
