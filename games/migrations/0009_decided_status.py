"""A match's result is one fact: its content in the standings, the module's
decision in the status.

Until now a decided match kept its result twice, in ``Match.result`` and in
``Match.standings["result"]``. Here a match with a result becomes ``decided``,
its standings holding that result, and the column goes. Going back, a decided
match is ``ended`` again with its standings' result in the column.
"""

from django.db import migrations, models
from django.db.models import Q


def standings_folded(match, apps):
    """The standings of ``match`` folded from its closed rounds by its module, as
    the write path would rebuild them: for a match written straight to the tables
    (an import, a restore) that never had a stored copy. The rule module's code is
    plain Python; only this migration's models are read."""
    from games.errors import UnknownGame
    from games.rules import MAIN, OPEN, RoundView, SeatView, registry

    try:
        rules = registry.get(match.game)
    except UnknownGame:
        # A game no longer installed: its result is kept all the same.
        return {}
    Seat = apps.get_model("games", "Seat")
    Round = apps.get_model("games", "Round")
    Cell = apps.get_model("games", "Cell")
    seats = [
        SeatView(
            id=seat.pk,
            name=seat.name,
            position=seat.position,
            claimed_by=seat.claimed_by_id,
            first_round=seat.first_round,
        )
        for seat in Seat.objects.filter(match=match).order_by("position")
    ]
    values = {}
    cells = Cell.objects.filter(round__match=match).exclude(round__status=OPEN)
    for cell in cells:
        by_field = values.setdefault(cell.round_id, {})
        by_field.setdefault(cell.field, {})[cell.seat_id] = cell.value
    rounds = []
    for round in Round.objects.filter(match=match).exclude(status=OPEN):
        fields = values.get(round.pk, {})
        main = dict(fields.get(MAIN, {}))
        rounds.append(
            RoundView(
                number=round.number,
                status=round.status,
                winner=round.winner_id,
                cells=main,
                values={**fields, MAIN: main},
                dealer=round.dealer_id,
                voided=round.voided_at is not None,
            )
        )
    rounds.sort(key=lambda round: round.number)
    return rules.standings(seats, rounds, match.options).to_data()


def to_decided(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    # Only the module decides, and it ends the match as it does: a live match
    # with a result was never written by the actions.
    for match in Match.objects.filter(status="ended", result__isnull=False):
        standings = match.standings
        if standings is None:
            standings = standings_folded(match, apps)
        match.standings = {**standings, "result": match.result}
        match.status = "decided"
        match.save(update_fields=["status", "standings"])


def to_result_column(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.filter(status="decided"):
        match.result = (match.standings or {}).get("result")
        match.status = "ended"
        match.save(update_fields=["status", "result"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_round_void"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="match",
            name="match_status_known",
        ),
        migrations.AlterField(
            model_name="match",
            name="status",
            field=models.CharField(
                choices=[("live", "Live"), ("ended", "Ended"), ("decided", "Decided")],
                default="live",
                max_length=7,
            ),
        ),
        migrations.RunPython(to_decided, to_result_column, elidable=False),
        migrations.RemoveField(
            model_name="match",
            name="result",
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=Q(status__in=["live", "ended", "decided"]),
                name="match_status_known",
            ),
        ),
    ]
