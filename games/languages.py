"""The languages a match's phones read, so that a push is rendered once per
language present rather than once per phone, or in one language for all.

A socket says which language its page is in when it connects (``?lang=``, which
the table's script takes from the page; else the language cookie or the
``Accept-Language`` header of the handshake). It notes that language under the
match in Django's cache *before* it joins the match's group for that language
and reads its snapshot: a push either finds the language noted and is rendered
in it, or was published before the snapshot was read, which then holds it.

The cache is shared by every worker when ``REDIS_URL`` is set, and each
language is a key of its own, so two phones noting theirs at once never lose
one another's. A noted language outlives its phone (the note is not taken back
on disconnect, as another phone may read the same language): it costs one
render per push until it expires. A cache that knows no language of the match
(nobody listens, or Redis came back empty) gets the change without its HTML,
which tells every phone to fetch a snapshot; fetching one notes the language
again.
"""

import logging
from urllib.parse import parse_qs

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

logger = logging.getLogger(__name__)

# Long: a phone asks for a snapshot whenever it comes back to the foreground,
# which notes its language again; an evening's socket never outlives this.
NOTE_SECONDS = 7 * 24 * 3600


def codes():
    return [code for code, _name in settings.LANGUAGES]


def supported(code):
    """``code`` as one of the site's languages (``de-AT`` reads as ``de``), or
    None."""
    if not code or not isinstance(code, str):
        return None
    try:
        return translation.get_supported_language_variant(code.strip())
    except LookupError:
        return None


def _header(scope, name):
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return ""


def of_socket(scope):
    """The language a socket's frames are written in: the page's (``?lang=``),
    else the phone's cookie, else its ``Accept-Language``, else the site's."""
    query = parse_qs((scope.get("query_string") or b"").decode("latin-1"))
    language = supported((query.get("lang") or [""])[-1])
    if language:
        return language
    cookie = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
    language = supported(cookie)
    if language:
        return language
    header = _header(scope, b"accept-language")
    for code, _quality in translation.trans_real.parse_accept_lang_header(header):
        language = supported(code)
        if language:
            return language
    return settings.LANGUAGE_CODE


def _key(match_id, language):
    return f"live.language.{match_id}.{language}"


def note(match_id, language):
    """Note that a phone of ``match_id`` reads ``language``."""
    try:
        cache.set(_key(match_id, language), 1, NOTE_SECONDS)
    except Exception:
        # A cache that is away: the next push goes out without HTML, and the
        # phone's snapshot notes the language again.
        logger.warning("Could not note language %s for match %s", language, match_id)


async def anote(match_id, language):
    try:
        await cache.aset(_key(match_id, language), 1, NOTE_SECONDS)
    except Exception:
        logger.warning("Could not note language %s for match %s", language, match_id)


def listening(match_id):
    """The languages noted for ``match_id``, in the site's order: empty when
    none is (or the cache cannot say)."""
    keys = {_key(match_id, code): code for code in codes()}
    try:
        found = cache.get_many(keys)
    except Exception:
        logger.warning("Could not read the languages of match %s", match_id)
        return []
    return [code for key, code in keys.items() if key in found]
