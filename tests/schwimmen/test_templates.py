"""Schwimmen's sheet fragments, rendered with the context docs/modules.md names."""

from types import SimpleNamespace

from django.template.loader import render_to_string

from games.rules import SCORED, RoundView

from .table import RULES, Sheet


def text(html):
    return " ".join(html.split())


def match(**options):
    return SimpleNamespace(
        pk=7, status="live", options=RULES.clean_options(options), code="ABCD"
    )


def entry(sheet, table_match):
    return render_to_string(
        RULES.entry_template,
        {
            "match": table_match,
            "round": sheet.rounds[-1],
            "seats": sheet.seats,
            "standings": sheet.standings,
            "names": {seat.id: seat.name for seat in sheet.seats},
            "record_url": "/matches/7/record/",
            "tap_key": "k-1",
        },
    )


def closed(sheet, number, table_match):
    """The context of round ``number``'s row and correction (docs/modules.md)."""
    return {
        "match": table_match,
        "round": sheet.rounds[number - 1],
        "seats": sheet.seats,
        "names": {seat.id: seat.name for seat in sheet.seats},
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
            "names": {seat.id: seat.name for seat in sheet.seats},
            "dealer": dealer,
        },
    )


def test_the_open_round_offers_a_button_per_seat_still_in_and_none_for_the_out():
    sheet = Sheet(options={"lives": 2})
    for _ in range(3):
        sheet.pays("Dev")
    sheet.pays("Ben")
    sheet.pays("Ben")

    html = entry(sheet, match(lives=2))

    assert 'name="pays" value="1"' in html
    assert 'name="pays" value="4"' not in html  # Dev is out
    assert html.count("data-record-form") == 3
    assert html.count('name="round" value="6"') == 3
    assert html.count('name="key" value="k-1"') == 3
    assert 'action="/matches/7/record/"' in html
    assert 'Ben</span> <span class="schw-tag">swimming</span>' in html
    assert 'name="feuer" value="3"' in html


def test_a_table_without_feuer_gets_no_feuer_control():
    sheet = Sheet(options={"feuer": False})

    html = entry(sheet, match(feuer=False))

    assert 'name="feuer"' not in html
    assert "A tie for lowest" in html


def test_rows_say_who_paid_feuer_and_a_replayed_tie():
    sheet = Sheet(names=("Alice", "Ben", "Cara"), options={"lives": 2})
    sheet.pays("Ben")
    sheet.feuer("Ben")
    sheet.pays("Cara")
    sheet.pays("Cara")  # Cara is out
    sheet.pays("Alice", "Ben")
    sheet.pays("Alice", "Ben")  # the last two, swimming and tied: replayed
    table_match = match(lives=2)

    assert "Ben pays" in text(row(sheet, 1, table_match))
    assert "Feuer by Ben: everyone else pays" in text(row(sheet, 2, table_match))
    assert "Alice and Ben pay" in text(row(sheet, 5, table_match))
    assert "Alice and Ben tied while swimming: another hand, nobody pays" in text(
        row(sheet, 6, table_match)
    )


def test_a_rows_correction_is_host_only_and_ticks_who_paid():
    sheet = Sheet()
    sheet.pays("Ben", "Cara")

    html = row(sheet, 1, match())

    assert 'class="correct host-only"' in html
    assert 'href="/matches/7/correct/?round=1"' in html
    assert "<form" not in html.split("void-line")[0]
    html = correction(sheet, 1, match())
    assert 'action="/matches/7/correct/"' in html
    assert 'name="pays" value="2" checked' in html
    assert 'name="pays" value="3" checked' in html
    assert 'name="pays" value="1">' in html


def test_an_ended_match_or_an_unscored_round_offers_no_correction():
    sheet = Sheet()
    sheet.rounds[0] = RoundView(number=1, status="draw")

    assert "host-only" not in row(sheet, 1, match())
    assert "Not scored" in row(sheet, 1, match())
    sheet.rounds[0] = RoundView(number=1, status=SCORED, cells={2: 1})
    ended = SimpleNamespace(**{**vars(match()), "status": "ended"})
    assert "host-only" not in row(sheet, 1, ended)


def test_the_standings_show_lives_swimming_out_and_the_dealer():
    sheet = Sheet(options={"lives": 2})
    sheet.pays("Ben")
    sheet.pays("Cara")
    sheet.pays("Cara")
    for _ in range(3):
        sheet.pays("Dev")

    html = text(standings(sheet, match(lives=2), dealer=1))

    assert 'class="schw-seat is-in" data-seat="1"' in html
    # The core's wrapper says who deals and who won; the lives say the rest.
    assert "deals" not in html
    assert "2 lives" in html and "1 life" in html
    assert 'class="schw-seat is-swimming" data-seat="3"' in html
    assert 'class="schw-seat is-out" data-seat="4"' in html
    assert html.count('class="schw-pip"') == 2 + 1
    assert html.count('class="schw-pip is-spent"') == 1 + 2 + 2
    assert "wins" not in html


def test_the_standings_crown_the_winner_or_the_sharing_swimmers():
    sheet = Sheet(names=("Alice", "Ben"), options={"lives": 2, "swimmers_tie": "share"})
    sheet.pays("Alice", "Ben")
    sheet.pays("Alice", "Ben")
    sheet.pays("Alice", "Ben")

    html = text(standings(sheet, match(lives=2, swimmers_tie="share")))

    assert html.count("shares the win") == 2
    assert html.count("is-winner") == 2
    assert "Alice and Ben" not in html  # the core's wrapper names the winners


def test_the_rules_page_explains_the_game_in_the_apps_own_words(client):
    response = client.get("/games/schwimmen/rules/")

    page = text(response.content.decode())
    assert response.status_code == 200
    assert "How Schwimmen is played" in page
    assert "A♠ K♦ 7♦ is worth 17" in page
    assert "Lives each" in page
    assert 'href="/games/schwimmen/hands/"' in page
