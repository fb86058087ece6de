"""Hostile values the fetchers' tests share: what no text from a fetcher may hold, the
odd JSON values a state file is fuzzed with and how one is put in its place, every
string of a JSON document, and a JSON reader that refuses NaN and Infinity."""

import copy
import json
import re

# What no text from the program may hold: C0 and C1 controls but for the line break,
# DEL, bidi overrides and isolates (the rule ticker_fetch.text's clean() has).
CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def odd_values(forged_line, record):
    """Every kind of JSON value, odd ones above all, for each field of a state file:
    `forged_line` is a line a forged value would try to add to what the fetcher prints
    or sends, `record` a whole odd record of the file's own shape."""
    return [
        None,
        True,
        False,
        0,
        -1,
        1.5,
        1e300,
        -1e300,
        1e308,
        10**400,
        -(10**400),
        float("nan"),
        float("inf"),
        float("-inf"),
        "",
        "nan",
        "Infinity",
        "1749844800",
        "\x1b]0;PWNED\x07\x1b[2J",
        "\x9b31m\u202eevil\x00\r\n" + forged_line,
        "x" * 5000,
        [],
        {},
        [[{"a": [1, {"b": None}]}]],
        record,
    ]


def strings_of(value):
    """Every string in a JSON document, its keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)


def substituted(state, path, value):
    """`state` with the value at `path` (a tuple of keys; () the whole) replaced."""
    if not path:
        return value
    state = copy.deepcopy(state)
    holder = state
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return state


def refuse_constant(name):
    raise ValueError(f"{name} in the JSON")


def strict_json(text):
    """`text` as JSON that holds no NaN, Infinity or -Infinity (which json.loads takes
    and no other JSON reader does); ValueError for them."""
    return json.loads(text, parse_constant=refuse_constant)
