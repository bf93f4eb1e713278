"""The one seat-id parser every edge and game reads seats with."""

import pytest

from games.bounds import ID_MAX
from games.errors import BadValue
from games.seat_ids import (
    id_or_none,
    parse_number,
    parse_seat_id,
    seat_list,
    seat_mapping,
    shown,
)

NOT_SEATS = [
    "²",
    "٣",
    "\uff10",  # a full-width 0
    "-3",
    "+3",
    "3.0",
    "1_000",
    "",
    " ",
    "\t3",
    "3\n",
    "9" * 5000,
    "0",
    str(ID_MAX + 1),
    0,
    -3,
    ID_MAX + 1,
    10**5000,
    True,
    False,
    None,
    3.0,
    [3],
    {"3": 3},
]


@pytest.mark.parametrize("value", NOT_SEATS, ids=lambda v: shown(v))
def test_anything_but_ascii_digits_is_a_bad_value_never_a_crash(value):
    with pytest.raises(BadValue):
        parse_seat_id(value)
    assert id_or_none(value) is None


@pytest.mark.parametrize("spelling", ["940", "0940", " 940", "940 ", 940, "000940"])
def test_every_accepted_spelling_names_one_canonical_id(spelling):
    assert parse_seat_id(spelling) == 940


def test_the_largest_id_is_a_seat_and_one_more_is_not():
    assert parse_seat_id(str(ID_MAX)) == ID_MAX
    assert parse_seat_id("0" * 5 + str(ID_MAX)) == ID_MAX
    assert id_or_none(str(ID_MAX + 1)) is None


@pytest.mark.parametrize(
    "spellings", [["940", "0940"], ["940", " 940"], [940, "0940"], ["0940", "00940"]]
)
def test_a_seat_named_twice_under_two_spellings_is_refused(spellings):
    with pytest.raises(BadValue):
        seat_list(spellings)
    with pytest.raises(BadValue):
        seat_mapping(dict.fromkeys(spellings, 4))


def test_a_mapping_is_keyed_by_canonical_ids():
    assert seat_mapping({"0940": 4, " 941": 9}) == {940: 4, 941: 9}


@pytest.mark.parametrize(
    ("text", "number"),
    [
        *[("3", 3), (" -3 ", -3), ("0", 0), ("007", 7), ("²", None), ("٣", None)],
        *[("9" * 5000, None), ("+3", None), ("3.5", None), ("", None), ("1_0", None)],
    ],
    ids=lambda v: shown(v),
)
def test_a_form_number_is_ascii_digits_with_an_optional_minus(text, number):
    assert parse_number(text, -100, 100) == number
