import re
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from games import errors
from games.fortyone_exchange.rules import FortyOneExchange
from games.rules import Registry, RuleModule, registry


def test_the_app_registers_41_exchange():
    assert "fortyone_exchange" in registry
    assert registry.get("fortyone_exchange").name == "41 Exchange"


def test_registering_again_from_ready_does_nothing():
    before = registry.get("fortyone_exchange")

    apps.get_app_config("fortyone_exchange").ready()

    assert registry.get("fortyone_exchange") is before


def test_a_second_ready_leaves_the_fragments_helpers_as_they_were():
    from squarescores.jinja import HELPERS

    before = dict(HELPERS)

    for label in ("schwimmen", "thirty_one", "forty_one"):
        apps.get_app_config(label).ready()

    assert before == HELPERS
    assert {"schwimmen", "thirty_one", "forty_one"} <= set(before)


def test_a_helper_registered_after_the_engine_reaches_its_fragments():
    from types import SimpleNamespace

    from django.template import engines

    from squarescores.jinja import HELPERS, register_helpers

    engine = engines["jinja2"]
    template = engine.from_string("{{ late_helpers.word() }}")
    try:
        register_helpers("late_helpers", SimpleNamespace(word=lambda: "heard"))

        assert template.render({}) == "heard"
    finally:
        HELPERS.pop("late_helpers")
        engine.env.globals.pop("late_helpers")


def test_it_refuses_what_is_not_a_rule_module():
    with pytest.raises(ImproperlyConfigured, match="not a RuleModule"):
        Registry().register(object())


def test_it_refuses_a_module_without_a_key():
    with pytest.raises(ImproperlyConfigured, match="key"):
        Registry().register(RuleModule())


def test_it_refuses_two_modules_with_one_key():
    class Impostor(RuleModule):
        key = "fortyone_exchange"
        name = "Not 41"

    fresh = Registry()
    fresh.register(FortyOneExchange)
    with pytest.raises(ImproperlyConfigured, match="Two rule modules"):
        fresh.register(Impostor())


def test_an_unknown_key_is_a_clear_error():
    with pytest.raises(errors.UnknownGame, match="no game called “whist”"):
        registry.get("whist")


# Words that name a game of the seeds, whichever modules are installed.
GAME_WORDS = ("fortyone", "41 exchange", "schwimmen", "forty one", "thirty-one")


def module_dirs():
    """The folders of the installed rule modules' apps: theirs to name a game."""
    return {
        Path(sys.modules[type(module).__module__].__file__).parent
        for module in registry
    }


def core_sources():
    """The core's Python (the API's included), templates (both engines') and
    JavaScript."""
    root = Path(settings.BASE_DIR)
    core = Path(apps.get_app_config("games").path)
    skip = module_dirs()
    sources = [
        *core.rglob("*.py"),
        *core.rglob("*.html"),
        *core.rglob("*.jinja"),
        *(root / "templates").rglob("*.html"),
        *(root / "static" / "js").rglob("*.js"),
    ]
    return [p for p in sources if not skip & set(p.parents)]


def key_patterns(key):
    """Where a module's key would name the module: its package, its templates'
    folder, its registry key as a string. A key that is also an ordinary word
    (``points``) may still be used as that word."""
    key = re.escape(key)
    return [
        rf"\bgames[./]{key}\b",
        rf"[\"'/]{key}/",
        rf"\bregistry\.get\(\s*[\"']{key}[\"']",
        rf"\bgame\s*=\s*[\"']{key}[\"']",
        rf"\bimport\s+{key}\b",
    ]


def test_the_core_never_names_a_game():
    words = set(GAME_WORDS)
    patterns = []
    for module in registry:
        words.add(str(module.name).lower())
        patterns += key_patterns(module.key.lower())
    # Whole words only: a game's name inside a longer word names no game.
    patterns += [rf"(?<![\w-]){re.escape(word)}(?![\w-])" for word in words]
    sources = core_sources()
    assert len([p for p in sources if p.suffix == ".py"]) > 20
    assert any(p.suffix == ".html" for p in sources)
    assert any(p.suffix == ".jinja" for p in sources)
    assert any(p.suffix == ".js" for p in sources)
    for source in sources:
        text = source.read_text().lower()
        for pattern in patterns:
            assert not re.search(pattern, text), (source, pattern)


@pytest.mark.parametrize(
    "text, names",
    [
        ("module = registry.get('points')", True),
        ("from games.points import rules", True),
        ('template = "points/entry.jinja"', True),
        ("points: int | None = None", False),
        ('"points": self.points', False),
    ],
)
def test_a_key_that_is_a_word_is_caught_only_where_it_names_the_module(text, names):
    found = any(re.search(pattern, text) for pattern in key_patterns("points"))

    assert found is names
