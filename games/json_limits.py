"""One guard for the JSON a client sends: the API's bodies and the socket's frames.

Python's parser recurses once per bracket, so about a thousand nested ones raise
``RecursionError``, which is no ``ValueError`` and escaped the API as a 500. Every
edge parses a client's JSON through ``loads``: a text over the edge's size limit
is refused before it is parsed, a nesting deeper than ``MAX_DEPTH`` after, and each
refusal is a ``ValueError`` the edge answers in its own way.
"""

import json

# The deepest body or frame of ours is two levels (a start's seats and options);
# ten leaves room for a client's own additions without inviting a thousand.
MAX_DEPTH = 10


class TooLarge(ValueError):
    pass


class TooDeep(ValueError):
    pass


def size_of(data):
    """The size of a body or frame in bytes, as it came over the wire."""
    return len(data.encode()) if isinstance(data, str) else len(data)


def read(stream, max_bytes):
    """At most ``max_bytes`` of a request's body; ``TooLarge`` if there is more."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TooLarge(f"A body is at most {max_bytes} bytes.")
    return data


def loads(data, *, max_bytes):
    """Parse a client's JSON text (str or UTF-8 bytes) within the limits.

    NaN and Infinity are refused: they are no JSON.
    """
    if size_of(data) > max_bytes:
        raise TooLarge(f"A body is at most {max_bytes} bytes.")
    try:
        value = json.loads(data, parse_constant=_refuse_constant)
    except RecursionError:
        raise TooDeep(_too_deep()) from None
    if depth_of(value) > MAX_DEPTH:
        raise TooDeep(_too_deep())
    return value


def depth_of(value):
    """How many arrays and objects deep ``value`` goes; without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


def _too_deep():
    return f"JSON nested more than {MAX_DEPTH} levels deep."


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON value.")
