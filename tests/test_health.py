"""/healthz, /readyz and /metrics: what a load balancer and Prometheus ask.

The failing /readyz runs a real server whose PostgreSQL or Redis is a closed
port of this machine: a real connection refused, not a mock.
"""

import json
import logging
import os
import subprocess
import sys
import time

import httpx
import pytest
from django.urls import reverse
from prometheus_client.parser import text_string_to_metric_families

from squarescores.logs import JsonFormatter
from tests.conftest import seat
from tests.server import ROOT, free_port

TOKEN = "scrape-me-not-a-secret"


def test_healthz_answers_while_the_process_does(client):
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_is_ready_when_the_database_answers(client):
    answer = client.get("/readyz")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"status": "ready", "checks": {"database": "ok"}}


def test_metrics_are_not_served_while_no_token_is_set(client, settings):
    settings.METRICS_TOKEN = ""
    answer = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert answer.status_code == 404


@pytest.mark.parametrize(
    "header", [None, "Bearer wrong-token", f"Basic {TOKEN}", f"Bearer {TOKEN}x"]
)
def test_metrics_refuse_a_request_without_the_right_token(client, settings, header):
    settings.METRICS_TOKEN = TOKEN
    extra = {"HTTP_AUTHORIZATION": header} if header else {}
    answer = client.get("/metrics", **extra)
    assert answer.status_code == 403
    assert b"squarescores_" not in answer.content


def scrape(client):
    answer = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(answer.content.decode()):
        for sample in family.samples:
            key = (sample.name, tuple(sorted(sample.labels.items())))
            samples[key] = sample.value
    return samples


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_count_a_record_and_a_refusal(
    client, settings, match, bob, django_capture_on_commit_callbacks
):
    settings.METRICS_TOKEN = TOKEN
    before = scrape(client)
    client.force_login(bob)
    record = reverse("match_record", args=[match.pk])
    ben = seat(match, "Ben")
    # The push goes out after the commit, as it does outside a test's transaction.
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(record, {"round": 1, "winner": ben.pk})
    assert answer.status_code in (302, 303)
    # Round 1 is closed now: the same record again is refused.
    refused = client.post(record, {"round": 1, "winner": ben.pk})
    assert refused.status_code in (302, 303, 409)
    client.logout()
    after = scrape(client)

    def moved(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("squarescores_records_total", kind="round_won") == 1
    assert moved("squarescores_refusals_total", code="round_closed") == 1
    assert moved("squarescores_record_seconds_count") == 1
    assert moved("squarescores_pushes_total") >= 1
    assert moved("squarescores_request_seconds_count", method="POST", status="3xx") >= 1


def closed_port():
    # A port bound and released: nothing listens there, so a connection to it is
    # refused at once, as to a stopped PostgreSQL or Redis.
    return free_port()


def ready_of(tmp_path, **env):
    """GET /readyz from a real uvicorn started with ``env``."""
    port = free_port()
    environment = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)},
        "VAR_DIR": str(tmp_path),
        "REDIS_URL": "",
        **env,
    }
    uvicorn = os.path.join(os.path.dirname(sys.executable), "uvicorn")
    process = subprocess.Popen(
        [
            uvicorn,
            "squarescores.asgi:application",
            *("--port", str(port), "--lifespan", "off", "--no-access-log"),
        ],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, "the server exited"
            try:
                assert httpx.get(url + "/healthz", timeout=2).status_code == 200
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        started = time.monotonic()
        answer = httpx.get(url + "/readyz", timeout=15)
        return answer, time.monotonic() - started
    finally:
        process.terminate()
        process.wait(timeout=15)


@pytest.mark.server
def test_readyz_fails_with_the_reason_when_postgresql_is_unreachable(tmp_path):
    database = f"postgres://root@127.0.0.1:{closed_port()}/squarescores"
    answer, took = ready_of(tmp_path, DATABASE_URL=database)
    assert answer.status_code == 503
    body = answer.json()
    assert body["status"] == "unready"
    assert body["checks"]["database"].startswith("OperationalError")
    assert "refused" in body["checks"]["database"].lower()
    assert "redis" not in body["checks"]
    assert took < 5


@pytest.mark.server
def test_readyz_fails_with_the_reason_when_redis_is_unreachable(tmp_path):
    answer, took = ready_of(
        tmp_path, REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0", READY_TIMEOUT="1"
    )
    assert answer.status_code == 503
    body = answer.json()
    assert body["checks"]["database"] == "ok"
    assert body["checks"]["redis"].startswith("ConnectionError")
    assert took < 5


@pytest.mark.django_db
def test_a_match_page_is_served_gzipped_to_a_phone_that_takes_it(client, match, bob):
    client.force_login(bob)
    plain = client.get(f"/matches/{match.pk}/")
    packed = client.get(f"/matches/{match.pk}/", headers={"accept-encoding": "gzip"})

    assert packed.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 3


def test_json_log_lines_are_one_object_each():
    record = logging.LogRecord(
        "games", logging.WARNING, __file__, 1, "a %s", ("b",), None
    )
    record.status_code = 409
    line = json.loads(JsonFormatter().format(record))

    assert line["level"] == "WARNING"
    assert line["message"] == "a b"
    assert line["status"] == 409
    assert line["time"].endswith("Z")
