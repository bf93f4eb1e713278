"""The hand checker page: a GET form round trip, judged by ``hands.judge``, and,
from a live match, a button that records the result for the open round."""

import html
import json
from urllib.parse import urlencode

import pytest

from games import actions
from games.schwimmen.views import EXAMPLE
from tests.conftest import SEATS

URL = "/games/schwimmen/hands/"


def query(hands, **extra):
    pairs = [("players", len(hands)), ("feuer", "on")]
    for index, (name, cards) in enumerate(hands, start=1):
        pairs.append((f"p{index}-name", name))
        pairs.extend((f"p{index}-cards", card) for card in cards)
    pairs.extend(extra.items())
    return f"{URL}?{urlencode(pairs)}"


def text(response):
    """The page as a reader sees it: whitespace folded, entities read."""
    return " ".join(html.unescape(response.content.decode()).split())


def values(response):
    return {row.name: row.value for row in response.context["result"].rows}


@pytest.fixture
def schwimmen(alice, bob):
    """A live 4-seat Schwimmen match: alice hosts in seat Alice, bob sits as Ben."""
    started = actions.start_match(alice, "schwimmen", SEATS, host_seat=0)
    ben = started.match.seats.get(name="Ben")
    actions.join_match(bob, started.match.code, seat_id=ben.pk)
    return started.match


@pytest.mark.django_db
def test_a_new_checker_offers_four_players_and_the_32_card_pack(client):
    response = client.get(URL)

    assert response.status_code == 200
    assert response.context["result"] is None
    page = response.content.decode()
    assert page.count('type="checkbox" class="card-input"') == 4 * 32
    assert 'value="6H"' not in page
    assert "7 of diamonds" in page


@pytest.mark.django_db
def test_the_example_splits_equal_elevens_by_suit(client):
    response = client.get(query(EXAMPLE))

    assert values(response) == {"Alice": "11", "Ben": "11", "Cara": "18", "Dev": "31"}
    assert response.context["result"].payers == ("Alice",)
    assert "Alice pays a life" in text(response)
    assert "Ben also holds 11, but clubs rank above spades." in text(response)
    assert response.context["record"] is None  # not opened from a match


@pytest.mark.django_db
def test_the_example_link_opens_the_example(client):
    page = client.get(URL).content.decode()
    link = page.split('href="?', 1)[1].split('"', 1)[0].replace("&amp;", "&")

    response = client.get(f"{URL}?{link}")

    assert response.context["result"].payers == ("Alice",)


@pytest.mark.django_db
def test_a_tie_for_lowest_says_both_pay(client):
    hands = [("Ben", ["KH", "QH", "7S"]), ("Cara", ["JH", "10H", "8S"])]

    response = client.get(query(hands))

    assert "A tie for lowest: Ben and Cara each pay a life" in text(response)


@pytest.mark.django_db
def test_feuer_is_shown_and_can_be_switched_off(client):
    hands = [("Ben", ["AS", "AH", "AD"]), ("Cara", ["7H", "9H", "KS"])]

    on = client.get(query(hands))
    off = client.get(query(hands).replace("&feuer=on", ""))

    assert "Feuer by Ben: everyone else pays a life" in text(on)
    assert values(off)["Ben"] == "30½"
    assert "Cara pays a life" in text(off)


@pytest.mark.django_db
def test_an_empty_hand_sits_out_but_two_hands_are_needed(client):
    hands = [("Ben", ["AS", "KD", "7H"]), ("Cara", []), ("Dev", ["8S", "9D", "JS"])]

    response = client.get(query(hands))
    alone = client.get(query(hands[:2]))

    assert values(response) == {"Ben": "11", "Dev": "18"}
    assert "It takes at least two hands" in text(alone)


@pytest.mark.django_db
def test_bad_cards_are_a_clear_error(client):
    hands = [("Ben", ["AS", "KD"]), ("Cara", ["AS", "8H", "9H"])]

    response = client.get(query(hands))
    both = client.get(
        query([("Ben", ["AS", "KD", "7H"]), ("Cara", ["AS", "8H", "9H"])])
    )

    assert response.context["result"] is None
    assert "Ben: A hand has exactly 3 cards, not 2. 2 are picked." in text(response)
    assert "A♠ is in both Ben's and Cara's hands." in text(both)


@pytest.mark.django_db
def test_from_a_match_the_seats_fill_in_and_the_result_can_be_recorded(
    client, schwimmen, bob
):
    client.force_login(bob)
    seats = {seat.name: seat.pk for seat in schwimmen.seats.all()}
    hands = list(zip(SEATS, (cards for _, cards in EXAMPLE), strict=True))

    blank = client.get(f"{URL}?match={schwimmen.pk}")
    response = client.get(query(hands, match=schwimmen.pk))

    assert [h["name_field"].value() for h in blank.context["hands"]] == SEATS
    record = response.context["record"]
    assert record["action"] == f"/matches/{schwimmen.pk}/record/"
    assert json.loads(record["payload"]) == {"pays": [seats["Alice"]]}
    assert record["round"] == 1
    page = response.content.decode()
    assert f'action="/matches/{schwimmen.pk}/record/"' in page
    assert "data-record-form" in page
    assert "Record this for round 1" in page


@pytest.mark.django_db
def test_an_outsider_gets_the_plain_checker(client, schwimmen, charlie):
    client.force_login(charlie)

    response = client.get(f"{URL}?match={schwimmen.pk}")

    assert response.context["match"] is None


@pytest.mark.django_db
def test_a_renamed_player_has_no_seat_so_nothing_is_offered_to_record(
    client, schwimmen, bob
):
    client.force_login(bob)
    hands = [("Zed", EXAMPLE[0][1]), *EXAMPLE[1:]]

    response = client.get(query(hands, match=schwimmen.pk))

    assert response.context["result"].payers == ("Zed",)
    assert response.context["record"] is None
    assert "keep the seats' names" in text(response)
