"""Schwimmen's rule module, played through a plain-Python sheet (tests/schwimmen/
table.py) the way the core drives it: record, write, fold, open the next round."""

import pytest

from games.errors import BadValue, NoChange
from games.lives import REPLAY, SHARE
from games.rules import IN, OUT, SCORED, SWIMMING, registry
from games.schwimmen.rules import Schwimmen

from .table import RULES, Sheet


def test_it_is_registered_as_schwimmen_for_two_to_eight_seats():
    module = registry.get("schwimmen")

    assert isinstance(module, Schwimmen)
    assert module.name == "Schwimmen"
    assert (module.min_seats, module.max_seats) == (2, 8)


def test_lives_default_to_three_and_may_be_two_three_or_five():
    assert RULES.clean_options({})["lives"] == 3
    assert RULES.clean_options({"lives": "5"})["lives"] == 5
    with pytest.raises(BadValue):
        RULES.clean_options({"lives": 4})


def test_a_four_seat_match_is_played_to_its_winner():
    sheet = Sheet()

    sheet.pays("Ben")
    sheet.pays("Ben")
    sheet.pays("Dev")
    sheet.pays("Ben")  # his last life: Ben swims
    assert sheet.lives()["Ben"] == (0, SWIMMING)
    sheet.pays("Ben")  # paying while swimming: out
    assert sheet.lives()["Ben"] == (0, OUT)
    sheet.pays("Dev")
    sheet.pays("Dev")
    sheet.pays("Dev")
    sheet.pays("Cara")
    sheet.pays("Cara")
    sheet.pays("Cara")
    assert sheet.result is None
    sheet.pays("Cara")

    assert sheet.winners() == ["Alice"]
    assert sheet.lives() == {
        "Alice": (3, IN),
        "Ben": (0, OUT),
        "Cara": (0, OUT),
        "Dev": (0, OUT),
    }
    assert sheet.result.note == "Alice is the last one in and wins"
    assert len(sheet.rounds) == 12  # no round opens after the deciding one
    assert all(round.status == SCORED for round in sheet.rounds)


def test_every_seat_playing_gets_a_cell_with_zero_for_those_who_did_not_pay():
    sheet = Sheet()

    outcome = sheet.pays("Ben")

    assert outcome.cells == {1: 0, 2: 1, 3: 0, 4: 0}
    assert outcome.status == SCORED
    assert outcome.note == "Ben pays"


def test_a_tie_for_lowest_makes_both_pay():
    sheet = Sheet()

    outcome = sheet.pays("Cara", "Ben")

    assert outcome.note == "Ben and Cara pay"
    assert sheet.lives()["Ben"] == (2, IN)
    assert sheet.lives()["Cara"] == (2, IN)


def test_feuer_makes_every_other_seat_still_in_pay():
    sheet = Sheet(options={"lives": 2})
    sheet.pays("Dev")
    sheet.pays("Dev")
    sheet.pays("Dev")  # Dev is out

    outcome = sheet.feuer("Cara")

    assert outcome.note == "Feuer by Cara: everyone else pays"
    assert outcome.cells == {1: 1, 2: 1, 3: 0, 4: 0}
    assert outcome.values == {"feuer": {3: 1}}
    assert sheet.lives() == {
        "Alice": (1, IN),
        "Ben": (1, IN),
        "Cara": (2, IN),
        "Dev": (0, OUT),
    }


def test_feuer_can_put_both_swimmers_out_at_a_stroke():
    sheet = Sheet(names=("Alice", "Ben", "Cara"), options={"lives": 2})
    sheet.pays("Alice", "Ben")
    sheet.pays("Alice", "Ben")

    sheet.feuer("Cara")

    assert sheet.winners() == ["Cara"]
    assert sheet.lives()["Alice"] == sheet.lives()["Ben"] == (0, OUT)


def test_a_table_without_feuer_refuses_one():
    sheet = Sheet(options={"feuer": False})

    with pytest.raises(BadValue, match="without Feuer"):
        sheet.feuer("Cara")


def swimming_pair(tie):
    sheet = Sheet(
        names=("Alice", "Ben", "Cara"), options={"lives": 2, "swimmers_tie": tie}
    )
    sheet.pays("Cara")
    sheet.pays("Cara")
    sheet.pays("Cara")  # Cara is out
    sheet.pays("Alice", "Ben")
    sheet.pays("Alice", "Ben")  # both swim
    assert sheet.lives()["Alice"] == sheet.lives()["Ben"] == (0, SWIMMING)
    return sheet


def test_the_last_two_swimmers_tied_share_the_win_when_the_table_says_so():
    sheet = swimming_pair(SHARE)

    outcome = sheet.pays("Alice", "Ben")

    assert outcome.note == "Alice and Ben tie while swimming and share the win"
    assert sheet.winners() == ["Alice", "Ben"]
    assert sheet.result.note == "Alice and Ben share the win"
    # Nobody goes out on a shared win: the winners stay in, swimming.
    assert sheet.lives()["Alice"] == (0, SWIMMING)


def test_the_last_two_swimmers_tied_play_another_hand_that_nobody_pays_for():
    sheet = swimming_pair(REPLAY)
    rounds = len(sheet.rounds)

    outcome = sheet.pays("Alice", "Ben")

    assert outcome.note == "Alice and Ben tie while swimming: another hand, nobody pays"
    assert outcome.cells == {1: 0, 2: 0, 3: 0}
    assert outcome.values == {"replay": {1: 1, 2: 1}}
    assert sheet.result is None
    assert len(sheet.rounds) == rounds + 1
    assert sheet.lives()["Alice"] == sheet.lives()["Ben"] == (0, SWIMMING)
    sheet.pays("Ben")
    assert sheet.winners() == ["Alice"]


def test_replay_is_the_default_for_the_swimmers_tie():
    assert RULES.clean_options({})["swimmers_tie"] == REPLAY


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({}, "nothing else"),
        ({"pays": []}, "at least one"),
        ({"pays": 2}, "at least one"),
        ({"pays": [2, 2]}, "named twice"),
        ({"pays": [9]}, "does not play round 1"),
        ({"pays": [True]}, "by its number"),
        ({"pays": ["Ben"]}, "not a seat"),
        ({"pays": [2], "feuer": 3}, "nothing else"),
        ({"feuer": 9}, "does not play"),
        ({"feuer": [3]}, "not a seat"),
        ([2], "JSON object"),
    ],
)
def test_a_bad_record_is_refused_with_a_reason(payload, message):
    sheet = Sheet()

    with pytest.raises(BadValue, match=message):
        sheet.record(payload)
    assert len(sheet.rounds) == 1


def test_an_out_seat_can_neither_pay_nor_show_feuer():
    sheet = Sheet(options={"lives": 2})
    for _ in range(3):
        sheet.pays("Dev")

    with pytest.raises(BadValue, match="Dev is out and pays nothing more"):
        sheet.pays("Dev")
    with pytest.raises(BadValue, match="Dev is out and cannot show Feuer"):
        sheet.feuer("Dev")


def test_a_correction_is_judged_against_the_standings_before_its_round():
    sheet = Sheet(options={"lives": 2})
    for _ in range(3):
        sheet.pays("Dev")  # rounds 1-3: Dev is out after round 3
    sheet.pays("Ben")

    # In round 2 Dev was still in, so a correction may name Dev...
    sheet.correct(2, {"pays": [sheet.id("Cara")]})
    assert sheet.lives()["Dev"] == (0, SWIMMING)
    assert sheet.lives()["Cara"] == (1, IN)
    # ...but in round 4 Dev was out (rounds 1 and 3 were still Dev's).
    sheet.correct(2, {"pays": [sheet.id("Dev")]})
    with pytest.raises(BadValue, match="Dev is out"):
        sheet.correct(4, {"pays": [sheet.id("Dev")]})


def test_a_correction_from_feuer_to_one_payer_clears_the_feuer_mark():
    sheet = Sheet()
    sheet.feuer("Cara")

    outcome = sheet.correct(1, {"pays": [sheet.id("Ben")]})

    assert outcome.clear == (("feuer", sheet.id("Cara")),)
    assert sheet.rounds[0].values.get("feuer") == {}
    assert sheet.lives()["Alice"] == (3, IN)
    assert sheet.lives()["Ben"] == (2, IN)


def test_a_correction_that_changes_nothing_is_refused():
    sheet = Sheet()
    sheet.pays("Ben")
    sheet.feuer("Cara")

    with pytest.raises(NoChange):
        sheet.correct(1, {"pays": [sheet.id("Ben")]})
    with pytest.raises(NoChange):
        sheet.correct(2, {"feuer": sheet.id("Cara")})


def test_a_correction_can_decide_the_match_earlier():
    sheet = Sheet(names=("Alice", "Ben"), options={"lives": 2})
    sheet.pays("Ben")
    sheet.pays("Alice")
    sheet.pays("Ben")

    sheet.correct(2, {"pays": [sheet.id("Ben")]})

    assert sheet.winners() == ["Alice"]


def test_end_match_banks_an_unscored_draw_that_costs_no_life():
    sheet = Sheet()
    table = sheet.table(1)

    outcome = RULES.end(table.seats, table.round)

    assert outcome.status == "draw"
    from .table import written

    sheet.rounds[0] = written(sheet.rounds[0], outcome)
    assert sheet.standings.draws == 1
    assert {lives for lives, _ in sheet.lives().values()} == {3}


def test_a_latecomer_joins_with_the_tables_lives():
    from games.rules import SeatView

    line = RULES.new_seat(SeatView(id=9, name="Eve", position=5), {"lives": 5})

    assert (line.lives, line.fate) == (5, IN)


def test_the_form_reads_one_payer_several_payers_or_feuer():
    assert RULES.payload_from_form({"pays": ["2"], "round": ["1"]}) == {"pays": [2]}
    assert RULES.payload_from_form({"pays": ["2", "3"]}) == {"pays": [2, 3]}
    assert RULES.payload_from_form({"feuer": ["3"], "pays": [""]}) == {"feuer": 3}
    assert RULES.payload_from_form({"payload": ['{"pays": [4]}']}) == {"pays": [4]}


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({}, "Pick who pays"),
        ({"pays": [""]}, "Pick who pays"),
        ({"pays": ["2"], "feuer": ["3"]}, "not both"),
        ({"feuer": ["2", "3"]}, "Only one seat"),
        ({"pays": ["Ben"]}, "not a seat"),
        ({"payload": ["{"]}, "not valid JSON"),
    ],
)
def test_a_bad_form_is_refused_with_a_reason(form, message):
    with pytest.raises(BadValue, match=message):
        RULES.payload_from_form(form)


def test_the_record_schema_accepts_the_payloads_and_nothing_else():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(RULES.record_schema)

    assert validator.is_valid({"pays": [2]})
    assert validator.is_valid({"pays": [2, 3]})
    assert validator.is_valid({"feuer": 3})
    assert not validator.is_valid({"pays": []})
    assert not validator.is_valid({"pays": [2, 2]})
    assert not validator.is_valid({"pays": [2], "feuer": 3})
    assert not validator.is_valid({"winner": 2})


def test_the_summary_counts_lives_paid():
    sheet = Sheet()
    sheet.pays("Ben")
    sheet.feuer("Ben")

    summary = RULES.summarize(sheet.seats, sheet.closed)

    assert summary["lives_paid"] == {1: 1, 2: 1, 3: 1, 4: 1}


# Places ----------------------------------------------------------------------------


def places(sheet):
    found = RULES.places(sheet.seats, sheet.standings, sheet.options)
    return {seat.name: found[seat.id] for seat in sheet.seats}


def test_the_seats_out_place_by_when_they_went_and_a_round_out_together_share():
    sheet = Sheet(names=("Alice", "Ben", "Cara", "Dev", "Eve"), options={"lives": 2})
    for _ in range(3):
        sheet.pays("Ben")  # round 3: Ben is out first
    for _ in range(3):
        sheet.pays("Cara", "Dev")  # round 6: Cara and Dev go out together
    for _ in range(3):
        sheet.pays("Eve")  # round 9: Eve is out last, Alice is the last one in

    assert sheet.winners() == ["Alice"]
    assert places(sheet) == {"Alice": 1, "Eve": 2, "Cara": 3, "Dev": 3, "Ben": 5}


def test_a_match_ended_early_places_the_seats_still_in_by_lives_above_the_out():
    sheet = Sheet(options={"lives": 2})
    for _ in range(3):
        sheet.pays("Dev")  # out
    for _ in range(2):
        sheet.pays("Ben")  # swimming: still in, no life left
    sheet.pays("Cara")  # one life left

    # End match now: nobody has won, and the standings place everyone.
    assert sheet.result is None
    assert places(sheet) == {"Alice": 1, "Cara": 2, "Ben": 3, "Dev": 4}
