"""The app in the table's language: catalogues, pages, the API and the switcher.

The English check reads the German catalogue's own msgids, so a string marked
but left untranslated, or a page that stops marking one, shows up here.
"""

import ast
import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import actions
from games.rules import registry
from squarescores.accounts.models import User
from tests import i18n_tables as tables

LOCALE = Path(settings.BASE_DIR) / "locale"
LANGUAGES = ["de", "nl", "ar"]
# Arabic has six plural forms (zero, one, two, few, many, other).
PLURALS = {"de": 2, "nl": 2, "ar": 6}


def catalogue(language, domain="django"):
    """The entries of a .po file: dicts of msgid, msgid_plural, msgstr[n], flags.

    ``domain`` is ``django`` (pages, Python) or ``djangojs`` (the scripts)."""
    text = (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").read_text()
    entries = []
    for block in text.strip().split("\n\n"):
        entry, key = {"flags": ""}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] += line[2:]
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                entry[key] += ast.literal_eval(line)
            else:
                key, value = line.split(" ", 1)
                entry[key] = ast.literal_eval(value)
        entries.append(entry)
    return entries


def translations(entry):
    return [value for key, value in entry.items() if key.startswith("msgstr")]


@pytest.mark.parametrize("domain, least", [("django", 500), ("djangojs", 20)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_is_complete(language, domain, least):
    header, *entries = catalogue(language, domain)

    assert "fuzzy" not in header["flags"]
    assert f"Language: {language}\n" in header["msgstr"]
    assert len(entries) > least
    for entry in entries:
        assert "fuzzy" not in entry["flags"], entry["msgid"]
        forms = translations(entry)
        assert all(form.strip() for form in forms), entry["msgid"]
        if "msgid_plural" in entry:
            assert len(forms) == PLURALS[language], entry["msgid"]


@pytest.mark.parametrize("domain", ["django", "djangojs"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_is_compiled_from_its_po_file(language, domain):
    import gettext

    folder = LOCALE / language / "LC_MESSAGES"
    # The .mo files are committed so that `make run` needs no gettext; each holds
    # what its .po file says.
    with (folder / f"{domain}.mo").open("rb") as compiled:
        messages = gettext.GNUTranslations(compiled)
    for entry in catalogue(language, domain)[1:]:
        if "msgid_plural" in entry or "msgctxt" in entry:
            continue
        assert messages.gettext(entry["msgid"]) == entry["msgstr"], entry["msgid"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_live_fragments_is_in_each_catalogue(language):
    """The Jinja2 fragments' words reach the catalogues through the project's
    makemessages (games/management/commands/makemessages.py)."""
    from django.template import engines

    from games.management.commands.makemessages import as_python

    known = {
        (entry.get("msgctxt"), entry["msgid"])
        for entry in catalogue(language, "django")[1:]
    }
    fragments = sorted(Path(settings.BASE_DIR, "games").rglob("*.jinja"))
    calls = [as_python(path.read_text()) for path in fragments]
    environment = engines["jinja2"].env
    words = set()
    for path in fragments:
        for _, function, message in environment.extract_translations(path.read_text()):
            message = (message,) if isinstance(message, str) else message
            if function.startswith("p"):
                words.add((message[0], message[1]))
            else:
                words.add((None, message[0]))

    assert len(fragments) >= 9 and len(words) > 20
    # Every fragment with words of its own (one may only include another).
    worded = [
        text
        for path, text in zip(fragments, calls, strict=True)
        if "_(" in path.read_text() or "{% trans" in path.read_text()
    ]
    assert len(worded) >= len(calls) - 1
    assert all("gettext(" in text for text in worded)
    assert words <= known, sorted(words - known)


@pytest.mark.django_db
def test_an_api_refusal_speaks_german_for_a_german_phone(charlie):
    client = APIClient()
    client.force_authenticate(charlie)

    response = client.post(
        "/api/join/",
        {"code": "ZZZZZZ", "name": "Charlie"},
        format="json",
        headers={"accept-language": "de"},
    )

    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"
    assert response.json()["detail"] == "Keine Partie hat diesen Code."
    assert response.headers["Content-Language"] == "de"


@pytest.mark.django_db
def test_an_api_refusal_stays_english_without_a_language(charlie):
    client = APIClient()
    client.force_authenticate(charlie)

    response = client.post("/api/join/", {"code": "ZZZZZZ"}, format="json")

    assert response.json()["detail"] == "No match has that code."


def test_the_throttle_counts_its_minutes_in_the_language():
    from django.utils import translation

    from games.errors import Throttled

    with translation.override("de"):
        assert Throttled(120).message == (
            "Zu viele Versuche von hier. Versuch es in 2 Minuten noch einmal."
        )
        assert Throttled(30).message.endswith("in 1 Minute noch einmal.")


def english_sentences():
    """The English of the catalogue, as pieces of two words or more.

    A msgid is cut at its placeholders and tags; a piece that is a single word
    ("Game", "Spiel") could as well be a name, so only longer ones count.
    """
    pieces = set()
    entries = catalogue("de")[1:] + catalogue("de", "djangojs")[1:]
    for entry in entries:
        for msgid in (entry["msgid"], entry.get("msgid_plural", "")):
            for piece in re.split(r"%\(\w+\)[sd]|<[^>]+>", msgid):
                piece = " ".join(piece.split()).strip(" .,:;()\u2192\u2190\u2013")
                if len(piece.split()) >= 2:
                    pieces.add(piece)
    return pieces


def readable(content):
    """What a person reads or hears on a page: its text and its labels."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", content, flags=re.S)
    labels = re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(" ".join([text, *labels])).split())


@pytest.fixture
def pages(match, alice, bob):
    """Every page, as (user or None, url): the pages outside the table, and every
    game's table (live and ended, a closed round of each kind), End match, the
    hand checkers (empty, checked, opened from a match, refused) and the history
    (tests/i18n_tables.py).

    The rules pages of every game, and the TV link: the host's tools sharing
    it, the big screen's page, and a sitting in the history.
    """
    ended = actions.start_match(alice, "fortyone_exchange", ["Alice", "Ben"]).match
    actions.end_match(alice, ended.pk)
    next_match = actions.rematch(alice, ended.pk).match
    actions.share_tv(alice, match.pk)
    match.refresh_from_db()
    guest = User.create_guest("Gus")
    rules = [(None, reverse("game_rules", args=[module.key])) for module in registry]
    return [
        *rules,
        (alice, reverse("match", args=[match.pk])),
        (None, reverse("tv", args=[match.tv_secret])),
        (alice, reverse("match_history", args=[next_match.pk])),
        (None, reverse("home")),
        (None, reverse("start")),
        (None, reverse("join", args=[match.code])),
        (None, reverse("join", args=[ended.code])),
        (bob, reverse("join", args=[ended.code])),
        (None, reverse("login")),
        (None, reverse("offline")),
        (None, reverse("game_rules", args=["fortyone_exchange"])),
        (alice, reverse("match_rules", args=[match.pk])),
        (guest, reverse("keep_account")),
        (guest, reverse("match_list")),
        (alice, reverse("match_list")),
        (alice, reverse("match_list") + "?status=ended"),
        (alice, reverse("match_history", args=[match.pk])),
        (alice, reverse("match_history", args=[ended.pk])),
        (alice, reverse("players")),
        *tables.pages(alice, bob),
    ]


@pytest.mark.django_db
def test_no_english_sentence_is_left_on_the_marked_pages_in_german(pages):
    english = english_sentences()

    for user, url in pages:
        client = Client(headers={"accept-language": "de"})
        if user:
            client.force_login(user)
        response = client.get(url)
        assert response.status_code == 200, url
        text = readable(response.content.decode())
        left = sorted(piece for piece in english if piece in text)
        assert not left, f"{url}: {left}"
        assert 'lang="de"' in response.content.decode()


@pytest.mark.django_db
def test_an_arabic_page_runs_right_to_left():
    response = Client(headers={"accept-language": "ar"}).get(reverse("home"))

    content = response.content.decode()
    assert '<html lang="ar" dir="rtl">' in content
    assert "ابدأ مباراة" in content


@pytest.mark.django_db
def test_an_english_page_runs_left_to_right():
    response = Client().get(reverse("home"))

    assert '<html lang="en" dir="ltr">' in response.content.decode()


@pytest.mark.django_db
def test_the_switcher_sets_the_cookie_and_the_next_page_speaks_it():
    client = Client(headers={"accept-language": "en"})

    response = client.post(reverse("set_language"), {"language": "nl", "next": "/"})

    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nl"
    assert "Potje beginnen" in client.get("/").content.decode()


@pytest.mark.django_db
def test_the_switcher_refuses_a_language_the_app_does_not_speak(alice):
    client = Client()
    client.force_login(alice)

    client.post(reverse("set_language"), {"language": "xx", "next": "/"})

    alice.refresh_from_db()
    assert alice.language == ""


@pytest.mark.django_db
def test_an_account_keeps_its_language_for_its_other_phones(alice):
    phone = Client()
    phone.force_login(alice)
    phone.post(reverse("set_language"), {"language": "ar", "next": "/"})
    alice.refresh_from_db()
    other = Client(headers={"accept-language": "de"})
    other.force_login(alice)

    response = other.get(reverse("home"))

    assert alice.language == "ar"
    assert '<html lang="ar" dir="rtl">' in response.content.decode()
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ar"


@pytest.mark.django_db
def test_a_phones_own_choice_wins_over_its_accounts(alice):
    alice.language = "ar"
    alice.save()
    phone = Client()
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    phone.force_login(alice)

    response = phone.get(reverse("home"))

    assert '<html lang="nl" dir="ltr">' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, heading",
    [
        ("en", "How 41 Exchange is played"),
        ("de", "So spielt man 41 Exchange"),
        ("nl", "Zo speel je 41 Exchange"),
        ("ar", "كيف نلعب <bdi>41 Exchange</bdi>"),
    ],
)
def test_41_exchanges_rules_are_written_in_each_language(language, heading):
    client = Client(headers={"accept-language": language})

    response = client.get(reverse("game_rules", args=["fortyone_exchange"]))

    assert f'<h2 id="rules-title">{heading}</h2>' in response.content.decode()


@pytest.mark.django_db
def test_a_round_reads_in_each_phones_language_whoever_recorded_it(alice, bob):
    from django.utils import translation

    from games.models import Round

    match = actions.start_match(alice, "schwimmen", ["Alice", "Ben", "Cara"]).match
    ben = match.seats.get(name="Ben").pk
    # A German phone records; its words must not become everyone's.
    with translation.override("de"):
        actions.record(alice, match.pk, 1, {"pays": [ben]})
    page = reverse("match", args=[match.pk])

    german = Client(headers={"accept-language": "de"})
    german.force_login(alice)
    english = Client(headers={"accept-language": "en"})
    english.force_login(alice)

    assert Round.objects.get(match=match, number=1).note == "Ben pays"
    assert "Runde 1: Ben zahlt" in readable(german.get(page).content.decode())
    assert "Round 1: Ben pays" in readable(english.get(page).content.decode())
    history = reverse("match_history", args=[match.pk])
    assert "Ben zahlt" in readable(german.get(history).content.decode())


@pytest.mark.django_db
def test_a_latin_name_keeps_its_direction_in_a_round_line_on_an_arabic_page(alice):
    # Isolated in the line's direction, 'Ben "the bold" <b>' would read
    # '<Ben "the bold" <b' on a right-to-left page.
    name = 'Ben "the bold" <b>'
    match = actions.start_match(alice, "schwimmen", ["Alice", name]).match
    actions.record(alice, match.pk, 1, {"pays": [match.seats.get(name=name).pk]})
    arabic = Client(headers={"accept-language": "ar"})
    arabic.force_login(alice)
    english = Client(headers={"accept-language": "en"})
    english.force_login(alice)

    for page in (
        reverse("match", args=[match.pk]),
        reverse("match_history", args=[match.pk]),
    ):
        assert f"\u2068{name}\u2069" in html.unescape(arabic.get(page).content.decode())
        assert "\u2068" not in english.get(page).content.decode()


@pytest.mark.django_db
def test_an_old_rounds_note_is_not_what_the_page_shows(alice):
    from games.models import Round

    match = actions.start_match(alice, "schwimmen", ["Alice", "Ben"]).match
    actions.record(alice, match.pk, 1, {"pays": [match.seats.get(name="Ben").pk]})
    # A row written before the pages worded rounds from their data.
    Round.objects.filter(match=match, number=1).update(note="Ben paid, long ago")
    client = Client(headers={"accept-language": "nl"})
    client.force_login(alice)

    text = readable(client.get(reverse("match", args=[match.pk])).content.decode())

    assert "Ronde 1: Ben betaalt" in text
    assert "long ago" not in text


@pytest.mark.django_db
def test_the_fragments_read_the_same_with_and_without_number_formats(
    alice, bob, monkeypatch
):
    """live.py renders without localization for speed: right as long as every
    number in a fragment is an id, a round or a count, which every language
    writes alike (no thousands separator, Western digits). The Jinja2 fragments
    never localize, so they read the same either way; their Django neighbours
    are what this holds."""
    from django.template.loader import render_to_string
    from django.utils import translation
    from django.utils.safestring import mark_safe

    from games import live
    from games.models import Match, Seat
    from games.sheet import recent_rounds

    tables.pages(alice, bob)
    localized = []
    for language in ["en", *LANGUAGES]:
        with translation.override(language):
            for match in Match.objects.all():
                seats = list(Seat.objects.filter(match=match))
                rounds = recent_rounds(match)
                fast = live.sheet_html(match, seats, rounds)
                with monkeypatch.context() as patch:
                    patch.setattr(
                        live,
                        "render_to_string",
                        lambda *args, **kw: mark_safe(render_to_string(*args, **kw)),
                    )
                    slow = live.sheet_html(match, seats, rounds)
                assert fast == slow, (language, match.game)
                localized.append(slow)
    assert len(localized) == 4 * Match.objects.count()


def test_the_scripts_catalogue_speaks_the_urls_language_and_keeps_for_a_year(client):
    from squarescores.jsi18n import catalog_url

    url = catalog_url("de")
    response = client.get(url)

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert '"Verbinde neu \\u2026"' in response.content.decode()
    assert "immutable" in response["Cache-Control"]
    assert client.get(url.split("?")[0])["Cache-Control"] == "no-cache"


def test_the_scripts_catalogue_is_one_file_for_every_reader(client):
    from squarescores.jsi18n import catalog_url

    client.cookies["django_language"] = "ar"
    response = client.get(catalog_url("de"), headers={"accept-language": "nl"})

    assert '"Verbinde neu \\u2026"' in response.content.decode()
    assert response["Content-Language"] == "de"
    # A shared cache may keep one copy: nothing of the reader's picks the file,
    # only whether the reader takes it gzipped (GZipMiddleware).
    assert response.get("Vary", "Accept-Encoding") == "Accept-Encoding"
    assert client.get("/jsi18n/xx.js").status_code == 404


@pytest.mark.django_db
def test_every_page_loads_its_languages_catalogue_before_its_scripts():
    from squarescores.jsi18n import catalog_url

    content = Client(headers={"accept-language": "nl"}).get("/").content.decode()

    script = f'<script src="{catalog_url("nl")}" defer></script>'
    assert script.replace("&", "&amp;") in content or script in content
    assert content.index("/jsi18n/nl.js") < content.index("js/pwa.js")


@pytest.mark.django_db
def test_the_export_is_the_same_file_whatever_language_downloads_it(alice):
    match = actions.start_match(alice, "schwimmen", ["Alice", "Ben"]).match
    actions.record(alice, match.pk, 1, {"pays": [match.seats.get(name="Ben").pk]})
    files = {}
    for language in ["en", *LANGUAGES]:
        client = Client(headers={"accept-language": language})
        client.force_login(alice)
        csv = client.get(reverse("match_csv", args=[match.pk])).content
        data = client.get(reverse("match_json", args=[match.pk])).json()
        files[language] = (csv, data["match"]["options_described"])

    assert all(found == files["en"] for found in files.values())
    assert b"Ben pays" in files["en"][0]
    assert {"label": "Lives each", "value": "3"} in files["en"][1]
