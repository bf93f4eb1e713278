"""A live push of a game with a sheet script (``sheet_scripts``, docs/modules.md)
carries its rows, open round and standings as data, which static/js/sheet.js and
the module's script draw; the page draws the same parts from its templates on
load. What a push drew must be what a reload draws, word for word, in English,
German and Arabic (right to left; on a 360 px phone), with names that need
escaping."""

import pytest
from playwright.sync_api import expect

from games import actions
from tests.browser.test_fit import cookie_for, in_a_thread, make_user
from tests.browser.test_sheet_grid import form_record, ids, phone, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alice", 'Ben "the bold" <b>', "Cara & Co", "Dev"]
SHEET_PARTS = ("#open-round", "#rounds", "#standings")
LOCALES = {"en": "en-GB", "de": "de-DE", "ar": "ar-SA"}
# A part's markup as the table shows it, less what differs by how it came: the
# page's CSRF token (a pushed form gets it from the script, after its other
# fields), a form's fresh key, the passing mark of what just changed, the order
# of attributes, and the line breaks the templates put between tags.
MARKUP = """part => {
  const copy = document.querySelector(part).cloneNode(true);
  copy.querySelectorAll(".is-changed").forEach(el => el.classList.remove("is-changed"));
  copy.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach(el => el.remove());
  copy.querySelectorAll('input[name="key"]').forEach(el => (el.value = ""));
  // The page's other scripts mark the drawn parts (who may tap) as they load
  // or as a push lands: the same attributes, set in another order.
  copy.querySelectorAll("*").forEach(el => {
    const attrs = [...el.attributes].map(a => [a.name, a.value]).sort();
    attrs.forEach(([name]) => el.removeAttribute(name));
    attrs.forEach(([name, value]) => el.setAttribute(name, value));
  });
  return copy.innerHTML.trim().replace(/>\\s*\\n\\s*</g, "><");
}"""

# (names on one line, those read left to right): a Latin name on an Arabic page
# keeps its own order, its first letter left of its closing ">".
LATIN_ORDER = """() => {
  const names = [...document.querySelectorAll("[data-seat-name]")].filter(el =>
    el.textContent.endsWith("<b>") && el.getClientRects().length === 1 &&
    el.firstChild && el.firstChild.nodeType === Node.TEXT_NODE);
  const left = (node, at) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return range.getBoundingClientRect().left;
  };
  return [names.length, names.filter(el =>
    left(el.firstChild, 0) < left(el.firstChild, el.firstChild.length - 1)).length];
}"""


def play_exchange(alice, match):
    """Wins, a draw made by a correction, a round taken back and played again:
    each a change the page draws from data."""
    seats = ids(match)
    for seat in (seats[1], seats[2], seats[1]):
        record(match, alice, {"winner": seat})
    actions.correct(alice, match.pk, 2, {"draw": True})
    actions.undo_round(alice, match.pk, 3)
    record(match, alice, {"winner": seats[3]})


def play_schwimmen(alice, match):
    """Ben swims, then goes out to Alice's Feuer; a correction; Cara swims."""
    a, b, c, d = ids(match)
    for pays in ([b], [b]):
        record(match, alice, {"pays": pays})
    record(match, alice, {"feuer": a})
    actions.correct(alice, match.pk, 1, {"pays": [b, c]})
    actions.correct(alice, match.pk, 1, {"pays": [b]})
    record(match, alice, {"pays": [c, d]})


def play_thirty_one(alice, match):
    """Every form of the open round: who closed and who was lowest, a 31,
    Fire; a seat swimming, one out, a round taken back."""
    a, b, c, d = ids(match)
    for form in (
        {"closer": [str(a)], "lowest": [str(b)]},
        {"thirty_one": [str(c)], "lowest": [str(b)]},
        {"fire": [str(d)]},
        {"lowest": [str(a)]},
    ):
        form_record(match, alice, form)
    actions.undo_round(alice, match.pk, 4)


def play_points_by_phone(alice, match):
    """Each phone its own score: two rounds in, the third half entered."""
    seats = ids(match)
    for scores in ((10, -10, 5, -5), (-3, 3, 0, 0), (7, -7)):
        for seat, score in zip(seats, scores, strict=False):
            form_record(match, alice, {"seat": [str(seat)], "score": [str(score)]})
    fixed = dict(zip(seats, (1, -1, 0, 0), strict=True))
    actions.correct(alice, match.pk, 1, {"scores": fixed})


def play_points_by_scorer(alice, match):
    """One scorer enters each round whole; one taken back."""
    seats = ids(match)
    for scores in ((4, 0, -2, 9), (0, 0, 0, -12), (1, 2, 3, 4)):
        form = {
            f"score-{seat}": [str(n)] for seat, n in zip(seats, scores, strict=True)
        }
        form_record(match, alice, form)
    actions.undo_round(alice, match.pk, 3)


LIVES_31 = {
    "rule_set": "custom",
    "lives": 2,
    "three_of_a_kind": "fire",
    "points_limit": True,
    "closer_rule": True,
}
# Each case: the game, its options, how it is played.
GAMES = {
    "fortyone_exchange": ("fortyone_exchange", None, play_exchange),
    "schwimmen": ("schwimmen", {"lives": 2}, play_schwimmen),
    "thirty_one": ("thirty_one", LIVES_31, play_thirty_one),
    "points-phones": (
        "points",
        {"entry": "phones", "end": "target", "target": 100, "adds_up_to": "0"},
        play_points_by_phone,
    ),
    "points-scorer": (
        "points",
        {"entry": "scorer", "end": "rounds", "rounds": 10, "wins": "lowest"},
        play_points_by_scorer,
    ),
}


def settled_parts(page):
    """The parts' markup once the open round has settled: a round just drawn
    takes no tap for a moment (static/js/settle.js marks its buttons
    aria-disabled), whether a push or the page drew it."""
    expect(page.locator("#open-round.is-settling")).to_have_count(0)
    return [page.evaluate(MARKUP, part) for part in SHEET_PARTS]


@pytest.mark.parametrize(
    ("case", "language"),
    [(case, language) for language in LOCALES for case in GAMES],
)
def test_a_push_draws_the_rows_open_round_and_standings_as_the_page_does(
    asgi_server, browser, shoot, case, language
):
    game, options, play = GAMES[case]

    def start():
        alice = make_user("alice", "Alice")
        return alice, actions.start_match(
            alice, game, NAMES, options, host_seat=0
        ).match

    alice, match = in_a_thread(start)
    size = "360x800" if language == "ar" else "390x844"
    page = phone(browser, size, locale=LOCALES[language])
    page.context.add_cookies([cookie_for(alice, asgi_server)])
    page.goto(asgi_server + f"/matches/{match.pk}/")
    page.wait_for_selector("[data-live-status][data-state=live]")

    in_a_thread(lambda: play(alice, match))
    version = in_a_thread(lambda: type(match).objects.get(pk=match.pk).version)
    expect(page.locator("body")).to_have_attribute("data-version", str(version))
    pushed = settled_parts(page)
    shoot(page, f"sheet-data-{case}-{language}-pushed")
    if language == "ar":
        found, in_order = page.evaluate(LATIN_ORDER)
        assert found and in_order == found
    page.reload()
    page.wait_for_selector("[data-live-status][data-state=live]")
    drawn = settled_parts(page)

    assert "&lt;b&gt;" in pushed[2] and "Cara &amp; Co" in pushed[2]
    assert "data-correct" in pushed[1]
    for before, after in zip(pushed, drawn, strict=True):
        assert before.replace("><", ">\n<") == after.replace("><", ">\n<")
    page.context.close()


def test_a_pushed_round_can_be_recorded_corrected_and_voided_from_its_drawing(
    asgi_server, browser
):
    def start():
        alice = make_user("alice", "Alice")
        return alice, actions.start_match(
            alice, "fortyone_exchange", NAMES, host_seat=0
        ).match

    alice, match = in_a_thread(start)
    page = phone(browser, "390x844")
    page.context.add_cookies([cookie_for(alice, asgi_server)])
    page.goto(asgi_server + f"/matches/{match.pk}/")
    page.wait_for_selector("[data-live-status][data-state=live]")
    seats = ids(match)
    in_a_thread(lambda: record(match, alice, {"winner": seats[2]}))
    expect(page.locator("#round-1 .round-result")).to_contain_text("Cara & Co")

    # The entry a push drew takes the next tap.
    page.locator(f'#open-round .seat-button[data-seat="{seats[3]}"]').click()
    expect(page.locator("#round-2 .round-result")).to_contain_text("Dev")
    # Its Correct loads the host's forms; its Void voids it.
    page.locator("#round-2 details[data-correct] summary").click()
    expect(page.locator("#round-2 .correct-form").first).to_be_visible()
    page.locator("#round-1 .void-button").click()
    expect(page.locator("#round-1")).to_have_class("round-row is-won is-voided")
    page.context.close()
