"""The rule module contract checks itself: each broken module below fails
``manage.py check`` with its own id, and the real tree passes."""

import pytest
from django.core.checks import Error, run_checks
from django.core.management import call_command
from django.utils.translation import gettext_lazy

from games.checks import check_rule_modules
from games.fortyone_exchange.rules import FortyOneExchange
from games.rules import Option, Registry, RuleModule, registry


class Sound(FortyOneExchange):
    """A module that keeps the contract: 41 Exchange under another key, with a
    payload of its own."""

    key = "sound"
    name = "Sound"
    record_schema = {
        "type": "object",
        "properties": {"sound_winner": {"type": "integer"}},
        "required": ["sound_winner"],
        "additionalProperties": False,
    }


class MissingTemplate(Sound):
    key = "missing_template"
    name = "Missing template"
    entry_template = "missing_template/entyr.jinja"


class BrokenTemplate(Sound):
    key = "broken_template"
    name = "Broken template"
    rules_template = "broken_template_rules.html"


class InvalidSchema(Sound):
    key = "invalid_schema"
    name = "Invalid schema"
    record_schema = {"type": "object", "required": "winner"}


class OverlappingSchema(Sound):
    """Its payload {"winner": seat} is 41 Exchange's too."""

    key = "overlapping"
    name = "Overlapping"
    record_schema = {
        "type": "object",
        "properties": {"winner": {"type": "integer"}, "bonus": {"type": "integer"}},
        "required": ["winner"],
    }


class BadDefault(Sound):
    key = "bad_default"
    name = "Bad default"
    options = (
        Option(
            key="lives",
            label=gettext_lazy("Lives"),
            default=4,
            numbers=(2, 3, 5),
        ),
    )


class BadPreset(Sound):
    key = "bad_preset"
    name = "Bad preset"
    options = (
        Option(
            key="rules",
            label="Rules",
            default="short",
            choices=(("short", "Short"), ("long", "Long")),
        ),
        Option(key="lives", label="Lives", default=3, numbers=(2, 3, 5)),
    )
    preset_option = "rules"
    presets = {"short": {"lives": 2}, "long": {"lives": 7}}


class BadSeats(Sound):
    key = "bad_seats"
    name = "Bad seats"
    min_seats = 6
    max_seats = 4


class NoRecord(RuleModule):
    key = "no_record"
    name = "No record"
    record_schema = {
        "type": "object",
        "properties": {"no_record": {"type": "integer"}},
        "required": ["no_record"],
        "additionalProperties": False,
    }


class MissingScript(Sound):
    key = "missing_script"
    name = "Missing script"
    sheet_scripts = ("missing_script/sheet.js",)
    stylesheets = ("css/scored.css", "missing_script/style.css")


def errors_of(*modules):
    """The check's errors for the real modules plus ``modules``."""
    table = Registry()
    for module in (*registry, *modules):
        table.register(module)
    return check_rule_modules(modules=table)


def ids_for(errors, key):
    return sorted(error.id for error in errors if error.obj == key)


@pytest.fixture
def broken_template(tmp_path, settings):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "broken_template_rules.html").write_text("{% if %}")
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [folder]},
        *settings.TEMPLATES[1:],
    ]


def test_the_real_tree_passes_manage_py_check():
    call_command("check", fail_level="WARNING")


def test_the_check_runs_with_djangos_own_checks():
    assert not [e for e in run_checks() if e.id and e.id.startswith("games.")]


def test_a_module_that_keeps_the_contract_passes():
    assert errors_of(Sound()) == []


def test_a_template_that_does_not_exist_is_e001_and_names_the_fix():
    (error,) = errors_of(MissingTemplate())

    assert isinstance(error, Error)
    assert error.id == "games.E001"
    assert "missing_template" in error.msg and "entry_template" in error.msg
    assert "jinja2/" in error.hint


def test_a_template_that_does_not_compile_is_e002(broken_template):
    assert ids_for(errors_of(BrokenTemplate()), "broken_template") == ["games.E002"]


def test_a_schema_that_is_not_json_schema_is_e003():
    (error,) = errors_of(InvalidSchema())

    assert error.id == "games.E003"
    assert "invalid_schema" in error.msg


def test_a_schema_another_games_payload_fits_is_e004():
    (error,) = errors_of(OverlappingSchema())

    assert error.id == "games.E004"
    assert "fortyone_exchange" in error.msg and "overlapping" in error.msg
    assert "winner" in error.msg
    assert "additionalProperties" in error.hint


def test_the_default_object_schema_overlaps_every_game():
    class Untyped(Sound):
        key = "untyped"
        name = "Untyped"
        record_schema = {"type": "object"}

    errors = errors_of(Untyped())

    assert {error.id for error in errors} == {"games.E004"}
    assert len(errors) == len(list(registry))


def test_a_default_that_is_not_among_the_choices_is_e005():
    (error,) = errors_of(BadDefault())

    assert error.id == "games.E005"
    assert "lives" in error.msg and "4" in error.msg


def test_a_preset_with_a_value_the_option_refuses_is_e006():
    (error,) = errors_of(BadPreset())

    assert error.id == "games.E006"
    assert "long" in error.msg and "lives" in error.msg


def test_a_seat_range_that_cannot_be_is_e007():
    (error,) = errors_of(BadSeats())

    assert error.id == "games.E007"
    assert "6 to 4" in error.msg


def test_a_module_without_record_is_e008():
    (error,) = errors_of(NoRecord())

    assert error.id == "games.E008"
    assert "record" in error.msg


def test_a_script_or_stylesheet_that_is_not_a_static_file_is_e009():
    errors = errors_of(MissingScript())

    assert [error.id for error in errors] == ["games.E009", "games.E009"]
    assert "sheet_scripts" in errors[0].msg
    assert "missing_script/sheet.js" in errors[0].msg
    assert "missing_script/style.css" in errors[1].msg
    assert "static/" in errors[0].hint


def test_every_failure_has_its_own_id():
    errors = errors_of(
        MissingTemplate(),
        InvalidSchema(),
        OverlappingSchema(),
        BadDefault(),
        BadPreset(),
        BadSeats(),
        NoRecord(),
        MissingScript(),
    )

    assert sorted({error.id for error in errors}) == [
        "games.E001",
        "games.E003",
        "games.E004",
        "games.E005",
        "games.E006",
        "games.E007",
        "games.E008",
        "games.E009",
    ]
