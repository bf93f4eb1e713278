"""An idempotency key belongs to whoever sent it (issue #16).

The same key from two members of a match is two requests, so the key is unique
per match and actor, not per match. A start's key is unique per actor across
matches, so two starts racing with one key make one match; a race before this
migration may have left two, and the later ones lose their key (they stay as
matches, only no longer answer a retry).
"""

from django.conf import settings
from django.db import migrations, models


def forget_keys_of_doubled_starts(apps, schema_editor):
    Event = apps.get_model("games", "Event")
    seen = set()
    starts = Event.objects.filter(kind="match_started", idempotency_key__isnull=False)
    for event in starts.order_by("pk").only("pk", "actor_id", "idempotency_key"):
        if (event.actor_id, event.idempotency_key) in seen:
            Event.objects.filter(pk=event.pk).update(idempotency_key=None)
        seen.add((event.actor_id, event.idempotency_key))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="event",
            name="idempotency_key_once_per_match",
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key__isnull", False)),
                fields=("match", "actor", "idempotency_key"),
                name="idempotency_key_once_per_actor",
            ),
        ),
        migrations.RunPython(
            forget_keys_of_doubled_starts, migrations.RunPython.noop, elidable=True
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(
                condition=models.Q(
                    ("idempotency_key__isnull", False), ("kind", "match_started")
                ),
                fields=("actor", "idempotency_key"),
                name="start_key_once_per_actor",
            ),
        ),
    ]
