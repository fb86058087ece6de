"""Each symbol's recent prices, which --json prints as `history`: kept in the state
folder beside the back-offs (quotes-history.json), under their rules (a private file,
written whole, every value checked when read back), bounded in points, symbols and
bytes; remember() adds a run's quotes, under a lock for two runs at once.
"""

import json
import os
import re

from .core import Failure, MAX_PRICE
from .http import now
from .numeric import JSONNumber, load_json, number, text_of
from .state import locked, read_private, write_private
from .symbols import INDEX


# History
#
# A point is (when it was recorded, the price as the source gave it). The bounds keep
# the file small and its reading cheap, whatever a ticker asks:
#
# - MAX_POINTS a symbol, the oldest dropped: more than a status line's sparkline
#   draws (a bar's worth of cells), and a trading day (6.5 hours) at a point in six
#   minutes.
# - One point a distinct quote: a quote whose time (the source's) is the last
#   point's, or, where either has no time, whose price is the last point's, is the
#   same trade again and adds nothing. A ticker that asks every few seconds over a
#   weekend must not fill the history with copies of Friday's close; a market open
#   with an unchanged price, which the source dates anew, is a point (flat is news).
# - At most one point a SPACING: a new quote within it of the last point moves that
#   point to the new price instead of adding one, so the history ends with the price
#   printed and spans at least MAX_POINTS minutes however often it is asked (an hour
#   at one ask a second, five at one ask in five minutes, as README suggests).
# - MAX_SYMBOLS symbols, the least recently updated dropped; then MAX_BYTES for the
#   whole file, the least recently updated dropped until it fits: a symbol of 64
#   points takes about 1.5 KiB (prices of 6 to 10 digits), so 100 fit with room to
#   spare, and the cap bites only on prices of every digit a price may have (25). A
#   file larger than MAX_BYTES is not read (and is written anew).
MAX_POINTS = 64
SPACING = 60
MAX_SYMBOLS = 100
MAX_BYTES = 256 << 10
MAX_DRIFT = 3600  # a point up to an hour ahead of the clock is still believed
FILE = "quotes-history.json"
LOCK = "quotes-history.lock"
NAME = re.compile(r"[A-Z0-9.^=/_-]{1,64}")  # what name_of() gives: a symbol's characters
QUOTE_TIME = re.compile(r"[0-9A-Za-z:.+-]{1,40}")  # ISO 8601 as quote.py writes it


def name_of(instrument):
    """One name for an instrument however it was asked (^spx and ^GSPC, SAP.DE and
    SAP.XETRA are one): a pair's BASE/QUOTE, an index's Yahoo name, a stock's ticker
    with its share class after '-' and its market after '.' (BRK-B, SAP.DE)."""
    kind, base, quote, market, share_class = instrument.key
    if quote is not None:
        return f"{base}/{quote}"
    if kind == INDEX:
        return base
    name = base + (f"-{share_class}" if share_class else "")
    return name if market == "US" else f"{name}.{market}"


class Entry:
    """A symbol's points [(seconds, Decimal)], oldest first, and the source's time of
    the last one's quote (None where the source gave none)."""

    def __init__(self, quote_time, points):
        self.quote_time = quote_time
        self.points = points

    def add(self, price, quote_time, moment):
        """Adds a quote under the rules above; whether anything changed."""
        seen, last = self.points[-1]
        if quote_time and self.quote_time:
            same = quote_time == self.quote_time
        else:
            same = price == last
        if same:  # the same trade: its price as now given (a source may correct it)
            if text_of(price) == text_of(last):
                return False
            self.points[-1] = (seen, price)
            return True
        if moment - seen < SPACING:  # (a clock put back too)
            self.points[-1] = (seen, price)
        else:
            self.points.append((moment, price))
            del self.points[:-MAX_POINTS]
        self.quote_time = quote_time
        return True

    def line(self, name):
        points = ", ".join(f"[{seen}, {text_of(price)}]" for seen, price in self.points)
        return (
            f"{json.dumps(name)}: "
            f'{{"quote_time": {json.dumps(self.quote_time)}, "points": [{points}]}}'
        )


def checked_point(value, moment):
    """A point as read back, (seconds, Decimal): two JSON numbers (not text), a time
    between 1970 and MAX_DRIFT ahead, a price as a quote's may be; else None."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    if not all(type(v) is JSONNumber for v in value):  # "196.45", a string, is odd
        return None
    try:
        seen, price = number(value[0]), number(value[1])
    except Failure:
        return None
    if seen is None or price is None or seen != seen.to_integral_value():
        return None
    if not 0 <= seen <= moment + MAX_DRIFT or not 0 < price <= MAX_PRICE:
        return None
    return int(seen), price


def checked_entry(value, moment):
    """A symbol's entry as read back, each point checked (the newest MAX_POINTS only:
    a longer list, from a version with a larger bound, is cut, not refused); None when
    anything is odd, and the symbol's history starts again."""
    if not isinstance(value, dict):
        return None
    quote_time, points = value.get("quote_time"), value.get("points")
    if quote_time is not None and not (
        isinstance(quote_time, str) and QUOTE_TIME.fullmatch(quote_time)
    ):
        return None
    if not isinstance(points, list) or not points:
        return None
    checked = [checked_point(point, moment) for point in points[-MAX_POINTS:]]
    if None in checked:
        return None
    return Entry(quote_time, checked)


def checked_history(data, moment):
    """The file's document with only what checks out, {name: Entry}, each symbol on
    its own: one odd value loses that symbol's history only."""
    symbols = data.get("symbols") if isinstance(data, dict) else None
    if not isinstance(symbols, dict):
        return {}
    entries = {}
    for name, value in symbols.items():
        entry = checked_entry(value, moment) if NAME.fullmatch(name) else None
        if entry is not None:
            entries[name] = entry
    return bounded(entries)


def bounded(entries):
    """The MAX_SYMBOLS entries last updated (a later point first, then a later place in
    the file), in their order."""
    if len(entries) <= MAX_SYMBOLS:
        return entries
    ranked = sorted(enumerate(entries), key=lambda item: (entries[item[1]].points[-1][0], item[0]))
    kept = {name for _, name in ranked[-MAX_SYMBOLS:]}
    return {name: entry for name, entry in entries.items() if name in kept}


def document(entries):
    """The file's text, one symbol a line, within MAX_BYTES: the least recently updated
    symbols left out until it fits."""
    lines = {name: entry.line(name) for name, entry in entries.items()}
    size = sum(len(line.encode("utf-8")) + 2 for line in lines.values()) + 16
    for name in sorted(lines, key=lambda n: entries[n].points[-1][0]):
        if size <= MAX_BYTES:
            break
        size -= len(lines.pop(name).encode("utf-8")) + 2
    return '{"symbols": {\n' + ",\n".join(lines.values()) + "\n}}\n"


def load(folder, warn, moment):
    """The history file's entries, checked; {} when missing, refused or damaged."""
    path = os.path.join(folder, FILE)
    raw, problem = read_private(path, MAX_BYTES)
    if problem:
        warn(f"not using '{path}': {problem}")
        return {}
    if not raw:
        return {}
    try:
        data = load_json(raw.decode("utf-8"))
    except (Failure, UnicodeDecodeError):
        return {}  # a damaged file: start again
    return checked_history(data, moment)


def remember(folder, quotes, warn, wait):
    """Adds this run's quotes to the history in `folder` (None: none is kept) and
    gives each quote's history, {name_of(instrument): [Decimal]}, oldest first and
    ending with its price. The file is read, changed and written under the lock
    (waiting at most `wait` seconds for it), so two runs at once each add theirs."""
    moment = now()
    fresh = {}
    for quote in quotes:
        fresh.setdefault(name_of(quote.instrument), quote)
    if not fresh:
        return {}
    with locked(folder, LOCK, wait):
        entries = load(folder, warn, moment) if folder else {}
        changed = False
        for name, quote in fresh.items():
            when = quote.time if isinstance(quote.time, str) else None
            when = when if when and QUOTE_TIME.fullmatch(when) else None
            entry = entries.pop(name, None)
            if entry is None:
                entry = Entry(when, [(int(moment), quote.price)])
                changed = True
            else:
                changed = entry.add(quote.price, when, int(moment)) or changed
            entries[name] = entry  # last in the file: the most recently updated
        if folder and changed:
            try:
                write_private(folder, FILE, document(bounded(entries)).encode("utf-8"))
            except OSError as error:
                warn(f"could not save '{os.path.join(folder, FILE)}': {error.strerror or error}")
    return {name: [price for _, price in entries[name].points] for name in fresh}
