"""Coinbase (crypto; no key).

Exchange API, no key: GET api.exchange.coinbase.com/products/BTC-USD/ticker
  {"ask": "...", "bid": "...", "volume": "...", "trade_id": 86326522, "price":
  "67000.12", "size": "...", "time": "2025-06-13T22:59:58.123456Z"}
and /products/BTC-USD/stats {"open": "...", "high", "low", "last", "volume"}: the
change is against the price 24 hours ago. Unknown product: 404 {"message":
"NotFound"}. Then the app's price API, GET api.coinbase.com/v2/prices/BTC-USD/spot:
{"data": {"amount": "67000.12", "base": "BTC", "currency": "USD"}} (no change);
unknown: 404 {"errors": [{"id": "not_found", "message": "..."}]}.

Failures: unknown (404 from both APIs), malformed (not the JSON above).
Change: computed, the price against the open of /stats (24 hours ago); none from
the app's spot price.
Headers: ticker-quotes' own User-Agent.
"""

import re
import urllib.parse
import urllib.request

from ..core import Failure, MALFORMED, MAX_REQUESTS, UNKNOWN
from ..http import examine, json_body
from ..numeric import number
from ..quote import Quote
from .base import Source, each
from ..symbols import CRYPTO_CLASS
from ..text import short


class Coinbase(Source):
    name = "coinbase"
    summary = "crypto, live"
    classes = (CRYPTO_CLASS,)
    hosts = {"api": "https://api.exchange.coinbase.com", "app": "https://api.coinbase.com"}

    def code(self, i):
        return f"{i.base}-{i.quote}"

    def fetch(self, ask, instruments):
        def one(i):
            product = urllib.parse.quote(self.code(i), safe="-")
            try:
                reply = ask.http.get(f"{self.base()}/products/{product}/ticker")
                ticker = json_body(
                    examine(self, reply, not_found=Failure(UNKNOWN, "no such product"))
                )
                reply = ask.http.get(f"{self.base()}/products/{product}/stats")
                stats = json_body(
                    examine(self, reply, not_found=Failure(UNKNOWN, "no such product"))
                )
                return self.read(i, ticker, stats)
            except Failure as failure:
                if failure.kind != UNKNOWN:
                    raise
            # Not on the exchange (BTC-CHF, say): the app's spot price, without a change.
            reply = ask.http.get(f"{self.base('app')}/v2/prices/{product}/spot")
            return self.read(
                i,
                json_body(examine(self, reply, not_found=Failure(UNKNOWN, "it does not know it"))),
            )

        return self.one_by_one(instruments, one, MAX_REQUESTS // 2)

    def parse(self, text, instruments):
        document = json_body(text)
        if isinstance(document, dict) and "open" in document and "last" in document:
            return each(instruments, lambda i: self.read(i, {"price": document["last"]}, document))
        return each(instruments, lambda i: self.read(i, document))

    def read(self, i, document, stats=None):
        if not isinstance(document, dict):
            raise Failure(MALFORMED, "not a Coinbase answer")
        if isinstance(document.get("errors"), list):
            raise Failure(
                UNKNOWN, short(str(document["errors"][0]), 60) if document["errors"] else ""
            )
        data = document.get("data")
        if isinstance(data, dict):  # v2 spot
            if (data.get("base"), data.get("currency")) != (i.base, i.quote):
                raise Failure(MALFORMED, "an answer for another pair")
            return Quote(
                i,
                self.name,
                number(data.get("amount"), "price"),
                currency=i.quote,
                market_state="regular",
            )
        previous = number(stats.get("open"), "24-hour open") if isinstance(stats, dict) else None
        when = document.get("time")
        when = (
            when[:19] + "Z"
            if isinstance(when, str) and re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", when)
            else None
        )
        return Quote(
            i,
            self.name,
            number(document.get("price"), "price"),
            previous=previous,
            currency=i.quote,
            when=when,
            market_state="regular",
        )
