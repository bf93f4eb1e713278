import pytest
from django.urls import reverse

from games import actions
from tests.conftest import SEATS, seat

from .builders import play

pytestmark = pytest.mark.django_db


def start(host, seats=SEATS, game="fortyone_exchange"):
    return actions.start_match(host, game, seats, host_seat=0).match


@pytest.fixture
def tables(alice, bob, charlie):
    """Three matches: two of alice's with bob, and one of charlie's alone."""
    first = start(alice)
    actions.join_match(bob, first.code, seat_id=seat(first, "Ben").pk)
    play(first, alice, "Alice", "Ben", "Alice")
    actions.end_match(alice, first.pk)
    second = start(alice, ["Alice", "Ben", "Zoë"])
    actions.join_match(bob, second.code, seat_id=seat(second, "Ben").pk)
    play(second, bob, "Ben")
    third = start(charlie, ["Charlie", "Dora"])
    return first, second, third


def listed(client, user, **query):
    client.force_login(user)
    response = client.get(reverse("match_list"), query)
    return [match.pk for match in response.context["page"]], response


def test_my_matches_lists_only_mine_newest_first(client, tables, bob):
    first, second, _ = tables

    ids, _ = listed(client, bob)

    assert ids == [second.pk, first.pk]


def test_each_row_shows_rounds_played_and_won_per_seat(client, tables, alice):
    first, _, _ = tables

    _, response = listed(client, alice, status="ended")
    (row,) = response.context["page"]

    assert row.played == 4
    assert {s.name: s.won for s in row.seats.all()} == {
        "Alice": 2,
        "Ben": 1,
        "Cara": 0,
        "Dev": 0,
    }
    page = response.content.decode()
    assert reverse("match_history", args=[first.pk]) in page


def test_a_live_match_links_to_its_table(client, tables, alice):
    _, second, _ = tables

    _, response = listed(client, alice, status="live")

    assert f'href="{reverse("match", args=[second.pk])}"' in response.content.decode()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"status": "live"}, ["second"]),
        ({"status": "ended"}, ["first"]),
        ({"player": "zoë"}, ["second"]),
        ({"player": "cara"}, ["first"]),
        ({"player": "nobody"}, []),
        ({"game": "fortyone_exchange"}, ["second", "first"]),
    ],
)
def test_the_filters_narrow_the_list(client, tables, alice, query, expected):
    first, second, _ = tables
    names = {first.pk: "first", second.pk: "second"}

    ids, _ = listed(client, alice, **query)

    assert [names[pk] for pk in ids] == expected


def test_an_unknown_game_in_the_filter_is_ignored_not_an_error(client, tables, bob):
    ids, response = listed(client, bob, game="poker")
    assert response.status_code == 200
    assert len(ids) == 2


def test_the_list_is_paginated(client, alice):
    for _ in range(23):
        start(alice)

    ids, response = listed(client, alice)
    more, _ = listed(client, alice, page=2)

    assert len(ids) == 20
    assert len(more) == 3
    assert "Page 1 of 2" in response.content.decode()


def test_a_visitor_has_no_matches(client, tables):
    response = client.get(reverse("match_list"))
    assert response.status_code == 200
    assert "You have no matches yet" in response.content.decode()


def test_player_summaries_count_finished_matches_rounds_and_wins_by_game(
    client, tables, bob
):
    _first, second, _ = tables
    actions.end_match(bob, second.pk)
    client.force_login(bob)
    response = client.get(reverse("players"))

    people = {p.name: p for p in response.context["people"]}
    assert set(people) == {"Alice", "Ben", "Cara", "Dev", "Zoë"}
    # The first match: three rounds and End match's draw; the second: one
    # round and the draw.
    ben = people["Ben"].games["fortyone_exchange"]
    assert (ben.matches, ben.played, ben.won) == (2, 6, 2)
    assert people["Ben"].is_me
    alice = people["Alice"].games["fortyone_exchange"]
    assert (alice.matches, alice.played, alice.won) == (2, 6, 2)
    assert alice.win_rate == pytest.approx(1 / 3)
    page = response.content.decode()
    assert "Charlie" not in page
    assert "33%" in page


def test_player_summaries_leave_out_a_live_match(client, tables, bob):
    client.force_login(bob)
    people = {p.name: p for p in client.get(reverse("players")).context["people"]}

    assert "Zoë" not in people
    ben = people["Ben"].games["fortyone_exchange"]
    assert (ben.matches, ben.played, ben.won) == (1, 4, 1)


def test_a_latecomer_counts_only_the_rounds_they_sat_in(client, alice):
    match = start(alice, ["Alice", "Ben"])
    play(match, alice, "Alice", "Ben")
    actions.add_seat(alice, match.pk, "Lou")
    play(match, alice, "Lou")
    actions.end_match(alice, match.pk)

    client.force_login(alice)
    people = {p.name: p for p in client.get(reverse("players")).context["people"]}

    lou = people["Lou"].games["fortyone_exchange"]
    assert (lou.played, lou.won) == (2, 1)


@pytest.mark.parametrize("name", ["match_list", "players"])
def test_the_pages_carry_no_inline_style_or_script(client, tables, bob, name):
    client.force_login(bob)
    page = client.get(reverse(name)).content.decode()

    assert "style=" not in page
    assert "<script>" not in page
    assert " on" + "click=" not in page
