"""What a deployment serves from ``collectstatic`` (``STATIC_MANIFEST=1``): the
scripts and stylesheets minified, then hashed and compressed. That the minified
scripts still run is the bench smoke test's part: its phone opens a match from
such a deployment and waits for its socket to go live (tests/bench)."""

import gzip
import json

from django.conf import settings as django_settings
from django.core.management import call_command
from django.test import Client

SOURCES = django_settings.BASE_DIR / "static"


def collected(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": "squarescores.storage.MinifiedManifestStaticFilesStorage"
        },
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    return json.loads((tmp_path / "staticfiles.json").read_text())["paths"]


def test_collectstatic_serves_scripts_and_stylesheets_minified(settings, tmp_path):
    paths = collected(settings, tmp_path)

    for name in ("js/table.js", "js/live-socket.js", "css/app.css"):
        source = (SOURCES / name).read_text()
        served = (tmp_path / paths[name]).read_text()
        assert len(served) < 0.8 * len(source), name
        # Comments go; the code's own strings stay.
        assert "/*" not in served, name
    table = (tmp_path / paths["js/table.js"]).read_text()
    assert "data-record-form" in table
    app = (tmp_path / paths["css/app.css"]).read_text()
    assert "prefers-color-scheme:dark" in app.replace(" ", "")


def test_the_compressed_copies_are_of_the_minified_files(settings, tmp_path):
    paths = collected(settings, tmp_path)

    hashed = tmp_path / paths["js/table.js"]
    unzipped = gzip.decompress(hashed.with_name(hashed.name + ".gz").read_bytes())
    assert unzipped == hashed.read_bytes()


def test_a_hashed_file_is_served_compressed_and_cached_for_good(settings, tmp_path):
    paths = collected(settings, tmp_path)
    settings.WHITENOISE_USE_FINDERS = False
    hashed = paths["js/table.js"]

    answer = Client().get(f"/static/{hashed}", HTTP_ACCEPT_ENCODING="gzip, br")
    body = b"".join(answer.streaming_content)

    assert answer.status_code == 200
    assert answer["Content-Encoding"] == "gzip"
    assert "immutable" in answer["Cache-Control"]
    assert gzip.decompress(body) == (tmp_path / hashed).read_bytes()
