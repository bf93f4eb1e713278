import pytest
from rest_framework.authtoken.models import Token

from squarescores.accounts.models import User
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


def test_anyone_can_list_the_games_with_their_seat_range_and_options(anonymous):
    response = anonymous.get("/api/games/")

    assert response.status_code == 200
    [game] = [g for g in response.json() if g["key"] == "fortyone_exchange"]
    assert game["name"] == "41 Exchange"
    assert (game["min_seats"], game["max_seats"]) == (2, 10)
    options = {option["key"]: option for option in game["options"]}
    assert options["instant_41"]["kind"] == "switch"
    assert options["instant_41"]["default"] is False
    assert options["dry_stock"]["default"] == "shuffled"
    assert [c["value"] for c in options["dry_stock"]["choices"]] == [
        "shuffled",
        "unshuffled",
    ]


def test_one_game_is_found_by_its_key(anonymous):
    response = anonymous.get("/api/games/fortyone_exchange/")

    assert response.status_code == 200
    assert response.json()["key"] == "fortyone_exchange"


def test_an_unknown_game_is_a_404_in_the_error_shape(anonymous):
    response = anonymous.get("/api/games/chess/")

    assert response.status_code == 404
    assert response.json()["code"] == "unknown_game"
    assert response.json()["detail"]


def test_a_guest_made_through_the_api_gets_a_token_that_signs_it_in(anonymous):
    response = anonymous.post(
        "/api/guests/", {"display_name": "  Dev  "}, format="json"
    )

    assert response.status_code == 201
    guest = response.json()
    assert guest["display_name"] == "Dev"
    assert User.objects.get(pk=guest["id"]).is_guest
    signed_in = client_for()
    signed_in.credentials(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    assert signed_in.get("/api/matches/").status_code == 200


def test_a_guest_needs_no_name(anonymous):
    response = anonymous.post("/api/guests/", {}, format="json")

    assert response.status_code == 201
    assert response.json()["display_name"] == ""


def test_a_guest_name_must_be_a_string(anonymous):
    response = anonymous.post("/api/guests/", {"display_name": 7}, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert "display_name" in response.json()["fields"]
    assert not User.objects.exists()


def test_an_account_with_a_password_gets_its_token(anonymous, alice):
    response = anonymous.post(
        "/api/token/",
        {"username": "alice", "password": "correct horse battery"},
        format="json",
    )

    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=alice).key
    again = anonymous.post(
        "/api/token/",
        {"username": "alice", "password": "correct horse battery"},
        format="json",
    )
    assert again.json()["token"] == response.json()["token"]


def test_a_wrong_password_gets_no_token(anonymous, alice):
    response = anonymous.post(
        "/api/token/", {"username": "alice", "password": "wrong"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"
    assert "token" not in response.json()


def test_a_bad_token_is_a_401(anonymous):
    anonymous.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    response = anonymous.get("/api/matches/")

    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_making_accounts_too_fast_is_a_429_with_retry_after(anonymous, low_rates):
    low_rates(accounts="2/min")

    codes = [
        anonymous.post("/api/guests/", {}, format="json").status_code for _ in range(3)
    ]

    assert codes == [201, 201, 429]
    refused = anonymous.post("/api/guests/", {}, format="json")
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert User.objects.count() == 2


def test_an_unknown_address_under_api_is_a_json_404(anonymous):
    response = anonymous.get("/api/nothing-here/")

    assert response.status_code == 404
    assert response.headers["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"
