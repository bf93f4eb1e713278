"""Join codes cannot be guessed without limit, on any path that checks one, and
guests cannot be made without limit (games/limits.py). The real-server proof, with
a table of phones behind one address, is tests/reliability/test_code_guessing.py."""

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.rules import registry
from squarescores.accounts.models import User

WRONG = "ZZZZZ2"
# Each test counts tries in one window of the limits.
pytestmark = pytest.mark.usefixtures("clear_of_a_window_edge")


@pytest.fixture
def guesses(settings):
    return settings.JOIN_CODE_GUESSES


def from_address(address, **headers):
    return Client(REMOTE_ADDR=address, **headers)


def api_as_new_guest(address):
    user = User.create_guest(display_name="Guesser")
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user)}")
    return client


def start_form():
    data = {"game": "fortyone_exchange", "me": "0", "seat_0": "A", "seat_1": "B"}
    for option in registry.get("fortyone_exchange").options:
        if not option.is_switch:
            data[f"fortyone_exchange__{option.key}"] = option.default
    return data


def api_join(client, code):
    return client.post("/api/join/", {"code": code, "name": "Mallory"}, format="json")


def test_the_default_is_twenty_wrong_codes_in_ten_minutes(settings):
    assert (settings.JOIN_CODE_GUESSES, settings.JOIN_CODE_GUESS_SECONDS) == (20, 600)


def test_wrong_codes_past_the_limit_get_429_with_retry_after(db, guesses):
    client = from_address("203.0.113.5")

    answers = [client.get(f"/j/{WRONG}/").status_code for _ in range(guesses)]
    refused = client.get(f"/j/{WRONG}/")

    assert answers == [404] * guesses
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 600
    assert "Too many wrong join codes" in refused.content.decode()


def test_past_the_limit_a_right_code_shows_no_seat_names(match, guesses):
    client = from_address("203.0.113.5")
    for _ in range(guesses):
        client.get(f"/j/{WRONG}/")

    page = client.get(f"/j/{match.code}/")
    qr = client.get(f"/j/{match.code}/qr.svg")

    assert page.status_code == 429
    assert "Cara" not in page.content.decode()
    assert qr.status_code == 429


def test_the_page_the_qr_code_and_the_api_share_one_count(match, guesses):
    client = from_address("203.0.113.5")
    for number in range(guesses):
        path = f"/j/{WRONG}/" if number % 2 else f"/j/{WRONG}/qr.svg"
        assert client.get(path).status_code == 404

    # A new guest for each try does not help: the address is counted too.
    answer = api_join(api_as_new_guest("203.0.113.5"), match.code)

    assert answer.status_code == 429
    assert answer.json()["code"] == "throttled"
    assert "version" not in answer.json()
    assert int(answer["Retry-After"]) > 0


def test_a_user_is_counted_across_addresses(match, guesses):
    user = User.create_guest(display_name="Roamer")
    token = Token.objects.create(user=user)
    answers = []
    for number in range(guesses + 1):
        client = APIClient(REMOTE_ADDR=f"198.51.100.{number}")
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        answers.append(api_join(client, WRONG).status_code)

    assert answers == [404] * guesses + [429]


def test_right_codes_are_never_counted(match, guesses):
    client = from_address("203.0.113.5")

    answers = [client.get(f"/j/{match.code}/").status_code for _ in range(guesses * 2)]

    assert set(answers) == {200}


def test_other_addresses_are_not_refused(match, guesses):
    for _ in range(guesses + 1):
        from_address("203.0.113.5").get(f"/j/{WRONG}/")

    assert from_address("203.0.113.6").get(f"/j/{match.code}/").status_code == 200


def test_x_forwarded_for_is_ignored_without_a_declared_proxy(match, guesses):
    for number in range(guesses):
        spoofed = from_address("203.0.113.5", HTTP_X_FORWARDED_FOR=f"10.0.0.{number}")
        spoofed.get(f"/j/{WRONG}/")

    again = from_address("203.0.113.5", HTTP_X_FORWARDED_FOR="10.0.0.99")

    assert again.get(f"/j/{match.code}/").status_code == 429


def test_behind_a_declared_proxy_each_forwarded_client_is_counted(
    match, guesses, settings
):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = "192.0.2.1"
    for _ in range(guesses):
        from_address(proxy, HTTP_X_FORWARDED_FOR="203.0.113.5").get(f"/j/{WRONG}/")

    guesser = from_address(proxy, HTTP_X_FORWARDED_FOR="203.0.113.5")
    neighbour = from_address(proxy, HTTP_X_FORWARDED_FOR="203.0.113.6")

    assert guesser.get(f"/j/{match.code}/").status_code == 429
    assert neighbour.get(f"/j/{match.code}/").status_code == 200


def test_guests_from_one_address_are_limited_on_every_path(match, settings):
    settings.GUESTS_PER_ADDRESS = 3
    made = []
    for number in range(3):
        phone = from_address("203.0.113.5")
        made.append(phone.post(f"/j/{match.code}/", {"name": f"P{number}"}))

    by_form = from_address("203.0.113.5").post(f"/j/{match.code}/", {"name": "P4"})
    by_start = from_address("203.0.113.5").post("/start/", start_form())
    by_api = APIClient(REMOTE_ADDR="203.0.113.5").post(
        "/api/guests/", {"display_name": "P5"}, format="json"
    )
    elsewhere = from_address("203.0.113.6").post(f"/j/{match.code}/", {"name": "Q"})

    assert [answer.status_code for answer in made] == [302, 302, 302]
    assert [by_form.status_code, by_start.status_code, by_api.status_code] == [
        429,
        429,
        429,
    ]
    assert int(by_form["Retry-After"]) > 0
    assert int(by_api["Retry-After"]) > 0
    assert elsewhere.status_code == 302
    assert User.objects.filter(display_name__in=["P4", "P5", "A"]).count() == 0


def test_with_the_cache_down_the_table_still_joins(match, settings, guesses):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    # As settings.py sets sessions beside a Redis cache.
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.db"
    client = from_address("203.0.113.5")
    for _ in range(guesses + 1):
        client.get(f"/j/{WRONG}/")

    joined = client.post(f"/j/{match.code}/", {"name": "Eve"})
    by_api = api_join(api_as_new_guest("203.0.113.5"), match.code)

    assert joined.status_code == 302
    assert by_api.status_code == 200
