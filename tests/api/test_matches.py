import pytest

from games import actions
from games.models import Match
from tests.api.conftest import url
from tests.conftest import SEATS

pytestmark = pytest.mark.django_db

START = {"game": "fortyone_exchange", "seats": SEATS}


def test_a_started_match_answers_201_with_its_sheet(as_alice, alice):
    response = as_alice.post(
        "/api/matches/", {**START, "options": {"instant_41": True}}, format="json"
    )

    assert response.status_code == 201
    match = response.json()
    assert match["host"] == alice.pk
    assert match["status"] == "live"
    assert match["version"] == 1
    assert match["open_round"] == 1
    assert [seat["name"] for seat in match["seats"]] == SEATS
    assert match["seats"][0]["claimed_by"] == alice.pk
    assert match["options"]["instant_41"] is True
    assert match["options"]["dry_stock"] == "shuffled"
    assert match["members"] == [{"id": alice.pk, "display_name": "Alice"}]
    assert [r["status"] for r in match["rounds"]] == ["open"]


def test_the_host_may_sit_out(as_alice):
    response = as_alice.post(
        "/api/matches/", {**START, "host_seat": None}, format="json"
    )

    assert response.status_code == 201
    assert all(seat["claimed_by"] is None for seat in response.json()["seats"])


@pytest.mark.parametrize(
    "body, code",
    [
        ({**START, "game": "chess"}, "unknown_game"),
        ({**START, "seats": ["Alice"]}, "seat_count"),
        ({**START, "seats": ["Alice", "alice"]}, "name_taken"),
        ({**START, "options": {"pot": 5}}, "unknown_option"),
        ({**START, "options": {"dry_stock": "burnt"}}, "bad_value"),
        ({**START, "host_seat": 9}, "seat_not_found"),
        ({"game": "fortyone_exchange"}, "bad_request"),
        ({**START, "seats": "Alice, Ben"}, "bad_request"),
        ({**START, "seats": [1, 2]}, "bad_request"),
    ],
)
def test_a_bad_start_is_refused_and_starts_nothing(as_alice, body, code):
    response = as_alice.post("/api/matches/", body, format="json")

    assert response.status_code in (400, 404)
    assert response.json()["code"] == code
    assert not Match.objects.exists()


def test_starting_needs_credentials(anonymous):
    response = anonymous.post("/api/matches/", START, format="json")

    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Token"
    assert response.json()["code"] == "not_authenticated"


def test_my_matches_are_listed_newest_first_and_only_mine(as_bob, alice, bob, match):
    later = actions.start_match(bob, "fortyone_exchange", ["Ben", "Cara"]).match
    actions.start_match(alice, "fortyone_exchange", ["Alice", "Dev"])

    response = as_bob.get("/api/matches/")

    assert response.status_code == 200
    assert response.json()["count"] == 2
    assert [m["id"] for m in response.json()["results"]] == [later.pk, match.pk]


def test_the_list_is_paginated(as_bob, bob):
    for _ in range(3):
        actions.start_match(bob, "fortyone_exchange", ["Ben", "Cara"])

    response = as_bob.get("/api/matches/?limit=2")

    assert len(response.json()["results"]) == 2
    assert response.json()["next"]


def test_a_member_reads_the_detail(as_bob, match, alice, bob):
    response = as_bob.get(url(match))

    assert response.status_code == 200
    detail = response.json()
    assert detail["version"] == match.version
    assert detail["code"] == match.code
    assert {m["id"] for m in detail["members"]} == {alice.pk, bob.pk}


def test_an_outsider_cannot_read_the_detail(as_charlie, match):
    response = as_charlie.get(url(match))

    assert response.status_code == 403
    assert response.json() == {"code": "not_member", "detail": "Join this match first."}


def test_anonymous_cannot_read_the_detail(anonymous, match):
    response = anonymous.get(url(match))

    assert response.status_code == 401
    assert "version" not in response.json()


def test_no_such_match_is_a_404(as_bob):
    response = as_bob.get("/api/matches/999999/")

    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"


def test_a_match_id_past_64_bits_is_a_404_not_an_overflow(as_bob):
    response = as_bob.get(f"/api/matches/{2**64}/")

    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"


def test_a_session_signed_in_browser_needs_the_csrf_token(alice):
    from rest_framework.test import APIClient

    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(alice)

    assert browser.get("/api/matches/").status_code == 200
    refused = browser.post("/api/matches/", START, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "forbidden"
    assert "CSRF" in refused.json()["detail"]
    assert not Match.objects.exists()


@pytest.mark.parametrize("query", ["limit=0", "limit=abc", "offset=-1", "offset=null"])
def test_a_bad_page_parameter_is_a_400_not_a_silent_first_page(as_bob, match, query):
    response = as_bob.get(f"/api/matches/?{query}")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert set(response.json()["fields"]) == {query.split("=")[0]}


@pytest.mark.parametrize(
    "path", ["/api/guests/", "/api/token/", "/api/join/", "/api/matches/"]
)
def test_options_describes_an_endpoint(as_bob, path):
    response = as_bob.options(path)

    assert response.status_code == 200
    assert response.json()["name"]


def test_an_undocumented_method_is_a_405_in_the_error_shape(as_bob, match):
    response = as_bob.delete(url(match))

    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
    assert "GET" in response.headers["Allow"]


def test_a_session_signed_in_browser_with_the_csrf_token_may_post(alice):
    from rest_framework.test import APIClient

    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(alice)
    browser.get("/start/")  # a page with a form sets the CSRF cookie
    token = browser.cookies["csrftoken"].value

    response = browser.post(
        "/api/matches/", START, format="json", HTTP_X_CSRFTOKEN=token
    )

    assert response.status_code == 201
    assert response.json()["host"] == alice.pk
