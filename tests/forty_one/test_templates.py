"""The Forty One fragments, rendered with the context docs/modules.md promises.

The core that renders them for real is being rebuilt; these render each
template from plain views, so a fragment's wording and forms are pinned here.
"""

from types import SimpleNamespace

from django.template.loader import render_to_string

from games.forty_one.rules import FortyOne
from games.rules import RoundView

from .test_rules import IDS, LINA, OMAR, RAMI, SARA, SEATS, closed_round, fold

RULES = FortyOne()
MATCH = SimpleNamespace(pk=7, status="live", code="ABCD")
NAMES = {seat.id: seat.name for seat in SEATS}


def entry(round, standings=None):
    return render_to_string(
        RULES.entry_template,
        {
            "match": MATCH,
            "round": round,
            "seats": SEATS,
            "standings": standings or RULES.initial(SEATS, {}),
            "names": NAMES,
            "record_url": "/matches/7/record/",
            "tap_key": "k1",
        },
    )


def row(round, correctable=True):
    return render_to_string(
        RULES.row_template,
        {
            "match": MATCH,
            "round": round,
            "seats": SEATS,
            "names": NAMES,
            "correct_url": "/matches/7/correct/",
            "correctable": correctable,
        },
    )


def correction(round):
    return render_to_string(
        RULES.correct_template,
        {
            "match": MATCH,
            "round": round,
            "seats": SEATS,
            "names": NAMES,
            "correct_url": "/matches/7/correct/",
        },
    )


def standings(board, dealer=None):
    return render_to_string(
        RULES.standings_template,
        {
            "match": MATCH,
            "standings": board,
            "seats": SEATS,
            "names": NAMES,
            "dealer": dealer,
        },
    )


def test_the_bidding_step_shows_the_meter_and_a_bid_form_per_seat():
    round = RoundView(
        3, "open", values={"bid": {RAMI: 4, OMAR: 3, SARA: 2}}, dealer=LINA
    )

    page = entry(round)

    assert "bids 9 of at least 11" in page
    assert "3 of 4 in" in page
    assert page.count("data-record-form") == 4
    assert page.count('name="bid"') == 4
    assert 'name="seat" value="14"' in page
    assert 'action="/matches/7/record/"' in page


def test_the_tricks_step_has_four_inputs_and_one_submit():
    round = RoundView(3, "open", values={"bid": {RAMI: 4, OMAR: 3, SARA: 2, LINA: 5}})

    page = entry(round)

    assert "Bids came to 14: play" in page
    for seat in IDS:
        assert f'name="tricks-{seat}"' in page
    assert page.count("Close round 3") == 1
    # The host's way to change a bid once play started.
    assert 'class="correct host-only"' in page


def test_after_a_throw_in_the_next_round_says_the_cards_went_back_in():
    board = fold(closed_round([4, 3, 2, 1], number=1))

    page = entry(RoundView(2, "open", dealer=OMAR), board)

    assert "Round 1 was thrown in: the bids came to 10" in page
    assert "Omar deals" in page


def test_a_played_row_shows_bids_tricks_and_signed_scores():
    page = row(closed_round([4, 3, 2, 7], [5, 2, 2, 4], number=2))

    assert "+4" in page
    assert "\u22123" in page
    assert "\u221214" in page
    assert 'href="/matches/7/correct/?round=2"' in page
    assert f'name="bid-{LINA}"' not in page
    page = correction(closed_round([4, 3, 2, 7], [5, 2, 2, 4], number=2))
    assert 'action="/matches/7/correct/"' in page
    assert f'name="bid-{LINA}"' in page
    assert 'value="7"' in page


def test_a_thrown_in_row_says_so_with_the_bids():
    page = row(closed_round([4, 3, 2, 1], number=2))

    assert "Thrown in: bids 10 of at least 11" in page
    assert "Nobody scores" in page


def test_a_row_the_core_calls_uncorrectable_offers_no_correction():
    page = row(closed_round([4, 3, 2, 7], [5, 2, 2, 4]), correctable=False)

    assert "host-only" not in page


def test_a_played_row_reads_as_one_result_line_for_the_last_round_line():
    page = row(closed_round([4, 3, 2, 7], [5, 2, 2, 4], number=2))

    assert "Rami +4 · Omar \u22123" in page
    assert page.count("round-result") == 1


def test_each_bid_form_has_its_own_key_so_two_quick_bids_are_not_one_replay():
    round = RoundView(3, "open", values={"bid": {RAMI: 4}}, dealer=LINA)

    page = entry(round)

    assert 'name="key" value="k1-14"' in page
    keys = [part.split('"')[0] for part in page.split('name="key" value="')[1:]]
    assert len(keys) == 4
    assert len(set(keys)) == 4


def test_the_standings_show_negative_totals_teams_and_the_dealer():
    board = fold(closed_round([9, 1, 1, 1], [4, 3, 3, 3]))

    page = standings(board, dealer=SARA)

    assert "\u221218" in page
    assert "is-negative" in page
    assert "Team A" in page
    assert "Team B" in page
    assert "deals" in page
    assert "Best Sara 1: 40 to go" in page


def test_the_standings_crown_the_winning_team():
    board = fold(
        closed_round([10, 1, 1, 1], [10, 1, 1, 1], 1),
        closed_round([11, 1, 1, 1], [11, 1, 0, 1], 2),
        closed_round([1, 1, 1, 8], [1, 1, 3, 8], 3),
    )

    page = standings(board)

    # The core's wrapper names the winners; the module marks the team.
    assert "Rami 43 &amp; Sara 1: winners" in page
    assert "is-winner" in page


def test_anyone_can_read_the_rules_page(client):
    response = client.get("/games/forty_one/rules/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "How Forty One is played" in page
    assert "11 or more" in page
    assert "play another round" in page
