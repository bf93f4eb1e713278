"""A club's page, its leaderboard and a member's page cost the same number of
statements with 10 finished matches as with 2,000: they sum stored rows."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.club_page import seed
from tests.conftest import make_user


def pages(club):
    member = club.members.order_by("id").first()
    return [
        reverse("club", args=[club.pk]),
        reverse("club", args=[club.pk]) + "?season=year&first=1&second=2",
        reverse("club_member", args=[club.pk, member.pk]),
        reverse("api_club_leaderboard", args=[club.pk]),
        reverse("api_club_member", args=[club.pk, member.pk]),
    ]


def counts(client, club):
    found = []
    for url in pages(club):
        client.get(url)  # the session and caches, once
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        found.append(len(queries))
    return found


@pytest.mark.django_db
def test_club_pages_cost_the_same_at_10_and_2000_matches(
    django_assert_max_num_queries,
):
    small, big = make_user("small", "Small"), make_user("big", "Big")
    small_club, big_club = seed(small, 10), seed(big, 2000)
    client = Client()
    client.force_login(small)
    few = counts(client, small_club)
    client.force_login(big)
    for url, most in zip(pages(big_club), few, strict=True):
        with django_assert_max_num_queries(most):
            assert client.get(url).status_code == 200, url
