import json

import pytest
from channels.layers import get_channel_layer

from games import actions, broadcast, errors
from games.models import Event, Match, Membership, Round
from tests.conftest import seat, win

pytestmark = pytest.mark.django_db


def ended(match, by):
    win(by, match.pk, 1, seat(match, "Cara").pk)
    actions.end_match(by, match.pk)
    match.refresh_from_db()
    return match


def test_the_host_starts_a_rematch_with_the_same_seats_claims_options_and_members(
    alice, bob
):
    first = actions.start_match(
        alice,
        "fortyone_exchange",
        ["Alice", "Ben", "Cara"],
        {"instant_41": True, "dry_stock": "unshuffled"},
    ).match
    actions.join_match(bob, first.code, seat_id=seat(first, "Ben").pk)
    ended(first, bob)

    result = actions.rematch(alice, first.pk)

    new = result.match
    assert new.pk != first.pk
    assert new.status == Match.Status.LIVE
    assert new.host == alice
    assert new.game == first.game
    assert new.options == first.options
    assert list(new.seats.values_list("name", "position", "claimed_by")) == list(
        first.seats.values_list("name", "position", "claimed_by")
    )
    assert set(Membership.objects.filter(match=new).values_list("user", flat=True)) == {
        alice.pk,
        bob.pk,
    }
    assert list(Round.objects.filter(match=new).values_list("number", "status")) == [
        (1, "open")
    ]
    assert result.event.kind == Event.Kind.STARTED
    assert result.event.after["rematch_of"] == first.pk
    assert new.code != first.code


def test_the_old_match_stays_ended_and_its_log_says_where_the_table_went(
    match, alice, bob
):
    ended(match, bob)
    version = match.version
    events = Event.objects.filter(match=match).count()

    result = actions.rematch(alice, match.pk)

    match.refresh_from_db()
    assert match.status == Match.Status.ENDED
    # The news is a change its phones hear of: a version and an event of its own.
    assert match.version == version + 1
    assert Event.objects.filter(match=match).count() == events + 1
    last = Event.objects.filter(match=match).last()
    assert (last.kind, last.version) == (Event.Kind.REMATCH, match.version)
    assert last.after == {"rematch": result.match.pk}


def test_any_member_starts_the_next_match_and_the_host_stays_host(match, alice, bob):
    ended(match, bob)

    result = actions.rematch(bob, match.pk)

    assert result.match.host == alice
    assert result.event.actor == bob
    assert Match.objects.count() == 2


def test_the_second_member_to_ask_lands_in_the_same_next_match(match, alice, bob):
    ended(match, bob)
    first = actions.rematch(bob, match.pk, key="bobs-tap")

    second = actions.rematch(alice, match.pk, key="alices-tap")

    assert second.replayed
    assert second.match.pk == first.match.pk
    assert Match.objects.count() == 2


def test_the_deal_passes_on_from_the_last_dealer(match, alice, bob):
    ended(match, bob)
    last = Round.objects.filter(match=match).order_by("-number").first()

    new = actions.rematch(bob, match.pk).match

    first = Round.objects.get(match=new, number=1)
    assert first.dealer.position == last.dealer.position + 1


def test_an_outsider_cannot_start_a_rematch(match, bob, charlie):
    ended(match, bob)
    with pytest.raises(errors.NotAMember):
        actions.rematch(charlie, match.pk)


def test_a_live_match_has_no_rematch(match, alice):
    with pytest.raises(errors.MatchStillLive) as refused:
        actions.rematch(alice, match.pk)
    assert refused.value.status == 409
    assert Match.objects.count() == 1


def test_a_missing_match_has_no_rematch(alice):
    with pytest.raises(errors.MatchNotFound):
        actions.rematch(alice, 999999)


def test_asking_twice_returns_the_first_rematch(match, alice, bob):
    ended(match, bob)
    first = actions.rematch(alice, match.pk, key="k1")

    again = actions.rematch(alice, match.pk, key="k2")

    assert again.replayed
    assert again.match.pk == first.match.pk
    assert Match.objects.count() == 2


def test_members_of_the_old_match_hear_of_the_rematch(
    match, alice, bob, django_capture_on_commit_callbacks
):
    from asgiref.sync import async_to_sync

    ended(match, bob)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(broadcast.group_name(match.pk), channel)

    with django_capture_on_commit_callbacks(execute=True):
        result = actions.rematch(alice, match.pk)
    message = async_to_sync(layer.receive)(channel)

    if "text" in message:
        # The frame as the consumers forward it to every phone.
        message = json.loads(message["text"])
    assert message["kind"] == "rematch"
    assert message["rematch"] == result.match.pk
    before = match.version
    match.refresh_from_db()
    assert message["version"] == match.version == before + 1
