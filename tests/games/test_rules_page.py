"""The rules page: the module's own text, with a match's table options."""

import pytest
from django.urls import resolve, reverse

from games import actions
from games.rules import registry
from games.rules_views import match_links
from tests.conftest import SEATS

pytestmark = pytest.mark.django_db


@pytest.fixture
def variant_match(alice, bob):
    result = actions.start_match(
        alice,
        "fortyone_exchange",
        SEATS,
        options={"instant_41": True, "dry_stock": "unshuffled"},
        host_seat=0,
    )
    ben = result.match.seats.get(name="Ben")
    actions.join_match(bob, result.match.code, seat_id=ben.pk)
    return result.match


def test_anyone_can_read_a_games_rules_with_its_defaults(client):
    response = client.get("/games/fortyone_exchange/rules/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "How 41 Exchange is played" in page
    assert "41 wins on the spot" in page
    assert "turn the discards over shuffled" in page


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/games/chess/rules/").status_code == 404


def test_a_member_sees_this_matchs_table_options(client, bob, variant_match):
    client.force_login(bob)

    response = client.get(f"/matches/{variant_match.pk}/rules/")

    assert response.status_code == 200
    options = dict(response.context["options"])
    assert options == {
        "Play without clearing the pool": "no",
        "41 wins on the spot": "yes",
        "When the stock runs dry": "turn the discards over as they lie",
    }
    page = response.content.decode()
    assert "This match's table options" in page
    assert variant_match.code in page
    assert "turn the discards over as they lie" in page


def test_it_sends_an_outsider_to_the_join_page(client, charlie, variant_match):
    client.force_login(charlie)

    response = client.get(f"/matches/{variant_match.pk}/rules/")

    assert response.status_code == 302
    assert response["Location"] == "/#join-title"


def test_it_sends_a_visitor_without_a_session_to_the_join_page(client, match):
    response = client.get(f"/matches/{match.pk}/rules/")

    assert response.status_code == 302
    assert response["Location"] == "/#join-title"


def test_a_match_that_does_not_exist_is_not_found(client, bob):
    client.force_login(bob)

    assert client.get("/matches/999999/rules/").status_code == 404


def test_a_match_page_can_link_to_the_rules_and_the_modules_own_pages(match):
    assert match_links(match) == [
        ("Rules", f"/matches/{match.pk}/rules/"),
        ("Hand checker", f"/games/fortyone_exchange/hands/?match={match.pk}"),
    ]


def test_a_members_rules_page_links_the_hand_checker_for_this_match(client, bob, match):
    client.force_login(bob)

    page = client.get(f"/matches/{match.pk}/rules/").content.decode()

    assert f'href="/games/fortyone_exchange/hands/?match={match.pk}"' in page
    assert f'href="/matches/{match.pk}/"' in page


def test_each_modules_own_pages_are_mounted_under_its_key_and_namespace():
    for module in registry:
        if not module.urls:
            continue
        for label, name in module.match_pages:
            url = reverse(f"{module.key}:{name}")
            assert url.startswith(f"/games/{module.key}/"), label
            assert resolve(url).namespace == module.key
