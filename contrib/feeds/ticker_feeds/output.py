"""Output: JSON Lines (json_line, headline), messages on standard error (warn, report),
the --check table, and write().
"""

import json
import os
import re
import sys

from ticker_fetch.text import clean, plain
from .core import ADVICE, LABEL_MAX, TEXT_MAX, TOOLTIP_MAX
from .text import iso


# Output


def json_line(value):
    """One line of JSON: every control character, DEL, the C1 controls and the
    line and paragraph separators escaped (json escapes only U+0000-U+001F)."""
    text = json.dumps(value, ensure_ascii=False)
    return re.sub(
        "[\x7f-\x9f\u2028\u2029]", lambda m: "\\u%04x" % ord(m.group(0)), text
    )


def headline(entry, name, label):
    text = entry.title
    if label and name:
        text = f"{clean(name, LABEL_MAX)}: {text}"
    value = {"text": clean(text, TEXT_MAX)}
    if entry.url:
        value["url"] = entry.url
    if entry.time:
        value["time"] = iso(entry.time)
    tooltip = clean(name or "", LABEL_MAX * 2)
    if entry.summary and entry.summary != entry.title:
        tooltip = f"{tooltip} — {entry.summary}" if tooltip else entry.summary
    if tooltip:
        value["tooltip"] = clean(tooltip, TOOLTIP_MAX)
    return value


def warn(message):
    """A message on standard error, as plain text whatever a feed or server put in it."""
    sys.stderr.write(f"ticker-feeds: {plain(message)}\n")


def report(result, verbose):
    name = result.name()
    for warning in result.warnings:
        warn(f"{name}: {warning}")
    if result.failure is not None:
        failure = result.failure
        detail = ""
        if verbose:
            parts = []
            if result.source.is_url:
                parts.append(f"URL {result.source.location}")
            if failure.status:
                parts.append(f"HTTP {failure.status}")
            if parts:
                detail = " [" + ", ".join(parts) + "]"
        warn(f"{name}: {failure.kind}: {failure.reason}; {ADVICE[failure.kind]}{detail}")
    elif verbose:
        count = len(result.entries)
        how = f"{count} headline" + ("" if count == 1 else "s")
        if result.remembered:
            how = f"not modified: the {how} remembered"
        where = f"URL {result.source.location}, " if result.source.is_url else ""
        status = f"HTTP {result.status}, " if result.status else ""
        warn(f"{name}: {how} [{where}{status}{result.seconds:.2f} s]")


def check_table(results):
    rows = [("FEED", "RESULT", "ITEMS", "TIME")]
    for result in results:
        kind = result.failure.kind if result.failure else ("works (not modified)" if result.remembered else "works")
        rows.append((clean(result.name(), 40), kind, str(len(result.entries)), f"{result.seconds:.2f}s"))
    width = [max(len(row[column]) for row in rows) for column in range(3)]
    lines = []
    for row in rows:
        lines.append(
            f"{row[0]:<{width[0]}}  {row[1]:<{width[1]}}  {row[2]:>{width[2]}}  {row[3]}".rstrip()
        )
    return "\n".join(lines) + "\n"


def write(text):
    try:
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        try:
            sys.stdout = None
        finally:
            os._exit(0)
