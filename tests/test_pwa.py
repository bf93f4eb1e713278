"""The manifest, the service worker and the offline page over HTTP; times with a
UTC fallback for phones without scripts."""

import json
import re

import pytest
from django.core.management import call_command
from django.test import Client

from tests.conftest import win

pytestmark = pytest.mark.django_db


def test_every_page_links_the_manifest_and_registers_the_worker():
    html = Client().get("/").content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'src="/static/js/pwa.js" data-sw="/sw.js"' in html


def test_the_manifest_is_served_as_a_manifest_with_its_icons():
    response = Client().get("/manifest.webmanifest")

    assert response.headers["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"any", "192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert Client().get(icon["src"]).status_code == 200


def test_the_worker_is_served_from_the_root_and_never_cached_stale():
    response = Client().get("/sw.js")

    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response.headers["Cache-Control"]
    script = response.content.decode()
    shell = json.loads(re.search(r"var SHELL = (\[.*\]);", script).group(1))
    assert "/offline/" in shell and "/static/css/app.css" in shell
    assert not any(url.startswith(("/matches", "/api")) for url in shell)


def test_the_worker_changes_when_its_files_do(settings):
    before = Client().get("/sw.js").content
    settings.STATIC_URL = "/assets/"

    assert Client().get("/sw.js").content != before


def test_the_offline_page_says_no_score_is_shown():
    response = Client().get("/offline/")

    assert response.status_code == 200
    assert "shows no score rather than an old one" in response.content.decode()


def test_history_times_carry_their_iso_moment_and_a_utc_fallback(match, alice, bob):
    ben = match.seats.get(name="Ben")
    win(bob, match.pk, 1, ben.pk)
    client = Client()
    client.force_login(alice)

    html = client.get(f"/matches/{match.pk}/history/").content.decode()
    listing = client.get("/matches/").content.decode()

    created = match.created_at.isoformat(timespec="seconds")
    assert f'<time datetime="{created}" data-local="datetime">' in html
    assert re.search(r'data-local="relative">\d+ \w+, \d\d:\d\d:\d\d UTC</time>', html)
    assert re.search(
        r'data-local="datetime">\d+ \w+ \d{4}, \d\d:\d\d UTC</time>', listing
    )


def test_under_hashed_static_names_the_worker_keeps_the_hashed_files(
    settings, tmp_path
):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
        },
    }
    call_command("collectstatic", interactive=False, verbosity=0)

    script = Client().get("/sw.js").content.decode()
    manifest = Client().get("/manifest.webmanifest").json()

    shell = json.loads(re.search(r"var SHELL = (\[.*\]);", script).group(1))
    assert any(re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", u) for u in shell)
    assert 'var STATIC = "/static/";' in script
    assert re.fullmatch(
        r"/static/icons/icon-192\.[0-9a-f]{12}\.png", manifest["icons"][1]["src"]
    )
