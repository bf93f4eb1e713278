import csv
import io
import json

import pytest
from django.urls import reverse

from games import actions
from games.history.export import (
    FORMAT,
    ImportRefused,
    export_match,
    export_matches,
    import_match,
    match_csv,
)
from games.models import Match, Round
from squarescores.accounts.models import User
from tests.conftest import make_draw, seat
from tests.games.lives import KEY, lives_game  # noqa: F401 (a fixture)

from .builders import big_match, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(match, alice, bob):
    play(match, bob, "Alice", "Ben", "Cara")
    make_draw(alice, match.pk, 2)
    actions.end_match(bob, match.pk)
    match.refresh_from_db()
    return match


def test_the_json_names_its_format_and_holds_match_seats_rounds_and_events(played):
    data = export_match(played)

    assert (data["format"], data["version"]) == (FORMAT, 1)
    assert data["match"]["game"] == "fortyone_exchange"
    assert data["match"]["status"] == "ended"
    assert [s["name"] for s in data["seats"]] == ["Alice", "Ben", "Cara", "Dev"]
    assert [r["status"] for r in data["rounds"]] == ["won", "draw", "won", "draw"]
    ids = {s["name"]: str(s["id"]) for s in data["seats"]}
    assert data["rounds"][0]["cells"] == {
        ids["Alice"]: 1,
        ids["Ben"]: 0,
        ids["Cara"]: 0,
        ids["Dev"]: 0,
    }
    assert [e["kind"] for e in data["events"]] == [
        "match_started",
        "member_joined",
        "round_won",
        "round_won",
        "round_won",
        "round_corrected",
        "match_ended",
    ]
    assert [e["version"] for e in data["events"]] == list(range(1, 8))
    assert data["summary"] == {
        "rounds_won": {ids["Alice"]: 1, ids["Ben"]: 0, ids["Cara"]: 1, ids["Dev"]: 0},
        "draws": 2,
    }
    assert "username" not in data["people"][0]
    json.dumps(data)


def test_the_json_download_is_an_attachment_that_parses(client, played, bob):
    client.force_login(bob)
    response = client.get(reverse("match_json", args=[played.pk]))

    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["match"]["code"] == played.code


def test_the_csv_has_a_row_per_round_and_a_column_per_seat(client, played, bob):
    client.force_login(bob)
    response = client.get(reverse("match_csv", args=[played.pk]))

    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert "attachment" in response["Content-Disposition"]
    assert [(r["round"], r["status"], r["winner"]) for r in rows] == [
        ("1", "won", "Alice"),
        ("2", "draw", "draw"),
        ("3", "won", "Cara"),
        ("4", "draw", "draw"),
    ]
    assert (rows[0]["Alice"], rows[0]["Ben"]) == ("1", "0")
    assert rows[0]["recorded_by"] == "Ben"


def test_all_my_matches_come_as_one_json_file(client, played, alice, bob, charlie):
    actions.start_match(charlie, "fortyone_exchange", ["Charlie", "Dora"])
    mine = actions.start_match(alice, "fortyone_exchange", ["Alice", "Ben"]).match
    client.force_login(alice)

    data = json.loads(client.get(reverse("matches_export")).content)

    assert data["format"] == "squarescores.matches"
    assert [m["match"]["id"] for m in data["matches"]] == [played.pk, mine.pk]


def test_a_visitor_gets_no_file_of_all_matches(client, played):
    assert client.get(reverse("matches_export")).status_code == 403


def test_exporting_many_matches_takes_the_same_queries_for_two_or_twenty(
    alice, django_assert_num_queries
):
    for _ in range(2):
        big_match(alice, 5, seats=3)
    with django_assert_num_queries(6):
        export_matches(Match.objects.all())
    for _ in range(18):
        big_match(alice, 5, seats=3)
    with django_assert_num_queries(6):
        assert len(export_matches(Match.objects.all())["matches"]) == 20


def comparable(data):
    """An export with ids replaced by names, as another database would hold it."""
    seats = {s["id"]: s["name"] for s in data["seats"]}
    people = {p["id"]: p["name"] for p in data["people"]}
    text = json.dumps(data)
    data = json.loads(text)
    data["match"].pop("id")
    data["match"]["host"] = people[data["match"]["host"]]
    for s in data["seats"]:
        s.pop("id")
        s["claimed_by"] = people.get(s["claimed_by"])
    for p in data["people"]:
        p.pop("id")
    for r in data["rounds"]:
        r["winner"] = seats.get(r["winner"])
        r["dealer"] = seats.get(r["dealer"])
        r["closed_by"] = people.get(r["closed_by"])
        r["voided_by"] = people.get(r["voided_by"])
        r["cells"] = {seats[int(k)]: v for k, v in r["cells"].items()}
    for e in data["events"]:
        e["actor"] = people.get(e["actor"])
        for payload in (e["before"], e["after"]):
            for key in ("seat", "winner", "dealer"):
                if payload.get(key) is not None:
                    payload[key] = seats[payload[key]]
            if payload.get("host") is not None:
                payload["host"] = people[payload["host"]]
            for field, values in payload.get("values", {}).items():
                payload["values"][field] = {seats[int(k)]: v for k, v in values.items()}
    data["summary"]["rounds_won"] = {
        seats[int(k)]: v for k, v in data["summary"]["rounds_won"].items()
    }
    return data


def empty_the_database():
    # A round's winner protects its seat, so the rounds go first.
    Round.objects.all().delete()
    Match.objects.all().delete()
    User.objects.all().delete()


@pytest.mark.parametrize("accounts", [True, False])
def test_an_export_imported_into_an_empty_database_exports_the_same(
    played, alice, accounts
):
    before = export_match(played, accounts=accounts)
    empty_the_database()

    restored = import_match(json.loads(json.dumps(before)))

    after = export_match(restored, accounts=accounts)
    assert comparable(after) == comparable(before)
    if accounts:
        assert set(User.objects.values_list("username", flat=True)) == {"alice", "bob"}


def test_a_big_match_round_trips(alice):
    match = big_match(alice, 300, seats=10, ended=False)
    before = export_match(match, accounts=True)
    empty_the_database()

    after = export_match(import_match(before), accounts=True)

    assert comparable(after) == comparable(before)


def test_a_rematch_restored_with_its_first_match_still_points_to_it(played, alice):
    actions.rematch(alice, played.pk)
    data = export_matches(Match.objects.order_by("created_at", "id"), accounts=True)
    empty_the_database()

    ids = {}
    first, second = (import_match(m, match_ids=ids) for m in data["matches"])

    started = second.events.get(kind="match_started")
    assert started.after["rematch_of"] == first.pk


def test_an_import_of_something_else_is_refused(alice):
    with pytest.raises(ImportRefused):
        import_match({"format": "other", "version": 1})
    with pytest.raises(ImportRefused):
        import_match({"format": FORMAT, "version": 2})


def test_a_name_that_looks_like_a_formula_stays_text_in_the_csv(alice):
    match = actions.start_match(
        alice, "fortyone_exchange", ["=HYPERLINK(1)", "Ben"], host_seat=0
    ).match
    play(match, alice, "=HYPERLINK(1)")

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows[0][7] == "'=HYPERLINK(1)"
    assert rows[1][2] == "'=HYPERLINK(1)"


def test_a_decided_match_with_named_values_round_trips(alice, lives_game):  # noqa: F811
    match = actions.start_match(alice, KEY, ["Ann", "Bo"], {"lives": 1}).match
    ann = seat(match, "Ann").pk
    actions.record(alice, match.pk, 1, {"pays": [ann]})
    actions.set_dealer(alice, match.pk, ann)
    actions.record(alice, match.pk, 2, {"pays": [ann]})
    before = export_match(match, accounts=True)
    assert before["match"]["result"]["winners"] == [seat(match, "Bo").pk]
    assert before["rounds"][0]["note"] == "Ann pay"
    empty_the_database()

    imported = import_match(before)
    after = export_match(imported, accounts=True)

    assert comparable(after)["rounds"] == comparable(before)["rounds"]
    assert after["match"]["status"] == "ended"
    assert after["match"]["result"]["winners"] == [after["seats"][1]["id"]]
    # The game decided it: the host may still correct it, as before the export.
    assert (imported.status, imported.is_correctable) == ("decided", True)
    assert imported.standings["result"] == after["match"]["result"]
