"""The hand checker page: a GET form round trip judged by ``hands.judge`` under
the options in force, and, from a live match, a button that records the verdict
for the open round."""

import html
import json
import re
from urllib.parse import urlencode

import pytest

from games import actions
from games.thirty_one.views import EXAMPLE, example_query
from tests.conftest import SEATS

URL = "/games/thirty_one/hands/"


def query(hands, closer="", options=(), **extra):
    pairs = [("players", len(hands)), ("closer", closer), *options]
    for index, (name, cards) in enumerate(hands, start=1):
        pairs.append((f"p{index}-name", name))
        pairs.extend((f"p{index}-cards", card) for card in cards)
    pairs.extend(extra.items())
    return f"{URL}?{urlencode(pairs)}"


def text(response):
    """The page as a reader sees it: tags dropped, whitespace folded."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(words).split())


def values(response):
    return {row.name: row.value for row in response.context["result"].rows}


def paid(response):
    return response.context["result"].verdict.paid


@pytest.fixture
def thirty_one(alice, bob):
    """A live 4-seat Blitz match: alice hosts in seat Alice, bob sits as Ben."""
    started = actions.start_match(
        alice, "thirty_one", SEATS, {"rule_set": "blitz"}, host_seat=0
    )
    ben = started.match.seats.get(name="Ben")
    actions.join_match(bob, started.match.code, seat_id=ben.pk)
    return started.match


@pytest.mark.django_db
def test_a_new_checker_offers_four_players_the_52_card_pack_and_blitz(client):
    response = client.get(URL)

    assert response.status_code == 200
    assert response.context["result"] is None
    page = response.content.decode()
    assert page.count('type="checkbox" class="card-input"') == 4 * 52
    assert "data-presets=" in page
    assert 'option value="blitz" selected' in page


@pytest.mark.django_db
def test_the_schwimmen_rule_set_deals_from_the_32_card_pack(client):
    page = client.get(f"{URL}?rule_set=schwimmen").content.decode()

    assert page.count('type="checkbox" class="card-input"') == 4 * 32
    assert 'value="6H"' not in page


@pytest.mark.django_db
def test_the_example_lets_the_closer_win_the_tie(client):
    response = client.get(f"{URL}?{example_query()}")

    assert values(response) == {"Alice": "11", "Ben": "11", "Cara": "18", "Dev": "12"}
    assert paid(response) == {"Alice": 1}
    assert "Ben closed and wins the tie with Alice." in text(response)
    assert "Alice pays a life" in text(response)
    assert response.context["record"] is None  # not opened from a match


@pytest.mark.django_db
def test_fire_and_the_closer_paying_double_are_shown(client):
    fire = client.get(
        query(
            [("Ben", ["AS", "AH", "AD"]), ("Cara", ["7H", "9H", "KS"])],
            options=[("rule_set", "schwimmen"), ("three_of_a_kind", "fire")],
        )
    )
    double = client.get(
        query(
            [("Ben", ["2S", "3H", "4D"]), ("Cara", ["7H", "9H", "KS"])],
            closer="1",
            options=[("three_of_a_kind", "disabled"), ("closer_rule", "on")],
        )
    )

    assert "Fire by Ben: everyone else pays a life" in text(fire)
    assert values(fire)["Ben"] == "32"
    assert paid(double) == {"Ben": 2}
    assert "Ben pays 2 lives" in text(double)


@pytest.mark.django_db
def test_bad_cards_are_a_clear_error(client):
    response = client.get(
        query([("Ben", ["AS", "KD"]), ("Cara", ["AS", "8H", "9H"])], closer="1")
    )

    assert response.context["result"] is None
    assert "Ben: A hand has exactly 3 cards, not 2." in text(response)


@pytest.mark.django_db
def test_from_a_match_the_options_are_the_matchs_and_the_verdict_can_be_recorded(
    client, thirty_one, bob
):
    client.force_login(bob)
    seats = {seat.name: seat.pk for seat in thirty_one.seats.all()}
    hands = list(zip(SEATS, (cards for _, cards in EXAMPLE), strict=True))

    blank = client.get(f"{URL}?match={thirty_one.pk}")
    response = client.get(query(hands, closer="2", match=thirty_one.pk))

    assert [h["name_field"].value() for h in blank.context["hands"]] == SEATS
    assert "data-presets" not in blank.content.decode()
    assert "This table's options" in text(blank)
    record = response.context["record"]
    assert record["action"] == f"/matches/{thirty_one.pk}/record/"
    assert json.loads(record["payload"]) == {
        "closer": seats["Ben"],
        "lowest": [seats["Alice"], seats["Ben"]],
    }
    assert record["round"] == 1
    page = response.content.decode()
    assert "data-record-form" in page
    assert "Record this for round 1" in page


@pytest.mark.django_db
def test_an_outsider_gets_the_plain_checker(client, thirty_one, charlie):
    client.force_login(charlie)

    response = client.get(f"{URL}?match={thirty_one.pk}")

    assert response.context["match"] is None
