"""The record and correction forms over HTTP and over the socket: the module reads
the form, the one action records it, and the page shows the standings."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers

from games.models import Match, Round
from tests.conftest import seat

from .lives import KEY, lives_game  # noqa: F401 (a fixture)
from .test_consumer import connect, receive
from .test_views import client_for, page, url


@pytest.fixture(autouse=True)
def fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.mark.django_db
def test_the_record_form_records_the_open_round(match, bob):
    cara = seat(match, "Cara").pk

    response = client_for(bob).post(url(match, "record"), {"round": 1, "winner": cara})

    assert response.status_code == 302
    assert Round.objects.get(match=match, number=1).winner_id == cara


@pytest.mark.django_db
def test_a_bad_record_form_is_refused_with_its_status(match, bob):
    response = client_for(bob).post(url(match, "record"), {"round": 1, "winner": "x"})

    assert response.status_code == 400
    assert Round.objects.get(match=match, number=1).status == "open"


@pytest.mark.django_db
def test_the_correction_form_is_the_hosts(match, alice, bob):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )

    refused = client_for(bob).post(url(match, "correct"), {"round": 1, "draw": "1"})
    corrected = client_for(alice).post(url(match, "correct"), {"round": 1, "draw": "1"})

    assert refused.status_code == 403
    assert corrected.status_code == 302
    assert Round.objects.get(match=match, number=1).status == "draw"


@pytest.mark.django_db
def test_the_page_shows_the_standings_and_who_deals(match, alice, bob):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Cara").pk}
    )

    html = page(client_for(bob).get(url(match)))

    assert 'id="standings"' in html
    assert "Rounds won" in html
    ben = seat(match, "Ben").pk
    assert f'data-dealer="{ben}"' in html
    assert "deals round 2" in html


@pytest.mark.django_db
def test_an_out_seat_has_no_button_and_is_shown_out(alice, lives_game):  # noqa: F811
    from games import actions

    match = actions.start_match(alice, KEY, ["Alice", "Ben", "Cara"], {"lives": 1})
    match = match.match
    ben = seat(match, "Ben").pk
    for number in (1, 2):
        actions.record(alice, match.pk, number, {"pays": [ben]})

    html = page(client_for(alice).get(url(match)))

    assert 'data-fate="out"' in html
    entry = html[html.index('id="open-round"') : html.index('id="last-result"')]
    assert f'value="{ben}"' not in entry
    assert "Lives" in html


@pytest.mark.django_db(transaction=True)
async def test_a_record_frame_is_read_by_the_module_and_reaches_every_phone(
    match, alice, bob
):
    host = await connect(match.pk, alice)
    member = await connect(match.pk, bob)
    await receive(host), await receive(member)
    cara = await database_sync_to_async(lambda: seat(match, "Cara").pk)()

    frame = {"type": "record", "round": 1, "form": {"winner": [str(cara)]}, "key": "r1"}
    await member.send_json_to(frame)

    for socket in (host, member):
        change = await receive(socket)
        assert change["kind"] == "round_won"
        assert change["rounds"][0]["winner"] == cara
        lines = change["sheet"]["standings"]["seats"]
        assert {line["seat"]: line["rounds_won"] for line in lines}[cara] == 1
        await socket.disconnect()
    version = await database_sync_to_async(
        lambda: Match.objects.get(pk=match.pk).version
    )()
    assert version == match.version + 1


@pytest.mark.django_db(transaction=True)
async def test_a_bad_record_frame_gets_an_error_frame(match, bob):
    member = await connect(match.pk, bob)
    await receive(member)

    await member.send_json_to({"type": "record", "round": 1, "form": {"winner": 3}})

    error = await receive(member)
    assert error["type"] == "error"
    assert error["code"] == "bad_value"
    await member.disconnect()


@pytest.mark.django_db
def test_the_start_form_offers_number_options_and_the_modules_seat_cap(
    lives_game,  # noqa: F811
):
    html = page(client_for().get("/start/"))

    assert f'<select name="{KEY}__lives"' in html
    assert re.search(
        r'data-range-for="[^"]*\b' + KEY + r'\b[^"]*">'
        r'<span class="range-games">[^<]*Lives \(test\)[^<]*: </span>2 to 6 seats',
        html,
    )
    assert 'name="seat_9"' in html

    response = client_for().post(
        "/start/",
        {"game": KEY, "seat_0": "Ann", "seat_1": "Bo", "me": "0", f"{KEY}__lives": "3"},
    )

    assert response.status_code == 302
    assert Match.objects.get(game=KEY).options == {"lives": 3}


@pytest.mark.django_db
def test_the_rules_page_api_and_history_show_number_options(
    alice,
    lives_game,  # noqa: F811
):
    from games import actions

    match = actions.start_match(alice, KEY, ["Ann", "Bo"], {"lives": 3}).match

    rules = page(client_for(alice).get(f"/matches/{match.pk}/rules/"))
    history = page(client_for(alice).get(f"/matches/{match.pk}/history/"))
    game = client_for().get(f"/api/games/{KEY}/").json()

    assert "<dd>3</dd>" in rules
    assert "<dd>3</dd>" in history
    assert "Standings" in history
    assert game["options"][0]["kind"] == "number"
    assert game["options"][0]["numbers"] == [1, 2, 3]


@pytest.mark.django_db
def test_the_host_sets_the_dealer_from_the_page(match, alice, bob):
    dev = seat(match, "Dev").pk

    refused = client_for(bob).post(url(match, "dealer"), {"seat": dev})
    done = client_for(alice).post(url(match, "dealer"), {"seat": dev})

    assert refused.status_code == 403
    assert done.status_code == 302
    assert Round.objects.get(match=match, number=1).dealer_id == dev
