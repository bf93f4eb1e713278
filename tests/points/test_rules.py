"""The Points module is plain Python: these tests use no database."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import errors
from games.points.rules import PRESETS, Points
from games.rules import BY_HIGHEST, BY_LOWEST, Actor, RoundView, SeatView, Table

RULES = Points()
# Ann, Ben and Cara have claimed their seats; Dan has no phone.
ANN, BEN, CARA, DAN = 21, 22, 23, 24
SEATS = [
    SeatView(id=ANN, name="Ann", position=0, claimed_by=201),
    SeatView(id=BEN, name="Ben", position=1, claimed_by=202),
    SeatView(id=CARA, name="Cara", position=2, claimed_by=203),
    SeatView(id=DAN, name="Dan", position=3),
]
IDS = [ANN, BEN, CARA, DAN]


def options(**chosen):
    return RULES.clean_options(chosen)


def preset(name):
    return RULES.clean_options({"game": name, **PRESETS[name]})


def scored(*figures, number=1):
    return RoundView(number, "scored", cells=dict(zip(IDS, figures, strict=True)))


def open_round(cells=None, number=1):
    return RoundView(number, "open", cells=dict(cells or {}))


def table(round, opts=None, actor=None):
    opts = opts if opts is not None else options()
    return Table(
        seats=SEATS,
        options=opts,
        standings=RULES.initial(SEATS, opts),
        round=round,
        actor=actor or Actor(),
    )


def fold(opts, *rows):
    rounds = [scored(*row, number=n) for n, row in enumerate(rows, 1)]
    return RULES.standings(SEATS, rounds, opts)


def totals(standings):
    return {line.seat: line.points for line in standings.seats}


def winners(standings):
    return standings.result.winners if standings.result else None


# The end -------------------------------------------------------------------------


def test_the_target_ends_the_match_after_the_round_that_reaches_it():
    opts = options(end="target", target=100)

    playing = fold(opts, (60, 10, 0, 5))
    ended = fold(opts, (60, 10, 0, 5), (45, 20, 0, 0))

    assert winners(playing) is None
    assert winners(ended) == (ANN,)
    assert totals(ended)[ANN] == 105


def test_after_a_number_of_rounds_the_best_total_wins_whoever_reached_what():
    opts = options(end="rounds", rounds=3)

    two = fold(opts, (5, 9, 0, 1), (5, 9, 0, 1))
    three = fold(opts, (5, 9, 0, 1), (5, 9, 0, 1), (5, 9, 0, 1))

    assert winners(two) is None
    assert winners(three) == (BEN,)


def test_an_open_ended_match_is_never_decided_by_the_sheet():
    opts = options(end="open")

    standings = fold(opts, *[(1000, 0, 0, 0)] * 12)

    assert winners(standings) is None
    assert totals(standings)[ANN] == 12000


def test_an_open_ended_match_ended_by_the_table_names_the_best_total():
    highest = options(end="open", wins="highest")
    lowest = options(end="open", wins="lowest")
    standings = fold(highest, (30, -5, 12, 30))

    lead_high = RULES.leaders(standings, SEATS, highest)
    lead_low = RULES.leaders(standings, SEATS, lowest)

    assert (lead_high.seats, lead_high.figure, lead_high.by) == (
        (ANN, DAN),
        30,
        BY_HIGHEST,
    )
    assert (lead_low.seats, lead_low.figure, lead_low.by) == ((BEN,), -5, BY_LOWEST)


def test_lowest_wins_when_the_target_is_reached_by_someone_else():
    opts = options(end="target", target=100, wins="lowest")

    standings = fold(opts, (40, 20, 30, 10), (62, 30, 5, 10))

    assert totals(standings)[ANN] == 102
    assert winners(standings) == (DAN,)


def test_highest_wins_at_the_end_of_the_rounds():
    opts = options(end="rounds", rounds=1, wins="highest")

    assert winners(fold(opts, (3, 8, -2, 7))) == (BEN,)


def test_a_tie_at_the_end_shares_the_win():
    opts = options(end="rounds", rounds=2, wins="highest")

    standings = fold(opts, (10, 20, 0, 5), (20, 10, 0, 5))

    assert winners(standings) == (ANN, BEN)
    assert standings.result.note == "Ann 30 & Ben 30 win"


def test_negative_totals_run_below_zero_and_can_win_a_lowest_game():
    opts = options(end="rounds", rounds=2, wins="lowest")

    standings = fold(opts, (-25, 10, 0, 15), (-40, 5, 60, 0))

    assert totals(standings) == {ANN: -65, BEN: 15, CARA: 60, DAN: 15}
    assert winners(standings) == (ANN,)
    assert standings.result.note == "Ann \u221265 wins"


# Presets -------------------------------------------------------------------------


def test_rummy_is_first_to_500_and_the_highest_wins():
    opts = preset("rummy")

    standings = fold(opts, (300, -40, 120, 90), (210, 100, 380, 15))

    assert winners(standings) == (ANN,)


def test_hearts_ends_at_100_and_the_lowest_wins():
    opts = preset("hearts")

    playing = fold(opts, (26, 0, 0, 0), (13, 3, 6, 4))
    ended = fold(opts, (26, 0, 0, 0), (13, 3, 6, 4), (65, 0, 0, 0))

    assert winners(playing) is None
    assert totals(ended)[ANN] == 104
    assert winners(ended) == (BEN,)


def test_uno_is_first_to_500():
    opts = preset("uno")

    assert winners(fold(opts, (0, 499, 0, 0))) is None
    assert winners(fold(opts, (0, 499, 0, 0), (0, 1, 0, 0))) == (BEN,)


def test_phase_10_runs_until_the_table_ends_it_and_the_lowest_leads():
    opts = preset("phase_10")
    standings = fold(opts, *[(50, 5, 25, 100)] * 10)

    lead = RULES.leaders(standings, SEATS, opts)

    assert winners(standings) is None
    assert (lead.seats, lead.figure, lead.by) == ((BEN,), 50, BY_LOWEST)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_only_options(name):
    assert set(PRESETS[name]) <= {option.key for option in RULES.options}
    assert RULES.clean_options(PRESETS[name])


# Recording -----------------------------------------------------------------------


def test_a_phone_enters_its_own_score_and_the_round_stays_open_until_all_are_in():
    outcome = RULES.record(
        table(open_round(), actor=Actor(seat=ANN)),
        {"score": {"seat": ANN, "value": -15}},
    )

    assert outcome.status == "open"
    assert outcome.cells == {ANN: -15}


def test_the_last_score_closes_the_round():
    round = open_round({ANN: 5, BEN: 6, CARA: -7})

    outcome = RULES.record(
        table(round, actor=Actor(seat=BEN)), {"score": {"seat": DAN, "value": 0}}
    )

    assert outcome.status == "scored"
    assert outcome.note == "Ann +5 · Ben +6 · Cara \u22127 · Dan 0"


def test_a_phone_cannot_enter_another_phones_seat():
    with pytest.raises(errors.BadValue, match="belongs to another phone"):
        RULES.record(
            table(open_round(), actor=Actor(seat=ANN)),
            {"score": {"seat": BEN, "value": 3}},
        )


def test_the_host_may_enter_any_seat():
    outcome = RULES.record(
        table(open_round(), actor=Actor(seat=ANN, is_host=True)),
        {"score": {"seat": BEN, "value": 3}},
    )

    assert outcome.cells == {BEN: 3}


def test_at_a_phones_table_only_the_host_enters_the_whole_round():
    payload = {"scores": {str(seat): 1 for seat in IDS}}
    with pytest.raises(errors.NotTheHost):
        RULES.record(table(open_round(), actor=Actor(seat=ANN)), payload)

    outcome = RULES.record(table(open_round(), actor=Actor(is_host=True)), payload)
    assert outcome.status == "scored"


def test_a_scorer_enters_the_whole_round_at_a_scorers_table():
    opts = options(entry="scorer")

    outcome = RULES.record(
        table(open_round(), opts, Actor(seat=CARA)),
        {"scores": {"21": 10, "22": -4, "23": 0, "24": 7}},
    )

    assert outcome.status == "scored"
    assert outcome.cells == {ANN: 10, BEN: -4, CARA: 0, DAN: 7}


def test_a_whole_round_needs_every_seat():
    with pytest.raises(errors.BadValue, match="Dan is missing"):
        RULES.record(
            table(open_round(), actor=Actor(is_host=True)),
            {"scores": {"21": 10, "22": -4, "23": 0}},
        )


def test_a_round_that_does_not_add_up_is_refused_with_its_sum():
    opts = options(entry="scorer", adds_up_to="0")

    with pytest.raises(errors.BadValue) as refused:
        RULES.record(
            table(open_round(), opts, Actor(seat=ANN)),
            {"scores": {"21": 10, "22": -4, "23": 0, "24": 7}},
        )

    assert str(refused.value) == (
        "This round adds up to 13, but at this table a round must add up to 0. "
        "Check the scores."
    )


def test_a_zero_sum_round_that_adds_up_is_taken():
    opts = options(entry="scorer", adds_up_to="0")

    outcome = RULES.record(
        table(open_round(), opts, Actor(seat=ANN)),
        {"scores": {"21": 10, "22": -4, "23": 0, "24": -6}},
    )

    assert outcome.status == "scored"


def test_the_last_phones_score_is_refused_when_the_round_does_not_add_up():
    opts = options(adds_up_to="26")
    round = open_round({ANN: 13, BEN: 5, CARA: 4})

    with pytest.raises(errors.BadValue, match="adds up to 25"):
        RULES.record(
            table(round, opts, Actor(is_host=True)),
            {"score": {"seat": DAN, "value": 3}},
        )


def test_a_score_beyond_the_fields_bounds_is_refused():
    with pytest.raises(errors.BadValue, match="from"):
        RULES.record(
            table(open_round(), actor=Actor(seat=ANN)),
            {"score": {"seat": ANN, "value": 100_000}},
        )


def test_the_same_score_again_changes_nothing():
    with pytest.raises(errors.NoChange):
        RULES.record(
            table(open_round({ANN: -3}), actor=Actor(seat=ANN)),
            {"score": {"seat": ANN, "value": -3}},
        )


def test_a_correction_needs_the_host_and_every_score():
    round = scored(1, 2, 3, 4)
    payload = {"scores": {"21": 1, "22": 2, "23": 3, "24": -4}}
    with pytest.raises(errors.NotTheHost):
        RULES.record(table(round, actor=Actor(seat=ANN)), payload)

    outcome = RULES.record(table(round, actor=Actor(is_host=True)), payload)

    assert outcome.cells[DAN] == -4


def test_the_form_reads_a_minus_sign_as_a_minus():
    payload = RULES.payload_from_form({"seat": ["21"], "score": ["\u221212"]})

    assert payload == {"score": {"seat": 21, "value": -12}}


def test_the_forms_whole_round_leaves_an_empty_field_missing():
    payload = RULES.payload_from_form({"score-21": ["4"], "score-22": [""]})

    assert payload == {"scores": {"21": 4}}


# Totals --------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(*[st.integers(-99_999, 99_999)] * 4), min_size=1, max_size=30)
)
def test_the_totals_are_the_sums_of_the_rounds(rows):
    opts = options(end="open")
    standings = fold(opts, *rows)
    summary = RULES.summarize(
        SEATS, [scored(*row, number=n) for n, row in enumerate(rows, 1)], opts
    )

    expected = {seat: sum(row[i] for row in rows) for i, seat in enumerate(IDS)}
    assert totals(standings) == expected
    assert summary["totals"] == expected
    assert [summary["series"][ANN][-1]] == [expected[ANN]]


def test_the_summary_draws_the_target_only_when_the_target_ends_the_match():
    rounds = [scored(10, -5, 0, 0)]

    with_target = RULES.summarize(SEATS, rounds, options(end="target", target=200))
    without = RULES.summarize(SEATS, rounds, options(end="rounds"))

    assert with_target["target"] == 200
    assert with_target["series"] == {ANN: [10], BEN: [-5], CARA: [0], DAN: [0]}
    assert "target" not in without


def test_a_round_reads_with_signed_figures():
    text = RULES.describe(scored(25, -10, 0, 3), SEATS, options())

    assert text == "Ann +25 · Ben \u221210 · Cara 0 · Dan +3"


def test_a_big_tables_round_note_is_cut_to_a_notes_length():
    seats = [
        SeatView(id=100 + i, name=f"Player number {i} with a long name", position=i)
        for i in range(10)
    ]
    round = RoundView(1, "open")
    big = Table(
        seats=seats,
        options=options(entry="scorer"),
        standings=RULES.initial(seats, options()),
        round=round,
        actor=Actor(is_host=True),
    )

    outcome = RULES.record(big, {"scores": {str(s.id): -12345 for s in seats}})

    assert len(outcome.note) == 80
    assert outcome.note.startswith("Player number 0 with a long name \u221212345 · ")
    assert outcome.note.endswith("…")
