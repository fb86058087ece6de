"""Numbers read from their text (Decimal), bounded in length and exponent before any
arithmetic: load_json() keeps JSON numbers as text; number(), money(), quantize().
"""

import json
import re
from decimal import Decimal, localcontext

from .core import Failure, MALFORMED, MAX_EXPONENT, MAX_NUMBER_TEXT
from .text import short


# Numbers
#
# Every number is read from its text (JSON numbers are kept as text by load_json), so
# a price keeps the digits the source gave. The text is bounded before Decimal sees
# it (no 128 KiB fields, no exponent of 1500000000), and every value's exponent is
# bounded before it is formatted, so nothing is ever expanded digit by digit.

# The exponent may be long (1e1500000000 is a number, an absurd one); Decimal keeps it as
# an integer and MAX_EXPONENT rejects it before anything is formatted.
NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,15})?")


class JSONNumber(str):
    """A number from a JSON document, as its text."""


def load_json(text):
    """A JSON document with its numbers as JSONNumber text; Failure if it is not."""
    try:
        return json.loads(
            text, parse_float=JSONNumber, parse_int=JSONNumber, parse_constant=JSONNumber
        )
    except RecursionError:
        raise Failure(MALFORMED, "the JSON is nested too deeply") from None
    except ValueError as error:
        raise Failure(MALFORMED, f"not JSON ({short(error, 60)})") from None


def number(value, what="number", missing=None):
    """A finite Decimal of bounded size from a field's text, or `missing` when the
    field is empty (None, '', N/D, N/A, null); Failure(MALFORMED) for anything else."""
    if value is None:
        return missing
    if isinstance(value, bool) or not isinstance(value, str):
        raise Failure(MALFORMED, f"the {what} is not a number")
    text = value.strip()
    if text.upper() in ("", "N/D", "N/A", "NA", "-", "--"):
        return missing
    if len(text) > MAX_NUMBER_TEXT:
        raise Failure(MALFORMED, f"the {what} is {len(text)} characters long")
    if not NUMBER.fullmatch(text):
        raise Failure(MALFORMED, f"the {what} is not a plain number ({short(text, 24)})")
    value = Decimal(text)
    if value and abs(value.adjusted()) > MAX_EXPONENT:
        raise Failure(MALFORMED, f"the {what} is absurd ({short(text, 24)})")
    return value


def money(value, what="price", missing=None):
    """A number written for people: "$267.85", "1,234.5", "+0.28%", "SEK 0.2465"."""
    if isinstance(value, str) and len(value) <= MAX_NUMBER_TEXT * 2:
        value = re.sub(r"^[A-Z]{3} ", "", value.strip())
        value = value.replace("$", "").replace(",", "").rstrip("%").strip()
    return number(value, what, missing)


def places(value):
    """How many digits a Decimal has after the point, as written."""
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def text_of(value):
    """A bounded Decimal as plain digits (never an exponent)."""
    return f"{value:f}"


def quantize(value, digits):
    with localcontext() as context:
        context.prec = 60
        return value.quantize(Decimal(1).scaleb(-digits))
