"""Thirty-One's sheet fragments, rendered with the context docs/modules.md names."""

from types import SimpleNamespace

from django.template.loader import render_to_string

from games.rules import RoundView

from .table import RULES, Sheet


def text(html):
    return " ".join(html.split())


def match(**options):
    return SimpleNamespace(
        pk=7, status="live", options=RULES.clean_options(options), code="ABCD"
    )


def names(sheet):
    return {seat.id: seat.name for seat in sheet.seats}


def entry(sheet, table_match, tap_key="k-1"):
    return render_to_string(
        RULES.entry_template,
        {
            "match": table_match,
            "round": sheet.rounds[-1],
            "seats": sheet.seats,
            "standings": sheet.standings,
            "names": names(sheet),
            "record_url": "/matches/7/record/",
            "tap_key": tap_key,
        },
    )


def closed(sheet, number, table_match):
    """The context of round ``number``'s row and correction (docs/modules.md)."""
    return {
        "match": table_match,
        "round": sheet.rounds[number - 1],
        "seats": sheet.seats,
        "names": names(sheet),
        "correct_url": "/matches/7/correct/",
    }


def row(sheet, number, table_match):
    context = closed(sheet, number, table_match)
    context["correctable"] = table_match.status == "live"
    return render_to_string(RULES.row_template, context)


def correction(sheet, number, table_match):
    return render_to_string(RULES.correct_template, closed(sheet, number, table_match))


def standings(sheet, table_match, dealer=None):
    return render_to_string(
        RULES.standings_template,
        {
            "match": table_match,
            "standings": sheet.standings,
            "seats": sheet.seats,
            "names": names(sheet),
            "dealer": dealer,
        },
    )


def test_the_open_round_asks_who_closed_and_who_is_lowest_in_one_form():
    options = {"rule_set": "blitz", "lives": 2}
    sheet = Sheet(options=options)
    for _ in range(3):
        sheet.close(None, "Dev")  # Dev is out
    sheet.close(None, "Ben")
    sheet.close(None, "Ben")  # Ben swims

    html = entry(sheet, match(**options))

    assert 'type="radio" name="closer" value="1"' in html
    assert 'type="radio" name="closer" value=""' in html
    assert 'type="checkbox" name="lowest" value="2"' in html
    assert 'name="lowest" value="4"' not in html  # Dev is out: no button
    assert 'name="closer" value="4"' not in html
    assert 'Ben</span> <span class="t31-tag">swimming</span>' in html
    assert html.count("data-record-form") == 2  # close, 31; Blitz plays no Fire
    assert html.count('name="round" value="6"') == 2
    assert html.count('name="key" value="k-1"') == 2
    assert 'name="fire"' not in html
    assert 'name="limit"' not in html
    assert "the closer wins a tie" in html


def test_a_pushed_entry_without_a_key_is_still_a_record_form():
    sheet = Sheet()

    html = entry(sheet, match(), tap_key="")

    assert html.count("data-record-form") == 2
    assert html.count('name="key" value=""') == 2
    assert "Record round 1" in html


def test_the_points_limit_and_fire_add_their_fields():
    options = {"rule_set": "schwimmen", "points_limit": True}
    sheet = Sheet(options=options)

    html = entry(sheet, match(**options))

    assert html.count('type="checkbox" name="limit" value="3"') == 2
    assert 'name="fire" value="3"' in html
    assert html.count("data-record-form") == 3


def test_a_31_that_hits_everyone_asks_for_nobody_else():
    options = {"rule_set": "custom", "thirty_one_hits_all": True}
    sheet = Sheet(options=options)

    html = entry(sheet, match(**options))

    assert 'name="thirty_one" value="2"' in html
    assert "Everyone else pays a life." in html
    assert html.count('name="lowest"') == 4  # the close form only


def test_rows_say_how_each_round_ended_and_who_paid():
    options = {"rule_set": "schwimmen", "lives": 5, "closer_rule": True}
    sheet = Sheet(options=options)
    sheet.close("Ben", "Ben")
    sheet.close("Ben", "Ben", "Cara")
    sheet.thirty_one("Alice", "Dev")
    sheet.fire("Cara")
    table_match = match(**options)

    assert "Ben closed: Ben pays 2 lives" in text(row(sheet, 1, table_match))
    assert "Ben closed: Cara pays" in text(row(sheet, 2, table_match))
    assert "31 by Alice: Dev pays" in text(row(sheet, 3, table_match))
    assert "Fire by Cara: everyone else pays" in text(row(sheet, 4, table_match))


def test_a_rows_correction_is_host_only_and_starts_from_what_was_recorded():
    options = {"rule_set": "blitz"}
    sheet = Sheet(options=options)
    sheet.close("Ben", "Ben", "Cara")

    html = row(sheet, 1, match(**options))

    assert 'class="correct host-only"' in html
    assert 'href="/matches/7/correct/?round=1"' in html
    assert "<form" not in html.split("void-line")[0]
    html = correction(sheet, 1, match(**options))
    assert 'action="/matches/7/correct/"' in html
    assert 'name="closer" value="2" checked' in html
    assert 'name="lowest" value="2" checked' in html
    assert 'name="lowest" value="3" checked' in html
    assert 'name="lowest" value="1">' in html
    assert "data-record-form" not in html
    assert 'name="key"' not in html


def test_an_ended_match_or_an_unscored_round_offers_no_correction():
    sheet = Sheet()
    sheet.rounds[0] = RoundView(number=1, status="draw")

    assert "host-only" not in row(sheet, 1, match())
    assert "Not scored" in row(sheet, 1, match())
    sheet.close(None, "Ben")
    ended = SimpleNamespace(**{**vars(match()), "status": "ended"})
    assert "host-only" not in row(sheet, 2, ended)


def test_the_standings_show_lives_swimming_and_out():
    options = {"rule_set": "blitz"}
    sheet = Sheet(options=options)
    sheet.close("Ben", "Ben")  # 2 lives
    for _ in range(4):
        sheet.close(None, "Cara")  # swimming
    for _ in range(5):
        sheet.close(None, "Dev")  # out

    html = text(standings(sheet, match(**options), dealer=1))

    assert 'class="t31-seat is-in" data-seat="1"' in html
    assert "4 lives" in html and "2 lives" in html
    assert 'class="t31-seat is-swimming" data-seat="3"' in html
    assert 'class="t31-seat is-out" data-seat="4"' in html
    assert html.count('class="t31-pip"') == 4 + 2
    assert "wins" not in html


def test_the_standings_crown_the_last_one_in():
    options = {"rule_set": "blitz", "lives": 2}
    sheet = Sheet(names=("Alice", "Ben"), options=options)
    sheet.close("Ben", "Ben")
    sheet.close(None, "Ben")

    html = text(standings(sheet, match(**options)))

    assert 'class="t31-seat is-winner" data-seat="1"' in html
    assert html.count("is-winner") == 1


def test_the_rules_page_explains_the_game_and_links_the_checker(client):
    response = client.get("/games/thirty_one/rules/")

    page = text(response.content.decode())
    assert response.status_code == 200
    assert "How Thirty-One is played" in page
    assert "A♠ K♦ 7♦ is worth 17" in page
    assert "Closer rule" in page and "Points limit" in page
    assert "Rule set" in page and "Blitz: draw and discard" in page
    assert 'href="/games/thirty_one/hands/"' in page
