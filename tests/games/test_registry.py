import pytest
from django.apps import apps
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


def test_the_core_never_names_a_game():
    from pathlib import Path

    core = Path(apps.get_app_config("games").path)
    module = Path(apps.get_app_config("fortyone_exchange").path)
    sources = [p for p in core.rglob("*.py") if module not in p.parents]
    assert len(sources) > 20
    for source in sources:
        assert "fortyone" not in source.read_text(), source
