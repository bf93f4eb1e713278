"""The Jinja2 environment of the live fragments (``games.live``).

A change is rendered once per record and language, on the record's path, so its
fragments use the faster of Django's two template engines; the pages around them
stay Django templates. The fragments read as the Django ones did: the same words
through the same catalogues (a ``{% trans %}`` block keeps Django's ``%(name)s``
msgids, and the project's ``makemessages`` collects them), ``pgettext()`` where a
word needs a context, the same ``seat_names`` and ``and_join`` filters, ``url()``
for ``{% url %}`` and ``csrf_input`` for ``{% csrf_token %}``. Missing names
render empty, as in Django's templates.

A rule module's fragments reach its Python helpers by name: its app's ``ready()``
calls ``register_helpers("schwimmen", module)``, and its templates call
``schwimmen.entry_seats(...)``.
"""

import weakref
from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext, ngettext, npgettext, pgettext
from jinja2 import ChainableUndefined, Environment

from games.templatetags.words import (
    and_join,
    seat_names,
    signed_figure,
    total_figure,
)

EXTENSIONS = ["jinja2.ext.i18n"]
# name -> a namespace of a module's helpers; every environment sees them.
HELPERS = {}
# The environments made so far, which a helper registered later must reach too.
ENVIRONMENTS = weakref.WeakSet()


def register_helpers(name, namespace):
    """Give the fragments ``namespace`` as ``name``; registering again replaces
    it, so a ``ready()`` that runs twice changes nothing."""
    HELPERS[name] = namespace
    for env in ENVIRONMENTS:
        env.globals[name] = namespace


def url(name, *args):
    """``reverse(name, args=args)``, remembered: every record's push links its
    match's tap, record and correct URLs, and reversing one cost a record more
    than rendering a small fragment. The URLconf and the script prefix are part
    of the key, so a test's other URLconf, or a server mounted under a prefix,
    gets its own answers."""
    return _reversed(
        name, args, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix()
    )


@lru_cache(maxsize=4096)
def _reversed(name, args, urlconf, prefix):
    return reverse(name, args=args, urlconf=urlconf)


def environment(**options):
    options["undefined"] = ChainableUndefined
    # As Django's templates do: a fragment ends as its file ends.
    options["keep_trailing_newline"] = True
    options["extensions"] = [*options.get("extensions", ()), *EXTENSIONS]
    env = Environment(**options)
    # Old-style gettext: `_()` gives a plain string, which autoescaping escapes as
    # Django's {% translate %} does; a {% trans %} block keeps its markup and
    # escapes its variables, as {% blocktranslate %} does.
    env.install_gettext_callables(
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )
    env.globals["url"] = url
    # Copied into the environment's own dict, not chained to it: every render
    # copies the globals into its context, and a chain of mappings made that
    # copy a fifth of a small fragment's time. ``register_helpers`` reaches the
    # environments made before it.
    env.globals.update(HELPERS)
    ENVIRONMENTS.add(env)
    env.filters.update(
        seat_names=seat_names,
        and_join=and_join,
        signed_figure=signed_figure,
        total_figure=total_figure,
    )
    return env
