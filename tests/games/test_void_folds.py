"""Each game's fold with voided rounds, in plain Python: the core leaves a voided
round out, so the standings and the summary of a sheet with a voided round are
those of the same sheet without it. No module knows about voiding."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadValue
from games.forty_one.rules import FortyOne
from games.fortyone_exchange.rules import FortyOneExchange
from games.rules import DRAW, OPEN, WON, RoundView, SeatView, counted
from tests.schwimmen.test_properties import play_a_round
from tests.schwimmen.test_properties import tables as schwimmen_tables
from tests.thirty_one.test_properties import a_round
from tests.thirty_one.test_properties import tables as thirty_one_tables

SEATS = [SeatView(id=i, name=n, position=i) for i, n in enumerate("ABCD", start=1)]


def without_and_voided(rules, seats, rounds, options, picks):
    """Void the closed rounds at ``picks``: the fold and summary with them
    voided, and of the sheet that never had them."""
    closed = [r for r in rounds if r.status != OPEN]
    chosen = {closed[i % len(closed)].number for i in picks}
    voided = [replace(r, voided=r.number in chosen) for r in rounds]
    kept = [r for r in rounds if r.number not in chosen]
    return (
        (
            rules.standings(seats, voided, options),
            rules.summarize(seats, counted(voided)),
        ),
        (rules.standings(seats, kept, options), rules.summarize(seats, counted(kept))),
    )


def exchange_rounds():
    one = st.one_of(st.sampled_from([s.id for s in SEATS]), st.none())
    return st.lists(one, min_size=1, max_size=30).map(
        lambda winners: [
            RoundView(number, WON, winner, {winner: 1})
            if winner
            else RoundView(number, DRAW)
            for number, winner in enumerate(winners, start=1)
        ]
    )


@settings(max_examples=100, deadline=None)
@given(exchange_rounds(), st.lists(st.integers(0, 99), min_size=1, max_size=5))
def test_41_exchange_folds_a_voided_round_as_if_unplayed(rounds, picks):
    rules = FortyOneExchange()

    voided, without = without_and_voided(rules, SEATS, rounds, {}, picks)

    assert voided == without


def forty_one_rounds():
    def round_of(number, bids, tricks):
        values = {"bid": dict(zip([1, 2, 3, 4], bids, strict=True))}
        if sum(bids) >= 11:
            values["tricks"] = dict(zip([1, 2, 3, 4], tricks, strict=True))
        return RoundView(number, "scored", values=values)

    a_round = st.tuples(
        st.lists(st.integers(1, 5), min_size=4, max_size=4),
        st.permutations([4, 3, 3, 3]),
    )
    return st.lists(a_round, min_size=1, max_size=12).map(
        lambda pairs: [
            round_of(number, bids, tricks)
            for number, (bids, tricks) in enumerate(pairs, start=1)
        ]
    )


@settings(max_examples=100, deadline=None)
@given(forty_one_rounds(), st.lists(st.integers(0, 99), min_size=1, max_size=3))
def test_forty_one_folds_a_voided_round_as_if_unplayed(rounds, picks):
    voided, without = without_and_voided(FortyOne(), SEATS, rounds, {}, picks)

    assert voided == without


@settings(max_examples=60, deadline=None)
@given(schwimmen_tables(), st.data())
def test_schwimmen_folds_a_voided_round_as_if_unplayed(sheet, data):
    for _ in range(data.draw(st.integers(1, 12))):
        if sheet.result is not None:
            break
        play_a_round(sheet, data)
    picks = data.draw(st.lists(st.integers(0, 99), min_size=1, max_size=3))

    voided, without = without_and_voided(
        sheet.rules, sheet.seats, sheet.rounds, sheet.options, picks
    )

    assert voided == without


@settings(max_examples=60, deadline=None)
@given(thirty_one_tables(), st.data())
def test_thirty_one_folds_a_voided_round_as_if_unplayed(sheet, data):
    played = 0
    while played < data.draw(st.integers(1, 12)) and sheet.result is None:
        try:
            sheet.record(a_round(sheet, data))
        except BadValue:
            continue
        played += 1
    picks = data.draw(st.lists(st.integers(0, 99), min_size=1, max_size=3))

    voided, without = without_and_voided(
        sheet.rules, sheet.seats, sheet.rounds, sheet.options, picks
    )

    assert voided == without


def test_a_sheet_of_only_voided_rounds_folds_to_the_start():
    rules = FortyOneExchange()
    rounds = [replace(RoundView(1, WON, 1, {1: 1}), voided=True)]

    assert rules.standings(SEATS, rounds, {}) == rules.initial(SEATS, {})
    assert counted(rounds) == []
