"""The Forty One module is plain Python: these tests use no database."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import errors
from games.forty_one.rules import FortyOne, round_scores, score, winning_team
from games.rules import Actor, RoundView, SeatView, Table

RULES = FortyOne()
# Rami and Sara (positions 0 and 2) against Omar and Lina (1 and 3). Lina has no
# phone; the others have claimed their seats.
RAMI, OMAR, SARA, LINA = 11, 12, 13, 14
SEATS = [
    SeatView(id=RAMI, name="Rami", position=0, claimed_by=101),
    SeatView(id=OMAR, name="Omar", position=1, claimed_by=102),
    SeatView(id=SARA, name="Sara", position=2, claimed_by=103),
    SeatView(id=LINA, name="Lina", position=3),
]
IDS = [RAMI, OMAR, SARA, LINA]


def open_round(bids=None, number=1):
    return RoundView(number, "open", values={"bid": dict(bids or {})})


def closed_round(bids, tricks=None, number=1):
    values = {"bid": dict(zip(IDS, bids, strict=True))}
    if tricks is not None:
        values["tricks"] = dict(zip(IDS, tricks, strict=True))
    return RoundView(number, "scored", values=values)


def table(round, actor=None, standings=None):
    return Table(
        seats=SEATS,
        options={},
        standings=standings or RULES.initial(SEATS, {}),
        round=round,
        actor=actor or Actor(),
    )


def fold(*rounds):
    return RULES.standings(SEATS, list(rounds), {})


def totals(standings):
    return {line.seat: line.points for line in standings.seats}


# Scoring ------------------------------------------------------------------------

TABLE = {bid: bid if bid <= 6 else 2 * bid for bid in range(1, 14)}


@pytest.mark.parametrize("bid", range(1, 14))
def test_a_made_bid_scores_its_value_doubled_from_seven(bid):
    assert score(bid, bid) == TABLE[bid]
    assert score(bid, 13) == TABLE[bid]


@pytest.mark.parametrize("bid", range(1, 14))
def test_a_failed_bid_costs_its_value_doubled_from_seven(bid):
    assert score(bid, bid - 1) == -TABLE[bid]
    assert score(bid, 0) == -TABLE[bid]


def test_the_table_reads_as_the_seed_says():
    assert [score(bid, bid) for bid in (5, 6, 7, 9, 13)] == [5, 6, 14, 18, 26]
    assert score(6, 7) == 6
    assert score(9, 8) == -18


@pytest.mark.parametrize("bid", [0, 14, True, "3"])
def test_score_refuses_a_bid_outside_one_to_thirteen(bid):
    with pytest.raises(ValueError):
        score(bid, 5)


# Recording a round ------------------------------------------------------------------


def test_a_bid_leaves_the_round_open_and_names_the_seat():
    outcome = RULES.record(
        table(open_round(), Actor(seat=RAMI)), {"bid": {"seat": RAMI, "value": 4}}
    )

    assert outcome.status == "open"
    assert outcome.values == {"bid": {RAMI: 4}}
    assert outcome.note == "Rami bids 4"


def test_the_fourth_bid_opens_play_when_the_bids_come_to_eleven():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2})

    outcome = RULES.record(table(round), {"bid": {"seat": LINA, "value": 2}})

    assert outcome.status == "open"
    assert "the bids come to 11" in outcome.note


def test_the_fourth_bid_throws_the_cards_in_under_eleven():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2})

    outcome = RULES.record(table(round), {"bid": {"seat": LINA, "value": 1}})

    assert outcome.status == "scored"
    assert outcome.note == "Thrown in"
    assert outcome.values == {"bid": {LINA: 1}}


def test_a_thrown_in_round_scores_nobody_and_stays_in_the_history():
    thrown = closed_round([4, 3, 2, 1])

    standings = fold(thrown)

    assert totals(standings) == dict.fromkeys(IDS, 0)
    assert standings.rounds == 1
    assert standings.extra["thrown_in"] == 1
    assert standings.extra["last_thrown_in"] == {"round": 1, "bids": 10}
    assert RULES.summarize(SEATS, [thrown])["rounds"][0]["state"] == "thrown_in"


def test_the_tricks_close_the_round_with_each_score_in_the_note():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2, LINA: 7})
    tricks = {str(RAMI): 5, str(OMAR): 2, str(SARA): 2, str(LINA): 4}

    outcome = RULES.record(table(round), {"tricks": tricks})

    assert outcome.status == "scored"
    assert outcome.values == {"tricks": {RAMI: 5, OMAR: 2, SARA: 2, LINA: 4}}
    assert outcome.note == "Rami +4 · Omar \u22123 · Sara +2 · Lina \u221214"


@pytest.mark.parametrize("value", [0, 14, -1, 2.5, "4", None, True])
def test_a_bid_outside_one_to_thirteen_is_refused(value):
    with pytest.raises(errors.BadValue, match="A bid"):
        RULES.record(
            table(open_round(), Actor(seat=RAMI)),
            {"bid": {"seat": RAMI, "value": value}},
        )


def test_tricks_that_do_not_add_up_to_thirteen_are_refused_with_the_sum():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2, LINA: 7})
    tricks = {RAMI: 5, OMAR: 2, SARA: 2, LINA: 3}

    with pytest.raises(errors.BadValue, match="add up to 12"):
        RULES.record(table(round), {"tricks": tricks})


def test_tricks_for_only_three_players_are_refused():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2, LINA: 7})

    with pytest.raises(errors.BadValue, match="Lina is missing"):
        RULES.record(table(round), {"tricks": {RAMI: 6, OMAR: 5, SARA: 2}})


def test_tricks_before_all_bids_are_in_are_refused():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2})
    tricks = {RAMI: 5, OMAR: 2, SARA: 2, LINA: 4}

    with pytest.raises(errors.BadValue, match="3 of 4 bids are in"):
        RULES.record(table(round, Actor(is_host=True)), {"tricks": tricks})


def test_a_member_cannot_bid_for_another_players_claimed_seat():
    with pytest.raises(errors.BadValue, match="only Sara or the host") as refused:
        RULES.record(
            table(open_round(), Actor(seat=RAMI)), {"bid": {"seat": SARA, "value": 3}}
        )

    assert refused.value.status == 400


def test_a_member_may_bid_for_a_seat_without_a_phone():
    outcome = RULES.record(
        table(open_round(), Actor(seat=RAMI)), {"bid": {"seat": LINA, "value": 3}}
    )

    assert outcome.values == {"bid": {LINA: 3}}


def test_the_host_may_bid_for_any_seat_even_after_play_started():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2, LINA: 7})

    outcome = RULES.record(
        table(round, Actor(seat=OMAR, is_host=True)),
        {"bid": {"seat": SARA, "value": 3}},
    )

    assert outcome.status == "open"
    assert outcome.values == {"bid": {SARA: 3}}


def test_a_member_cannot_change_a_bid_once_play_started():
    round = open_round({RAMI: 4, OMAR: 3, SARA: 2, LINA: 7})

    with pytest.raises(errors.NotTheHost):
        RULES.record(
            table(round, Actor(seat=RAMI)), {"bid": {"seat": RAMI, "value": 5}}
        )


def test_the_same_bid_again_changes_nothing():
    with pytest.raises(errors.NoChange):
        RULES.record(
            table(open_round({RAMI: 4}), Actor(seat=RAMI)),
            {"bid": {"seat": RAMI, "value": 4}},
        )


def test_a_bid_for_a_seat_not_at_the_table_is_refused():
    with pytest.raises(errors.BadValue, match="Seat 99"):
        RULES.record(table(open_round()), {"bid": {"seat": 99, "value": 3}})


def test_the_open_round_refuses_a_payload_it_does_not_know():
    with pytest.raises(errors.BadValue):
        RULES.record(table(open_round()), {"winner": RAMI})


# Corrections ----------------------------------------------------------------------


def test_the_host_corrects_a_closed_rounds_bids_and_tricks():
    round = closed_round([4, 3, 2, 7], [5, 2, 2, 4])
    payload = {
        "bids": {RAMI: 4, OMAR: 3, SARA: 2, LINA: 4},
        "tricks": {RAMI: 5, OMAR: 2, SARA: 2, LINA: 4},
    }

    outcome = RULES.record(table(round, Actor(is_host=True)), payload)

    assert outcome.status == "scored"
    assert outcome.values["bid"][LINA] == 4
    assert outcome.clear == ()


def test_a_correction_to_bids_under_eleven_makes_a_throw_in_and_clears_tricks():
    round = closed_round([4, 3, 2, 7], [5, 2, 2, 4])

    outcome = RULES.record(
        table(round, Actor(is_host=True)),
        {"bids": {RAMI: 4, OMAR: 3, SARA: 2, LINA: 1}},
    )

    assert outcome.note == "Thrown in"
    assert set(outcome.clear) == {("tricks", seat) for seat in IDS}


def test_a_correction_is_checked_like_a_record():
    round = closed_round([4, 3, 2, 7], [5, 2, 2, 4])
    host = Actor(is_host=True)
    bids = {RAMI: 4, OMAR: 3, SARA: 2, LINA: 7}

    with pytest.raises(errors.BadValue, match="add up to 14"):
        RULES.record(
            table(round, host),
            {"bids": bids, "tricks": {RAMI: 6, OMAR: 2, SARA: 2, LINA: 4}},
        )
    with pytest.raises(errors.BadValue, match="enter the four"):
        RULES.record(table(round, host), {"bids": bids})
    with pytest.raises(errors.BadValue, match="from 1 to 13, not 0"):
        RULES.record(table(round, host), {"bids": {**bids, SARA: 0}})
    with pytest.raises(errors.NoChange):
        RULES.record(
            table(round, host),
            {"bids": bids, "tricks": {RAMI: 5, OMAR: 2, SARA: 2, LINA: 4}},
        )


def test_only_the_host_corrects_a_closed_round():
    round = closed_round([4, 3, 2, 7], [5, 2, 2, 4])

    with pytest.raises(errors.NotTheHost):
        RULES.record(table(round, Actor(seat=RAMI)), {"bids": {RAMI: 5}})


# Forms ------------------------------------------------------------------------------


def test_the_forms_turn_into_the_same_payloads():
    bid = RULES.payload_from_form({"seat": [str(RAMI)], "bid": ["4"], "round": ["1"]})
    tricks = RULES.payload_from_form({f"tricks-{seat}": ["3"] for seat in IDS})
    throw_in = RULES.payload_from_form(
        {**{f"bid-{seat}": ["2"] for seat in IDS}, f"tricks-{RAMI}": [""]}
    )

    assert bid == {"bid": {"seat": RAMI, "value": 4}}
    assert tricks == {"tricks": {str(seat): 3 for seat in IDS}}
    assert throw_in == {"bids": {str(seat): 2 for seat in IDS}}


def test_a_form_with_words_for_numbers_is_refused():
    with pytest.raises(errors.BadValue, match="“four” is not a whole number"):
        RULES.payload_from_form({"seat": [str(RAMI)], "bid": ["four"]})


# Standings and the win ------------------------------------------------------------


def test_seats_across_the_table_are_partners():
    standings = RULES.initial(SEATS, {})

    assert [line.team for line in standings.seats] == ["A", "B", "A", "B"]
    assert [team.seats for team in standings.teams] == [(RAMI, SARA), (OMAR, LINA)]
    assert totals(standings) == dict.fromkeys(IDS, 0)
    assert standings.result is None


def test_totals_run_below_zero():
    standings = fold(closed_round([9, 1, 1, 1], [4, 3, 3, 3]))

    assert totals(standings) == {RAMI: -18, OMAR: 1, SARA: 1, LINA: 1}


def test_a_team_wins_with_41_and_a_partner_above_zero():
    # Rami makes 13 twice (26 + 26); Sara makes 1 twice; the others 1 each.
    rounds = [
        closed_round([10, 1, 1, 1], [10, 1, 1, 1], 1),
        closed_round([11, 1, 1, 1], [11, 1, 0, 1], 2),
    ]

    standings = fold(*rounds)

    assert totals(standings) == {RAMI: 42, OMAR: 2, SARA: 0, LINA: 2}
    assert standings.result is None
    assert standings.teams[0].note == "Rami 42 — partner still at zero"

    standings = fold(*rounds, closed_round([1, 1, 1, 8], [1, 1, 3, 8], 3))

    assert standings.result.winners == (RAMI, SARA)
    assert standings.result.team == "A"
    assert standings.teams[0].note == "Rami 43 & Sara 1: winners"


def test_no_win_while_the_partner_is_below_zero():
    rounds = [
        closed_round([10, 1, 1, 1], [10, 1, 1, 1], 1),
        closed_round([11, 1, 1, 1], [11, 1, 0, 1], 2),
        closed_round([1, 1, 8, 1], [5, 1, 6, 1], 3),
    ]

    standings = fold(*rounds)

    assert totals(standings) == {RAMI: 43, OMAR: 3, SARA: -16, LINA: 3}
    assert standings.result is None
    assert standings.teams[0].note == "Rami 43 — partner still below zero"
    assert standings.teams[1].note == "Best Omar 3: 38 to go"


def test_when_both_teams_qualify_the_higher_partner_wins():
    totals_after = {RAMI: 45, SARA: 3, OMAR: 41, LINA: 9}
    teams = {"A": (RAMI, SARA), "B": (OMAR, LINA)}

    assert winning_team(teams, totals_after) == "B"
    assert winning_team(teams, {**totals_after, SARA: 12}) == "A"


def test_when_both_partners_are_level_too_play_goes_on():
    teams = {"A": (RAMI, SARA), "B": (OMAR, LINA)}

    assert winning_team(teams, {RAMI: 45, SARA: 9, OMAR: 41, LINA: 9}) is None


def test_a_team_with_both_players_past_41_counts_its_lower_total_as_the_partner():
    teams = {"A": (RAMI, SARA), "B": (OMAR, LINA)}

    assert winning_team(teams, {RAMI: 45, SARA: 42, OMAR: 60, LINA: 30}) == "A"


def standings_at(points):
    """The standings as if the match had reached ``points`` (seat -> total)."""
    standings = RULES.initial(SEATS, {})
    for seat, total in points.items():
        standings = standings.replace_seat(replace(standings.seat(seat), points=total))
    return standings


# Rami and Omar both bid 6 and make it; Sara makes 1; Lina bids 1 and takes none.
LAST_ROUND = closed_round([6, 6, 1, 1], [6, 6, 1, 0], 9)


def test_both_teams_qualifying_in_one_round_go_to_the_higher_partner():
    before = standings_at({RAMI: 35, OMAR: 35, SARA: 5, LINA: 8})

    after = RULES.advance(before, SEATS, LAST_ROUND, {})

    assert totals(after) == {RAMI: 41, OMAR: 41, SARA: 6, LINA: 7}
    assert after.result.team == "B"
    assert after.result.winners == (OMAR, LINA)
    assert after.teams[0].note == "Rami 41 — the other team's partner was higher"


def test_both_teams_qualifying_with_level_partners_play_on():
    before = standings_at({RAMI: 35, OMAR: 35, SARA: 5, LINA: 7})

    after = RULES.advance(before, SEATS, LAST_ROUND, {})

    assert totals(after) == {RAMI: 41, OMAR: 41, SARA: 6, LINA: 6}
    assert after.result is None
    assert after.teams[0].note.endswith("level with the other team: play on")

    # The next round breaks the tie: Sara makes 2 more, Lina fails her 1.
    decider = closed_round([6, 3, 2, 1], [6, 5, 2, 0], 10)
    decided = RULES.advance(after, SEATS, decider, {})

    assert decided.result.team == "A"


def test_an_unscored_round_changes_no_total():
    ended = RoundView(4, "draw", values={"bid": {RAMI: 5}})
    before = standings_at({RAMI: 20, OMAR: -3, SARA: 2, LINA: 0})

    after = RULES.advance(before, SEATS, ended, {})

    assert totals(after) == totals(before)
    assert after.draws == 1


# Properties ---------------------------------------------------------------------------


def apply(round, outcome):
    """``round`` as the core leaves it after writing ``outcome``."""
    values = {key: dict(cells) for key, cells in round.values.items()}
    for key, cells in outcome.values.items():
        values.setdefault(key, {}).update(cells)
    for key, seat in outcome.clear:
        values.get(key, {}).pop(seat, None)
    return RoundView(round.number, outcome.status, values=values)


def play(number, bids, tricks):
    """Record a round through ``record`` as a table would: four bids, then the
    tricks. Returns the round as it stands afterwards."""
    round = open_round(number=number)
    for seat, bid in zip(IDS, bids, strict=True):
        if round.status != "open":
            break
        outcome = RULES.record(
            table(round, Actor(seat=seat)), {"bid": {"seat": seat, "value": bid}}
        )
        round = apply(round, outcome)
    if round.status == "open":
        payload = {"tricks": dict(zip(IDS, tricks, strict=True))}
        if sum(tricks) != 13:
            with pytest.raises(errors.BadValue, match="must add up to 13"):
                RULES.record(table(round), payload)
            return round
        round = apply(round, RULES.record(table(round), payload))
    return round


BIDS = st.lists(st.integers(1, 13), min_size=4, max_size=4)
TRICKS = st.one_of(
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
    st.lists(st.integers(0, 13), min_size=3, max_size=3)
    .filter(lambda three: sum(three) <= 13)
    .map(lambda three: [*three, 13 - sum(three)]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(BIDS, TRICKS), max_size=15))
def test_totals_are_the_sum_of_the_round_scores(hands):
    rounds = [play(n, bids, tricks) for n, (bids, tricks) in enumerate(hands, 1)]
    closed = [round for round in rounds if round.status != "open"]
    expected = dict.fromkeys(IDS, 0)
    for round in closed:
        tricks = round.values.get("tricks", {})
        if tricks:
            assert sum(tricks.values()) == 13
            for seat in IDS:
                expected[seat] += score(round.values["bid"][seat], tricks[seat])
        else:
            assert sum(round.values["bid"].values()) <= 10

    standings = fold(*closed)
    summary = RULES.summarize(SEATS, closed)

    assert totals(standings) == expected
    assert summary["totals"] == expected
    assert all(
        sum(round_scores(round, IDS).get(seat, 0) for round in closed) == expected[seat]
        for seat in IDS
    )
    assert all(len(series) == len(closed) for series in summary["series"].values())


def test_the_record_schema_takes_the_three_payloads_and_no_bid_of_zero():
    jsonschema = pytest.importorskip("jsonschema")
    valid = [
        {"bid": {"seat": RAMI, "value": 4}},
        {"tricks": {str(seat): 3 for seat in IDS[:3]} | {str(LINA): 4}},
        {"bids": {str(seat): 2 for seat in IDS}},
        {"bids": {str(seat): 3 for seat in IDS}, "tricks": {str(RAMI): 13}},
    ]
    for payload in valid:
        jsonschema.validate(payload, RULES.record_schema)
    for payload in ({"bid": {"seat": RAMI, "value": 0}}, {"tricks": {"11": 14}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(payload, RULES.record_schema)
