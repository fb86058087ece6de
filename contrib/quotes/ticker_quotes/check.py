"""--check: asks every source for a symbol of each class it covers and prints a table
of what works, what fails and why.
"""

import threading
import time

from .core import BACKOFF, Failure, MALFORMED, NEEDS_KEY, UNAVAILABLE
from .http import Http, redact
from .quote import Quote
from .sources import CHECK_SYMBOLS, SOURCES
from .sources.base import Ask
from .state import read_key
from .symbols import CLASS_NAMES, CRYPTO_CLASS, FX, STOCK, parse_symbol
from .text import short


# --check


def check(symbols, timeout, state, log, out):
    """Asks every source once, at the same time; a table; whether each class works."""
    deadline = time.monotonic() + timeout
    rows = {}

    def probe(source):
        started = time.monotonic()
        if symbols:
            instruments = [i for i in symbols if source.covers(i)]
            if not instruments:
                rows[source.name] = (None, "", 0, "does not cover these symbols")
                return
        else:
            instruments = [
                parse_symbol(CHECK_SYMBOLS[c])
                for c in (STOCK, FX, CRYPTO_CLASS)
                if c in source.classes
            ][:1]
        key = None
        try:
            if source.key_env:
                key = read_key(source)
                if key is None:
                    raise Failure(NEEDS_KEY, f"no key (${source.key_env})")
            http = Http(source, deadline, log)
            ask = Ask(source, http, key, state, checking=True)
            results = source.fetch(ask, instruments[: max(source.batch, 1)][:3])
            quotes = [r for r in results.values() if isinstance(r, Quote)]
            failures = [r for r in results.values() if isinstance(r, Failure)]
            if quotes:
                state.worked(source.name)
                detail = ", ".join(q.line(False) for q in quotes[:2])
                rows[source.name] = ("works", instruments, time.monotonic() - started, detail)
            else:
                raise failures[0] if failures else Failure(MALFORMED, "no quote")
        except Failure as failure:
            if failure.kind in BACKOFF and not (failure.kind == NEEDS_KEY and key is None):
                state.failed(source.name, failure)
            rows[source.name] = (
                failure.kind,
                instruments,
                time.monotonic() - started,
                redact(failure.detail),
            )
        except Exception as error:  # a bug must not hide the other sources
            rows[source.name] = (
                MALFORMED,
                instruments,
                time.monotonic() - started,
                f"{type(error).__name__}: {short(error, 60)}",
            )

    threads = [threading.Thread(target=probe, args=(s,), daemon=True) for s in SOURCES.values()]
    for thread in threads:
        thread.start()
    for thread in threads:  # all of them within the deadline (and half a second to report)
        thread.join(max(deadline + 0.5 - time.monotonic(), 0))
    classes = (
        {CLASS_NAMES[i.kind] for i in symbols} if symbols else {"stocks", "currencies", "crypto"}
    )
    working = set()
    out(f"{'SOURCE':<13}{'CLASS':<28}{'RESULT':<16}{'TIME':>6}  DETAIL")
    for name, source in SOURCES.items():
        kind, instruments, took, detail = rows.get(
            name, (UNAVAILABLE, [], timeout, "no answer within --timeout")
        )
        covered = sorted(
            {CLASS_NAMES[c] for c in source.classes}, key=["stocks", "currencies", "crypto"].index
        )
        if kind is None:
            continue
        if kind == "works":  # it would serve every class it covers
            working.update(CLASS_NAMES[c] for c in source.classes)
        out(f"{name:<13}{', '.join(covered):<28}{kind:<16}{took:>5.2f}s  {short(detail, 90)}")
    missing = sorted(classes - working)
    if missing:
        out(f"no working source for: {', '.join(missing)}")
    return 0 if not missing else 1
