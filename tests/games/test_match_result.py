"""A match's result is one fact: its content in the standings, the module's
decision in the status (``decided``), read back as ``Match.result``."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import actions
from games.management import backup
from games.models import Match, Round
from squarescores.accounts.models import User
from tests.conftest import seat, win

BEFORE = [("games", "0008_round_void")]
AFTER = [("games", "0009_decided_status")]


def decided_duel(alice, bob):
    """Schwimmen for two with two lives, Ben out after three rounds: Alice wins."""
    match = actions.start_match(
        alice, "schwimmen", ["Alice", "Ben"], {"lives": 2}, host_seat=0
    ).match
    actions.join_match(bob, match.code, seat_id=seat(match, "Ben").pk)
    for number in (1, 2, 3):
        actions.record(bob, match.pk, number, {"pays": [seat(match, "Ben").pk]})
    return Match.objects.get(pk=match.pk)


def ended_by_bob(match, bob):
    win(bob, match.pk, 1, seat(match, "Ben").pk)
    actions.end_match(bob, match.pk)
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_a_decided_match_keeps_its_result_in_its_standings_alone(alice, bob):
    match = decided_duel(alice, bob)

    assert "result" not in {field.name for field in Match._meta.get_fields()}
    assert (match.status, match.shown_status) == ("decided", "ended")
    assert match.result == match.standings["result"]
    assert match.result["winners"] == [seat(match, "Alice").pk]


@pytest.mark.django_db
def test_a_match_a_member_ended_has_no_result_whatever_its_standings_say(match, bob):
    # A member's End match may bank a round that completes the module's result
    # (Wizard's last round): the table ended the match, the module did not.
    ended = ended_by_bob(match, bob)
    standings = {**ended.standings, "result": {"winners": [seat(match, "Ben").pk]}}
    Match.objects.filter(pk=match.pk).update(standings=standings)
    ended.refresh_from_db()

    assert (ended.status, ended.result, ended.is_correctable) == ("ended", None, False)


def migrate(targets):
    """Migrate the test database to ``targets``; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_a_decided_result_into_the_standings_and_back(
    match, alice, bob
):
    decided = decided_duel(alice, bob)
    ended = ended_by_bob(match, bob)
    standings, result = decided.standings, decided.result
    ben = seat(match, "Ben").pk
    try:
        old = migrate(BEFORE).get_model("games", "Match")
        rows = old.objects.in_bulk([decided.pk, ended.pk])
        assert (rows[decided.pk].status, rows[decided.pk].result) == ("ended", result)
        assert (rows[ended.pk].status, rows[ended.pk].result) == ("ended", None)
        # A match imported before this migration has no stored standings, and
        # a member's End match may have banked a round that names a result.
        old.objects.filter(pk=decided.pk).update(standings=None)
        old.objects.filter(pk=ended.pk).update(
            standings={**ended.standings, "result": {"winners": [ben]}}
        )
    finally:
        migrate(AFTER)

    decided.refresh_from_db()
    ended.refresh_from_db()
    assert (decided.status, decided.result) == ("decided", result)
    assert decided.standings == standings
    assert (ended.status, ended.result) == ("ended", None)
    assert ended.standings["result"] == {"winners": [ben]}


@pytest.mark.django_db
def test_a_backup_with_a_result_restores_a_decided_match(alice, bob):
    decided = decided_duel(alice, bob)
    result, standings = decided.result, decided.standings
    data = backup.export_all()
    # The file says what files always said: ended, with the game's result.
    assert data["matches"][0]["match"]["status"] == "ended"
    assert data["matches"][0]["match"]["result"] == result
    # A round's winner protects its seat, so the rounds go first.
    Round.objects.all().delete()
    Match.objects.all().delete()
    User.objects.all().delete()

    backup.import_all(data)

    restored = Match.objects.get(pk=decided.pk)
    assert (restored.status, restored.result) == ("decided", result)
    assert restored.standings == standings
    assert backup.export_all()["matches"] == data["matches"]
