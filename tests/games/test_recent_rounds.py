"""The table shows the latest rounds; the history page keeps the rest."""

import pytest

from games import actions
from games.live import member_snapshot
from games.sheet import RECENT_ROUNDS
from tests.conftest import win

pytestmark = pytest.mark.django_db

PLAYED = RECENT_ROUNDS + 5


@pytest.fixture
def long_match(match, alice):
    ben = match.seats.get(name="Ben").pk
    for number in range(1, PLAYED + 1):
        win(alice, match.pk, number, ben)
    return match


def test_the_table_page_shows_the_latest_rounds_and_points_to_the_history(
    client, long_match, alice
):
    client.force_login(alice)

    page = client.get(f"/matches/{long_match.pk}/").content.decode()

    assert page.count('class="round-row') == RECENT_ROUNDS
    assert f'id="round-{PLAYED}"' in page
    assert 'id="round-5"' not in page
    assert "Rounds 1 to 5 are in the" in page


def test_a_snapshot_carries_the_same_latest_rounds(long_match, bob):
    snapshot = member_snapshot(long_match.pk, bob)

    numbers = [data["number"] for data in snapshot["rounds"]]
    assert numbers == list(range(6, PLAYED + 2))
    assert snapshot["first_shown"] == 6
    assert len(snapshot["html"]["rows"]) == RECENT_ROUNDS


def test_an_ended_match_shows_its_latest_closed_rounds(long_match, bob):
    actions.end_match(bob, long_match.pk)

    snapshot = member_snapshot(long_match.pk, bob)

    numbers = [data["number"] for data in snapshot["rounds"]]
    assert numbers == list(range(PLAYED + 2 - RECENT_ROUNDS, PLAYED + 2))
