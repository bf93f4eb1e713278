"""After-commit news of a change, for the live layer.

The database is the truth; a broadcast only tells the match's groups that a new
version exists and what changed in it. Channel layers deliver at most once, so each
message carries the version and clients resync on a gap.

A match has a group per language its phones read (``games.languages``): the
change is rendered once in each language noted for the match, and each group gets
its own text.
"""

import contextvars
import json
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

from . import languages, live
from .threads import database_call

logger = logging.getLogger(__name__)

# Set while a consumer runs an action: publish() then leaves the sends to it.
_outbox = contextvars.ContextVar("broadcast_outbox", default=None)


def group_name(match_id, language=None):
    """The group of the sockets of ``match_id`` that read ``language`` (the
    site's language by default)."""
    return f"match.{match_id}.{language or settings.LANGUAGE_CODE}"


def announce(match, version, kind, change, seats=None):
    """Publish ``change`` once the surrounding transaction commits.

    ``match`` and ``seats`` are as the action left them, so the push is rendered
    without reading them again; without ``seats`` (a seat changed) it reads them.
    """
    transaction.on_commit(
        lambda: publish(match.pk, version, kind, change, match=match, seats=seats)
    )


def publish(match_id, version, kind, change, *, match=None, seats=None):
    """Send the change to the match's groups, serialized once per language.

    Each ``text`` is the JSON frame the consumers of one language forward
    unchanged (``games.live`` renders it, HTML of the changed rows included);
    ``version`` and ``kind`` ride along so a listener can route without parsing.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        texts = frame_texts(match_id, version, kind, change, match, seats)
        outbox = _outbox.get()
        for language, text in texts.items():
            group = group_name(match_id, language)
            message = {
                "type": "match.change",
                "version": version,
                "kind": kind,
                "text": text,
            }
            if outbox is not None:
                outbox.append((group, message))
            else:
                async_to_sync(layer.group_send)(group, message)
    except Exception:
        # The change is committed; phones catch up from the next push or a resync.
        logger.exception("Broadcast of match %s version %s failed", match_id, version)


def frame_texts(match_id, version, kind, change, match, seats):
    """language -> the frame its phones get: rendered in each language noted
    for the match; when none is, every language gets the change without HTML,
    which makes its phones ask for a snapshot (and note their language)."""
    noted = languages.listening(match_id)
    if noted:
        return live.change_texts(
            match_id, version, kind, change, noted, match=match, seats=seats
        )
    bare = {"type": "change", "version": version, "kind": kind, **change}
    text = json.dumps(bare, separators=(",", ":"))
    return dict.fromkeys(languages.codes(), text)


async def run_then_send(action, *args, **kwargs):
    """Run ``action`` on a database thread (``games.threads``), then send what
    it published.

    For callers already on the event loop (the consumers): the database
    threads, which every consumer shares, then do not wait for the busy event
    loop to run each send before they take the next action. Phones apply
    changes in version order, whatever the order they arrive in.
    """
    outbox = []
    token = _outbox.set(outbox)
    try:
        return await database_call(action)(*args, **kwargs)
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
