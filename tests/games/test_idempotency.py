import pytest

from games import actions, errors
from games.models import Event, Match, Round
from tests.conftest import SEATS, seat, win

pytestmark = pytest.mark.django_db


def test_the_same_key_twice_applies_a_tap_once(match, bob):
    ben = seat(match, "Ben").pk

    first = win(bob, match.pk, 1, ben, key="tap-7f3a")
    again = win(bob, match.pk, 1, ben, key="tap-7f3a")

    assert not first.replayed
    assert again.replayed
    assert again.event.pk == first.event.pk
    assert again.version == first.version
    assert Round.objects.filter(match=match).count() == 2
    assert Match.objects.get(pk=match.pk).version == first.version


def test_a_replayed_end_match_answers_as_the_first_did(match, bob):
    first = actions.end_match(bob, match.pk, key="end-1")
    again = actions.end_match(bob, match.pk, key="end-1")

    assert again.replayed
    assert again.event.pk == first.event.pk
    assert Event.objects.filter(match=match, kind="match_ended").count() == 1


def test_a_new_key_is_a_new_change(match, bob):
    win(bob, match.pk, 1, seat(match, "Ben").pk, key="a")
    win(bob, match.pk, 2, seat(match, "Ben").pk, key="b")

    assert Round.objects.filter(match=match, status="won").count() == 2


def test_the_same_key_starts_one_match(alice):
    first = actions.start_match(alice, "fortyone_exchange", SEATS, key="start-1")
    again = actions.start_match(alice, "fortyone_exchange", SEATS, key="start-1")

    assert again.replayed
    assert again.match.pk == first.match.pk
    assert Match.objects.count() == 1


def test_another_members_key_is_a_change_of_his_own(match, alice, bob):
    win(bob, match.pk, 1, seat(match, "Ben").pk, key="k")

    result = win(alice, match.pk, 2, seat(match, "Alice").pk, key="k")

    assert not result.replayed
    assert Round.objects.get(match=match, number=2).status == "won"


def test_a_retry_is_answered_only_to_its_sender(match, alice, bob):
    win(bob, match.pk, 1, seat(match, "Ben").pk, key="k")

    # Alice's tap on the closed round with bob's key is her own late tap.
    with pytest.raises(errors.RoundClosed):
        win(alice, match.pk, 1, seat(match, "Alice").pk, key="k")


def test_an_outsider_with_a_members_key_gets_a_refusal_not_the_sheet(
    match, bob, charlie
):
    actions.end_match(bob, match.pk, key="k")

    with pytest.raises(errors.MatchEnded):
        actions.join_match(charlie, match.code, name="Charlie", key="k")


def test_a_rematch_with_a_start_key_answers_as_that_start(match, alice, bob):
    started = actions.start_match(alice, "fortyone_exchange", SEATS, key="s-1")
    actions.end_match(bob, match.pk)

    again = actions.rematch(alice, match.pk, key="s-1")

    assert again.replayed
    assert again.match.pk == started.match.pk
