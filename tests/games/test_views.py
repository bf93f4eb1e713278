"""The table's pages and forms over HTTP: POST, then redirect; refusals keep their
status; nothing here decides a rule, the actions do."""

import re

import pytest
from django.test import Client

from games.models import Match, Round
from games.rules import registry
from squarescores.accounts.models import User
from tests.conftest import seat

pytestmark = pytest.mark.django_db


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def url(match, action=""):
    return f"/matches/{match.pk}/{action + '/' if action else ''}"


def page(response):
    return response.content.decode()


def test_home_sends_a_code_to_its_join_page(match):
    response = client_for().get("/", {"code": match.code.lower()})

    assert response.status_code == 302
    assert response.url == f"/j/{match.code}/"


def test_start_makes_a_guest_the_host_in_the_chosen_seat():
    response = client_for().post(
        "/start/",
        {
            "game": "fortyone_exchange",
            "seat_0": "Alice",
            "seat_1": "",
            "seat_2": "Ben",
            "seat_3": "Cara",
            "me": "2",
            "fortyone_exchange__instant_41": "on",
            "fortyone_exchange__dry_stock": "unshuffled",
        },
    )

    match = Match.objects.get()
    assert response.status_code == 302
    assert response.url == url(match)
    assert [s.name for s in match.seats.all()] == ["Alice", "Ben", "Cara"]
    assert match.host.is_guest
    assert seat(match, "Ben").claimed_by == match.host
    assert match.options == {
        "no_pool_clearing": False,
        "instant_41": True,
        "dry_stock": "unshuffled",
    }


def test_start_refuses_one_seat_and_says_why():
    response = client_for().post(
        "/start/", {"game": "fortyone_exchange", "seat_0": "Alice", "me": "0"}
    )

    assert response.status_code == 400
    assert "2 to 10 seats" in page(response)
    assert not Match.objects.exists()


def test_the_start_page_offers_the_games_options():
    html = page(client_for().get("/start/"))

    assert "41 wins on the spot" in html
    assert 'name="fortyone_exchange__dry_stock"' in html
    # A row for each seat of the game that takes the most, whichever are installed.
    most = max(module.max_seats for module in registry)
    assert html.count('class="seat-input"') == most >= 10


def test_an_outsider_is_sent_to_join_without_being_told_the_code(match, charlie):
    response = client_for(charlie).get(url(match), follow=True)

    assert response.redirect_chain == [("/#join-title", 302)]
    assert "join it with the code the table shows" in response.content.decode()
    assert match.code not in response.content.decode()


def test_joining_claims_an_unclaimed_seat(match):
    guest = client_for()
    cara = seat(match, "Cara")

    response = guest.post(f"/j/{match.code}/", {"seat": cara.pk})

    assert response.status_code == 302
    cara.refresh_from_db()
    assert cara.claimed_by.display_name == "Cara"
    assert guest.get(url(match)).status_code == 200


def test_joining_with_a_name_takes_a_new_seat(match):
    response = client_for().post(f"/j/{match.code}/", {"name": "Eve"})

    assert response.status_code == 302
    assert seat(match, "Eve").claimed_by is not None


def test_a_claimed_seat_cannot_be_claimed_again(match):
    response = client_for().post(f"/j/{match.code}/", {"seat": seat(match, "Ben").pk})

    assert response.status_code == 409
    assert "already claimed" in page(response)


def test_the_join_page_lists_only_free_seats(match):
    html = page(client_for().get(f"/j/{match.code}/"))

    assert "I am Cara" in html
    assert "I am Ben" not in html


def test_a_tap_closes_the_round_and_redirects_to_the_table(match, bob):
    response = client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Cara").pk, "key": "k"}
    )

    assert response.status_code == 302
    assert response.url == url(match)
    assert Round.objects.get(match=match, number=1).winner == seat(match, "Cara")
    html = page(client_for(bob).get(url(match)))
    assert 'Round <span class="round-no">2</span>: who won?' in html


def test_a_stale_tap_is_a_conflict(match, alice, bob):
    client_for(alice).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Dev").pk}
    )

    response = client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )

    assert response.status_code == 409
    assert "Round 1 is already closed." in page(response)


def test_an_outsider_cannot_tap(match, charlie):
    response = client_for(charlie).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )

    assert response.status_code == 403
    assert Round.objects.get(match=match, number=1).status == "open"


def test_a_malformed_tap_is_a_bad_request(match, bob):
    response = client_for(bob).post(url(match, "record"), {"round": "x", "winner": ""})

    assert response.status_code == 400


def test_only_the_host_may_correct_a_round(match, alice, bob):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )
    cara = seat(match, "Cara").pk

    refused = client_for(bob).post(url(match, "correct"), {"round": 1, "winner": cara})
    corrected = client_for(alice).post(
        url(match, "correct"), {"round": 1, "winner": cara}
    )

    assert refused.status_code == 403
    assert corrected.status_code == 302
    assert Round.objects.get(match=match, number=1).winner_id == cara


def test_the_host_sees_correction_controls_and_a_member_does_not(match, alice, bob):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )

    host_page = page(client_for(alice).get(url(match)))
    member_page = page(client_for(bob).get(url(match)))

    assert re.search(r"<body[^>]*data-host", host_page)
    assert 'id="host-tools"' in host_page
    assert 'id="host-tools"' not in member_page
    assert not re.search(r"<body[^>]*data-host", member_page)


def test_a_row_links_to_its_correction_and_carries_no_form(match, alice, bob):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )

    html = page(client_for(alice).get(url(match)))
    row = html.split('id="round-1"')[1].split("</li>")[0]

    assert f'href="{url(match, "correct")}?round=1"' in row
    assert "correct-form" not in row


def test_the_host_opens_a_rounds_correction_as_a_page_or_as_its_forms(
    match, alice, bob
):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )
    host = client_for(alice)

    whole = host.get(url(match, "correct"), {"round": "1"})
    forms = host.get(url(match, "correct"), {"round": "01", "part": "form"})

    assert whole.status_code == 200
    assert "<h1>Correct round 1</h1>" in page(whole)
    assert forms.status_code == 200
    assert page(forms).lstrip().startswith('<form method="post"')
    assert 'class="correct-form"' in page(forms)
    # Ben won: his button is the one the host need not press.
    ben = seat(match, "Ben").pk
    assert f'name="winner" value="{ben}" disabled' in page(forms)
    assert 'name="csrfmiddlewaretoken"' in page(forms)


def test_a_correction_page_is_the_hosts_alone(match, bob, charlie):
    client_for(bob).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )

    member = client_for(bob).get(url(match, "correct"), {"round": "1"})
    outsider = client_for(charlie).get(url(match, "correct"), {"round": "1"})

    assert member.status_code == 403
    assert "correct-form" not in page(member)
    assert outsider.status_code == 302
    assert outsider.url == "/#join-title"


@pytest.mark.parametrize(
    ("number", "status"),
    [("1", 400), ("9", 404), ("x", 400), ("", 400), ("99999999999999999999", 404)],
)
def test_a_correction_page_of_no_closed_round_says_why(match, alice, number, status):
    response = client_for(alice).get(url(match, "correct"), {"round": number})

    assert response.status_code == status
    assert "correct-form" not in page(response)


def test_ending_asks_first_and_banks_the_open_round_as_a_draw(match, bob):
    confirm = client_for(bob).get(url(match, "end"))
    response = client_for(bob).post(url(match, "end"))

    assert "banks the open round as a <strong>draw</strong>" in page(confirm)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == "ended"
    assert Round.objects.get(match=match, number=1).status == "draw"
    html = page(client_for(bob).get(url(match)))
    assert 'class="seat-button"' not in html
    assert "The match has ended" in html


def test_the_host_manages_seats_and_hands_over_the_role(match, alice, bob):
    host = client_for(alice)
    ben = seat(match, "Ben")

    assert host.post(url(match, "seats/add"), {"name": "Eve"}).status_code == 302
    renamed = host.post(url(match, "seats/rename"), {"seat": ben.pk, "name": "Benny"})
    released = host.post(url(match, "seats/release"), {"seat": ben.pk})
    handed = host.post(url(match, "host"), {"user": bob.pk})

    assert (renamed.status_code, released.status_code, handed.status_code) == (
        302,
        302,
        302,
    )
    ben.refresh_from_db()
    match.refresh_from_db()
    assert (ben.name, ben.claimed_by) == ("Benny", None)
    assert seat(match, "Eve").first_round == 1
    assert match.host == bob


def test_a_member_cannot_manage_seats(match, bob):
    member = client_for(bob)

    responses = [
        member.post(url(match, "seats/add"), {"name": "Eve"}),
        member.post(url(match, "seats/rename"), {"seat": 1, "name": "X"}),
        member.post(url(match, "host"), {"user": bob.pk}),
    ]

    assert [r.status_code for r in responses] == [403, 403, 403]


def test_the_qr_code_is_an_svg_of_the_join_link(match):
    response = client_for().get(f"/j/{match.code}/qr.svg")

    assert response["Content-Type"] == "image/svg+xml"
    assert page(response).startswith('<svg xmlns="http://www.w3.org/2000/svg"')


def test_the_pages_carry_no_inline_script_or_style(match, alice):
    host = client_for(alice)
    client_for(alice).post(
        url(match, "record"), {"round": 1, "winner": seat(match, "Ben").pk}
    )
    pages = [
        host.get(path) for path in ("/", "/start/", url(match), url(match, "end"))
    ] + [client_for().get(f"/j/{match.code}/")]

    for response in pages:
        html = page(response)
        assert response.status_code == 200
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)
        assert not re.search(r"\sstyle=|\son\w+=|<style", html)


def test_a_guest_who_joins_is_a_guest_user(match):
    client_for().post(f"/j/{match.code}/", {"seat": seat(match, "Dev").pk})

    assert User.objects.get(display_name="Dev").is_guest
