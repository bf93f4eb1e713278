"""Django's ``makemessages``, which also collects the words of the live
fragments (``*.jinja``, squarescores/jinja.py).

xgettext cannot read Jinja2, and Django's own preprocessing reads only Django
templates, so a ``.jinja`` file is handed to xgettext as the Python calls its
``{% trans %}`` blocks and ``_()`` make: the same msgids, with their
``%(name)s`` placeholders, that Django's ``{% blocktranslate %}`` gave them.
Run it as ``make messages`` does, with ``-e html,txt,py,jinja``.
"""

import json

from django.core.management.commands import makemessages
from django.template import engines

# What each of Jinja2's gettext functions is called in the Python xgettext reads
# (Django's makemessages gives xgettext the keywords for all of them), and
# whether it takes a count.
CALLS = {
    "_": ("gettext", False),
    "gettext": ("gettext", False),
    "ngettext": ("ngettext", True),
    "pgettext": ("pgettext", False),
    "npgettext": ("npgettext", True),
}


def as_python(source):
    """The gettext calls of a Jinja2 template, one a line, as Python source
    xgettext reads (its line numbers kept for the .po's locations)."""
    environment = engines["jinja2"].env
    lines = []
    for lineno, function, message in environment.extract_translations(source):
        if function not in CALLS:
            continue
        call, counted = CALLS[function]
        strings = message if isinstance(message, tuple) else (message,)
        arguments = [json.dumps(s, ensure_ascii=False) for s in strings if s]
        if counted:
            arguments.append("n")
        lines += [""] * (lineno - 1 - len(lines))
        lines.append(f"{call}({', '.join(arguments)})")
    return "\n".join(lines) + "\n"


class BuildFile(makemessages.BuildFile):
    def preprocess(self):
        if not self.path.endswith(".jinja"):
            return super().preprocess()
        with open(self.path, encoding="utf-8") as source:
            content = as_python(source.read())
        with open(self.work_path, "w", encoding="utf-8") as work:
            work.write(content)


class Command(makemessages.Command):
    build_file_class = BuildFile
