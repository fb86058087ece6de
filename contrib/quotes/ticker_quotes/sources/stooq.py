"""Stooq (stocks, indices, currencies; no key).

GET stooq.com/q/l/?s=aapl.us+msft.us&f=sd2t2ohlcp&h&e=csv: a CSV with a header and a
line a symbol: symbol, date (YYYY-MM-DD), time (HH:MM:SS, Warsaw time), open, high,
low, close (the last price), previous close; N/D for what it does not have (an
unknown symbol: N/D everywhere). Since mid-2026 it answers programs (even with a
browser's User-Agent) with HTTP 200 and an HTML page that asks the browser to solve
a proof-of-work puzzle ("This site requires JavaScript to verify your browser",
crypto.subtle.digest, then POST /__verify): blocked. ticker-quotes does not solve it.

Failures: blocked (the proof-of-work page), unknown (N/D), malformed (not the
CSV above).
Change: computed, the close against the previous close.
Headers: ticker-quotes' own User-Agent.
"""

import csv
import urllib.parse
import urllib.request

from ..core import BLOCKED, Failure, MALFORMED, MAX_LINE, MAX_SYMBOL, UNKNOWN
from ..http import challenge, examine, looks_like_html
from ..numeric import number
from ..quote import Quote, local_time
from .base import Source, each
from ..symbols import CRYPTO_CLASS, FX, INDEX, MARKETS, STOCK, STOOQ_INDEX
from ..text import short


class Stooq(Source):
    name = "stooq"
    summary = "Stooq's CSV quotes: stocks, indices, currencies"
    classes = (STOCK, INDEX, FX, CRYPTO_CLASS)
    hosts = {"api": "https://stooq.com"}
    batch = 50
    FIELDS = "sd2t2ohlcp"

    def code(self, i):
        if i.kind in (FX, CRYPTO_CLASS):
            return (i.base + i.quote).lower()
        if i.kind == INDEX:
            return STOOQ_INDEX.get(i.base, i.asked.strip()).lower()
        market = MARKETS.get(i.market)
        if market is None or market[2] is None:
            return None
        return f"{i.ticker('-')}.{market[2]}".lower()

    def fetch(self, ask, instruments):
        query = "+".join(urllib.parse.quote(self.code(i), safe="^.-") for i in instruments)
        reply = ask.http.get(f"{self.base()}/q/l/?s={query}&f={self.FIELDS}&h&e=csv")
        return self.parse(examine(self, reply), instruments)

    def parse(self, text, instruments):
        page = challenge(text)
        if page:
            raise Failure(BLOCKED, f"it answered {page} instead of quotes")
        if looks_like_html(text):
            raise Failure(MALFORMED, "it answered an HTML page, not CSV")
        rows, long_lines = {}, set()
        for line in text.splitlines():
            if line.startswith("#") or not line.strip():
                continue
            if len(line) > MAX_LINE:
                long_lines.add(line[: MAX_SYMBOL + 1].split(",")[0].strip().lower())
                continue
            for row in csv.reader([line]):
                if len(row) >= 8 and row[0].strip().lower() != "symbol":
                    rows.setdefault(row[0].strip().lower(), row)
        if not rows and not long_lines:
            raise Failure(MALFORMED, f"not Stooq's CSV ({short(text or 'empty', 40)})")

        def read(i):
            code = self.code(i)
            if code in long_lines:
                raise Failure(MALFORMED, f"a line longer than {MAX_LINE} characters")
            row = rows.get(code)
            if row is None:
                raise Failure(UNKNOWN, "it is not in the answer")
            price = number(row[6], "price")
            if price is None:
                raise Failure(UNKNOWN, "no price for it, N/D")
            when = local_time(row[1].strip(), row[2].strip(), "Europe/Warsaw")
            return Quote(i, self.name, price, previous=number(row[7], "previous close"), when=when)

        return each(instruments, read)
