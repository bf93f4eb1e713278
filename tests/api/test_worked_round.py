"""The seed's worked round, played through the API alone by four phones.

Alice 41 (A♠ K♠ 10♠ Q♠), Ben 17, Cara 17, Dev 11: Alice wins round 1. Every client
is a guest made through the API and signs in with its own token.
"""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def phone(name):
    guest = APIClient().post("/api/guests/", {"display_name": name}, format="json")
    assert guest.status_code == 201
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {guest.json()['token']}")
    return client


def test_four_phones_play_the_worked_round_through_the_api():
    alice, ben, cara, dev = (phone(n) for n in ("Alice", "Ben", "Cara", "Dev"))
    started = alice.post(
        "/api/matches/",
        {"game": "fortyone_exchange", "seats": ["Alice", "Ben", "Cara", "Dev"]},
        format="json",
    ).json()
    match, code = started["id"], started["code"]
    seats = {s["name"]: s["id"] for s in started["seats"]}
    for client, name in ((ben, "Ben"), (cara, "Cara"), (dev, "Dev")):
        joined = client.post(
            "/api/join/", {"code": code, "seat": seats[name]}, format="json"
        )
        assert joined.status_code == 200

    # Alice holds 41 and ends the round; Dev's phone records her win.
    tap = {"round": 1, "payload": {"winner": seats["Alice"]}}
    won = dev.post(f"/api/matches/{match}/record/", tap, format="json")
    # Ben's phone saw round 1 open too, a moment late.
    late = ben.post(f"/api/matches/{match}/record/", tap, format="json")

    assert won.status_code == 200
    assert late.status_code == 409
    assert late.json()["code"] == "round_closed"
    assert late.json()["version"] == won.json()["version"]

    # Round 2 goes to Cara, round 3 is a shared win: End match banks it as a draw.
    cara.post(
        f"/api/matches/{match}/record/",
        {"round": 2, "payload": {"winner": seats["Cara"]}},
        format="json",
    )
    ended = ben.post(f"/api/matches/{match}/end/").json()

    for client in (alice, ben, cara, dev):
        sheet = client.get(f"/api/matches/{match}/").json()
        assert sheet == ended
    assert ended["status"] == "ended"
    assert [(r["status"], r["winner"]) for r in ended["rounds"]] == [
        ("won", seats["Alice"]),
        ("won", seats["Cara"]),
        ("draw", None),
    ]
    assert ended["rounds"][0]["cells"] == {
        str(seats["Alice"]): 1,
        str(seats["Ben"]): 0,
        str(seats["Cara"]): 0,
        str(seats["Dev"]): 0,
    }
    assert sorted(m["display_name"] for m in ended["members"]) == [
        "Alice",
        "Ben",
        "Cara",
        "Dev",
    ]
