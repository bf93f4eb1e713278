"""The limits on guessing join codes hold across workers: their counts are in Redis
(Django's cache with REDIS_URL), so spreading guesses over two workers gains
nothing."""

import httpx
import pytest
from django.conf import settings

from tests.reliability.figures import record
from tests.reliability.test_code_guessing import wrong_codes
from tests.scale.phones import Phone
from tests.services import needs_postgres, needs_redis

pytestmark = [pytest.mark.server, needs_postgres, needs_redis]

# The workers run uvicorn as docs/deploy.md does behind a proxy on the same host:
# it takes the client's address from X-Forwarded-For sent from 127.0.0.1. One
# address of its own keeps this test's count away from the other tests' phones.
GUESSER = {"X-Forwarded-For": "198.51.100.77"}


def test_wrong_codes_spread_over_two_workers_are_counted_once(workers):
    one, two = workers.workers
    limit = settings.JOIN_CODE_GUESSES
    _, code = Phone(one.url).start()

    answered = []
    for number, guess in enumerate(wrong_codes(code, limit)):
        base = (one if number % 2 else two).url
        answered.append(httpx.get(f"{base}/j/{guess}/", headers=GUESSER).status_code)
    refused = [httpx.get(f"{w.url}/j/{code}/", headers=GUESSER) for w in (one, two)]
    neighbour = httpx.get(f"{two.url}/j/{code}/")

    assert answered == [404] * limit
    assert [answer.status_code for answer in refused] == [429, 429]
    assert all(int(answer.headers["Retry-After"]) > 0 for answer in refused)
    assert neighbour.status_code == 200
    record(
        "Join-code guessing spread over two workers (counts in Redis)",
        fuzz=limit + 2,
        wrong_codes_answered=limit,
        then="429 on both workers",
    )
