"""After-commit news of a change, for the live layer.

The database is the truth; a broadcast only tells the match's group that a new
version exists and what changed in it. Channel layers deliver at most once, so each
message carries the version and clients resync on a gap.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from . import live

logger = logging.getLogger(__name__)


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
            "text": live.change_text(
                match_id, version, kind, change, match=match, seats=seats
            ),
        }
        async_to_sync(layer.group_send)(group_name(match_id), message)
    except Exception:
        # The change is committed; phones catch up from the next push or a resync.
        logger.exception("Broadcast of match %s version %s failed", match_id, version)
