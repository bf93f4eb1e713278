"""After-commit news of a change, for the live layer.

The database is the truth; a broadcast only tells the match's groups that a new
version exists and what changed in it. Channel layers deliver at most once, so each
message carries the version and clients resync on a gap.

A match has a group per language its phones read (``games.languages``): the
change is rendered once in each language noted for the match, and each group gets
its own text.

A push that fails (a fragment that does not render, a layer that refuses) is
logged once with its match and version and counted (``failed_pushes``, the
``squarescores_push_failures_total`` metric); the
match's groups then get a small ``resync`` frame with the version, which makes
every phone ask for a snapshot, so none waits for the next change to catch up.
"""

import contextvars
import json
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

from squarescores import metrics

from . import catchup, languages, live
from .threads import database_call

logger = logging.getLogger(__name__)

# Set while a consumer runs an action: publish() then leaves the sends to it.
_outbox = contextvars.ContextVar("broadcast_outbox", default=None)


def failed_pushes():
    """Pushes that failed since the process started (read by tests; operators
    read the metric)."""
    return metrics.push_failures()


def push_failed(match_id, version):
    """Log and count a failed push once, from inside its ``except`` block."""
    metrics.PUSH_FAILURES.inc()
    logger.exception(
        "Push of match %s version %s failed; its phones resync from a snapshot",
        match_id,
        version,
    )


def resyncs(match_id, version, kind):
    """(group, message) for every group of the match: the frame that makes a
    phone ask for a snapshot. No HTML to render, so it goes even when the
    change's fragments failed."""
    text = json.dumps(
        {"type": "resync", "version": version, "kind": kind}, separators=(",", ":")
    )
    message = change_message(match_id, version, kind, text)
    return [(group_name(match_id, language), message) for language in languages.codes()]


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
    outbox = _outbox.get()
    try:
        messages = [
            (group_name(match_id, language), change_message(match_id, version, kind, t))
            for language, t in frame_texts(
                match_id, version, kind, change, match, seats
            ).items()
        ]
    except Exception:
        # The change is committed: its phones resync instead of waiting.
        push_failed(match_id, version)
        messages = resyncs(match_id, version, kind)
        if outbox is not None:
            outbox.extend(messages)
            return
        send_quietly(layer, messages)
        return
    if outbox is not None:
        outbox.extend(messages)
        return
    try:
        for group, message in messages:
            metrics.PUSHES.inc()
            async_to_sync(layer.group_send)(group, message)
    except Exception:
        push_failed(match_id, version)
        send_quietly(layer, resyncs(match_id, version, kind))


def change_message(match_id, version, kind, text):
    return {
        "type": "match.change",
        "match": match_id,
        "version": version,
        "kind": kind,
        "text": text,
    }


def send_quietly(layer, messages):
    """Try the resync; a layer that is down loses it, and the phones resync
    on their reconnect instead."""
    for group, message in messages:
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:
            return


def frame_texts(match_id, version, kind, change, match, seats):
    """language -> the frame its phones get: rendered in each language noted
    for the match; when none is, every language gets the change without HTML,
    which makes its phones ask for a snapshot (and note their language)."""
    noted = languages.listening(match_id)
    if noted:
        texts = live.change_texts(
            match_id, version, kind, change, noted, match=match, seats=seats
        )
        # For a phone that reconnects having missed it (games/catchup.py).
        catchup.keep(match_id, version, texts)
        return texts
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
        await send_all(get_channel_layer(), outbox)


async def send_all(layer, outbox):
    """Send a change's messages; on the first that fails, log it once, then
    try a resync for every group of its match and stop."""
    for group, message in outbox:
        metrics.PUSHES.inc()
        try:
            await layer.group_send(group, message)
        except Exception:
            match_id, version = message["match"], message["version"]
            push_failed(match_id, version)
            for other, resync in resyncs(match_id, version, message["kind"]):
                try:
                    await layer.group_send(other, resync)
                except Exception:
                    return
            return
