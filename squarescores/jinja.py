"""The Jinja2 environment of the live fragments (``games.live``).

A change is rendered once per record and language, on the record's path, so its
fragments use the faster of Django's two template engines; the pages around them
stay Django templates. The fragments read as the Django ones did: the same
words through the same catalogues (``{% trans %}`` blocks keep Django's
``%(name)s`` msgids, and ``makemessages`` collects them, see
``games/management/commands/makemessages.py``), the same ``seat_names`` and
``and_join`` filters, ``url()`` for ``{% url %}`` and ``csrf_input`` for
``{% csrf_token %}``. Missing names render empty, as in Django's templates.
"""

from django.urls import reverse
from django.utils.translation import gettext, ngettext
from jinja2 import ChainableUndefined, Environment

from games.templatetags.words import and_join, seat_names

EXTENSIONS = ["jinja2.ext.i18n"]


def url(name, *args):
    return reverse(name, args=args)


def environment(**options):
    options["undefined"] = ChainableUndefined
    # As Django's templates do: a fragment ends as its file ends.
    options["keep_trailing_newline"] = True
    options["extensions"] = [*options.get("extensions", ()), *EXTENSIONS]
    env = Environment(**options)
    # Old-style gettext: `_()` gives a plain string, which autoescaping escapes as
    # Django's {% translate %} does; a {% trans %} block keeps its markup and
    # escapes its variables, as {% blocktranslate %} does.
    env.install_gettext_callables(gettext, ngettext, newstyle=False)
    env.globals["url"] = url
    env.filters.update(seat_names=seat_names, and_join=and_join)
    return env
