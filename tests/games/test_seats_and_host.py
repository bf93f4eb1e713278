import pytest

from games import actions, errors
from games.models import Match, Membership
from tests.conftest import seat

pytestmark = pytest.mark.django_db


def test_the_host_adds_a_latecomer(match, alice):
    result = actions.add_seat(alice, match.pk, "Eve")

    eve = seat(match, "Eve")
    assert eve.claimed_by is None
    assert eve.first_round == 1
    assert result.event.kind == "seat_added"


def test_a_member_cannot_add_a_seat(match, bob):
    with pytest.raises(errors.NotTheHost):
        actions.add_seat(bob, match.pk, "Eve")


def test_the_host_renames_a_seat(match, alice):
    dev = seat(match, "Dev")

    result = actions.rename_seat(alice, match.pk, dev.pk, "  Devika  ")

    dev.refresh_from_db()
    assert dev.name == "Devika"
    assert result.event.before == {"seat": dev.pk, "name": "Dev"}


def test_a_rename_to_a_taken_name_is_refused(match, alice):
    with pytest.raises(errors.NameTaken):
        actions.rename_seat(alice, match.pk, seat(match, "Dev").pk, "cara")


def test_a_member_cannot_rename_a_seat(match, bob):
    with pytest.raises(errors.NotTheHost):
        actions.rename_seat(bob, match.pk, seat(match, "Ben").pk, "Benny")


def test_the_host_releases_a_claim_and_the_player_stays_a_member(match, alice, bob):
    ben = seat(match, "Ben")

    actions.release_claim(alice, match.pk, ben.pk)

    ben.refresh_from_db()
    assert ben.claimed_by is None
    assert Membership.objects.filter(match=match, user=bob).exists()
    actions.join_match(bob, match.code, seat_id=ben.pk)


def test_releasing_an_unclaimed_seat_is_refused(match, alice):
    with pytest.raises(errors.NoChange):
        actions.release_claim(alice, match.pk, seat(match, "Dev").pk)


def test_the_host_hands_the_role_to_a_member(match, alice, bob):
    actions.hand_over_host(alice, match.pk, bob.pk)

    assert Match.objects.get(pk=match.pk).host == bob
    with pytest.raises(errors.NotTheHost):
        actions.add_seat(alice, match.pk, "Eve")
    actions.add_seat(bob, match.pk, "Eve")


def test_the_host_role_goes_only_to_a_member(match, alice, charlie):
    with pytest.raises(errors.NotAMember):
        actions.hand_over_host(alice, match.pk, charlie.pk)
    assert Match.objects.get(pk=match.pk).host == alice


def test_a_member_cannot_take_the_host_role(match, bob):
    with pytest.raises(errors.NotTheHost):
        actions.hand_over_host(bob, match.pk, bob.pk)
