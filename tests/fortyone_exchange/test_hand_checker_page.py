"""The hand checker page: a GET form round trip, judged by ``hands.best_hands``."""

from urllib.parse import urlencode

import pytest

from games.fortyone_exchange.views import EXAMPLE

URL = "/games/fortyone_exchange/hands/"


def query(hands, **extra):
    pairs = [("players", len(hands))]
    for index, (name, cards) in enumerate(hands, start=1):
        pairs.append((f"p{index}-name", name))
        pairs.extend((f"p{index}-cards", card) for card in cards)
    pairs.extend(extra.items())
    return f"{URL}?{urlencode(pairs)}"


def text(response):
    """The page with its whitespace folded, as a reader sees it."""
    return " ".join(response.content.decode().split())


def rows(response):
    verdict = response.context["verdict"]
    return {row.name: row.value for row in verdict.rows}


@pytest.mark.django_db
def test_a_new_checker_offers_four_players_and_an_empty_picker(client):
    response = client.get(URL)

    assert response.status_code == 200
    assert response.context["verdict"] is None
    assert len(response.context["hands"]) == 4
    page = response.content.decode()
    assert page.count('type="checkbox"') == 4 * 52
    assert 'aria-hidden="true">A<span class="pip">♠' in page
    assert "ace of spades" in page


@pytest.mark.django_db
def test_the_worked_round_gives_41_and_alice_the_best_hand(client):
    response = client.get(query(EXAMPLE))

    assert rows(response) == {"Alice": 41, "Ben": 17, "Cara": 17, "Dev": 11}
    assert response.context["verdict"].winners == ("Alice",)
    assert "Alice holds the best hand: 41" in response.content.decode()


@pytest.mark.django_db
def test_the_example_link_opens_the_worked_round(client):
    page = client.get(URL).content.decode()
    link = page.split('href="?', 1)[1].split('"', 1)[0].replace("&amp;", "&")

    response = client.get(f"{URL}?{link}")

    assert response.context["verdict"].best == 41


@pytest.mark.django_db
def test_a_tie_says_so_and_points_to_end_match(client):
    ben, cara = EXAMPLE[1], EXAMPLE[2]

    response = client.get(query([ben, cara]))

    assert response.context["verdict"].winners == ("Ben", "Cara")
    page = text(response)
    assert "A tie for best: Ben and Cara on 17" in page
    assert "shared win is banked as a draw" in page
    assert "End match" in page


@pytest.mark.django_db
def test_a_card_in_two_hands_is_a_clear_error(client):
    hands = [("Alice", ["AS", "KS", "10S", "QS"]), ("Ben", ["AS", "8H", "KC", "2D"])]

    response = client.get(query(hands))

    assert response.context["verdict"] is None
    page = response.content.decode()
    assert "The hands cannot be checked yet" in page
    assert "AS is in both Alice&#x27;s and Ben&#x27;s hands." in page


@pytest.mark.django_db
def test_fewer_than_four_cards_names_the_player(client):
    hands = [("Alice", ["AS", "KS", "10S", "QS"]), ("Ben", ["9H", "8H", "KC"])]

    response = client.get(query(hands))

    assert response.context["verdict"] is None
    page = response.content.decode()
    assert "Ben: A hand has exactly 4 cards. Only 3 are picked." in page
    assert 'href="#p2"' in page


@pytest.mark.django_db
def test_two_players_with_one_name_are_refused(client):
    hands = [("Ben", ["AS", "KS", "10S", "QS"]), ("ben", ["9H", "8H", "KC", "2D"])]

    response = client.get(query(hands))

    assert response.context["verdict"] is None
    assert "Two players are called ben." in response.content.decode()


@pytest.mark.django_db
def test_blank_names_become_numbered_players(client):
    hands = [("", ["AS", "KS", "10S", "QS"]), ("", ["9H", "8H", "KC", "2D"])]

    response = client.get(query(hands))

    assert rows(response) == {"Player 1": 41, "Player 2": 17}


@pytest.mark.django_db
def test_adding_a_player_keeps_the_picks_and_judges_nothing(client):
    response = client.get(query(EXAMPLE[:2], resize="3"))

    assert response.context["verdict"] is None
    assert "cannot be checked" not in response.content.decode()
    hands = response.context["hands"]
    assert len(hands) == 3
    assert [str(chip) for chip in hands[0]["chosen"]] == ["A♠", "K♠", "Q♠", "10♠"]
    assert hands[2]["chosen"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(("asked", "count"), [("1", 2), ("11", 10), ("x", 4)])
def test_the_table_has_two_to_ten_players(client, asked, count):
    response = client.get(f"{URL}?resize={asked}")

    assert len(response.context["hands"]) == count


def test_a_member_opening_it_from_a_match_sees_the_seat_names(client, bob, match):
    client.force_login(bob)

    response = client.get(f"{URL}?match={match.pk}")

    names = [hand["name_field"].value() for hand in response.context["hands"]]
    assert names == ["Alice", "Ben", "Cara", "Dev"]
    assert response.context["match"] == match
    assert f'name="match" value="{match.pk}"' in response.content.decode()


def test_an_outsider_opening_it_from_a_match_sees_no_seat_names(client, charlie, match):
    client.force_login(charlie)

    response = client.get(f"{URL}?match={match.pk}")

    assert response.context["match"] is None
    names = [hand["name_field"].value() for hand in response.context["hands"]]
    assert names == ["", "", "", ""]
    assert 'name="match"' not in response.content.decode()


def test_a_tie_from_a_match_links_back_to_its_table(client, bob, match):
    client.force_login(bob)

    response = client.get(query([EXAMPLE[1], EXAMPLE[2]], match=str(match.pk)))

    assert response.context["verdict"].is_tie
    page = text(response)
    assert f'<a class="button-link" href="/matches/{match.pk}/">Go to the match' in page


def test_from_a_match_the_winner_is_recorded_for_the_open_round(client, bob, match):
    client.force_login(bob)

    response = client.get(query(EXAMPLE, match=str(match.pk)))

    record = response.context["record"]
    alice = match.seats.get(name="Alice").pk
    assert (record["winner"], record["round"]) == (alice, 1)
    page = text(response)
    assert f'action="/matches/{match.pk}/record/"' in page
    assert f'name="winner" value="{alice}">Record Alice\'s win for round 1' in page
    posted = client.post(
        record["action"], {"round": 1, "key": record["key"], "winner": alice}
    )
    again = client.post(
        record["action"], {"round": 1, "key": record["key"], "winner": alice}
    )

    assert posted.status_code == again.status_code == 302
    first = match.rounds.get(number=1)
    assert (first.status, first.winner_id) == ("won", alice)
    assert match.rounds.filter(status="open").get().number == 2


def test_a_tie_or_a_name_no_seat_has_offers_no_record(client, bob, match):
    client.force_login(bob)
    renamed = [("Alicia", EXAMPLE[0][1]), *EXAMPLE[1:]]

    tie = client.get(query([EXAMPLE[1], EXAMPLE[2]], match=str(match.pk)))
    stranger = client.get(query(renamed, match=str(match.pk)))

    assert tie.context["record"] is None
    assert "Record" not in text(tie).split("Every hand")[0]
    assert stranger.context["record"] is None
    assert "Tap <strong>Alicia</strong> on the match table" in text(stranger)


@pytest.mark.django_db
def test_a_table_of_more_than_ten_is_checked_as_ten(client):
    hands = [(f"P{n}", []) for n in range(12)]

    response = client.get(query(hands))

    assert len(response.context["hands"]) == 10
    assert "P9: A hand has exactly 4 cards. None is picked yet." in text(response)
