"""The start form's rule sets: the presets ride on the option fieldset, and
without JavaScript the server applies the chosen set to the options the person
left at the values the page showed."""

import json
from html.parser import HTMLParser

import pytest

from games.models import Match
from games.thirty_one.rules import PRESETS

pytestmark = pytest.mark.django_db


class Fields(HTMLParser):
    """What a browser without JavaScript would post: each field as rendered."""

    def __init__(self):
        super().__init__()
        self.data, self.select, self.fieldsets = {}, None, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = attrs.get("name")
        if tag == "fieldset" and "data-options-for" in attrs:
            self.fieldsets[attrs["data-options-for"]] = attrs
        elif tag == "input" and name and name.startswith(("thirty_one__", "preset")):
            kind = attrs.get("type")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.data[name] = attrs.get("value", "on")
            else:
                self.data[name] = attrs.get("value", "")
        elif tag == "select" and name and name.startswith("thirty_one__"):
            self.select = name
        elif tag == "option" and self.select and "selected" in attrs:
            self.data[self.select] = attrs["value"]

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def rendered(client):
    fields = Fields()
    fields.feed(client.get("/start/").content.decode())
    return fields


def start(client, data, **changed):
    posted = {
        "game": "thirty_one",
        "seat_0": "Alice",
        "seat_1": "Ben",
        "seat_2": "Cara",
        "me": "0",
        **data,
    }
    for key, value in changed.items():
        if value is None:
            posted.pop(f"thirty_one__{key}", None)
        else:
            posted[f"thirty_one__{key}"] = value
    response = client.post("/start/", posted)
    assert response.status_code == 302, response.content.decode()[:500]
    return Match.objects.get().options


def test_the_option_fieldset_carries_the_rule_sets(client):
    fieldset = rendered(client).fieldsets["thirty_one"]

    assert json.loads(fieldset["data-presets"]) == PRESETS
    assert fieldset["data-preset-option"] == "thirty_one__rule_set"
    assert fieldset["data-prefix"] == "thirty_one__"
    assert fieldset["data-preset-shown"] == "preset_shown__thirty_one"
    # A game with no rule sets gets none.
    assert "data-presets" not in rendered(client).fieldsets["schwimmen"]


def test_without_javascript_the_chosen_rule_set_fills_the_untouched_options(client):
    page = rendered(client)
    assert page.data["preset_shown__thirty_one"] == "blitz"

    options = start(client, page.data, rule_set="schwimmen")

    assert options == {**PRESETS["schwimmen"], "rule_set": "schwimmen"}


def test_an_option_the_person_changed_keeps_their_value(client):
    page = rendered(client)

    # Blitz plays no points limit and four lives: the person asked for both.
    options = start(
        client, page.data, rule_set="schwimmen", lives="5", points_limit="on"
    )

    assert options["lives"] == 5
    assert options["points_limit"] is True
    assert options["three_of_a_kind"] == PRESETS["schwimmen"]["three_of_a_kind"]


def test_once_the_script_filled_the_set_the_post_is_taken_as_it_is(client):
    page = rendered(client)
    # start.js filled Schwimmen's values, then the person switched Fire back off
    # and the closer rule on: values Blitz happens to share are theirs now.
    filled = {
        f"thirty_one__{key}": value for key, value in PRESETS["schwimmen"].items()
    }
    filled = {
        k: ("on" if v is True else v) for k, v in filled.items() if v is not False
    }
    data = {**page.data, **filled, "preset_shown__thirty_one": "schwimmen"}

    options = start(
        client, data, rule_set="schwimmen", three_of_a_kind="disabled", closer_rule="on"
    )

    assert options["three_of_a_kind"] == "disabled"
    assert options["closer_rule"] is True
    assert options["remove_2_to_6"] is True
    assert options["lives"] == 3
