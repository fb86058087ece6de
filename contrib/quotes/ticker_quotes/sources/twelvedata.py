"""Twelve Data (stocks, currencies, crypto; key: TICKER_QUOTES_TWELVEDATA_KEY).

GET api.twelvedata.com/quote?symbol=AAPL,EUR/USD, the key in the header
"Authorization: apikey KEY": {"symbol": "AAPL", "name": "Apple Inc", "currency":
"USD", "datetime": "2021-09-16", "timestamp": 1631772000, "close": "148.85001",
"previous_close": "149.03000", "change": "-0.17999", "percent_change": "-0.12077",
"is_market_open": false, ...}; several symbols: {"AAPL": {...}, "EUR/USD": {...}},
each possibly an error. Errors often come with HTTP 200: {"code": 401, "message":
"**apikey** parameter is incorrect or not specified. ...", "status": "error"},
{"code": 429, "message": "You have run out of API credits for the current minute.
..."}, {"code": 400 or 404, "message": "**symbol** not found: ..."}.

Failures: needs a key (none set, code 401), rate-limited (code 429), unknown
(code 400 or 404), malformed.
Change: given (change, percent_change).
Headers: ticker-quotes' own User-Agent and Authorization: apikey KEY.
"""

import urllib.parse
import urllib.request

from ..core import Failure, MALFORMED, NEEDS_KEY, RATE_LIMITED, UNKNOWN
from ..http import examine, json_body
from ..numeric import load_json, number
from ..quote import Quote, utc_time
from .base import Source, each
from ..symbols import CRYPTO_CLASS, FX, STOCK
from ..text import short


class TwelveData(Source):
    name = "twelvedata"
    summary = "US stocks, currencies, crypto (key)"
    classes = (STOCK, FX, CRYPTO_CLASS)
    key_env = "TICKER_QUOTES_TWELVEDATA_KEY"
    hosts = {"api": "https://api.twelvedata.com"}
    batch = 8  # one credit a symbol, 8 a minute free

    def code(self, i):
        if i.kind in (FX, CRYPTO_CLASS):
            return f"{i.base}/{i.quote}"
        return i.ticker(".") if i.market == "US" else None

    def fetch(self, ask, instruments):
        query = urllib.parse.urlencode(
            {"symbol": ",".join(self.code(i) for i in instruments)}, safe=",/"
        )
        reply = ask.http.get(
            f"{self.base()}/quote?{query}", headers={"Authorization": f"apikey {ask.key}"}
        )
        return self.parse(
            examine(self, reply, message=lambda t: load_json(t).get("message")), instruments
        )

    @staticmethod
    def error(document):
        code = str(document.get("code", ""))
        said = short(document.get("message", ""), 80)
        if code in ("401", "403"):
            return Failure(NEEDS_KEY, f"code {code}: {said}")
        if code == "429":
            return Failure(RATE_LIMITED, f"code 429: {said}")
        if code in ("400", "404"):
            return Failure(UNKNOWN, said)
        return Failure(MALFORMED, f"an error object (code {code}: {said})")

    def parse(self, text, instruments):
        document = json_body(text)
        if not isinstance(document, dict):
            raise Failure(MALFORMED, "not a Twelve Data answer")
        if document.get("status") == "error":
            failure = self.error(document)
            if failure.kind != UNKNOWN:
                raise failure
            return {i.key: failure for i in instruments}
        single = "close" in document or document.get("status") == "error"

        def read(i):
            row = document if single else document.get(self.code(i))
            if not isinstance(row, dict):
                raise Failure(UNKNOWN, "it is not in the answer")
            if row.get("status") == "error":
                raise self.error(row)
            state = {True: "regular", False: "closed"}.get(row.get("is_market_open"))
            return Quote(
                i,
                self.name,
                number(row.get("close"), "price"),
                previous=number(row.get("previous_close"), "previous close"),
                change=number(row.get("change"), "change"),
                percent=number(row.get("percent_change"), "change in percent"),
                currency=row.get("currency"),
                name=row.get("name"),
                when=utc_time(row.get("timestamp")),
                market_state=state,
            )

        return each(instruments, read)
