"""Whatever the table records, lives never go below zero and a decided match has
exactly one winner, or the last swimmers sharing it."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.lives import SHARE
from games.rules import OUT, SWIMMING

from .table import Sheet

NAMES = ("Alice", "Ben", "Cara", "Dev", "Eve", "Finn", "Gus", "Hana")
# Enough for 8 seats of 5 lives to play out, replays included.
MAX_ROUNDS = 200


def tables():
    return st.builds(
        Sheet,
        names=st.integers(2, 8).map(lambda count: NAMES[:count]),
        options=st.fixed_dictionaries(
            {
                "lives": st.sampled_from([2, 3, 5]),
                "swimmers_tie": st.sampled_from(["share", "replay"]),
                "feuer": st.booleans(),
            }
        ),
    )


def play_a_round(sheet, data):
    """A Feuer (rarely, if played) or one or more payers among the seats in."""
    in_play = [s.id for s in sheet.seats if sheet.standings.fate(s.id) != OUT]
    if sheet.options["feuer"] and data.draw(st.integers(0, 9)) == 0:
        sheet.record({"feuer": data.draw(st.sampled_from(in_play))})
        return
    payers = data.draw(
        st.lists(st.sampled_from(in_play), min_size=1, max_size=3, unique=True)
    )
    sheet.record({"pays": payers})


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_lives_stay_at_zero_or_more_and_a_decided_match_has_its_winners(sheet, data):
    while sheet.result is None and len(sheet.rounds) < MAX_ROUNDS:
        play_a_round(sheet, data)
        for line in sheet.standings.seats:
            assert line.lives >= 0
            assert line.fate != SWIMMING or line.lives == 0

    standings = sheet.standings
    still_in = [line.seat for line in standings.seats if line.fate != OUT]
    event("decided" if standings.result else "still playing")
    if standings.result is None:
        assert len(still_in) >= 2
        return
    winners = standings.result.winners
    assert set(winners) == set(still_in)
    if len(winners) > 1:
        # Only the last swimmers tied, on a table that shares the win.
        assert sheet.options["swimmers_tie"] == SHARE
        assert all(standings.fate(seat) == SWIMMING for seat in winners)
