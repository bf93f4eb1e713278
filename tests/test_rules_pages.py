"""The rules pages of the lives games and Forty One, written in each language
(issue 15): the game's page and a match's, each with its own heading, and a
match's page showing that match's options whatever the language."""

import pytest
from django.test import Client
from django.utils.html import escape

from games import actions
from games.forty_one.rules import DOUBLE_FROM, MAX_BID, score
from games.words import MINUS
from tests.conftest import SEATS

pytestmark = pytest.mark.django_db

HEADINGS = {
    "schwimmen": {
        "en": "How Schwimmen is played",
        "de": "So spielt man Schwimmen",
        "nl": "Zo speel je Schwimmen",
        "ar": "كيف نلعب <bdi>Schwimmen</bdi>",
    },
    "thirty_one": {
        "en": "How Thirty-One is played",
        "de": "So spielt man Einunddreißig",
        "nl": "Zo speel je Eenendertigen",
        "ar": "كيف نلعب الواحد والثلاثين",
    },
    "points": {
        "en": "How to keep score with Points",
        "de": "So schreibt man Punkte auf",
        "nl": "Zo houd je de stand bij met Punten",
        "ar": "كيف تسجّل النقاط",
    },
    "wizard": {
        "en": "How Wizard is played",
        "de": "So spielt man Wizard",
        "nl": "Zo speel je Wizard",
        "ar": "كيف نلعب <bdi>Wizard</bdi>",
    },
    "forty_one": {
        "en": "How Forty One is played",
        "de": "So spielt man Forty One",
        "nl": "Zo speel je Forty One",
        "ar": "كيف نلعب الـ<bdi>41</bdi>",
    },
}
PAGES = [
    (game, language, heading)
    for game, headings in HEADINGS.items()
    for language, heading in headings.items()
]


def phone(language, user=None):
    client = Client(headers={"accept-language": language})
    if user:
        client.force_login(user)
    return client


def heading_of(page):
    return page.split('<h2 id="rules-title">', 1)[1].split("</h2>", 1)[0]


def start(alice, game, **options):
    return actions.start_match(alice, game, SEATS, options=options, host_seat=0).match


def options_shown(response):
    """The page's option rows, as the rules page lays out the match's options."""
    return [
        f'<div class="rules-option"><dt>{escape(label)}</dt><dd>{escape(value)}</dd>'
        for label, value in response.context["options"]
    ]


@pytest.mark.parametrize("game, language, heading", PAGES)
def test_a_games_rules_are_written_in_each_language(game, language, heading):
    response = phone(language).get(f"/games/{game}/rules/")

    page = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}"' in page
    assert heading_of(page) == heading


@pytest.mark.parametrize("game, language, heading", PAGES)
def test_a_matchs_rules_are_written_in_its_members_language(
    alice, game, language, heading
):
    match = start(alice, game)

    response = phone(language, alice).get(f"/matches/{match.pk}/rules/")

    page = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}"' in page
    assert heading_of(page) == heading
    assert match.code in page


@pytest.mark.parametrize("language", HEADINGS["schwimmen"])
def test_schwimmens_page_shows_the_matchs_options_in_each_language(alice, language):
    match = start(alice, "schwimmen", lives=5, swimmers_tie="share", feuer=False)

    response = phone(language, alice).get(f"/matches/{match.pk}/rules/")

    page = response.content.decode()
    assert dict(response.context["options"]) != dict(
        match.rules.describe_options(match.rules.clean_options({}))
    )
    for row in options_shown(response):
        assert row in page
    assert "<dd>5</dd>" in page
    assert f'href="/games/schwimmen/hands/?match={match.pk}"' in page


# Thirty-One's options that change who pays, each tagged in the page's language
# with how this match plays it: a Blitz match (the closer rule, no Fire) with the
# points limit on and "31 affects all" off.
TAGGED = {
    "en": [
        'Closer rule <span class="t31-tag">on here</span>',
        '31 affects all other players <span class="t31-tag">off here</span>',
        'Points limit <span class="t31-tag">on here</span>',
        'Three of a kind <span class="t31-tag">no Fire here</span>',
    ],
    "de": [
        'Klopfer-Regel <span class="t31-tag">hier an</span>',
        '31 trifft alle <span class="t31-tag">hier aus</span>',
        'Punktegrenze <span class="t31-tag">hier an</span>',
        'Drei Gleiche <span class="t31-tag">hier ohne Feuer</span>',
    ],
    "nl": [
        'Klopregel <span class="t31-tag">hier aan</span>',
        '31 raakt iedereen <span class="t31-tag">hier uit</span>',
        'Puntengrens <span class="t31-tag">hier aan</span>',
        'Drie gelijke <span class="t31-tag">hier zonder Vuur</span>',
    ],
    "ar": [
        'قاعدة من يدقّ <span class="t31-tag">هنا: نعم</span>',
        'الـ<bdi>31</bdi> على الجميع <span class="t31-tag">هنا: لا</span>',
        'حدّ النقاط <span class="t31-tag">هنا: نعم</span>',
        'الثلاثية <span class="t31-tag">هنا: بلا نار</span>',
    ],
}


@pytest.mark.parametrize("language, tags", TAGGED.items())
def test_thirty_ones_page_tags_the_matchs_options_in_each_language(
    alice, language, tags
):
    match = start(alice, "thirty_one", rule_set="blitz", points_limit=True)

    response = phone(language, alice).get(f"/matches/{match.pk}/rules/")

    page = response.content.decode()
    for tag in tags:
        assert tag in page
    for row in options_shown(response):
        assert row in page
    assert f'href="/games/thirty_one/hands/?match={match.pk}"' in page


@pytest.mark.parametrize("language", TAGGED)
def test_thirty_ones_game_page_tags_nothing_without_a_match(language):
    page = phone(language).get("/games/thirty_one/rules/").content.decode()

    assert 'class="t31-tag"' not in page


@pytest.mark.parametrize("language", HEADINGS["forty_one"])
def test_forty_ones_scoring_table_says_what_the_sheet_scores(language):
    page = phone(language).get("/games/forty_one/rules/").content.decode()

    table = page.split('<table class="rules-table">', 1)[1].split("</table>", 1)[0]
    for bid in range(DOUBLE_FROM, MAX_BID + 1):
        made, missed = score(bid, bid), score(bid, bid - 1)
        row = table.split(f'<th scope="row">{bid}</th>', 1)[1].split("</tr>", 1)[0]
        assert f"+{made}<" in row
        assert f"{MINUS}{-missed}<" in row


@pytest.mark.parametrize("language", HEADINGS["forty_one"])
def test_forty_ones_match_page_has_no_options_to_show_in_any_language(alice, language):
    match = start(alice, "forty_one")

    response = phone(language, alice).get(f"/matches/{match.pk}/rules/")

    assert response.status_code == 200
    assert response.context["options"] == []
    assert 'class="rules-option"' not in response.content.decode()
