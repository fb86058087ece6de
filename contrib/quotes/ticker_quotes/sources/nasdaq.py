"""Nasdaq (US stocks and ETFs; no key).

GET api.nasdaq.com/api/quote/AAPL/info?assetclass=stocks (etf for ETFs: SPY with
assetclass=stocks is "Symbol not exists"); US listings only; one symbol a request.
It answers only browser-like requests (a browser's User-Agent, an Accept of
application/json, an Accept-Language, and an Origin/Referer of www.nasdaq.com, as
its own pages send and the clients that work send; without them it may not answer
at all, the request left hanging).
  {"data": {"symbol": "AAPL", "companyName": "Apple Inc. Common Stock",
  "primaryData": {"lastSalePrice": "$267.85", "netChange": "0.75" (or "-0.03";
  the sign may be missing and is then in deltaIndicator: "up"/"down"),
  "percentageChange": "0.28%", "deltaIndicator": "up", "lastTradeTimestamp":
  "DATA AS OF Nov 19, 2019 9:27 AM ET - PRE-MARKET"}, "secondaryData": the regular
  close during pre-market and after-hours (null otherwise), "marketStatus":
  "Pre Market" / "Market Open" / "After Hours" / "Market Closed"},
  "status": {"rCode": 200, ...}}
  Errors come as HTTP 200 with "data": null and "status": {"rCode": 400,
  "bCodeMessage": [{"code": 1001, "errorMessage": "Symbol not exists."}]}.

Failures: unknown (rCode 400, "Symbol not exists", also as an ETF), malformed
(not the JSON above, odd values); the request left hanging ends at the deadline
(unavailable).
Change: given (netChange, percentageChange; the sign from deltaIndicator).
Headers: a browser's User-Agent (browser = True) and HEADERS: Accept,
Accept-Language, Origin and Referer of www.nasdaq.com.
"""

import re
import urllib.parse
import urllib.request

from ..core import Failure, MALFORMED, MAX_REQUESTS, UNKNOWN
from ..http import examine, json_body
from ..numeric import money
from ..quote import Quote, local_time
from .base import Source, each
from ..symbols import STOCK
from ..text import short


class Nasdaq(Source):
    name = "nasdaq"
    summary = "Nasdaq.com's quotes: US stocks and ETFs"
    classes = (STOCK,)
    hosts = {"api": "https://api.nasdaq.com"}
    browser = True
    HEADERS = {
        "Accept": "application/json, text/plain, */*",
        "Accept-Language": "en-US,en;q=0.9",
        "Origin": "https://www.nasdaq.com",
        "Referer": "https://www.nasdaq.com/",
    }
    MONTHS = {
        m: n for n, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)
    }

    def code(self, i):
        return i.base if i.market == "US" and not i.share_class else None

    def fetch(self, ask, instruments):
        def one(i):
            for asset_class in ("stocks", "etf"):
                path = urllib.parse.quote(self.code(i), safe="")
                reply = ask.http.get(
                    f"{self.base()}/api/quote/{path}/info?assetclass={asset_class}",
                    headers=self.HEADERS,
                )
                try:
                    return self.read(i, json_body(examine(self, reply)))
                except Failure as failure:
                    if failure.kind != UNKNOWN or asset_class == "etf":
                        raise

        return self.one_by_one(instruments, one, MAX_REQUESTS // 2)

    def parse(self, text, instruments):
        document = json_body(text)
        return each(instruments, lambda i: self.read(i, document))

    def read(self, i, document):
        if not isinstance(document, dict):
            raise Failure(MALFORMED, "not a Nasdaq answer")
        status = document.get("status") if isinstance(document.get("status"), dict) else {}
        code = str(status.get("rCode", ""))
        data = document.get("data")
        if code != "200" or not isinstance(data, dict):
            messages = status.get("bCodeMessage") or []
            said = "; ".join(
                str(m.get("errorMessage", "")) for m in messages if isinstance(m, dict)
            )
            if "not exist" in said.lower() or (code == "400" and data is None):
                raise Failure(UNKNOWN, f"rCode {code}: {short(said or 'no data', 60)}")
            raise Failure(
                MALFORMED, f"an error object in HTTP 200 (rCode {code}: {short(said, 60)})"
            )
        if str(data.get("symbol", "")).upper() not in (i.base, ""):
            raise Failure(
                MALFORMED, f"an answer for another symbol ({short(data.get('symbol'), 20)})"
            )
        market = str(data.get("marketStatus") or "").lower()
        state = (
            "pre"
            if "pre" in market
            else (
                "post"
                if "after" in market or "post" in market
                else "regular" if "open" in market else "closed" if "closed" in market else None
            )
        )
        primary = data.get("primaryData")
        secondary = data.get("secondaryData")
        # The regular session's last price: secondaryData during pre-market and after hours,
        # when primaryData is the trade of that session (isRealTime).
        extended = None
        row = primary
        if state in ("pre", "post") and isinstance(secondary, dict):
            row = secondary
            try:
                extended = (state, *self.figures(primary), self.when(primary["lastTradeTimestamp"]))
            except (Failure, TypeError, KeyError):
                extended = None  # the regular quote stands without it
        if not isinstance(row, dict):
            raise Failure(MALFORMED, "no primaryData")
        price, change, percent = self.figures(row)
        return Quote(
            i,
            self.name,
            price,
            change=change,
            percent=percent,
            currency="USD",
            name=data.get("companyName"),
            when=self.when(row.get("lastTradeTimestamp")),
            market_state=state,
            extended=extended,
        )

    @staticmethod
    def figures(row):
        """The price, change and percent of primaryData or secondaryData: "$1,474.96",
        a netChange whose sign may be missing (then it is in deltaIndicator), "0.28%"."""
        price = money(row.get("lastSalePrice"), "price")
        change = money(row.get("netChange"), "change")
        percent = money(row.get("percentageChange"), "change in percent")
        delta = str(row.get("deltaIndicator") or "").lower()
        if (
            change is not None
            and delta in ("up", "down")
            and not re.match(r"\s*[+-]", str(row.get("netChange")))
        ):
            change = -abs(change) if delta == "down" else abs(change)
            if percent is not None:
                percent = -abs(percent) if delta == "down" else abs(percent)
        return price, change, percent

    def when(self, text):
        if not isinstance(text, str) or len(text) > 200:
            return None
        day = re.search(r"\b([A-Z][a-z]{2}) (\d{1,2}), (\d{4})\b", text)
        clock = re.search(r"\b(\d{1,2}):(\d{2}) ([AP]M) ET\b", text)
        if not day or day.group(1) not in self.MONTHS:
            return None
        date = f"{day.group(3)}-{self.MONTHS[day.group(1)]:02d}-{int(day.group(2)):02d}"
        if not clock:
            return date
        hour = int(clock.group(1)) % 12 + (12 if clock.group(3) == "PM" else 0)
        return local_time(date, f"{hour:02d}:{clock.group(2)}", "America/New_York")
