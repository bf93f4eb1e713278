import re

import pytest
from django.urls import reverse

from games import actions
from tests.conftest import make_draw

from .builders import big_match, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(match, alice, bob):
    """Alice's match after four taps, one correction and End match."""
    play(match, bob, "Alice", "Ben", "Cara", "Alice")
    make_draw(alice, match.pk, 2)
    actions.end_match(bob, match.pk)
    match.refresh_from_db()
    return match


def history(client, user, match, **query):
    client.force_login(user)
    return client.get(reverse("match_history", args=[match.pk]), query)


def test_a_member_sees_every_round_with_its_winner_or_draw(client, played, bob):
    page = history(client, bob, played).content.decode()

    for number in range(1, 6):
        assert f'data-round="{number}"' in page
    assert page.count('class="h-round is-draw"') == 2
    assert page.count('class="h-round is-won"') == 3
    assert "banked at End match" in page


def test_the_correction_shows_its_before_and_after_and_who_made_it(client, played, bob):
    page = history(client, bob, played).content.decode()

    assert "Corrected: <del><bdi>Ben</bdi></del> → <ins><bdi>draw</bdi></ins>" in page
    assert "by <bdi>Alice</bdi>" in page


def test_the_counts_are_rounds_won_and_draws_never_points(client, played, bob):
    response = history(client, bob, played)

    assert response.context["played"] == 5
    assert response.context["draws"] == 2
    won = {seat.name: count for seat, count in response.context["won"]}
    assert won == {"Alice": 2, "Ben": 0, "Cara": 1, "Dev": 0}


def test_the_options_and_start_and_end_are_shown(client, played, bob):
    page = history(client, bob, played).content.decode()

    assert "Play without clearing the pool" in page
    assert "Started" in page
    assert "Ended" in page


def test_the_charts_are_svg_with_titles_and_no_inline_style(client, played, bob):
    page = history(client, bob, played).content.decode()

    assert page.count("<svg") == 2
    assert '<title id="bars-title">Rounds won per seat</title>' in page
    assert "Alice: 2; Ben: 0; Cara: 1; Dev: 0; draws: 2" in page
    assert "round 2: draw" in page
    assert "style=" not in page
    # Scripts come from files (the site's own pwa.js and local-time.js), never inline.
    assert re.findall(r"<script(?![^>]*\bsrc=)", page) == []


def test_long_matches_are_paginated(client, alice):
    match = big_match(alice, 120, seats=4)

    first = history(client, alice, match)
    last = history(client, alice, match, page=3)

    assert len(first.context["rows"]) == 50
    assert [row["round"].number for row in last.context["rows"]] == list(
        range(101, 121)
    )
    assert first.context["played"] == 120


def test_an_outsider_is_sent_to_join_without_the_code(client, played, charlie):
    response = history(client, charlie, played)

    assert response.status_code == 302
    assert response["Location"] == "/#join-title"


def test_a_visitor_who_never_signed_in_is_sent_to_join(client, played):
    response = client.get(reverse("match_history", args=[played.pk]))

    assert response.status_code == 302
    assert response["Location"] == "/#join-title"


@pytest.mark.parametrize("name", ["match_history", "match_json", "match_csv"])
def test_a_guessed_match_id_that_does_not_exist_is_not_found(client, charlie, name):
    client.force_login(charlie)
    assert client.get(reverse(name, args=[987654])).status_code == 404


@pytest.mark.parametrize("name", ["match_history", "match_json", "match_csv"])
def test_an_id_too_big_for_the_database_is_not_found(client, charlie, name):
    client.force_login(charlie)
    assert client.get(reverse(name, args=[2**64])).status_code == 404


def test_a_rematch_of_an_id_too_big_for_the_database_is_not_found(client, alice):
    client.force_login(alice)
    assert client.post(reverse("match_rematch", args=[2**64])).status_code == 404


@pytest.mark.parametrize("name", ["match_json", "match_csv"])
def test_an_outsider_gets_no_export(client, played, charlie, name):
    client.force_login(charlie)
    response = client.get(reverse(name, args=[played.pk]))

    assert response.status_code == 403
    assert played.code not in response.content.decode()


@pytest.mark.parametrize("name", ["match_json", "match_csv"])
def test_a_visitor_gets_no_export(client, played, name):
    assert client.get(reverse(name, args=[played.pk])).status_code == 403


def test_the_host_of_an_ended_match_is_offered_a_rematch(client, played, alice, bob):
    assert "Rematch: same seats" in history(client, alice, played).content.decode()
    assert "Rematch: same seats" not in history(client, bob, played).content.decode()


def test_the_rematch_button_starts_it_and_the_old_page_links_to_it(
    client, played, alice, bob
):
    client.force_login(alice)
    response = client.post(reverse("match_rematch", args=[played.pk]), {"key": "tap-1"})

    new = played.host.hosted_matches.exclude(pk=played.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("match", args=[new.pk])
    page = history(client, bob, played).content.decode()
    assert f'href="{reverse("match", args=[new.pk])}">Go to the rematch' in page


def test_a_member_who_is_not_the_host_starts_the_next_match(client, played, bob):
    client.force_login(bob)
    response = client.post(reverse("match_rematch", args=[played.pk]), {"key": "b"})

    new = played.host.hosted_matches.exclude(pk=played.pk).get()
    assert response["Location"] == reverse("match", args=[new.pk])


def test_an_outsiders_rematch_post_is_forbidden(client, played, charlie):
    client.force_login(charlie)
    response = client.post(reverse("match_rematch", args=[played.pk]))
    assert response.status_code == 403


def test_a_rematch_history_links_back_to_the_match_it_replays(client, played, alice):
    new = actions.rematch(alice, played.pk).match

    page = history(client, alice, new).content.decode()

    assert f'href="{reverse("match_history", args=[played.pk])}"' in page
    assert "Rematch of" in page
