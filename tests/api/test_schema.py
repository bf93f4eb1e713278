import jsonschema
import pytest
import yaml
from django.core.management import call_command
from django.test import Client

from games.rules import registry

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    ("get", "/api/games/"),
    ("get", "/api/games/{key}/"),
    ("post", "/api/guests/"),
    ("post", "/api/token/"),
    ("post", "/api/join/"),
    ("get", "/api/matches/"),
    ("post", "/api/matches/"),
    ("get", "/api/matches/{match_id}/"),
    ("post", "/api/matches/{match_id}/end/"),
    ("post", "/api/matches/{match_id}/record/"),
    ("post", "/api/matches/{match_id}/correct/"),
    ("post", "/api/matches/{match_id}/dealer/"),
    ("post", "/api/matches/{match_id}/undo/"),
    ("post", "/api/matches/{match_id}/void/"),
    ("post", "/api/matches/{match_id}/restore/"),
    ("post", "/api/matches/{match_id}/host/"),
    ("post", "/api/matches/{match_id}/tv/"),
    ("post", "/api/matches/{match_id}/tv/revoke/"),
    ("post", "/api/matches/{match_id}/seats/"),
    ("post", "/api/matches/{match_id}/seats/{seat_id}/rename/"),
    ("post", "/api/matches/{match_id}/seats/{seat_id}/release/"),
    ("get", "/api/matches/{match_id}/events/"),
    ("get", "/api/matches/{match_id}/export/"),
    ("get", "/api/matches/{match_id}/export/csv/"),
    ("get", "/api/clubs/"),
    ("post", "/api/clubs/"),
    ("post", "/api/clubs/join/"),
    ("get", "/api/clubs/{club_id}/"),
    ("post", "/api/clubs/{club_id}/rename/"),
    ("post", "/api/clubs/{club_id}/leave/"),
    ("get", "/api/clubs/{club_id}/members/"),
    ("get", "/api/clubs/{club_id}/members/{member_id}/"),
    ("post", "/api/clubs/{club_id}/members/{member_id}/remove/"),
    ("get", "/api/clubs/{club_id}/invites/"),
    ("post", "/api/clubs/{club_id}/invites/"),
    ("post", "/api/clubs/{club_id}/invites/{invite_id}/revoke/"),
    ("get", "/api/clubs/{club_id}/leaderboard/"),
    ("post", "/api/clubs/{club_id}/matches/{match_id}/seats/"),
    ("get", "/api/clubs/{club_id}/export/"),
}


@pytest.fixture
def schema():
    response = Client().get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def test_the_schema_is_openapi_3_and_describes_every_endpoint(schema):
    assert schema["openapi"].startswith("3.")
    described = {
        (method, path)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in ("get", "post")
    }
    assert described == ENDPOINTS


def test_every_post_takes_an_idempotency_key_and_documents_its_errors(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            errors = {code for code in operation["responses"] if code >= "400"}
            assert errors, (method, path)
            for code in errors:
                content = operation["responses"][code]["content"]
                ref = content["application/json"]["schema"]["$ref"]
                assert ref == "#/components/schemas/Error", (method, path, code)
            if method == "post" and path != "/api/token/":
                headers = {
                    p["name"] for p in operation["parameters"] if p["in"] == "header"
                }
                assert "Idempotency-Key" in headers, path


def test_throttled_endpoints_document_the_429(schema):
    for path in ("/api/join/", "/api/guests/", "/api/matches/{match_id}/record/"):
        assert "429" in schema["paths"][path]["post"]["responses"]


def test_the_error_shape_is_code_detail_and_version(schema):
    error = schema["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"code", "detail"}
    assert {"code", "detail", "version", "fields"} <= set(error["properties"])


def test_the_docs_page_is_served_from_the_app_without_a_cdn():
    page = Client().get("/api/docs/")

    assert page.status_code == 200
    html = page.content.decode()
    assert (
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    )
    assert "http://" not in html and "https://" not in html
    script = Client().get("/api/docs/?script=")
    assert script.status_code == 200
    assert "/api/schema/" in script.content.decode()


def test_the_schema_names_retry_after_www_authenticate_and_the_replay_header(
    schema,
):
    tap = schema["paths"]["/api/matches/{match_id}/record/"]["post"]["responses"]

    assert tap["429"]["headers"]["Retry-After"]["required"] is True
    assert tap["401"]["headers"]["WWW-Authenticate"]["required"] is True
    assert "Idempotent-Replayed" in tap["200"]["headers"]


def test_the_schema_validates_as_openapi_with_every_modules_payload(tmp_path):
    # drf-spectacular checks the whole document against the OpenAPI 3.0 schema;
    # a module's JSON Schema type list ("integer or null") once broke it.
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "s"
    )

    payload = yaml.safe_load((tmp_path / "s").read_text())["components"]["schemas"][
        "RecordRequest"
    ]["properties"]["payload"]
    titles = {choice["title"] for choice in payload["oneOf"]}
    assert {
        "41 Exchange",
        "Schwimmen",
        "Thirty-One",
        "Points (any game)",
        "Wizard",
    } <= (titles)


# One payload of each shape per module: the API's oneOf holds only while each
# matches its own module's schema and no other's.
SAMPLE_PAYLOADS = {
    "points": [
        {"score": {"seat": 1, "value": -12}},
        {"scores": {"1": 5, "2": -5}},
    ],
    "wizard": [
        {"call": {"seat": 1, "value": 0}},
        {"taken": {"1": 3}},
        {"calls": {"1": 0}, "taken": {"1": 3}},
    ],
    "forty_one": [
        {"bid": {"seat": 1, "value": 4}},
        {"tricks": {"1": 13}},
        {"bids": {"1": 4}, "tricks": {"1": 13}},
    ],
}


@pytest.mark.parametrize(
    "game, payload",
    [(game, payload) for game, found in SAMPLE_PAYLOADS.items() for payload in found],
)
def test_a_modules_payload_fits_its_own_schema_and_no_other(game, payload):
    fits = {
        module.key
        for module in registry
        if jsonschema.Draft202012Validator(module.record_schema).is_valid(payload)
    }

    assert fits == {game}


def test_every_club_change_documents_the_key_reused_409_and_the_replay_header(
    schema,
):
    changes = [
        operations["post"]
        for path, operations in schema["paths"].items()
        if path.startswith("/api/clubs/") and "post" in operations
    ]

    assert len(changes) == 8
    for change in changes:
        assert "409" in change["responses"], change["operationId"]
        answers = [r for code, r in change["responses"].items() if code < "300"]
        assert all("Idempotent-Replayed" in answer["headers"] for answer in answers), (
            change["operationId"]
        )
