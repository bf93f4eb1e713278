"""export_matches and import_matches: a backup restores into an empty database and
exports again to the same file."""

import json

import pytest
from django.core.management import CommandError, call_command

from games import actions
from games.models import Event, Match, Round
from squarescores.accounts.models import User
from tests.conftest import rewin, seat, win
from tests.scale.databases import fresh_postgres, manage
from tests.services import needs_postgres

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def played(match, alice, bob, charlie):
    """One ended match with a correction and a latecomer, and one still live."""
    for number, name in enumerate(["Alice", "Ben", "Cara"], start=1):
        win(bob, match.pk, number, seat(match, name).pk, key=f"t{number}")
    rewin(alice, match.pk, 2, seat(match, "Dev").pk)
    actions.add_seat(alice, match.pk, "Émile ☘")
    actions.join_match(charlie, match.code, seat_id=seat(match, "Émile ☘").pk)
    actions.end_match(bob, match.pk)
    other = actions.start_match(charlie, "fortyone_exchange", ["Zoë", "Yann"]).match
    win(charlie, other.pk, 1, seat(other, "Yann").pk)
    return [match, other]


def export(tmp_path, name):
    path = tmp_path / name
    call_command("export_matches", output=str(path))
    return path


def same_backup(one, other):
    """Equal in everything but the moment each file was written."""
    return {**one, "exported_at": None} == {**other, "exported_at": None}


def restore_elsewhere(backup, env, tmp_path):
    manage(env, "migrate", "--noinput")
    manage(env, "import_matches", str(backup))
    return manage(env, "export_matches").stdout


def test_a_backup_restores_into_a_fresh_sqlite_database_and_exports_the_same(
    played, tmp_path
):
    backup = export(tmp_path, "backup.json")
    data = json.loads(backup.read_text())
    assert data["format"] == "squarescores.matches"
    assert [m["match"]["id"] for m in data["matches"]] == [m.pk for m in played]
    first = Match.objects.get(pk=played[0].pk)
    assert len(data["matches"][0]["events"]) == first.version
    assert {a["username"] for a in data["accounts"]} == {"alice", "bob", "charlie"}

    again = restore_elsewhere(backup, {"VAR_DIR": str(tmp_path / "fresh")}, tmp_path)

    assert same_backup(json.loads(again), data)


@needs_postgres
def test_a_backup_restores_into_a_fresh_postgres_database_and_exports_the_same(
    played, tmp_path
):
    backup = export(tmp_path, "backup.json")

    with fresh_postgres() as url:
        env = {"VAR_DIR": str(tmp_path / "pg"), "DATABASE_URL": url}
        again = restore_elsewhere(backup, env, tmp_path)
        # The id sequences moved past the restored rows: new matches still start.
        manage(env, "shell", "-c", START_ONE)

    assert same_backup(json.loads(again), json.loads(backup.read_text()))


START_ONE = """
from games import actions
from squarescores.accounts.models import User
actions.start_match(User.create_guest(), "fortyone_exchange", ["A", "B"])
"""


def test_the_restored_match_plays_on(played, tmp_path):
    backup = export(tmp_path, "backup.json")
    live = Match.objects.get(pk=played[1].pk)
    call_command("flush", interactive=False)

    call_command("import_matches", str(backup))

    charlie = User.objects.get(username="charlie")
    assert charlie.check_password("correct horse battery")
    result = win(charlie, live.pk, 2, seat(live, "Zoë").pk)
    assert result.version == live.version + 1
    assert Event.objects.filter(match=live).count() == result.version


def test_it_refuses_a_database_that_already_has_matches(played, tmp_path):
    backup = export(tmp_path, "backup.json")

    with pytest.raises(CommandError, match="already has"):
        call_command("import_matches", str(backup))


def test_a_broken_backup_writes_nothing(played, tmp_path):
    backup = export(tmp_path, "backup.json")
    data = json.loads(backup.read_text())
    del data["matches"][1]["seats"][0]["name"]
    assert data["matches"][0]["seats"]  # the first match would go in before it
    backup.write_text(json.dumps(data))
    call_command("flush", interactive=False)

    with pytest.raises(CommandError):
        call_command("import_matches", str(backup))

    assert not User.objects.exists()
    assert not Match.objects.exists()


def test_a_voided_round_is_restored_voided(match, alice, bob, tmp_path):
    win(bob, match.pk, 1, seat(match, "Ben").pk)
    win(bob, match.pk, 2, seat(match, "Cara").pk)
    actions.void_round(alice, match.pk, 1)
    backup = export(tmp_path, "backup.json")
    call_command("flush", interactive=False)

    call_command("import_matches", str(backup))

    voided = Round.objects.get(match_id=match.pk, number=1)
    assert (voided.voided_at is not None, voided.voided_by_id) == (True, alice.pk)
    again = export(tmp_path, "again.json")
    assert same_backup(json.loads(again.read_text()), json.loads(backup.read_text()))
