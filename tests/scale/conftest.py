import pytest

from tests.scale.cluster import shared_cluster
from tests.services import POSTGRES_URL, REDIS_URL


@pytest.fixture(scope="session")
def workers(request, tmp_path_factory):
    """Two workers on a fresh PostgreSQL and CI's Redis, shared by the tests that
    neither kill nor restart anything."""
    if not (POSTGRES_URL and REDIS_URL):
        pytest.skip("needs TEST_DATABASE_URL and TEST_REDIS_URL")
    return shared_cluster(request.config, tmp_path_factory)
