"""The static files a deployment serves (``STATIC_MANIFEST=1``): hashed, gzipped
and Brotli-compressed by WhiteNoise, and before that minified.

A phone on a slow network pays for every byte of the first visit (bench/page.py's
``page_kb``): stripping the comments and white space of the scripts (rjsmin) and
stylesheets (rcssmin) takes a third off what they weigh compressed. The sources
stay as they are in static/, readable; only ``collectstatic``'s copies are
minified, so ``make run`` serves the same files a developer edits.
"""

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def minified(name, content):
    """``content`` (a file collectstatic copies as ``name``) minified, or None
    for a file that is not a script or a stylesheet or is minified already."""
    suffix = name[name.rfind(".") :]
    minify = MINIFIERS.get(suffix)
    if minify is None or name.endswith(".min" + suffix):
        return None
    content.seek(0)
    return ContentFile(minify(content.read().decode("utf-8")).encode("utf-8"))


class MinifiedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name, content):
        # Every file is written here (Django's documented hook for a storage):
        # collectstatic's copy, and post_process's hashed one, which it makes
        # from the source; WhiteNoise then compresses what was written.
        return super()._save(name, minified(name, content) or content)
