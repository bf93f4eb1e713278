"""The Wizard module is plain Python: these tests use no database."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import errors
from games.rules import BY_HIGHEST, Actor, RoundView, SeatView, Table
from games.wizard.rules import Wizard, rounds_for, score

RULES = Wizard()
# Ann, Ben and Cara have claimed their seats; Dan has no phone.
ANN, BEN, CARA, DAN = 31, 32, 33, 34
SEATS = [
    SeatView(id=ANN, name="Ann", position=0, claimed_by=301),
    SeatView(id=BEN, name="Ben", position=1, claimed_by=302),
    SeatView(id=CARA, name="Cara", position=2, claimed_by=303),
    SeatView(id=DAN, name="Dan", position=3),
]
IDS = [ANN, BEN, CARA, DAN]
DEALER_RULE = {"dealer_rule": True}


def open_round(number, bids=None, dealer=ANN):
    return RoundView(number, "open", values={"bid": dict(bids or {})}, dealer=dealer)


def played(number, bids, tricks):
    values = {
        "bid": dict(zip(IDS, bids, strict=True)),
        "tricks": dict(zip(IDS, tricks, strict=True)),
    }
    return RoundView(number, "scored", values=values)


def table(round, options=None, actor=None):
    options = options or {}
    return Table(
        seats=SEATS,
        options=options,
        standings=RULES.initial(SEATS, options),
        round=round,
        actor=actor or Actor(is_host=True),
    )


def totals(standings):
    return {line.seat: line.points for line in standings.seats}


# The scoring table ----------------------------------------------------------------


@pytest.mark.parametrize(
    "bid, tricks, points",
    [
        (0, 0, 20),
        (1, 1, 30),
        (3, 3, 50),
        (10, 10, 120),
        (2, 4, -20),
        (0, 3, -30),
        (5, 2, -30),
        (1, 0, -10),
    ],
    ids=[
        "zero made",
        "one made",
        "three made",
        "ten made",
        "over by two",
        "zero missed by three",
        "under by three",
        "under by one",
    ],
)
def test_the_scoring_table(bid, tricks, points):
    assert score(bid, tricks) == points


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_sixty_cards_make_the_rounds(players, rounds):
    assert rounds_for(players) == rounds


# Bids and tricks ------------------------------------------------------------------


def test_a_bid_from_zero_to_the_cards_dealt_leaves_the_round_open():
    outcome = RULES.record(
        table(open_round(3), actor=Actor(seat=BEN)),
        {"call": {"seat": BEN, "value": 0}},
    )

    assert outcome.status == "open"
    assert outcome.values == {"bid": {BEN: 0}}


def test_a_bid_over_the_cards_dealt_is_refused():
    with pytest.raises(errors.BadValue, match="from 0 to 3, not 4"):
        RULES.record(table(open_round(3)), {"call": {"seat": BEN, "value": 4}})


def test_a_phone_cannot_bid_for_another_phones_seat():
    with pytest.raises(errors.BadValue, match="only Ann or the host"):
        RULES.record(
            table(open_round(3), actor=Actor(seat=BEN)),
            {"call": {"seat": ANN, "value": 1}},
        )


def test_the_tricks_wait_for_every_bid():
    with pytest.raises(errors.BadValue, match="2 of 4 bids are in"):
        RULES.record(
            table(open_round(2, {ANN: 1, BEN: 0})),
            {"taken": {"31": 1, "32": 0, "33": 1, "34": 0}},
        )


def test_the_tricks_must_add_up_to_the_cards_dealt():
    round = open_round(3, {ANN: 1, BEN: 0, CARA: 1, DAN: 0})

    with pytest.raises(errors.BadValue, match="add up to 2; round 3 deals 3"):
        RULES.record(table(round), {"taken": {"31": 1, "32": 0, "33": 1, "34": 0}})


def test_the_tricks_close_the_round_with_each_score():
    round = open_round(3, {ANN: 1, BEN: 0, CARA: 2, DAN: 1})

    outcome = RULES.record(
        table(round), {"taken": {"31": 1, "32": 0, "33": 1, "34": 1}}
    )

    assert outcome.status == "scored"
    assert outcome.note == "Ann +30 · Ben +20 · Cara \u221210 · Dan +30"


# The dealer rule ------------------------------------------------------------------


def test_without_the_dealer_rule_the_bids_may_add_up():
    round = open_round(3, {BEN: 1, CARA: 1, DAN: 0})

    outcome = RULES.record(table(round), {"call": {"seat": ANN, "value": 1}})

    assert outcome.status == "open"


def test_the_dealer_may_not_make_the_bids_add_up_to_the_cards():
    round = open_round(3, {BEN: 1, CARA: 1, DAN: 0})

    with pytest.raises(errors.BadValue) as refused:
        RULES.record(table(round, DEALER_RULE), {"call": {"seat": ANN, "value": 1}})

    assert str(refused.value) == (
        "Ann deals: with the dealer rule the bids may not add up to 3, the cards "
        "dealt. Ann bids another number."
    )
    outcome = RULES.record(
        table(round, DEALER_RULE), {"call": {"seat": ANN, "value": 2}}
    )
    assert outcome.values == {"bid": {ANN: 2}}


def test_with_the_dealer_rule_the_dealer_bids_last():
    with pytest.raises(errors.BadValue, match="Ann deals and bids last"):
        RULES.record(
            table(open_round(3, {BEN: 1}), DEALER_RULE),
            {"call": {"seat": ANN, "value": 0}},
        )


def test_a_correction_under_the_dealer_rule_may_not_add_up_either():
    round = played(2, (1, 0, 1, 1), (1, 0, 1, 0))

    with pytest.raises(errors.BadValue, match="may not add up to 2"):
        RULES.record(
            table(round, DEALER_RULE),
            {
                "calls": {"31": 1, "32": 0, "33": 1, "34": 0},
                "taken": {"31": 1, "32": 0, "33": 1, "34": 0},
            },
        )


# The end --------------------------------------------------------------------------


def test_the_last_round_decides_the_match_and_not_before():
    rounds = [played(n, (0, 0, 0, 0), (n, 0, 0, 0)) for n in range(1, 15)]

    before = RULES.standings(SEATS, rounds, {})
    after = RULES.standings(
        SEATS, [*rounds, played(15, (0, 0, 0, 15), (0, 0, 0, 15))], {}
    )

    assert before.result is None
    assert totals(after)[DAN] == 20 * 14 + 170
    assert after.result.winners == (DAN,)


def test_a_tie_after_the_last_round_shares_the_win():
    rounds = [played(n, (0, 0, 0, 0), (0, 0, 0, n)) for n in range(1, 16)]
    standings = RULES.standings(SEATS, rounds, {})

    assert standings.result.winners == (ANN, BEN, CARA)


def test_a_match_ended_early_names_the_highest_total():
    standings = RULES.standings(SEATS, [played(1, (1, 0, 0, 0), (0, 0, 0, 1))], {})

    lead = RULES.leaders(standings, SEATS, {})

    assert (lead.seats, lead.figure, lead.by) == ((BEN, CARA), 20, BY_HIGHEST)


def test_the_form_reads_a_bid_and_a_correction():
    assert RULES.payload_from_form({"seat": ["31"], "bid": ["0"]}) == {
        "call": {"seat": 31, "value": 0}
    }
    assert RULES.payload_from_form({"bid-31": ["1"], "tricks-31": ["1"]}) == {
        "calls": {"31": 1},
        "taken": {"31": 1},
    }


# Totals ---------------------------------------------------------------------------


@st.composite
def a_round(draw, number):
    bids = [draw(st.integers(0, number)) for _ in IDS]
    cuts = sorted(draw(st.integers(0, number)) for _ in range(len(IDS) - 1))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, number], strict=True)]
    return played(number, bids, tricks)


@st.composite
def a_match(draw):
    count = draw(st.integers(1, 15))
    return [draw(a_round(number)) for number in range(1, count + 1)]


@settings(max_examples=60, deadline=None)
@given(a_match())
def test_the_totals_are_the_sums_of_the_scoring_table(rounds):
    standings = RULES.standings(SEATS, rounds, {})
    summary = RULES.summarize(SEATS, rounds)

    expected = {
        seat: sum(
            score(r.values["bid"][seat], r.values["tricks"][seat]) for r in rounds
        )
        for seat in IDS
    }
    assert totals(standings) == expected
    assert summary["totals"] == expected
    assert all(summary["series"][seat][-1] == expected[seat] for seat in IDS)
    assert (standings.result is not None) == (len(rounds) == 15)
    # A round's scores are bounded by the table: 20 + 10 a trick at most, and
    # never below 10 off a trick for every card dealt.
    for round in rounds:
        for seat in IDS:
            points = score(round.values["bid"][seat], round.values["tricks"][seat])
            assert -10 * round.number <= points <= 20 + 10 * round.number
