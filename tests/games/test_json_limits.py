"""The one guard for a client's JSON, shared by the API's bodies and the socket."""

import pytest

from games.json_limits import MAX_DEPTH, TooDeep, TooLarge, depth_of, loads


def nested(depth):
    return "[" * depth + "]" * depth


def test_it_reads_json_nested_up_to_the_limit():
    assert depth_of(loads(nested(MAX_DEPTH), max_bytes=1000)) == MAX_DEPTH


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 999, 1_000, 100_000])
def test_it_refuses_json_nested_deeper(depth):
    with pytest.raises(TooDeep):
        loads(nested(depth), max_bytes=10**6)


def test_it_refuses_a_deep_value_inside_a_field():
    text = '{"round": 1, "seat": ' + nested(5_000) + "}"

    with pytest.raises(TooDeep):
        loads(text, max_bytes=10**6)


def test_it_refuses_a_text_over_the_size_limit_before_parsing_it():
    with pytest.raises(TooLarge):
        loads("[" * 101, max_bytes=100)


def test_it_counts_the_size_in_bytes_not_characters():
    with pytest.raises(TooLarge):
        loads('"' + "é" * 50 + '"', max_bytes=100)


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}'])
def test_it_refuses_what_is_not_json(text):
    with pytest.raises(ValueError):
        loads(text, max_bytes=100)
