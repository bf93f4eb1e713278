"""The shared lives engine, as Schwimmen and Thirty-One use it."""

import pytest

from games.lives import (
    OUT_ORDER,
    REPLAY,
    SHARE,
    new_line,
    out_turns,
    pay,
    settle,
    still_in,
)
from games.rules import IN, OUT, SWIMMING, Standings


def line(seat, lives):
    """A seat with ``lives`` left; 0 is swimming (it has paid its last one)."""
    return pay(new_line(seat, 1)) if lives == 0 else new_line(seat, lives)


def standings(*lives):
    """Seats 1, 2, ... with these lives left."""
    return Standings(seats=tuple(line(seat, n) for seat, n in enumerate(lives, 1)))


def test_paying_the_last_life_swims_and_paying_again_is_out():
    line = new_line(1, 2)

    line = pay(line)
    assert (line.lives, line.fate) == (1, IN)
    line = pay(line)
    assert (line.lives, line.fate) == (0, SWIMMING)
    line = pay(line)
    assert (line.lives, line.fate) == (0, OUT)
    assert pay(line, 3) == line  # an out seat pays nothing more


def test_a_double_payment_is_counted_one_life_at_a_time():
    # Thirty-One's knocker who loses pays two: with one life left that is
    # swimming and then out.
    assert pay(new_line(1, 4), 2).lives == 2
    line = pay(new_line(1, 1), 2)
    assert (line.lives, line.fate) == (0, OUT)


def test_a_seat_starts_with_at_least_one_life_and_never_pays_a_negative_count():
    with pytest.raises(ValueError):
        new_line(1, 0)
    with pytest.raises(ValueError):
        pay(new_line(1, 3), -1)


def test_the_last_seat_in_wins():
    after = settle(standings(1, 0, 3), {1: 1, 2: 1}).standings

    assert after.result is None  # seat 1 swims, seat 2 was swimming: out
    assert still_in(after) == [1, 3]
    decided = settle(after, {1: 1}, names={3: "Cara"}).standings
    assert decided.result.winners == (3,)
    assert decided.result.note == "Cara is the last one in and wins"


def test_out_and_unknown_seats_pay_nothing():
    before = settle(standings(0, 2, 2), {1: 1}).standings

    settled = settle(before, {1: 1, 9: 1, 2: 0})

    assert settled.paid == {}
    assert settled.standings == before


def test_the_last_swimmers_wiped_out_together_share_the_win_or_replay():
    both_swimming = standings(0, 0)

    shared = settle(both_swimming, {1: 1, 2: 1}, wipeout=SHARE)
    replayed = settle(both_swimming, {1: 1, 2: 1}, wipeout=REPLAY)

    assert shared.standings.result.winners == (1, 2)
    assert still_in(shared.standings) == [1, 2]
    assert shared.wipeout == (1, 2) and not shared.replayed
    assert replayed.standings == both_swimming
    assert replayed.replayed and replayed.paid == {}


def test_a_decided_match_is_left_as_it_is():
    decided = settle(standings(0, 1), {1: 1}).standings

    assert settle(decided, {2: 5}).standings == decided


def test_an_unknown_wipeout_rule_is_a_mistake():
    with pytest.raises(ValueError):
        settle(standings(1, 1), {1: 1}, wipeout="coin toss")


def test_the_seats_out_are_kept_in_the_order_they_went_a_rounds_together():
    first = settle(standings(0, 0, 0, 2), {1: 1}).standings
    second = settle(first, {2: 1, 3: 1, 4: 1}).standings

    assert first.extra == {OUT_ORDER: [[1]]}
    assert second.extra == {OUT_ORDER: [[1], [2, 3]]}
    assert out_turns(second) == {1: 1, 2: 2, 3: 2}
    # Kept with the match as JSON, the order reads back as it was.
    assert Standings.from_data(second.to_data()) == second


def test_a_round_that_puts_nobody_out_adds_nothing_to_the_order():
    after = settle(standings(0, 2), {2: 1}).standings
    shared = settle(standings(0, 0), {1: 1, 2: 1}, wipeout=SHARE).standings

    assert OUT_ORDER not in after.extra and OUT_ORDER not in shared.extra
    assert out_turns(after) == out_turns(shared) == {}
