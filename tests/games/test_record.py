"""The one record action: a module's payload in, the round, the standings, the
dealer and (when the module says so) the end of the match out."""

import pytest

from games import actions, errors
from games.actions.rounds import frozen
from games.models import Cell, Event, Match, Round
from tests.conftest import seat, win

from .lives import BIDS_KEY, KEY, bids_game, lives_game  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def open_number(match):
    return Round.objects.get(match=match, status="open").number


def kinds(match):
    return list(Event.objects.filter(match=match).values_list("kind", flat=True))


def test_a_member_records_the_winner_of_41_exchange(match, bob):
    cara = seat(match, "Cara")

    result = actions.record(bob, match.pk, 1, {"winner": cara.pk})

    match.refresh_from_db()
    first = Round.objects.get(match=match, number=1)
    assert (first.status, first.winner_id) == ("won", cara.pk)
    assert open_number(match) == 2
    assert result.event.kind == "round_won"
    lines = {line["seat"]: line["rounds_won"] for line in match.standings["seats"]}
    assert lines[cara.pk] == 1
    assert sum(lines.values()) == 1


def test_a_bad_payload_is_refused_and_changes_nothing(match, bob):
    version = match.version
    for payload in ({"winner": 999_999}, {"winner": "x"}, {"pays": [1]}, {}, []):
        with pytest.raises(errors.Refusal):
            actions.record(bob, match.pk, 1, payload)
    match.refresh_from_db()
    assert match.version == version
    assert open_number(match) == 1


def test_a_payload_checked_before_is_judged_as_it_was(match, bob):
    # The answers of the schema check are kept: a kept answer must never stand
    # for a payload the schema tells apart (True is no seat id, 1 is).
    cara = seat(match, "Cara").pk
    for _ in range(2):
        with pytest.raises(errors.BadValue, match="does not fit"):
            actions.record(bob, match.pk, 1, {"winner": "x"})
    actions.record(bob, match.pk, 1, {"winner": cara})
    with pytest.raises(errors.BadValue, match="does not fit"):
        actions.record(bob, match.pk, 2, {"winner": True})
    with pytest.raises(errors.BadValue, match="does not fit"):
        actions.record(bob, match.pk, 2, {"winner": {cara}})
    assert open_number(match) == 2


@pytest.mark.parametrize(
    "one, other",
    [
        (1, True),
        (1, 1.0),
        ([1], (1,)),
        ({"1": 1}, {1: 1}),
        ({"a": [0]}, {"a": [False]}),
    ],
)
def test_the_kept_answers_tell_apart_what_a_schema_tells_apart(one, other):
    # Equal in Python or in JSON text, yet a schema may accept one and not the
    # other: their keys differ.
    assert frozen(one) != frozen(other)


def test_it_requires_membership(match, charlie):
    with pytest.raises(errors.NotAMember):
        actions.record(charlie, match.pk, 1, {"winner": seat(match, "Ben").pk})


def test_a_record_for_a_closed_round_is_refused(match, bob):
    actions.record(bob, match.pk, 1, {"winner": seat(match, "Ben").pk})
    with pytest.raises(errors.RoundClosed):
        actions.record(bob, match.pk, 1, {"winner": seat(match, "Dev").pk})


def test_only_the_host_corrects_and_the_standings_follow(match, alice, bob):
    ben, dev = seat(match, "Ben"), seat(match, "Dev")
    actions.record(bob, match.pk, 1, {"winner": ben.pk})
    actions.record(bob, match.pk, 2, {"winner": ben.pk})

    with pytest.raises(errors.NotTheHost):
        actions.correct(bob, match.pk, 1, {"draw": True})
    actions.correct(alice, match.pk, 1, {"draw": True})
    result = actions.correct(alice, match.pk, 2, {"winner": dev.pk})

    assert result.event.kind == "round_corrected"
    match.refresh_from_db()
    lines = {line["seat"]: line["rounds_won"] for line in match.standings["seats"]}
    assert (lines[ben.pk], lines[dev.pk]) == (0, 1)
    assert match.standings["draws"] == 1
    with pytest.raises(errors.BadValue):
        actions.correct(alice, match.pk, 3, {"winner": dev.pk})


def test_the_deal_passes_to_the_left_and_the_host_can_set_it(match, alice, bob):
    names = ["Alice", "Ben", "Cara", "Dev", "Alice"]
    for number, name in enumerate(names, 1):
        round = Round.objects.get(match=match, number=number)
        assert round.dealer_id == seat(match, name).pk
        if number < len(names):
            win(bob, match.pk, number, seat(match, "Ben").pk)

    with pytest.raises(errors.NotTheHost):
        actions.set_dealer(bob, match.pk, seat(match, "Cara").pk)
    result = actions.set_dealer(alice, match.pk, seat(match, "Cara").pk)

    assert result.event.kind == "dealer_set"
    assert Round.objects.get(match=match, number=5).dealer == seat(match, "Cara")
    win(bob, match.pk, 5, seat(match, "Ben").pk)
    assert Round.objects.get(match=match, number=6).dealer == seat(match, "Dev")


@pytest.fixture
def lives_match(alice, bob, lives_game):  # noqa: F811 (the fixture above)
    match = actions.start_match(alice, KEY, ["Alice", "Ben", "Cara"], {"lives": 1})
    actions.join_match(bob, match.match.code, seat_id=seat(match.match, "Ben").pk)
    return match.match


def pays(actor, match, *names):
    ids = [seat(match, name).pk for name in names]
    return actions.record(actor, match.pk, open_number(match), {"pays": ids})


def test_the_module_ends_the_match_with_its_result(lives_match, bob):
    pays(bob, lives_match, "Alice", "Cara")
    pays(bob, lives_match, "Alice")
    result = pays(bob, lives_match, "Cara")

    match = Match.objects.get(pk=lives_match.pk)
    assert result.event.kind == "match_decided"
    assert match.status == "decided"
    assert match.result["winners"] == [seat(match, "Ben").pk]
    assert not Round.objects.filter(match=match, status="open").exists()
    with pytest.raises(errors.MatchEnded):
        actions.end_match(bob, match.pk)


def test_an_out_seat_is_skipped_as_dealer(lives_match, bob):
    pays(bob, lives_match, "Ben")
    pays(bob, lives_match, "Ben")

    # Alice dealt 1, Ben 2; Ben is out, so after Cara's round 3 Alice deals.
    dealers = Round.objects.filter(match=lives_match).order_by("number")
    assert [r.dealer.name for r in dealers] == ["Alice", "Ben", "Cara"]
    pays(bob, lives_match, "Cara")
    assert Round.objects.get(match=lives_match, number=4).dealer.name == "Alice"
    with pytest.raises(errors.BadValue):
        pays(bob, lives_match, "Ben")


def test_a_correction_that_undecides_the_match_makes_it_live_again(
    lives_match, alice, bob
):
    pays(bob, lives_match, "Alice", "Cara")
    pays(bob, lives_match, "Alice", "Cara")
    assert Match.objects.get(pk=lives_match.pk).status == "decided"

    # The wrong seats were tapped in the last round: only Alice paid.
    ids = [seat(lives_match, "Alice").pk]
    result = actions.correct(alice, lives_match.pk, 2, {"pays": ids})

    match = Match.objects.get(pk=lives_match.pk)
    assert result.event.kind == "match_reopened"
    assert (match.status, match.result, match.ended_at) == ("live", None, None)
    assert open_number(match) == 3
    lines = {line["seat"]: line["fate"] for line in match.standings["seats"]}
    assert lines[seat(match, "Cara").pk] == "swimming"
    # And a correction back decides it again, with no open round left over.
    ids = [seat(match, "Alice").pk, seat(match, "Cara").pk]
    assert actions.correct(alice, match.pk, 2, {"pays": ids}).event.kind == (
        "match_decided"
    )
    match.refresh_from_db()
    assert match.status == "decided"
    assert not Round.objects.filter(match=match, status="open").exists()


def test_a_match_a_member_ended_stays_ended(lives_match, alice, bob):
    pays(bob, lives_match, "Alice")
    actions.end_match(bob, lives_match.pk)

    with pytest.raises(errors.MatchEnded):
        actions.correct(
            alice, lives_match.pk, 1, {"pays": [seat(lives_match, "Ben").pk]}
        )
    assert Match.objects.get(pk=lives_match.pk).status == "ended"


def test_a_record_may_leave_the_round_open_and_named_values_add_up(alice, bids_game):  # noqa: F811
    match = actions.start_match(alice, BIDS_KEY, ["Ann", "Bo"]).match
    ann, bo = seat(match, "Ann").pk, seat(match, "Bo").pk

    first = actions.record(alice, match.pk, 1, {"bid": {"seat": ann, "value": 3}})
    actions.record(alice, match.pk, 1, {"unbid": ann})
    actions.record(alice, match.pk, 1, {"bid": {"seat": ann, "value": 4}})
    actions.record(alice, match.pk, 1, {"bid": {"seat": bo, "value": 2}})
    assert first.event.kind == "round_recorded"
    assert open_number(match) == 1
    actions.record(alice, match.pk, 1, {"tricks": {str(ann): 3, str(bo): 5}})

    match.refresh_from_db()
    points = {line["seat"]: line["points"] for line in match.standings["seats"]}
    assert points == {ann: -4, bo: 2}
    cells = Cell.objects.filter(round__match=match, round__number=1)
    assert sorted(cells.values_list("field", "value")) == [
        ("bid", 2),
        ("bid", 4),
        ("tricks", 3),
        ("tricks", 5),
    ]
    assert open_number(match) == 2


def test_the_core_refuses_a_value_outside_its_fields_range(alice, bids_game):  # noqa: F811
    match = actions.start_match(alice, BIDS_KEY, ["Ann", "Bo"]).match
    ann = seat(match, "Ann").pk

    with pytest.raises(errors.BadValue):
        actions.record(alice, match.pk, 1, {"bid": {"seat": ann, "value": 14}})
    assert not Cell.objects.filter(round__match=match).exists()
