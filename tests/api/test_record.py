"""The API's record, correction and dealer: the module's payload over HTTP."""

import pytest

from games.models import Round
from games.rules import registry
from tests.api.conftest import url
from tests.conftest import seat
from tests.games.lives import KEY, lives_game  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def post(client, match, path, body, **extra):
    return client.post(url(match, path), body, format="json", **extra)


def test_a_member_records_the_open_round_with_the_games_payload(as_bob, match):
    cara = seat(match, "Cara").pk

    response = post(as_bob, match, "record/", {"round": 1, "payload": {"winner": cara}})

    assert response.status_code == 200
    sheet = response.json()
    assert sheet["rounds"][0]["winner"] == cara
    assert sheet["open_round"] == 2
    lines = {line["seat"]: line["rounds_won"] for line in sheet["standings"]["seats"]}
    assert lines[cara] == 1
    assert sheet["result"] is None


def test_a_payload_off_the_games_schema_is_a_400_that_changes_nothing(as_bob, match):
    for payload in ({"winner": "Cara"}, {"winner": 1, "extra": 2}, {"pays": [1]}):
        response = post(as_bob, match, "record/", {"round": 1, "payload": payload})
        assert response.status_code == 400, payload
        assert response.json()["code"] in ("bad_value", "invalid")
    assert Round.objects.get(match=match, number=1).status == "open"


def test_a_whole_number_written_as_1_0_is_refused_like_any_off_schema_payload(
    as_bob, match
):
    # JSON Schema would count 1.0 as an integer; the write path does not, so
    # it never names the seat whose id is 1.
    cara = seat(match, "Cara").pk

    response = post(
        as_bob, match, "record/", {"round": 1, "payload": {"winner": float(cara)}}
    )

    assert response.status_code == 400
    assert response.json()["code"] == "bad_value"
    assert "integer" in response.json()["detail"]
    assert Round.objects.get(match=match, number=1).status == "open"


def test_only_the_host_corrects_and_sets_the_dealer(as_alice, as_bob, match):
    ben = seat(match, "Ben").pk
    post(as_bob, match, "record/", {"round": 1, "payload": {"winner": ben}})
    body = {"round": 1, "payload": {"draw": True}}

    assert post(as_bob, match, "correct/", body).status_code == 403
    corrected = post(as_alice, match, "correct/", body)
    assert corrected.status_code == 200
    assert corrected.json()["rounds"][0]["status"] == "draw"
    assert corrected.json()["standings"]["draws"] == 1

    dev = seat(match, "Dev").pk
    assert post(as_bob, match, "dealer/", {"seat": dev}).status_code == 403
    dealt = post(as_alice, match, "dealer/", {"seat": dev})
    assert dealt.status_code == 200
    assert dealt.json()["rounds"][-1]["dealer"] == dev


def test_the_schema_carries_every_modules_record_payload(client, lives_game):  # noqa: F811
    schema = client.get("/api/schema/?format=json").json()

    payload = schema["components"]["schemas"]["RecordRequest"]["properties"]["payload"]
    titles = [option["title"] for option in payload["oneOf"]]
    # Every registered module, whatever other games the project installs.
    assert titles == [module.name for module in registry]
    assert {"41 Exchange", "Schwimmen", "Thirty-One", "Lives (test)"} <= set(titles)
