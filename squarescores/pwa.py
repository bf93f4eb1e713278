"""Installable and offline-safe: the web app manifest, the service worker, and the
page it shows offline.

The worker is served from the site's root (a worker only controls pages under its
own path) and rendered from a template, so it names the static files by the URLs
they are served at: hashed ones under STATIC_MANIFEST. Any change to that list or
to the worker gives a new worker with a cache of its own.
"""

import hashlib
import json

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME = "#0b5cad"
# What a phone keeps for offline use: the look of every page, the two scripts
# every page runs, the home page and the offline notice itself. Never a match
# page: the sheet always comes from the server.
SHELL_FILES = [
    "css/app.css",
    "css/history.css",
    "js/local-time.js",
    "js/pwa.js",
    "favicon.svg",
    "icons/icon.svg",
    "icons/icon-192.png",
]


def shell():
    return [static(name) for name in SHELL_FILES] + [
        reverse("home"),
        reverse("offline"),
    ]


@require_GET
@cache_control(max_age=3600)
def manifest(request):
    icons = [
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "name": "SquareScores",
        "short_name": "SquareScores",
        "description": "A live scoresheet for your card table.",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
def service_worker(request):
    files = shell()
    sources = [
        get_template(name).template.source for name in ("pwa/sw.js", "pwa/offline.html")
    ]
    version = hashlib.sha256(json.dumps([files, sources]).encode()).hexdigest()[:12]
    context = {
        "version": version,
        "shell": json.dumps(files),
        "offline_url": reverse("offline"),
        "static_url": settings.STATIC_URL,
        "catalog_prefix": reverse("javascript_catalog", args=["en"]).rsplit("/", 1)[0]
        + "/",
    }
    response = render(request, "pwa/sw.js", context, content_type="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request):
    return render(request, "pwa/offline.html")
