"""Hostile bodies over real HTTP (issue #16): nested a thousand deep, or over the
size limit.

Each is a 400 in the API's error shape and changes nothing, on every JSON write
endpoint. ``asgi_server`` is the project's ASGI app under uvicorn in a thread, on
the test database, so the PostgreSQL pass runs these too.
"""

import json

import httpx
import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from games.json_limits import MAX_DEPTH
from games.models import Event, Match
from tests.conftest import seat
from tests.reliability.figures import record

pytestmark = pytest.mark.django_db(transaction=True)
FIGURE = "Nested and oversize API bodies, every JSON write endpoint (HTTP)"

# Each JSON write endpoint with a body it would take.
ENDPOINTS = {
    "start": ("/api/matches/", {"game": "fortyone_exchange", "seats": ["A", "B"]}),
    "join": ("/api/join/", {"code": "{code}", "name": "Eve"}),
    "tap": ("/api/matches/{m}/record/", {"round": 1, "payload": {"winner": "{ben}"}}),
    "mark": (
        "/api/matches/{m}/correct/",
        {"round": 1, "payload": {"winner": "{ben}"}},
    ),
    "end": ("/api/matches/{m}/end/", {}),
    "host": ("/api/matches/{m}/host/", {"user": "{bob}"}),
    "seats": ("/api/matches/{m}/seats/", {"name": "Eve"}),
    "rename": ("/api/matches/{m}/seats/{ben}/rename/", {"name": "Benny"}),
    "release": ("/api/matches/{m}/seats/{ben}/release/", {}),
    "tv": ("/api/matches/{m}/tv/", {}),
    "tv_revoke": ("/api/matches/{m}/tv/revoke/", {}),
}
DEPTHS = [MAX_DEPTH + 1, 1000, 20_000]


def nested(depth):
    return "[" * depth + "]" * depth


def bodies(good, depth):
    """The nesting alone, inside a field the endpoint takes, and inside one it
    does not."""
    yield nested(depth)
    for field in list(good)[:1]:
        yield json.dumps({**good, field: "@"}).replace('"@"', nested(depth))
    yield json.dumps({**good, "extra": "@"}).replace('"@"', nested(depth))


def filled(value, match, bob):
    names = {
        "{m}": match.pk,
        "{ben}": seat(match, "Ben").pk,
        "{bob}": bob.pk,
        "{code}": match.code,
    }
    if isinstance(value, str) and value in names:
        return names[value]
    if isinstance(value, str):
        for name, actual in names.items():
            value = value.replace(name, str(actual))
        return value
    if isinstance(value, dict):
        return {key: filled(item, match, bob) for key, item in value.items()}
    return value


def state():
    return (
        sorted(Match.objects.values_list("pk", "version", "status")),
        Event.objects.count(),
    )


@pytest.fixture
def host_api(asgi_server, alice):
    token = Token.objects.create(user=alice).key
    with httpx.Client(
        base_url=asgi_server,
        headers={"Authorization": f"Token {token}"},
        timeout=20,
    ) as client:
        yield client


def assert_refused(answer, code):
    assert answer.status_code == 400, answer.text[:300]
    assert answer.headers["Content-Type"] == "application/json"
    body = answer.json()
    assert body["code"] == code
    assert body["detail"]


@pytest.mark.parametrize("endpoint", list(ENDPOINTS))
def test_a_deeply_nested_body_is_a_400_in_the_error_shape(
    endpoint, host_api, match, bob
):
    path, good = ENDPOINTS[endpoint]
    path, good = filled(path, match, bob), filled(good, match, bob)
    before = state()

    sent = 0
    for depth in DEPTHS:
        for body in bodies(good, depth):
            answer = host_api.post(
                path, content=body, headers={"Content-Type": "application/json"}
            )

            assert_refused(answer, "bad_request")
            assert "nested" in answer.json()["detail"]
            sent += 1
    assert state() == before
    record(FIGURE, fuzz=sent, nested=sent, too_large=0, server_errors=0, lost=0)


def test_a_body_nested_to_the_limit_is_still_read(host_api, match):
    name = nested(MAX_DEPTH - 1)
    body = json.dumps({"name": "@"}).replace('"@"', name)

    answer = host_api.post(
        f"/api/matches/{match.pk}/seats/",
        content=body,
        headers={"Content-Type": "application/json"},
    )

    # Past the guard: the serializer refuses a list for a name, field by field.
    assert answer.status_code == 400
    assert "name" in answer.json()["fields"]


@pytest.mark.parametrize(
    "size", [settings.API_MAX_BODY_BYTES + 1, settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1]
)
def test_a_body_over_the_limit_is_a_400_in_the_error_shape(host_api, match, size):
    padding = "x" * (size - len('{"name": ""}'))
    body = json.dumps({"name": padding})
    assert len(body) == size
    before = state()

    answer = host_api.post(
        f"/api/matches/{match.pk}/seats/",
        content=body,
        headers={"Content-Type": "application/json"},
    )

    assert_refused(answer, "too_large")
    assert answer.json()["version"] == match.version
    assert state() == before
    record(FIGURE, fuzz=1, nested=0, too_large=1, server_errors=0, lost=0)
