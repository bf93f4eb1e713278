"""The history pages cost the same number of queries for 10 rounds as for 1,000."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from .builders import big_match

pytestmark = pytest.mark.django_db


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


@pytest.fixture
def small_and_big(alice, bob, client):
    client.force_login(alice)
    small = big_match(alice, 10, members=[bob])
    big = big_match(alice, 1000, members=[bob])
    return small, big


def test_a_match_history_page_makes_as_many_queries_for_1000_rounds_as_for_10(
    client, small_and_big
):
    small, big = small_and_big
    url = "match_history"

    counts = [queries(client, reverse(url, args=[m.pk])) for m in (small, big)]

    assert counts[0] == counts[1]
    # The last page of the big match reads its corrections as well.
    last = reverse(url, args=[big.pk]) + "?page=20"
    assert queries(client, last) == counts[0]


def test_the_table_page_makes_as_many_queries_for_1000_rounds_as_for_10(
    client, alice, bob
):
    client.force_login(alice)
    small = big_match(alice, 10, members=[bob], ended=False)
    big = big_match(alice, 1000, members=[bob], ended=False)

    counts = [queries(client, reverse("match", args=[m.pk])) for m in (small, big)]

    assert counts[0] == counts[1]


def test_my_matches_makes_as_many_queries_for_big_matches_as_small_ones(
    client, alice, bob
):
    client.force_login(alice)
    big_match(alice, 10, members=[bob])
    small = queries(client, reverse("match_list"))
    big_match(alice, 1000, members=[bob])

    assert queries(client, reverse("match_list")) == small


def test_my_matches_makes_as_many_queries_for_a_full_page_as_for_one_match(
    client, alice
):
    client.force_login(alice)
    big_match(alice, 10, seats=3)
    one = queries(client, reverse("match_list") + "?player=player")
    for _ in range(24):
        big_match(alice, 10, seats=3)

    assert queries(client, reverse("match_list") + "?player=player") == one
    assert queries(client, reverse("match_list") + "?page=2") == one


def test_player_summaries_make_as_many_queries_for_many_matches_as_for_one(
    client, alice
):
    client.force_login(alice)
    big_match(alice, 10, seats=3)
    one = queries(client, reverse("players"))
    for _ in range(5):
        big_match(alice, 200, seats=3)

    assert queries(client, reverse("players")) == one


@pytest.mark.parametrize("name", ["match_json", "match_csv"])
def test_a_match_export_makes_as_many_queries_for_1000_rounds_as_for_10(
    client, small_and_big, name
):
    small, big = small_and_big

    counts = [queries(client, reverse(name, args=[m.pk])) for m in (small, big)]

    assert counts[0] == counts[1]
