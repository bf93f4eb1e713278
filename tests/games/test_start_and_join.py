import pytest

from games import actions, errors
from games.models import Event, Match, Membership, Round
from tests.conftest import SEATS, seat, win

pytestmark = pytest.mark.django_db


def test_it_starts_a_match_with_an_open_first_round(alice):
    result = actions.start_match(alice, "fortyone_exchange", SEATS, host_seat=0)

    match = result.match
    assert match.status == "live"
    assert match.version == 1
    assert match.host == alice
    assert [s.name for s in match.seats.all()] == SEATS
    assert seat(match, "Alice").claimed_by == alice
    assert list(match.rounds.values_list("number", "status")) == [(1, "open")]
    assert result.event.kind == "match_started"
    assert Membership.objects.filter(match=match, user=alice).exists()


def test_it_fills_in_the_default_options(alice):
    match = actions.start_match(alice, "fortyone_exchange", SEATS).match

    assert match.options == {
        "no_pool_clearing": False,
        "instant_41": False,
        "dry_stock": "shuffled",
    }


def test_it_keeps_the_options_the_table_chose(alice):
    options = {"no_pool_clearing": "on", "instant_41": True, "dry_stock": "unshuffled"}
    match = actions.start_match(alice, "fortyone_exchange", SEATS, options).match

    assert match.options == {
        "no_pool_clearing": True,
        "instant_41": True,
        "dry_stock": "unshuffled",
    }


@pytest.mark.parametrize("count", [2, 10])
def test_it_accepts_two_to_ten_seats(alice, count):
    names = [f"P{n}" for n in range(count)]
    match = actions.start_match(alice, "fortyone_exchange", names).match

    assert match.seats.count() == count


@pytest.mark.parametrize("count", [0, 1, 11])
def test_it_refuses_too_few_or_too_many_seats(alice, count):
    names = [f"P{n}" for n in range(count)]

    with pytest.raises(errors.SeatCountOutOfRange, match="2 to 10"):
        actions.start_match(alice, "fortyone_exchange", names, host_seat=None)
    assert not Match.objects.exists()


def test_it_refuses_an_unknown_option(alice):
    with pytest.raises(errors.UnknownOption):
        actions.start_match(alice, "fortyone_exchange", SEATS, {"jokers": True})
    assert not Match.objects.exists()


def test_it_refuses_a_bad_option_value(alice):
    with pytest.raises(errors.BadValue):
        actions.start_match(alice, "fortyone_exchange", SEATS, {"dry_stock": "wet"})


def test_it_refuses_an_unknown_game(alice):
    with pytest.raises(errors.UnknownGame):
        actions.start_match(alice, "canasta", SEATS)


def test_it_refuses_two_seats_with_one_name(alice):
    with pytest.raises(errors.NameTaken):
        actions.start_match(alice, "fortyone_exchange", ["Ann", "ann"])


def test_it_refuses_a_blank_seat_name(alice):
    with pytest.raises(errors.BadValue):
        actions.start_match(alice, "fortyone_exchange", ["Ann", "   "])


def test_the_join_code_is_six_unambiguous_characters(alice):
    codes = {
        actions.start_match(alice, "fortyone_exchange", SEATS).match.code
        for _ in range(30)
    }

    assert len(codes) == 30
    for code in codes:
        assert len(code) == 6
        assert not set(code) & set("0O1IL")


def test_a_member_claims_an_unclaimed_seat(match, charlie):
    cara = seat(match, "Cara")

    result = actions.join_match(charlie, match.code.lower(), seat_id=cara.pk)

    cara.refresh_from_db()
    assert cara.claimed_by == charlie
    assert result.event.kind == "member_joined"
    assert result.version == match.version + 1


def test_a_claimed_seat_cannot_be_claimed_again(match, charlie):
    with pytest.raises(errors.SeatTaken):
        actions.join_match(charlie, match.code, seat_id=seat(match, "Ben").pk)
    assert not Membership.objects.filter(match=match, user=charlie).exists()


def test_a_latecomer_takes_a_new_seat_from_the_open_round(match, charlie):
    win(match.host, match.pk, 1, seat(match, "Ben").pk)

    actions.join_match(charlie, match.code, name="Eve")

    eve = seat(match, "Eve")
    assert eve.claimed_by == charlie
    assert eve.first_round == 2
    assert eve.position == 4


def test_it_refuses_a_member_who_already_has_a_seat(match, bob):
    with pytest.raises(errors.AlreadySeated):
        actions.join_match(bob, match.code, name="Another Ben")


def test_it_refuses_an_unknown_code(charlie):
    with pytest.raises(errors.MatchNotFound):
        actions.join_match(charlie, "ZZZZZZ", name="Eve")


def test_it_refuses_a_seat_of_another_match(match, alice, charlie):
    other = actions.start_match(alice, "fortyone_exchange", ["X", "Y"]).match

    with pytest.raises(errors.SeatNotInMatch):
        actions.join_match(charlie, match.code, seat_id=other.seats.first().pk)


def test_a_new_seat_cannot_pass_the_seat_limit(alice, charlie):
    names = [f"P{n}" for n in range(10)]
    match = actions.start_match(alice, "fortyone_exchange", names).match

    with pytest.raises(errors.SeatCountOutOfRange):
        actions.join_match(charlie, match.code, name="Eleven")
    assert Event.objects.filter(match=match).count() == 1


def test_a_guest_is_a_user_without_a_usable_password(db):
    from squarescores.accounts.models import User

    guest = User.create_guest("Cara")

    assert guest.is_guest
    assert guest.display_name == "Cara"
    assert not guest.has_usable_password()


def test_a_guest_can_keep_their_account_with_a_password(db):
    from squarescores.accounts.guests import keep_as_account
    from squarescores.accounts.models import User

    guest = User.create_guest("Cara")
    keep_as_account(guest, "cara", "a long enough passphrase")

    guest.refresh_from_db()
    assert not guest.is_guest
    assert guest.check_password("a long enough passphrase")


def test_round_one_belongs_to_the_new_match(alice):
    match = actions.start_match(alice, "fortyone_exchange", SEATS).match

    assert Round.objects.get(match=match).number == 1


@pytest.mark.parametrize("name", ["Ann\x00", "Bo\x07b", "\u200bX\x1b"])
def test_a_name_with_control_characters_is_refused(alice, name):
    with pytest.raises(errors.BadValue):
        actions.start_match(alice, "fortyone_exchange", ["Cy", name])
    assert not Match.objects.exists()


@pytest.mark.parametrize("code", ["\x00", "ABC", "ABCDEF0", "abc\x00de", "I1O0LL"])
def test_a_code_that_cannot_be_a_code_is_not_found(charlie, code):
    with pytest.raises(errors.MatchNotFound):
        actions.join_match(charlie, code, name="Eve")


@pytest.mark.parametrize("key", ["", "x" * 101, "k\x00", 7])
def test_a_malformed_idempotency_key_is_refused(match, bob, key):
    with pytest.raises(errors.BadValue):
        win(bob, match.pk, 1, seat(match, "Ben").pk, key=key)
    assert Event.objects.filter(match=match).count() == match.version
