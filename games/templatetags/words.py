"""Lists of names for the templates, in the page's language (``games.words``).

``{{ seats|seat_names }}``: each seat's name in its ``<span data-seat-name>``
(which the live client renames), joined as a sentence: "Alice and Ben".
``{{ seats|seat_names:"winner" }}`` gives each span that class too.
``{{ names|and_join }}``: plain strings joined the same way.
``{{ score|signed_figure }}`` and ``{{ total|total_figure }}``: a sheet's
figures with a real minus sign.
"""

from django import template
from django.utils.html import format_html

from games import words

register = template.Library()


def _id_and_name(seat):
    if hasattr(seat, "pk"):
        return seat.pk, seat.name
    return seat.id, seat.name


@register.filter
def seat_names(seats, css_class=""):
    pieces = []
    for seat in seats:
        seat_id, name = _id_and_name(seat)
        if css_class:
            piece = format_html(
                '<span class="{}" data-seat-name="{}">{}</span>',
                css_class,
                seat_id,
                name,
            )
        else:
            piece = format_html('<span data-seat-name="{}">{}</span>', seat_id, name)
        pieces.append(piece)
    return words.and_join_html(pieces)


@register.filter
def and_join(names):
    return words.and_join(names)


@register.filter
def signed_figure(number):
    """A round's score as a sheet prints it: ``+4``, ``-14`` (with U+2212),
    ``0``."""
    return words.signed(number)


@register.filter
def total_figure(number):
    """A running total as a sheet prints it: ``43``, ``-12`` (with U+2212)."""
    return words.total_text(number)


@register.filter
def bdi(text):
    """``text`` (a name, a round's outcome) in its own ``<bdi>`` inside a
    sentence, so a Latin name keeps its order on a right-to-left page."""
    return format_html("<bdi>{}</bdi>", text)
