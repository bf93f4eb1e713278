"""For whoever runs the site: is the process up, can it serve, what is it doing.

``/healthz`` answers as long as the process does (a load balancer's liveness
check); ``/readyz`` asks the database and, with ``REDIS_URL``, Redis, each within
``READY_TIMEOUT`` seconds, and answers 503 with the reason when one does not;
``/metrics`` is Prometheus's, for a scraper that sends ``METRICS_TOKEN``.
"""

import asyncio
import hmac

import redis.asyncio as redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from . import metrics


@never_cache
def healthz(request):
    return JsonResponse({"status": "ok"})


def ask_database():
    # On a thread of its own (``thread_sensitive=False``): a database that hangs
    # must not hold the thread every other request's sync code runs on. Its
    # connection is closed (or handed back to the pool) before the thread is.
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    finally:
        connection.close()


async def ask_redis(url, timeout):
    client = redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        await client.ping()
    finally:
        await client.aclose()


def reason(error):
    """An exception as one line an operator reads: its kind and first line."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


async def check(name, call, timeout):
    try:
        await asyncio.wait_for(call, timeout)
    except TimeoutError:
        return name, f"no answer within {timeout:g} s"
    except Exception as error:
        return name, reason(error)
    return name, "ok"


@never_cache
async def readyz(request):
    timeout = settings.READY_TIMEOUT
    checks = [
        check(
            "database",
            sync_to_async(ask_database, thread_sensitive=False)(),
            timeout,
        )
    ]
    if settings.REDIS_URL:
        checks.append(check("redis", ask_redis(settings.REDIS_URL, timeout), timeout))
    answers = dict(await asyncio.gather(*checks))
    ready = all(answer == "ok" for answer in answers.values())
    return JsonResponse(
        {"status": "ready" if ready else "unready", "checks": answers},
        status=200 if ready else 503,
    )


@never_cache
def metrics_view(request):
    """Prometheus's text format, for a request bearing ``METRICS_TOKEN``: 404
    while the setting is unset (no metrics here), 403 for a wrong token."""
    token = settings.METRICS_TOKEN
    if not token:
        return HttpResponse(status=404)
    sent = request.headers.get("Authorization", "")
    scheme, _, offered = sent.partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(
        offered.strip().encode(), token.encode()
    ):
        return HttpResponse(status=403)
    body, content_type = metrics.exposition()
    return HttpResponse(body, content_type=content_type)
