"""Whatever the table records under whatever options, lives never go below zero,
nobody pays more than two lives a round, and a decided match is won by the seats
still in."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.errors import BadValue
from games.rules import OUT, SWIMMING

from .table import Sheet

NAMES = ("Alice", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hana")
MAX_ROUNDS = 120


def tables():
    return st.builds(
        Sheet,
        names=st.integers(2, 8).map(lambda count: NAMES[:count]),
        options=st.fixed_dictionaries(
            {
                "rule_set": st.sampled_from(["blitz", "schwimmen", "custom"]),
                "lives": st.sampled_from([2, 3, 4, 5]),
                "swimmers_tie": st.sampled_from(["share", "replay"]),
                "three_of_a_kind": st.sampled_from(["fire", "three", "disabled"]),
                "closer_rule": st.booleans(),
                "points_limit": st.booleans(),
                "thirty_one_hits_all": st.booleans(),
            }
        ),
    )


def a_round(sheet, data):
    """A close, a 31 or a Fire among the seats still in; the lowest hand is among
    those at 20 or less whenever anyone is, as at a real table."""
    in_play = [s.id for s in sheet.seats if sheet.standings.fate(s.id) != OUT]
    how = data.draw(st.sampled_from(["close", "close", "close", "31", "fire"]))
    if how == "fire" and sheet.options["three_of_a_kind"] == "fire":
        return {"fire": data.draw(st.sampled_from(in_play))}
    payload = {}
    if how == "31":
        payload["thirty_one"] = data.draw(st.sampled_from(in_play))
        if sheet.options["thirty_one_hits_all"]:
            return payload
    others = [seat for seat in in_play if seat != payload.get("thirty_one")]
    payload["lowest"] = data.draw(
        st.lists(st.sampled_from(others), min_size=1, max_size=2, unique=True)
    )
    if data.draw(st.booleans()):
        payload["closer"] = data.draw(st.sampled_from(in_play))
    if sheet.options["points_limit"] and data.draw(st.booleans()):
        extra = data.draw(st.lists(st.sampled_from(others), max_size=3, unique=True))
        payload["limit"] = sorted(set(payload["lowest"]) | set(extra))
    return payload


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_lives_stay_whole_and_a_decided_match_has_its_winners(sheet, data):
    while sheet.result is None and len(sheet.rounds) < MAX_ROUNDS:
        try:
            outcome = sheet.record(a_round(sheet, data))
        except BadValue as refusal:
            # Only the points limit's own check: the best hand never pays.
            assert "best hand never pays" in refusal.message
            continue
        assert all(0 <= paid <= 2 for paid in outcome.cells.values())
        for line in sheet.standings.seats:
            assert line.lives >= 0
            assert line.fate != SWIMMING or line.lives == 0

    standings = sheet.standings
    still_in = [line.seat for line in standings.seats if line.fate != OUT]
    event("decided" if standings.result else "still playing")
    if standings.result is None:
        assert len(still_in) >= 2
        return
    assert set(standings.result.winners) == set(still_in)
