"""The scripts' words: Django's JavaScript catalog, one file per language.

The scripts live in static files (the CSP allows no inline script), so each page
loads its language's catalog as a script of its own, before them. The URL names
the language and carries a digest of the compiled catalogues, so a browser (and
the service worker, squarescores/pwa.py) may keep it for good: new translations
make a new URL.
"""

import functools
import hashlib

from django.conf import settings
from django.http import Http404
from django.urls import reverse
from django.utils import translation
from django.views.i18n import JavaScriptCatalog

DOMAIN = "djangojs"
# A year: the digest in the URL changes whenever a catalogue does.
FOREVER = 365 * 24 * 3600


@functools.cache
def digest():
    """A short hash of every compiled ``djangojs`` catalogue under LOCALE_PATHS."""
    sha = hashlib.sha256()
    for folder in settings.LOCALE_PATHS:
        for path in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
            sha.update(path.parent.parent.name.encode())
            sha.update(path.read_bytes())
    return sha.hexdigest()[:12]


def catalog_url(language=None):
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    url = reverse("javascript_catalog", args=[language])
    return f"{url}?v={digest()}"


class Catalog(JavaScriptCatalog):
    """The project's own script catalogue (LOCALE_PATHS), in the URL's language."""

    packages = ["games"]

    def get(self, request, language):
        if language not in dict(settings.LANGUAGES):
            raise Http404("No such language.")
        with translation.override(language):
            response = super().get(request)
        # The language of the URL, not the reader's (the locale middleware would
        # name the reader's).
        response["Content-Language"] = language
        if request.GET.get("v") == digest():
            response["Cache-Control"] = f"public, max-age={FOREVER}, immutable"
            response.same_for_everyone = True
        else:
            response["Cache-Control"] = "no-cache"
        return response


catalog = Catalog.as_view()
