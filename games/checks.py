"""The rule module contract, checked by ``manage.py check`` (and at every start).

A module's mistake (a template name with a typo, a payload schema that another
game's payload also fits, a default that is not one of its choices) would
otherwise show at a table, after a record was committed. Each failure is an
``Error`` with its own id, naming the module and the fix. Registered from
``GamesConfig.ready()``, as contrib.admin registers its checks.
"""

from itertools import combinations

import jsonschema
from django.contrib.staticfiles import finders
from django.core import checks
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template

from .errors import Refusal
from .rules import RuleModule, registry

# The fragments a module may name; an empty name means the core's own.
TEMPLATES = (
    "rules_template",
    "entry_template",
    "row_template",
    "correct_template",
    "standings_template",
    "history_round_template",
)
# Methods the core calls on every module; ``record`` has no working default.
METHODS = (
    "record",
    "payload_from_form",
    "end",
    "describe",
    "new_seat",
    "initial",
    "advance",
    "standings",
    "summarize",
)
# The most seats a match may have: the start form's rows cap it too.
SEATS_MAX = 20


def check_rule_modules(app_configs=None, *, modules=None, **kwargs):
    """Every registered module (or ``modules``) against the contract."""
    modules = list(registry if modules is None else modules)
    errors = []
    for module in modules:
        errors += template_errors(module)
        errors += schema_errors(module)
        errors += option_errors(module)
        errors += seat_errors(module)
        errors += method_errors(module)
        errors += static_errors(module)
    errors += overlap_errors(modules)
    return errors


def error(module, id, msg, hint):
    return checks.Error(
        f"Rule module “{module.key}”: {msg}", hint=hint, obj=module.key, id=id
    )


def template_errors(module):
    errors = []
    for attribute in TEMPLATES:
        name = getattr(module, attribute, "")
        if not name:
            continue
        try:
            get_template(name)
        except TemplateDoesNotExist:
            errors.append(
                error(
                    module,
                    "games.E001",
                    f"its {attribute} “{name}” does not exist.",
                    "Put the template in the module app's templates/ (a Django "
                    "template) or jinja2/ (a *.jinja fragment) folder, or fix the "
                    "name; leave it empty for the core's plain one.",
                )
            )
        except TemplateSyntaxError as problem:
            errors.append(
                error(
                    module,
                    "games.E002",
                    f"its {attribute} “{name}” does not compile: {problem}",
                    "Fix the template's syntax.",
                )
            )
    return errors


def schema_errors(module):
    try:
        jsonschema.Draft202012Validator.check_schema(module.record_schema)
    except jsonschema.SchemaError as problem:
        return [
            error(
                module,
                "games.E003",
                f"its record_schema is not a valid JSON Schema: {problem.message}",
                "Write record_schema as JSON Schema (draft 2020-12): an object "
                "with its keys under properties, named as required.",
            )
        ]
    return []


def shapes(schema, required=frozenset(), allowed=None):
    """The payloads a schema admits, as (keys it requires, keys it allows or
    ``None`` for any) per alternative of its ``oneOf``/``anyOf``."""
    if not isinstance(schema, dict):
        return [(required, allowed)]
    required = required | frozenset(schema.get("required", ()))
    if schema.get("additionalProperties") is False:
        own = frozenset(schema.get("properties", {}))
        allowed = own if allowed is None else allowed & own
    branches = schema.get("oneOf") or schema.get("anyOf")
    if not branches:
        return [(required, allowed)]
    return [shape for branch in branches for shape in shapes(branch, required, allowed)]


def fits_both(one, other):
    """Whether one payload (the keys both require) could fit both shapes."""
    (needs, takes), (other_needs, other_takes) = one, other
    return (other_takes is None or needs <= other_takes) and (
        takes is None or other_needs <= takes
    )


def overlap_errors(modules):
    """The API's payload is ``oneOf`` every module's schema and the schema
    tells the games' payloads apart: no payload may fit two modules."""
    errors = []
    valid = [m for m in modules if not schema_errors(m)]
    for one, other in combinations(valid, 2):
        pairs = [
            (a, b)
            for a in shapes(one.record_schema)
            for b in shapes(other.record_schema)
            if fits_both(a, b)
        ]
        if pairs:
            keys = sorted(pairs[0][0][0] | pairs[0][1][0]) or ["(none)"]
            errors.append(
                error(
                    one,
                    "games.E004",
                    f"its record_schema overlaps “{other.key}”'s: a payload with "
                    f"the keys {', '.join(keys)} could fit both.",
                    "Give the payload a key of its own, list it under required and "
                    'set "additionalProperties": false, so no other game\'s '
                    "payload fits it.",
                )
            )
    return errors


def option_errors(module):
    errors = []
    known = {option.key: option for option in module.options}
    for option in module.options:
        try:
            option.clean(option.default)
            fits = option.is_switch is isinstance(option.default, bool)
        except Refusal:
            fits = False
        if not fits:
            errors.append(
                error(
                    module,
                    "games.E005",
                    f"the default of option “{option.key}” ({option.default!r}) is "
                    "not one of its values.",
                    "Make the default one of the option's choices or numbers, or "
                    "True/False for a switch.",
                )
            )
    errors += preset_errors(module, known)
    return errors


def preset_errors(module, known):
    if not module.preset_option and not module.presets:
        return []
    picker = known.get(module.preset_option)
    problems = []
    if picker is None or not picker.choices:
        problems.append(
            f"preset_option “{module.preset_option}” is not one of its choice options."
        )
    else:
        stray = set(module.presets) - {key for key, _ in picker.choices}
        problems += [f"preset “{key}” is not a choice of it." for key in sorted(stray)]
    for name, values in module.presets.items():
        for key, value in values.items():
            option = known.get(key)
            try:
                valid = option is not None and option.clean(value) == value
            except Refusal:
                valid = False
            if not valid:
                problems.append(f"preset “{name}” sets “{key}” to {value!r}.")
    return [
        error(
            module,
            "games.E006",
            problem,
            "Name the choice option that picks a rule set in preset_option, and "
            "key each preset by one of its choices, with valid option values.",
        )
        for problem in problems
    ]


def seat_errors(module):
    low, high = module.min_seats, module.max_seats
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in (low, high))
    if whole and 1 <= low <= high <= SEATS_MAX:
        return []
    return [
        error(
            module,
            "games.E007",
            f"its seat range {low!r} to {high!r} is not one a table can have.",
            f"Set min_seats and max_seats to whole numbers with 1 <= min_seats <= "
            f"max_seats <= {SEATS_MAX}.",
        )
    ]


def method_errors(module):
    errors = []
    for name in METHODS:
        if not callable(getattr(module, name, None)):
            errors.append(
                error(
                    module,
                    "games.E008",
                    f"it has no method {name}().",
                    f"Define {name}() (see docs/modules.md, The contract).",
                )
            )
    if type(module).record is RuleModule.record:
        errors.append(
            error(
                module,
                "games.E008",
                "it does not define record(table, payload), so no round can be "
                "recorded.",
                "Define record() to judge a payload and answer an Outcome (see "
                "docs/modules.md).",
            )
        )
    return errors


def static_errors(module):
    """The module's script and stylesheets are static files the pages can link."""
    named = [("sheet_scripts", path) for path in module.sheet_scripts]
    named += [("stylesheets", path) for path in module.stylesheets]
    return [
        error(
            module,
            "games.E009",
            f"its {attribute} “{path}” is not a static file.",
            "Put the file in the module app's static/ folder, or fix the path.",
        )
        for attribute, path in named
        if not finders.find(path)
    ]
