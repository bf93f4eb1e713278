"""The last pushes of each match, kept a minute for a phone back from a blink of
its Wi-Fi.

A page that reconnects says which version it holds (``?version=``). When that
is the match's version, a ``current`` frame answers (games/consumers.py); when
it is a few versions behind, the pushes it missed are sent again, exactly as
every phone of its language got them, followed by ``current``: the page applies
them in version order as if it had never been away. Replaying them costs a
cache read, where a snapshot costs the match's reads and a render of the whole
sheet; when a whole hall reconnects at once (bench/storm.py) that is the
difference between seconds and many seconds. A gap in what is kept (a push
another worker made with no shared cache, an expired one, more than
``MAX_BEHIND``) falls back to the snapshot.

Kept in Django's cache: in the worker's memory by default, in Redis when
``REDIS_URL`` is set, so every worker finds what any worker pushed.
"""

from django.core.cache import cache

KEEP_SECONDS = 60
# Further behind than this, a snapshot is no dearer than the pushes it replaces.
MAX_BEHIND = 8


def _key(match_id, language, version):
    return f"push:{match_id}:{language}:{version}"


def keep(match_id, version, texts):
    """Keep each language's frame of change ``version`` (language -> text)."""
    cache.set_many(
        {_key(match_id, language, version): text for language, text in texts.items()},
        KEEP_SECONDS,
    )


def missed(match_id, language, held, current):
    """The frames of versions after ``held`` up to ``current``, in order, or None
    when any of them is not kept (or there are too many to be worth it)."""
    if not 0 < current - held <= MAX_BEHIND:
        return None
    keys = [_key(match_id, language, v) for v in range(held + 1, current + 1)]
    found = cache.get_many(keys)
    if len(found) < len(keys):
        return None
    return [found[key] for key in keys]
