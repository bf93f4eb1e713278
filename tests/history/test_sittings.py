"""Sittings in the history (issue 14): the evening's matches together in my list,
and a match's history leading to the other matches of its sitting."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actions, sitting
from games.history import sittings
from games.models import Match
from tests.conftest import seat, win

pytestmark = pytest.mark.django_db


def play(match, by, *winners):
    for number, name in enumerate(winners, start=1):
        win(by, match.pk, number, seat(match, name).pk)
    actions.end_match(by, match.pk)


@pytest.fixture
def evening(match, alice, bob):
    """Three matches chained by Next match (the third live) and, started between
    the first two, a match of alice's on its own."""
    play(match, bob, "Cara", "Cara")
    lone = actions.start_match(alice, "fortyone_exchange", ["Xena", "Yuri"]).match
    second = actions.rematch(bob, match.pk).match
    play(second, bob, "Ben")
    third = actions.rematch(bob, second.pk).match
    return {"first": match, "lone": lone, "second": second, "third": third}


def list_page(client, user, query=""):
    client.force_login(user)
    return client.get("/matches/" + query).content.decode()


def groups(page):
    """The HTML of each sitting's item in the list, its own <li> to its </li>."""
    found = []
    for start in (m.start() for m in re.finditer('<li class="sitting-group">', page)):
        depth = 0
        for tag in re.finditer(r"<(/?)li\b", page[start:]):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                found.append(page[start : start + tag.end()])
                break
    return found


def test_my_matches_show_a_sittings_matches_together_under_one_heading(
    client, alice, evening
):
    page = list_page(client, alice)

    (group,) = groups(page)
    assert re.search(r"Sitting of <time[^>]*>[^<]+</time>: 3 matches", group)
    for name in ("first", "second", "third"):
        assert f'href="/matches/{evening[name].pk}/history/"' in group
    assert f"/matches/{evening['lone'].pk}/" not in group
    assert f"/matches/{evening['lone'].pk}/" in page
    # Newest first, the sitting where its newest match stands, then the lone one.
    assert page.index("sitting-group") < page.index(
        f"/matches/{evening['lone'].pk}/history/"
    )
    assert "Tally of 2 ended matches" in group
    assert re.search(r"<th scope=\"row\">Cara</th><td>1</td><td>2</td>", group)


def test_a_filter_that_shows_one_match_of_a_sitting_still_counts_the_sitting(
    client, alice, evening
):
    page = list_page(client, alice, "?status=live")

    (group,) = groups(page)
    assert "3 matches" in group
    assert f"/matches/{evening['third'].pk}/history/" in group
    assert f"/matches/{evening['first'].pk}/history/" not in group


def test_a_sitting_split_by_the_pager_is_counted_whole_on_each_page(alice, evening):
    newer = Match.objects.filter(pk__in=[evening["third"].pk, evening["second"].pk])
    older = Match.objects.filter(pk__in=[evening["first"].pk, evening["lone"].pk])

    (on_first,) = [e for e in sittings.entries(newer.order_by("-created_at"))]
    on_second = sittings.entries(older.order_by("-created_at"))

    assert on_first["sitting"]["count"] == 3
    assert [m.pk for m in on_first["sitting"]["matches"]] == [
        evening["third"].pk,
        evening["second"].pk,
    ]
    assert on_second[0]["match"] == evening["lone"]
    assert on_second[1]["sitting"]["count"] == 3
    assert on_second[1]["sitting"]["ids"] == sitting.whole(evening["first"])


def test_a_matchs_history_links_the_other_matches_of_its_sitting(
    client, alice, evening
):
    client.force_login(alice)

    page = client.get(f"/matches/{evening['second'].pk}/history/").content.decode()

    section = page[page.index('data-testid="sitting"') :]
    section = section[: section.index("</ol>")]
    assert f'href="/matches/{evening["first"].pk}/history/">Match 1</a>' in section
    assert '<strong aria-current="page">Match 2 (this one)</strong>' in section
    assert f'href="/matches/{evening["third"].pk}/history/">Match 3</a>' in section
    assert "Sitting of" in page and "3 matches" in page


def test_a_match_on_its_own_shows_no_sitting(client, alice, evening):
    client.force_login(alice)

    page = client.get(f"/matches/{evening['lone'].pk}/history/").content.decode()

    assert 'data-testid="sitting"' not in page
    assert sitting.whole(evening["lone"]) == [evening["lone"].pk]


def test_the_chain_reads_forwards_and_backwards_from_any_match(evening):
    ids = [evening[name].pk for name in ("first", "second", "third")]

    assert sitting.whole(evening["first"]) == ids
    assert sitting.whole(evening["second"]) == ids
    assert sitting.later(evening["third"].pk) == []


def test_a_page_of_lone_matches_costs_no_query_per_match(client, alice):
    def count():
        client.force_login(alice)
        with CaptureQueriesContext(connection) as captured:
            client.get("/matches/")
        return len(captured)

    actions.start_match(alice, "fortyone_exchange", ["A", "B"])
    one = count()
    for _ in range(5):
        actions.start_match(alice, "fortyone_exchange", ["A", "B"])

    assert count() == one
