"""What one record asks of the database: the statements the bench counts, kept few.

Each cut of issue 17 is held here, so a later change that brings a statement back
shows up as a failing test rather than as a slower bench.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actions, errors
from games.consumers import record_form
from games.models import Match
from tests.conftest import seat, win

from .lives import lives_game  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

# A transaction's own statements: BEGIN, or the savepoints of the test's
# transaction around the action's.
CONTROL = ("BEGIN", "SAVEPOINT", "RELEASE SAVEPOINT")


def statements(call):
    """The SQL a call runs, without the transaction's own statements."""
    with CaptureQueriesContext(connection) as queries:
        call()
    return [
        q["sql"] for q in queries.captured_queries if not q["sql"].startswith(CONTROL)
    ]


def socket_tap(actor, match, seat_id):
    """A tap as the socket makes it: the socket knows its match's game."""
    payload = {"winner": seat_id}
    return actions.record(actor, match.pk, 1, payload, game=match.game)


def test_a_members_tap_checks_membership_inside_the_lock(match, bob):
    ben = seat(match, "Ben").pk

    ran = statements(lambda: socket_tap(bob, match, ben))

    lock, *rest = ran
    assert lock.startswith("UPDATE") and "games_membership" in lock
    assert not any("games_membership" in sql for sql in rest)


def test_a_tap_runs_seven_statements(match, bob):
    ben = seat(match, "Ben").pk

    assert len(statements(lambda: socket_tap(bob, match, ben))) <= 7


def test_a_tap_that_does_not_know_the_game_reads_it_once_more(match, bob):
    ben = seat(match, "Ben").pk

    first, *_ = ran = statements(lambda: win(bob, match.pk, 1, ben))

    assert first.startswith("SELECT") and '"games_match"."game"' in first
    assert len(ran) <= 8


def test_a_record_reads_the_seats_the_round_and_its_cells_together(match, bob):
    ben = seat(match, "Ben").pk

    ran = statements(lambda: actions.record(bob, match.pk, 1, {"winner": ben}))

    reads = [sql for sql in ran if sql.startswith("SELECT")]
    assert len(reads) == 2  # the game, then the sheet
    assert all(
        table in reads[1] for table in ("games_seat", "games_round", "games_cell")
    )


def test_an_outsider_is_refused_by_the_lock_and_the_version_stays(match, charlie):
    version = Match.objects.get(pk=match.pk).version

    with pytest.raises(errors.NotAMember):
        win(charlie, match.pk, 1, seat(match, "Ben").pk)
    assert Match.objects.get(pk=match.pk).version == version


def test_an_outsider_on_an_ended_match_learns_nothing_of_its_state(match, bob, charlie):
    actions.end_match(bob, match.pk)

    with pytest.raises(errors.NotAMember):
        win(charlie, match.pk, 2, seat(match, "Ben").pk)


def test_a_record_for_no_match_is_not_found(bob):
    with pytest.raises(errors.MatchNotFound):
        actions.record(bob, 999_999, 1, {"winner": 1})


def test_a_socket_that_knows_its_game_records_without_reading_it(match, bob):
    ben = seat(match, "Ben").pk
    form = {"winner": [str(ben)]}

    ran = statements(
        lambda: record_form(bob, match.pk, 1, form, None, "fortyone_exchange")
    )

    assert len(ran) <= 7
    assert not any(sql.startswith('SELECT "games_match"') for sql in ran)


def test_a_record_naming_another_game_changes_nothing(
    match,
    bob,
    lives_game,  # noqa: F811 (the fixture above)
):
    ben = seat(match, "Ben").pk
    version = Match.objects.get(pk=match.pk).version

    with pytest.raises(errors.MatchNotFound):
        actions.record(bob, match.pk, 1, {"pays": [ben]}, game=lives_game.key)
    assert Match.objects.get(pk=match.pk).version == version


def test_the_form_reads_the_user_and_the_game_once(match, bob, client):
    client.force_login(bob)
    ben = seat(match, "Ben").pk

    ran = statements(
        lambda: client.post(f"/matches/{match.pk}/record/", {"round": 1, "winner": ben})
    )

    assert Match.objects.get(pk=match.pk).version == match.version + 1
    assert len([sql for sql in ran if '"accounts_user"' in sql]) == 1
    games = [sql for sql in ran if sql.startswith("SELECT") and '"game"' in sql]
    assert len(games) == 1
