"""API clients for the cast, each signed in with its own token."""

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def client_for(user=None):
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture(autouse=True)
def _fresh_throttles():
    # Throttle counts live in the cache; each test starts with none.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def as_alice(alice):
    return client_for(alice)


@pytest.fixture
def as_bob(bob):
    return client_for(bob)


@pytest.fixture
def as_charlie(charlie):
    return client_for(charlie)


@pytest.fixture
def anonymous():
    return APIClient()


@pytest.fixture
def low_rates(settings):
    """Throttle rates of one request a minute, to reach a 429 quickly."""

    def lower(**rates):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                **rates,
            },
        }

    return lower


def url(match, action=""):
    return f"/api/matches/{match.pk}/{action}"
