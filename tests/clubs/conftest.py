import pytest

from tests.conftest import make_user

from .table import club_of


@pytest.fixture
def dave(db):
    return make_user("dave", "Dev")


@pytest.fixture
def club(alice, bob):
    """alice's club: alice is its admin, bob a member; charlie is outside."""
    return club_of(alice, bob)
