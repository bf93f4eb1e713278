"""Words every game's pages share, in the reader's language.

``and_join`` lists names as a sentence does ("Alice", "Alice and Ben", "Alice,
Ben and Cara"), with the language's own "and" and separator; ``and_join_html``
does the same with HTML pieces (a name in its ``<span data-seat-name>``).

``for_the_log`` is the other way round: the words a module keeps in the database
(a round's note, for the event log and the export) are English whoever recorded
them, so that a page never shows one phone's language to another. Pages derive
what they show from the round's data instead (``RuleModule.describe``).
"""

from contextlib import contextmanager

from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

LOG_LANGUAGE = "en"
# A real minus sign: a hyphen reads as a dash on a small screen.
MINUS = "\u2212"


def total_text(number):
    """A total as a sheet prints it: ``43``, ``-12`` (with U+2212)."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def signed(number):
    """A round's score as a sheet prints it: ``+4``, ``-14`` (with U+2212) or
    ``0``."""
    if number > 0:
        return f"+{number}"
    return total_text(number)


def isolated(text):
    """``text`` (a name, a round's outcome) kept in its own direction inside a
    right-to-left sentence (FSI … PDI): "Bob → Carol" reads as written."""
    if text and translation.get_language_bidi():
        return f"\u2068{text}\u2069"
    return text


def seat_name(seat, names):
    """``seat``'s name as the page names it: ``names`` (seat id, as a number
    or as JSON's text, -> name) when it holds the seat, else the seat's own."""
    names = names or {}
    return names.get(seat.id) or names.get(str(seat.id)) or seat.name


def _joined(words):
    if len(words) < 2:
        return "".join(words)
    # Translators: between the names of a list, all but the last two.
    head = pgettext("list", ", ").join(words[:-1])
    # Translators: the last two names of a list ("Alice, Ben and Cara").
    return _("%(names)s and %(last)s") % {"names": head, "last": words[-1]}


def and_join(words):
    """``words`` (strings) as one list in the active language."""
    return _joined([str(word) for word in words])


def and_join_html(pieces):
    """HTML ``pieces`` as one list; each is escaped unless already safe."""
    return mark_safe(_joined([str(conditional_escape(piece)) for piece in pieces]))


@contextmanager
def for_the_log():
    """English while a module words what the database keeps."""
    with translation.override(LOG_LANGUAGE):
        yield
