"""Alpha Vantage (stocks, currencies; key: TICKER_QUOTES_ALPHAVANTAGE_KEY).

GET www.alphavantage.co/query?function=GLOBAL_QUOTE&symbol=IBM&apikey=KEY (the key
can only go in the URL; it is masked in every message):
  {"Global Quote": {"01. symbol": "IWDA.AS", "02. open", "03. high", "04. low",
  "05. price": "51.7600", "06. volume", "07. latest trading day": "2019-08-30",
  "08. previous close": "51.4350", "09. change": "0.3250", "10. change percent":
  "0.6319%"}}; an unknown symbol: {"Global Quote": {}}. All with HTTP 200, the
  errors too: {"Note": "Thank you for using Alpha Vantage! Our standard API call
  frequency is 5 calls per minute and 500 calls per day. ..."} and {"Information":
  "... rate limit is 25 requests per day ..."} (rate-limited), {"Error Message":
  "the parameter apikey is invalid or missing. ..."} (needs a key).

Failures: rate-limited (Note, Information), needs a key (none set, Error
Message about the key), unknown (an empty Global Quote), malformed.
Change: given (09. change, 10. change percent).
Headers: ticker-quotes' own User-Agent; the key is in the URL (masked).
"""

import re
import urllib.parse
import urllib.request

from ..core import Failure, MALFORMED, NEEDS_KEY, RATE_LIMITED, UNKNOWN
from ..http import examine, json_body
from ..numeric import money, number
from ..quote import Quote
from .base import Source, each
from ..symbols import MARKETS, STOCK
from ..text import short


class AlphaVantage(Source):
    name = "alphavantage"
    summary = "stocks (key; 25 requests a day free)"
    classes = (STOCK,)
    key_env = "TICKER_QUOTES_ALPHAVANTAGE_KEY"
    hosts = {"api": "https://www.alphavantage.co"}

    def code(self, i):
        market = MARKETS.get(i.market)
        if market is None or market[4] is None:  # as written (SOLB.BR, ENI.MI)
            return f"{i.ticker('.')}.{i.user_suffix or i.market}"
        return i.ticker(".") + market[4]

    def fetch(self, ask, instruments):
        def one(i):
            query = urllib.parse.urlencode(
                {"function": "GLOBAL_QUOTE", "symbol": self.code(i), "apikey": ask.key}
            )
            result = self.parse(examine(self, ask.http.get(f"{self.base()}/query?{query}")), [i])[
                i.key
            ]
            if isinstance(result, Failure):
                raise result
            return result

        return self.one_by_one(instruments, one, 5)  # 25 a day free: at most 5 a run

    def parse(self, text, instruments):
        document = json_body(text)
        if not isinstance(document, dict):
            raise Failure(MALFORMED, "not an Alpha Vantage answer")
        for field in ("Note", "Information", "Error Message"):
            said = document.get(field)
            if isinstance(said, str):
                lower = said.lower()
                what = f"an error object in HTTP 200: {short(said, 80)}"
                if re.search(r"rate limit|call frequency|requests per (day|minute)|per day", lower):
                    raise Failure(RATE_LIMITED, what)
                if re.search(r"apikey|api key|premium", lower):
                    raise Failure(NEEDS_KEY, what)
                if field == "Error Message":
                    raise Failure(UNKNOWN, short(said, 80))
                raise Failure(RATE_LIMITED if field == "Note" else MALFORMED, what)
        quote = document.get("Global Quote")
        if not isinstance(quote, dict):
            raise Failure(MALFORMED, "no Global Quote")

        def read(i):
            if not quote:
                raise Failure(UNKNOWN, "an empty Global Quote")
            day = quote.get("07. latest trading day")
            return Quote(
                i,
                self.name,
                number(quote.get("05. price"), "price"),
                change=number(quote.get("09. change"), "change"),
                percent=money(quote.get("10. change percent"), "change in percent"),
                when=(
                    day if isinstance(day, str) and re.fullmatch(r"\d{4}-\d\d-\d\d", day) else None
                ),
            )

        return each(instruments, read)
