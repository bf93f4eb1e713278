"""After-commit news of a change, for the live layer.

The database is the truth; a broadcast only tells the match's group that a new
version exists and what changed in it. Channel layers deliver at most once, so each
message carries the version and clients resync on a gap.
"""

import contextvars
import logging

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.utils import translation

from . import live

logger = logging.getLogger(__name__)

# Set while a consumer runs an action: publish() then leaves the sends to it.
_outbox = contextvars.ContextVar("broadcast_outbox", default=None)


def group_name(match_id):
    return f"match.{match_id}"


def announce(match, version, kind, change, seats=None):
    """Publish ``change`` once the surrounding transaction commits.

    ``match`` and ``seats`` are as the action left them, so the push is rendered
    without reading them again; without ``seats`` (a seat changed) it reads them.
    """
    transaction.on_commit(
        lambda: publish(match.pk, version, kind, change, match=match, seats=seats)
    )


def publish(match_id, version, kind, change, *, match=None, seats=None):
    """Send the change to the match's group, serialized once for every socket.

    ``text`` is the JSON frame the consumers forward unchanged (``games.live``
    renders it, HTML of the changed rows included); ``version`` and ``kind`` ride
    along so a listener can route without parsing it.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        message = {
            "type": "match.change",
            "version": version,
            "kind": kind,
            "text": frame_text(match_id, version, kind, change, match, seats),
        }
        outbox = _outbox.get()
        if outbox is not None:
            outbox.append((group_name(match_id), message))
            return
        async_to_sync(layer.group_send)(group_name(match_id), message)
    except Exception:
        # The change is committed; phones catch up from the next push or a resync.
        logger.exception("Broadcast of match %s version %s failed", match_id, version)


def frame_text(match_id, version, kind, change, match, seats):
    # One frame serves every phone of the match, whatever language each reads,
    # so it is rendered in the site's language, not in the language of the phone
    # that made the change. Frames per language are a later step of issue #15.
    with translation.override(settings.LANGUAGE_CODE):
        return live.change_text(
            match_id, version, kind, change, match=match, seats=seats
        )


async def run_then_send(action, *args, **kwargs):
    """Run ``action`` in the database thread, then send what it published.

    For callers already on the event loop (the consumers): the database thread,
    which every consumer shares, then does not wait for the busy event loop to
    run each send before it takes the next action. Phones apply changes in
    version order, whatever the order they arrive in.
    """
    outbox = []
    token = _outbox.set(outbox)
    try:
        return await database_sync_to_async(action)(*args, **kwargs)
    finally:
        _outbox.reset(token)
        layer = get_channel_layer()
        for group, message in outbox:
            try:
                await layer.group_send(group, message)
            except Exception:
                logger.exception(
                    "Broadcast to %s of version %s failed", group, message["version"]
                )
