"""What an operator's Prometheus reads at /metrics (squarescores/health.py).

Each figure is counted in the one place its event happens: records, refusals and
the record latency in the write path (``games.actions.base.run_change``), pushes
in ``games.broadcast``, sockets and snapshots in ``games.consumers``, request
latency in ``RequestLatencyMiddleware``. prometheus-client keeps them in this
process, or, with ``PROMETHEUS_MULTIPROC_DIR`` set, in files that every worker of
one host shares (docs/deploy.md, "Health and metrics").
"""

import os
import time

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

# Buckets in seconds: a record is a few milliseconds; a slow one waits for a lock.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

RECORDS = Counter(
    "squarescores_records", "Changes committed by the write path, by kind.", ["kind"]
)
REFUSALS = Counter(
    "squarescores_refusals", "Changes the write path refused, by code.", ["code"]
)
RECORD_SECONDS = Histogram(
    "squarescores_record_seconds",
    "Time of one change's transaction, from the lock to the commit.",
    buckets=FAST,
)
PUSHES = Counter("squarescores_pushes", "Change messages sent to a match's group.")
PUSH_FAILURES = Counter(
    "squarescores_push_failures",
    "Changes whose push failed (a fragment that did not render, a layer that "
    "refused); their phones were told to resync.",
)


def push_failures():
    """This process's failed pushes, through the registry's public API."""
    return REGISTRY.get_sample_value("squarescores_push_failures_total") or 0


SOCKETS = Gauge(
    "squarescores_sockets_open",
    "Live sockets held now, by kind (a phone's match socket or a TV link's).",
    ["kind"],
    multiprocess_mode="livesum",
)
SNAPSHOTS = Counter(
    "squarescores_snapshots",
    "Snapshots sent: on a socket's connect, or asked for (a gap, a resync).",
    ["reason"],
)
REQUEST_SECONDS = Histogram(
    "squarescores_request_seconds",
    "Time Django took to answer an HTTP request, by method and status class.",
    ["method", "status"],
    buckets=FAST,
)

# The labelled children the record path touches, resolved once: ``labels()``
# takes a lock and a dict lookup on every call.
_record_kinds = {}


def recorded(kind, seconds):
    counter = _record_kinds.get(kind)
    if counter is None:
        counter = _record_kinds.setdefault(kind, RECORDS.labels(kind))
    counter.inc()
    RECORD_SECONDS.observe(seconds)


def refused(code):
    REFUSALS.labels(code).inc()


def exposition():
    """(body, content type) of every metric: this process's, or with
    ``PROMETHEUS_MULTIPROC_DIR`` every worker's that wrote there."""
    registry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    return generate_latest(registry), CONTENT_TYPE_LATEST


class RequestLatencyMiddleware:
    """Times every HTTP request Django answers, sync or async without a hop."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        started = time.perf_counter()
        response = self.get_response(request)
        observe(request, response, started)
        return response

    async def __acall__(self, request):
        started = time.perf_counter()
        response = await self.get_response(request)
        observe(request, response, started)
        return response


# A client may send any method name: the label keeps to a few.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def observe(request, response, started):
    method = request.method if request.method in METHODS else "other"
    status = f"{response.status_code // 100}xx"
    REQUEST_SECONDS.labels(method, status).observe(time.perf_counter() - started)
