"""Finnhub (stocks; key: TICKER_QUOTES_FINNHUB_KEY).

GET finnhub.io/api/v1/quote?symbol=AAPL, the key in the X-Finnhub-Token header (so
it is never in a URL): {"c": 261.74 (current), "d": 0.47, "dp": 0.1799, "h", "l",
"o", "pc": 261.27 (previous close), "t": 1727380800}; an unknown symbol gives zeros
({"c": 0, "d": null, "dp": null, ... "pc": 0, "t": 0}). 401 {"error": "Invalid API
key."}; 403 {"error": "You don't have access to this resource."} (a plan without that
market); 429 {"error": "API limit reached. Please try again later. ..."}.

Failures: needs a key (none set, 401, 403), unknown (the zeros), rate-limited
(429), malformed.
Change: given (d, dp), else computed from pc.
Headers: ticker-quotes' own User-Agent and X-Finnhub-Token (the key).
"""

import urllib.parse
import urllib.request

from ..core import Failure, MALFORMED, NEEDS_KEY, UNKNOWN
from ..http import examine, json_body
from ..numeric import load_json, number
from ..quote import Quote, utc_time
from .base import Source, each
from ..symbols import MARKETS, STOCK
from ..text import short


class Finnhub(Source):
    name = "finnhub"
    summary = "stocks (key)"
    classes = (STOCK,)
    key_env = "TICKER_QUOTES_FINNHUB_KEY"
    hosts = {"api": "https://finnhub.io"}

    def code(self, i):
        market = MARKETS.get(i.market)
        if market is None or market[3] is None:
            return None
        return i.ticker(".") + market[3]

    @staticmethod
    def error_of(text):
        document = load_json(text)
        return document.get("error") if isinstance(document, dict) else None

    def fetch(self, ask, instruments):
        def one(i):
            symbol = urllib.parse.quote(self.code(i), safe=".")
            reply = ask.http.get(
                f"{self.base()}/api/v1/quote?symbol={symbol}", headers={"X-Finnhub-Token": ask.key}
            )
            try:
                text = examine(self, reply, message=self.error_of)
            except Failure as failure:
                failure.symbol_only = reply.status == 403  # a plan without that market
                raise
            return self.parse(text, [i])[i.key]

        return self.one_by_one(instruments, one)

    def parse(self, text, instruments):
        document = json_body(text)
        if not isinstance(document, dict):
            raise Failure(MALFORMED, "not a Finnhub answer")
        if "error" in document:
            raise Failure(NEEDS_KEY, f"an error object: {short(document['error'], 60)}")

        def read(i):
            price = number(document.get("c"), "price")
            if not price:
                raise Failure(UNKNOWN, "it gave zeros for it")
            change = number(document.get("d"), "change")
            previous = number(document.get("pc"), "previous close")
            return Quote(
                i,
                self.name,
                price,
                previous=previous if change is None else None,
                change=change,
                percent=number(document.get("dp"), "change in percent"),
                when=utc_time(document.get("t")),
            )

        return each(instruments, read)
