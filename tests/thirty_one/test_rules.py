"""Thirty-One's rule module, played through the plain-Python sheet the way the
core drives it: record, write, fold, open the next round."""

import pytest

from games.errors import BadValue, NoChange, Refusal
from games.rules import IN, OUT, SCORED, SWIMMING, registry
from games.thirty_one.rules import PRESETS, ThirtyOne

from .table import RULES, Sheet


def test_it_is_registered_as_thirty_one_for_two_to_eight_seats():
    module = registry.get("thirty_one")

    assert isinstance(module, ThirtyOne)
    assert module.name == "Thirty-One"
    assert (module.min_seats, module.max_seats) == (2, 8)
    assert module.options[0].key == "rule_set"


def test_blitz_is_seed_001s_us_game():
    options = RULES.clean_options({"rule_set": "blitz"})

    assert options == {
        "rule_set": "blitz",
        "lives": 4,
        "exchange": "draw_discard",
        "three_of_a_kind": "disabled",
        "remove_2_to_6": False,
        "dealer_swap": False,
        "hand_tiebreaker": False,
        "thirty_one_hits_all": False,
        "closer_rule": True,
        "points_limit": False,
        "first_turn_close_limit": False,
        "swimmers_tie": "replay",
    }


def test_the_schwimmen_rule_set_is_the_commerce_game_with_a_short_pack_and_fire():
    options = RULES.clean_options({"rule_set": "schwimmen"})

    assert options["lives"] == 3
    assert options["exchange"] == "commerce"
    assert options["three_of_a_kind"] == "fire"
    assert options["remove_2_to_6"] is True
    assert options["dealer_swap"] is True
    assert options["hand_tiebreaker"] is True
    assert not options["closer_rule"]
    assert not options["points_limit"]
    assert not options["thirty_one_hits_all"]


def test_custom_starts_plain_and_takes_whatever_the_table_sets():
    plain = RULES.clean_options({"rule_set": "custom"})
    set_up = RULES.clean_options(
        {"rule_set": "custom", "lives": "5", "closer_rule": "on", "points_limit": True}
    )

    assert plain == {"rule_set": "custom", **PRESETS["custom"]}
    assert plain["three_of_a_kind"] == "three"
    assert (set_up["lives"], set_up["closer_rule"], set_up["points_limit"]) == (
        5,
        True,
        True,
    )


def test_a_rule_set_is_only_a_starting_point_and_no_rule_set_is_blitz():
    changed = RULES.clean_options({"rule_set": "blitz", "lives": 2})

    assert changed["lives"] == 2
    assert changed["closer_rule"] is True
    assert RULES.clean_options({}) == RULES.clean_options({"rule_set": "blitz"})


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"rule_set": "poker"}, "Rule set"),
        ({"lives": 6}, "Lives each"),
        ({"three_of_a_kind": "maybe"}, "Three of a kind"),
        ({"jokers": True}, "no option"),
    ],
)
def test_a_bad_option_is_refused(raw, message):
    with pytest.raises(Refusal, match=message):
        RULES.clean_options(raw)


# The closer rule ---------------------------------------------------------------


def test_with_the_closer_rule_the_closer_wins_a_tie_for_lowest():
    sheet = Sheet(options={"rule_set": "custom", "closer_rule": True})

    outcome = sheet.close("Ben", "Ben", "Cara")

    assert sheet.paid(outcome) == {"Cara": 1}
    assert outcome.note == "Ben closed: Cara pays"
    assert outcome.values["lowest"] == {2: 1, 3: 1}
    assert outcome.values["closer"] == {2: 1}


def test_without_the_closer_rule_a_tie_with_the_closer_makes_both_pay():
    sheet = Sheet(options={"rule_set": "custom", "closer_rule": False})

    outcome = sheet.close("Ben", "Ben", "Cara")

    assert sheet.paid(outcome) == {"Ben": 1, "Cara": 1}
    assert outcome.note == "Ben closed: Ben and Cara pay"


def test_with_the_closer_rule_a_closer_who_is_the_sole_lowest_pays_one_more():
    sheet = Sheet(options={"rule_set": "custom", "closer_rule": True})

    outcome = sheet.close("Ben", "Ben")

    assert sheet.paid(outcome) == {"Ben": 2}
    assert outcome.note == "Ben closed: Ben pays 2 lives"
    assert sheet.lives()["Ben"] == (1, IN)


def test_without_the_closer_rule_a_closer_who_is_lowest_pays_one_life():
    sheet = Sheet(options={"rule_set": "custom", "closer_rule": False})

    outcome = sheet.close("Ben", "Ben")

    assert sheet.paid(outcome) == {"Ben": 1}


def test_a_lowest_hand_that_did_not_close_pays_one_life_either_way():
    sheet = Sheet(options={"rule_set": "blitz"})

    assert sheet.paid(sheet.close("Alice", "Dev")) == {"Dev": 1}
    assert sheet.paid(sheet.close(None, "Dev")) == {"Dev": 1}


# A 31 ---------------------------------------------------------------------------


def test_a_31_hits_every_other_seat_when_it_affects_all_other_players():
    sheet = Sheet(options={"rule_set": "custom", "thirty_one_hits_all": True})

    outcome = sheet.thirty_one("Cara")

    assert sheet.paid(outcome) == {"Alice": 1, "Ben": 1, "Dev": 1}
    assert outcome.note == "31 by Cara: everyone else pays"
    assert outcome.values == {"thirty_one": {3: 1}}


def test_a_31_makes_only_the_lowest_pay_when_it_does_not_affect_all():
    sheet = Sheet(options={"rule_set": "custom", "thirty_one_hits_all": False})

    outcome = sheet.thirty_one("Cara", "Dev")

    assert sheet.paid(outcome) == {"Dev": 1}
    assert outcome.note == "31 by Cara: Dev pays"


def test_a_31_hitting_all_names_nobody_else_and_one_that_does_not_names_the_lowest():
    hits_all = Sheet(options={"rule_set": "custom", "thirty_one_hits_all": True})
    lowest_only = Sheet(options={"rule_set": "custom"})

    with pytest.raises(BadValue, match="everyone else pay: name nobody"):
        hits_all.thirty_one("Cara", "Dev")
    with pytest.raises(BadValue, match="lowest hand"):
        lowest_only.thirty_one("Cara")
    with pytest.raises(BadValue, match="Cara holds 31"):
        lowest_only.thirty_one("Cara", "Cara")


# The points limit -----------------------------------------------------------------


def limited(**options):
    return Sheet(options={"rule_set": "custom", "points_limit": True, **options})


def test_with_the_points_limit_every_seat_at_20_or_less_pays():
    sheet = limited()

    outcome = sheet.close("Alice", "Dev", limit=("Ben", "Dev"))

    assert sheet.paid(outcome) == {"Ben": 1, "Dev": 1}
    assert outcome.note == "Alice closed: Ben and Dev pay"
    assert outcome.values["limit"] == {2: 1, 4: 1}


def test_with_the_points_limit_and_nobody_at_20_or_less_the_lowest_pays():
    sheet = limited()

    outcome = sheet.close("Alice", "Dev")

    assert sheet.paid(outcome) == {"Dev": 1}


def test_the_points_limit_and_the_closer_rule_together():
    sheet = limited(closer_rule=True)

    # The closer at 20 or less pays with the others, and one more when alone lowest.
    sole = sheet.close("Ben", "Ben", limit=("Ben", "Cara"))
    tied = sheet.close("Ben", "Ben", "Cara", limit=("Ben", "Cara"))

    assert sheet.paid(sole) == {"Ben": 2, "Cara": 1}
    assert sheet.paid(tied) == {"Ben": 1, "Cara": 1}


def test_the_points_limit_is_checked_against_the_lowest_and_the_best_hand():
    sheet = limited()
    plain = Sheet(options={"rule_set": "custom"})

    with pytest.raises(BadValue, match="tick it too"):
        sheet.close(None, "Dev", limit=("Ben",))
    with pytest.raises(BadValue, match="best hand never pays"):
        sheet.close(None, "Dev", limit=("Alice", "Ben", "Cara", "Dev"))
    with pytest.raises(BadValue, match="without the points limit"):
        plain.close(None, "Dev", limit=("Dev",))


def test_a_31_with_the_points_limit_leaves_the_31_out_of_it():
    sheet = limited()

    outcome = sheet.record(
        {"thirty_one": sheet.id("Alice"), "lowest": [4], "limit": [2, 4]}
    )

    assert sheet.paid(outcome) == {"Ben": 1, "Dev": 1}
    assert outcome.note == "31 by Alice: Ben and Dev pay"


# Fire and three of a kind ---------------------------------------------------------


def test_fire_makes_every_other_seat_still_in_pay():
    sheet = Sheet(options={"rule_set": "schwimmen", "lives": 2})
    for _ in range(3):
        sheet.close(None, "Dev")  # Dev is out

    outcome = sheet.fire("Cara")

    assert outcome.note == "Fire by Cara: everyone else pays"
    assert sheet.paid(outcome) == {"Alice": 1, "Ben": 1}
    assert outcome.values == {"fire": {3: 1}}


@pytest.mark.parametrize("setting", ["three", "disabled"])
def test_only_a_table_playing_fire_can_record_it(setting):
    sheet = Sheet(options={"rule_set": "custom", "three_of_a_kind": setting})

    with pytest.raises(BadValue, match="does not play Fire"):
        sheet.fire("Cara")


def test_fire_names_nobody_else():
    sheet = Sheet(options={"rule_set": "schwimmen"})

    with pytest.raises(BadValue, match="Fire makes everyone else pay"):
        sheet.record({"fire": 3, "lowest": [2]})
    with pytest.raises(BadValue, match="not both"):
        sheet.record({"fire": 3, "thirty_one": 2})


# Lives, swimming and out ----------------------------------------------------------


def test_a_seat_of_seed_001s_game_survives_four_lost_hands_and_goes_out_on_the_fifth():
    sheet = Sheet(options={"rule_set": "blitz"})

    for lost in range(1, 5):
        sheet.close("Alice", "Dev")
        assert sheet.lives()["Dev"] == (4 - lost, SWIMMING if lost == 4 else IN)
    sheet.close("Alice", "Dev")

    assert sheet.lives()["Dev"] == (0, OUT)
    assert sheet.result is None  # three still in


def test_a_blitz_match_is_played_to_its_winner():
    sheet = Sheet(names=("Alice", "Ben"), options={"rule_set": "blitz", "lives": 2})

    sheet.close("Ben", "Ben")  # the knocker loses: 2 lives, swimming
    assert sheet.lives()["Ben"] == (0, SWIMMING)
    sheet.close(None, "Ben")

    assert sheet.winners() == ["Alice"]
    assert sheet.result.note == "Alice is the last one in and wins"
    assert all(round.status == SCORED for round in sheet.rounds)


def test_a_knocker_on_the_last_life_who_loses_goes_out_at_once():
    sheet = Sheet(options={"rule_set": "blitz", "lives": 2})
    sheet.close(None, "Dev")

    sheet.close("Dev", "Dev")

    assert sheet.lives()["Dev"] == (0, OUT)


def test_the_last_two_at_20_or_less_while_swimming_play_another_hand():
    sheet = Sheet(
        names=("Alice", "Ben", "Cara"),
        options={"rule_set": "custom", "lives": 2, "points_limit": True},
    )
    for _ in range(3):
        sheet.close(None, "Cara")
    sheet.close(None, "Alice", "Ben")
    sheet.close(None, "Alice", "Ben")  # both swim

    outcome = sheet.close(None, "Alice", "Ben")

    assert outcome.note == "Alice and Ben would all go out: another hand, nobody pays"
    assert outcome.values["replay"] == {1: 1, 2: 1}
    assert sheet.result is None
    sheet.close(None, "Ben")
    assert sheet.winners() == ["Alice"]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({}, "lowest hand"),
        ({"lowest": []}, "lowest hand"),
        ({"lowest": 2}, "as a list"),
        ({"lowest": [2, 2]}, "named twice"),
        ({"lowest": [9]}, "does not play round 1"),
        ({"lowest": [2], "closer": 9}, "does not play round 1"),
        ({"lowest": [True]}, "by its number"),
        ({"pays": [2]}, "no “pays”"),
        ([2], "JSON object"),
    ],
)
def test_a_bad_record_is_refused_with_a_reason(payload, message):
    sheet = Sheet()

    with pytest.raises(BadValue, match=message):
        sheet.record(payload)
    assert len(sheet.rounds) == 1


def test_an_out_seat_can_neither_pay_nor_close():
    sheet = Sheet(options={"rule_set": "custom", "lives": 2})
    for _ in range(3):
        sheet.close(None, "Dev")

    with pytest.raises(BadValue, match="Dev is out and pays nothing more"):
        sheet.close(None, "Dev")
    with pytest.raises(BadValue, match="Dev is out and cannot close"):
        sheet.close("Dev", "Ben")


def test_a_correction_rewrites_the_round_and_clears_what_it_drops():
    sheet = Sheet(options={"rule_set": "blitz"})
    sheet.close("Ben", "Ben")

    outcome = sheet.correct(1, {"lowest": [sheet.id("Cara")]})

    assert outcome.clear == (("closer", 2), ("lowest", 2))
    assert sheet.lives()["Ben"] == (4, IN)
    assert sheet.lives()["Cara"] == (3, IN)
    with pytest.raises(NoChange):
        sheet.correct(1, {"lowest": [sheet.id("Cara")]})


def test_the_form_reads_the_closer_the_lowest_the_limit_a_31_and_fire():
    form = RULES.payload_from_form

    assert form({"closer": ["2"], "lowest": ["2", "3"], "round": ["1"]}) == {
        "closer": 2,
        "lowest": [2, 3],
    }
    assert form({"closer": [""], "lowest": ["4"], "limit": ["2", "4"]}) == {
        "lowest": [4],
        "limit": [2, 4],
    }
    assert form({"thirty_one": ["1"]}) == {"thirty_one": 1}
    assert form({"fire": ["3"]}) == {"fire": 3}
    assert form({"payload": ['{"fire": 3}']}) == {"fire": 3}
    with pytest.raises(BadValue, match="Pick who has the lowest"):
        form({"closer": ["2"]})
    with pytest.raises(BadValue, match="Only one seat"):
        form({"closer": ["2", "3"], "lowest": ["1"]})


def test_the_record_schema_accepts_the_payloads_and_nothing_else():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(RULES.record_schema)

    assert validator.is_valid({"closer": 2, "lowest": [2, 3]})
    assert validator.is_valid({"closer": None, "lowest": [4], "limit": [2, 4]})
    assert validator.is_valid({"thirty_one": 1})
    assert validator.is_valid({"fire": 3})
    assert not validator.is_valid({"closer": 2})
    assert not validator.is_valid({"pays": [2]})
    assert not validator.is_valid({"lowest": []})


def test_the_summary_counts_lives_paid():
    sheet = Sheet(options={"rule_set": "blitz"})
    sheet.close("Ben", "Ben")
    sheet.close(None, "Cara")

    summary = RULES.summarize(sheet.seats, sheet.closed)

    assert summary["lives_paid"] == {1: 0, 2: 2, 3: 1, 4: 0}


# Places ----------------------------------------------------------------------------


def test_the_seats_out_place_by_when_they_went_and_a_fire_puts_two_out_together():
    names = ("Alice", "Ben", "Cara", "Dev", "Eve")
    sheet = Sheet(names=names, options={"rule_set": "schwimmen", "lives": 2})
    for _ in range(3):
        sheet.close(None, "Dev")  # Dev is out first
    for name in ("Ben", "Ben", "Cara", "Cara"):
        sheet.close(None, name)  # Ben and Cara swim
    sheet.fire("Alice")  # Ben and Cara go out together; Eve has 1 life left
    assert sheet.lives()["Eve"] == (1, IN)
    for _ in range(2):
        sheet.close(None, "Eve")  # Eve is out last

    found = RULES.places(sheet.seats, sheet.standings, sheet.options)

    assert sheet.winners() == ["Alice"]
    assert {seat.name: found[seat.id] for seat in sheet.seats} == {
        "Alice": 1,
        "Eve": 2,
        "Ben": 3,
        "Cara": 3,
        "Dev": 5,
    }
