"""A Forty One match read back: the history's rounds with bids, tricks, scores
and running totals, the throw-ins, the chart of the totals with the 41 line, and
the CSV and JSON exports."""

import csv
import io

import pytest

from games import actions
from tests.conftest import SEATS

from .test_record import (  # noqa: F401 (table is a fixture)
    FAILED,
    MADE,
    correction,
    play,
    table,
)

pytestmark = pytest.mark.django_db

THROWN = {"bids": (2, 3, 2, 3), "tricks": None}
# Ben bids 9 and takes 5: minus 18, below zero.
BEN_FAILS = {"bids": (3, 9, 3, 1), "tricks": (3, 5, 3, 2)}


@pytest.fixture
def played(table, alice, bob):  # noqa: F811
    for round in (MADE, THROWN, BEN_FAILS, MADE, MADE):
        play(table, alice, bob, **round)
    table.refresh_from_db()
    return table


def test_the_history_shows_each_rounds_figures_and_the_throw_in(client, played, bob):
    client.force_login(bob)

    page = " ".join(
        client.get(f"/matches/{played.pk}/history/").content.decode().split()
    )

    assert page.count('class="fo-round fo-history') == 5
    assert "Thrown in" in page
    assert "fo-history is-thrown_in" in page
    # Round 3: Ben's 9 fails for -18, his total -17 after +1 in round 1.
    assert '<td class="fo-score is-failed">\u221218</td>' in page
    assert '<td class="fo-running is-negative">\u221217</td>' in page
    assert "Cara</span> win the match." in page


def test_the_history_draws_the_running_totals_with_the_41_line(client, played, bob):
    client.force_login(bob)

    page = client.get(f"/matches/{played.pk}/history/").content.decode()

    assert 'class="chart chart-lines"' in page
    assert page.count("<polyline") == 4
    assert 'class="chart-target"' in page
    assert "Alice: 45; Ben: " in page
    assert "Ben: \u2212" not in page  # the chart's description uses plain figures
    assert "Ben: -15" in page
    # Rounds won would be all zeros in Forty One: the totals take their place.
    assert "Rounds won" not in page


def test_the_csv_carries_bids_tricks_scores_and_totals(client, played, bob):
    client.force_login(bob)

    text = client.get(f"/matches/{played.pk}/export.csv").content.decode()

    rows = list(csv.DictReader(io.StringIO(text)))
    assert [row["state"] for row in rows] == [
        "played",
        "thrown_in",
        "played",
        "played",
        "played",
    ]
    third = rows[2]
    assert (third["Ben bids"], third["Ben tricks"]) == ("9", "5")
    assert (third["Ben scores"], third["Ben totals"]) == ("-18", "-17")
    assert rows[1]["Alice bids"] == "2" and rows[1]["Alice tricks"] == ""
    assert rows[-1]["Alice totals"] == "45"


def test_the_json_carries_bids_tricks_scores_and_totals(client, played, bob):
    client.force_login(bob)

    data = client.get(f"/matches/{played.pk}/export.json").json()

    ids = {seat["name"]: str(seat["id"]) for seat in data["seats"]}
    third = data["summary"]["rounds"][2]
    assert third["bids"][ids["Ben"]] == 9
    assert third["tricks"][ids["Ben"]] == 5
    assert third["scores"][ids["Ben"]] == -18
    assert third["totals"][ids["Ben"]] == -17
    assert data["summary"]["series"][ids["Alice"]] == [14, 14, 17, 31, 45]
    assert data["rounds"][2]["values"]["bid"][ids["Ben"]] == 9
    assert data["match"]["result"]["team"] == "A"
    assert sorted(data["summary"]["totals"]) == sorted(ids[name] for name in SEATS)


def test_forty_ones_history_has_no_correction_before_the_host_corrects(
    client,
    table,  # noqa: F811
    alice,
    bob,
):
    play(table, alice, bob, **MADE)
    client.force_login(bob)

    page = client.get(f"/matches/{table.pk}/history/").content.decode()

    # Four bids and the tricks are the round's record, said once, by who closed it.
    assert 'data-testid="correction"' not in page
    assert "Corrected" not in page
    assert page.count("recorded by <bdi>Ben</bdi>") == 1


def test_forty_ones_history_calls_the_hosts_change_a_correction(
    client,
    table,  # noqa: F811
    alice,
    bob,
):
    play(table, alice, bob, **MADE)
    actions.correct(alice, table.pk, 1, correction(table, **FAILED))
    client.force_login(bob)

    page = client.get(f"/matches/{table.pk}/history/").content.decode()

    assert page.count('data-testid="correction"') == 1
