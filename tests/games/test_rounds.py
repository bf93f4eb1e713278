import pytest

from games import actions, errors
from games.models import Cell, Event, Match, Round
from tests.conftest import make_draw, rewin, seat, win

pytestmark = pytest.mark.django_db


def rounds(match):
    return list(
        Round.objects.filter(match=match).values_list("number", "status", "winner")
    )


def play(match, *winners):
    """Tap the winners of the next rounds, in order."""
    for name in winners:
        open_round = Round.objects.get(match=match, status="open")
        win(match.host, match.pk, open_round.number, seat(match, name).pk)


def test_a_tap_closes_the_round_as_won_and_opens_the_next(match, bob):
    alice_seat = seat(match, "Alice")

    result = win(bob, match.pk, 1, alice_seat.pk)

    assert rounds(match) == [(1, "won", alice_seat.pk), (2, "open", None)]
    assert result.event.kind == "round_won"
    assert result.event.actor == bob
    assert result.event.before["status"] == "open"
    assert result.event.after["winner_name"] == "Alice"
    closed = Round.objects.get(match=match, number=1)
    assert closed.closed_by == bob
    assert closed.closed_at is not None


def test_a_tap_writes_a_one_for_the_winner_and_zero_for_the_others(match, bob):
    win(bob, match.pk, 1, seat(match, "Cara").pk)

    cells = dict(
        Cell.objects.filter(round__number=1, round__match=match).values_list(
            "seat__name", "value"
        )
    )
    assert cells == {"Alice": 0, "Ben": 0, "Cara": 1, "Dev": 0}


def test_an_outsiders_tap_is_refused(match, charlie):
    with pytest.raises(errors.NotAMember):
        win(charlie, match.pk, 1, seat(match, "Ben").pk)
    assert rounds(match) == [(1, "open", None)]


def test_an_anonymous_tap_is_refused(match):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(errors.NotAMember):
        win(AnonymousUser(), match.pk, 1, seat(match, "Ben").pk)


def test_a_tap_on_a_closed_round_is_refused(match, bob):
    play(match, "Alice")

    with pytest.raises(errors.RoundClosed):
        win(bob, match.pk, 1, seat(match, "Ben").pk)
    assert rounds(match)[-1] == (2, "open", None)


def test_a_tap_on_a_round_that_does_not_exist_is_refused(match, bob):
    with pytest.raises(errors.RoundNotFound):
        win(bob, match.pk, 7, seat(match, "Ben").pk)


def test_a_tap_on_a_seat_of_another_match_is_refused(match, alice, bob):
    other = actions.start_match(alice, "fortyone_exchange", ["X", "Y"]).match

    with pytest.raises(errors.SeatNotInMatch):
        win(bob, match.pk, 1, other.seats.first().pk)
    assert rounds(match) == [(1, "open", None)]


@pytest.mark.parametrize("bad", ["1", None, 1.5, True])
def test_a_tap_with_a_malformed_seat_is_refused(match, bob, bad):
    with pytest.raises((errors.BadValue, errors.SeatNotInMatch)):
        win(bob, match.pk, 1, bad)
    assert rounds(match) == [(1, "open", None)]


def test_the_hosts_tap_in_the_open_round_closes_it_like_a_members(match, alice):
    dev = seat(match, "Dev")

    result = win(alice, match.pk, 1, dev.pk)

    assert rounds(match) == [(1, "won", dev.pk), (2, "open", None)]
    assert result.event.kind == "round_won"


def test_a_members_correction_is_refused(match, bob):
    play(match, "Alice")

    with pytest.raises(errors.NotTheHost):
        rewin(bob, match.pk, 1, seat(match, "Ben").pk)
    assert rounds(match) == [(1, "won", seat(match, "Alice").pk), (2, "open", None)]


def test_the_host_corrects_round_two_while_round_five_is_open(match, alice):
    play(match, "Alice", "Ben", "Cara", "Dev")
    round_five = Round.objects.get(match=match, number=5)
    untouched = [
        (r.number, r.status, r.winner_id, r.closed_at)
        for r in Round.objects.filter(match=match).exclude(number=2)
    ]

    result = rewin(alice, match.pk, 2, seat(match, "Dev").pk)

    assert result.event.kind == "round_corrected"
    assert result.event.before["winner_name"] == "Ben"
    assert result.event.after["winner_name"] == "Dev"
    assert Round.objects.get(match=match, number=2).winner == seat(match, "Dev")
    assert [
        (r.number, r.status, r.winner_id, r.closed_at)
        for r in Round.objects.filter(match=match).exclude(number=2)
    ] == untouched
    round_five.refresh_from_db()
    assert round_five.status == "open"
    assert Round.objects.filter(match=match).count() == 5


def test_a_correction_changes_only_that_rounds_cells(match, alice):
    play(match, "Alice", "Ben")
    round_one = list(
        Cell.objects.filter(round__match=match, round__number=1).values_list(
            "seat_id", "value"
        )
    )

    rewin(alice, match.pk, 2, seat(match, "Cara").pk)

    cells = dict(
        Cell.objects.filter(round__match=match, round__number=2).values_list(
            "seat__name", "value"
        )
    )
    assert cells == {"Alice": 0, "Ben": 0, "Cara": 1, "Dev": 0}
    assert (
        list(
            Cell.objects.filter(round__match=match, round__number=1).values_list(
                "seat_id", "value"
            )
        )
        == round_one
    )


def test_the_host_turns_a_won_round_into_a_draw_and_back(match, alice):
    play(match, "Ben")
    ben = seat(match, "Ben")

    make_draw(alice, match.pk, 1)
    assert rounds(match)[0] == (1, "draw", None)

    rewin(alice, match.pk, 1, ben.pk)
    assert rounds(match)[0] == (1, "won", ben.pk)
    assert rounds(match)[1] == (2, "open", None)


def test_a_draw_of_the_open_round_is_refused_as_end_match(match, alice):
    with pytest.raises(errors.BadValue, match="End match"):
        actions.record(alice, match.pk, 1, {"draw": True})
    assert rounds(match) == [(1, "open", None)]


def test_correcting_to_what_the_sheet_already_says_is_refused(match, alice):
    play(match, "Ben")

    with pytest.raises(errors.NoChange):
        rewin(alice, match.pk, 1, seat(match, "Ben").pk)
    make_draw(alice, match.pk, 1)
    with pytest.raises(errors.NoChange):
        make_draw(alice, match.pk, 1)


@pytest.mark.parametrize(
    "payload",
    [{"winner": -1}, {"winner": 0}, {"draw": False}, {}, {"seat": 1, "value": 1}],
)
def test_a_malformed_record_is_refused(match, alice, payload):
    with pytest.raises(errors.BadValue):
        actions.record(alice, match.pk, 1, payload)
    assert rounds(match) == [(1, "open", None)]


def test_a_latecomer_has_no_cell_in_earlier_rounds(match, alice, charlie):
    play(match, "Alice")
    actions.join_match(charlie, match.code, name="Eve")
    eve = seat(match, "Eve")

    with pytest.raises(errors.SeatNotInMatch, match="round 1"):
        rewin(alice, match.pk, 1, eve.pk)
    win(charlie, match.pk, 2, eve.pk)
    assert Round.objects.get(match=match, number=2).winner == eve
    assert not Cell.objects.filter(round__number=1, seat=eve).exists()


def test_a_member_who_is_not_the_host_ends_the_match(match, bob):
    play(match, "Alice", "Ben")

    result = actions.end_match(bob, match.pk)

    match.refresh_from_db()
    assert match.status == "ended"
    assert match.ended_at is not None
    assert rounds(match)[-1] == (3, "draw", None)
    assert Round.objects.filter(match=match, status="open").count() == 0
    assert result.event.kind == "match_ended"


def test_after_the_end_every_write_is_refused_as_match_ended(
    match, alice, bob, charlie
):
    actions.end_match(bob, match.pk)
    ben = seat(match, "Ben").pk
    version = Match.objects.get(pk=match.pk).version
    writes = [
        lambda: win(bob, match.pk, 2, ben),
        lambda: rewin(alice, match.pk, 1, ben),
        lambda: actions.end_match(bob, match.pk),
        lambda: actions.add_seat(alice, match.pk, "Eve"),
        lambda: actions.rename_seat(alice, match.pk, ben, "Benjamin"),
        lambda: actions.release_claim(alice, match.pk, ben),
        lambda: actions.hand_over_host(alice, match.pk, bob.pk),
        lambda: actions.join_match(charlie, match.code, name="Eve"),
    ]

    for write in writes:
        with pytest.raises(errors.MatchEnded):
            write()
    assert Match.objects.get(pk=match.pk).version == version


def test_an_outsider_cannot_end_the_match(match, charlie):
    with pytest.raises(errors.NotAMember):
        actions.end_match(charlie, match.pk)
    assert Match.objects.get(pk=match.pk).status == "live"


def test_the_version_rises_by_one_per_change_and_every_change_has_its_event(
    match, alice, bob, charlie
):
    changes = [
        lambda: win(bob, match.pk, 1, seat(match, "Alice").pk),
        lambda: rewin(alice, match.pk, 1, seat(match, "Ben").pk),
        lambda: actions.join_match(charlie, match.code, seat_id=seat(match, "Cara").pk),
        lambda: actions.add_seat(alice, match.pk, "Eve"),
        lambda: actions.rename_seat(alice, match.pk, seat(match, "Eve").pk, "Evie"),
        lambda: actions.release_claim(alice, match.pk, seat(match, "Cara").pk),
        lambda: actions.hand_over_host(alice, match.pk, bob.pk),
        lambda: win(bob, match.pk, 2, seat(match, "Dev").pk),
        lambda: actions.end_match(bob, match.pk),
    ]
    version = Match.objects.get(pk=match.pk).version

    for change in changes:
        result = change()
        version += 1
        assert Match.objects.get(pk=match.pk).version == version
        assert result.event.version == version

    versions = list(Event.objects.filter(match=match).values_list("version", flat=True))
    assert versions == list(range(1, version + 1))


def test_a_refusal_leaves_the_version_and_the_log_alone(match, bob, charlie):
    version = Match.objects.get(pk=match.pk).version
    events = Event.objects.count()

    for refused in [
        lambda: win(charlie, match.pk, 1, seat(match, "Ben").pk),
        lambda: actions.correct(bob, match.pk, 1, {"winner": seat(match, "Ben").pk}),
        lambda: win(bob, match.pk, 1, 999_999),
    ]:
        with pytest.raises(errors.Refusal):
            refused()

    assert Match.objects.get(pk=match.pk).version == version
    assert Event.objects.count() == events


def test_the_summary_counts_rounds_won_and_draws(match, alice, bob):
    from games.sheet import round_view, seat_view

    play(match, "Alice", "Alice", "Cara")
    actions.end_match(bob, match.pk)

    rules = match.rules
    summary = rules.summarize(
        [seat_view(s) for s in match.seats.all()],
        [round_view(r) for r in match.rounds.all()],
    )
    by_name = {s.name: summary["rounds_won"][s.pk] for s in match.seats.all()}
    assert by_name == {"Alice": 2, "Ben": 0, "Cara": 1, "Dev": 0}
    assert summary["draws"] == 1
