"""Frankfurter, the ECB's rates as JSON (currencies; no key).

The ECB's rates again, as JSON, from its current host: GET
api.frankfurter.dev/v1/2025-05-30..?base=EUR (a time series from that day on):
{"amount": 1.0, "base": "EUR", "start_date": ..., "end_date": ..., "rates":
{"2025-06-12": {"USD": 1.1576, ...}, "2025-06-13": {...}}}. /v1/latest gives one day
({"date": ..., "rates": {...}}). The old hosts (frankfurter.app, api.frankfurter.app)
redirect or answer 404; unknown currencies: 404 {"message": "not found"}.

Change: computed, against the working day before (rates.currency_quotes).
Failures: unknown (404 not found), unavailable, malformed.
Headers: ticker-quotes' own User-Agent.
"""

import datetime

from ..core import Failure, MALFORMED
from ..http import examine, json_body, now
from ..numeric import load_json
from .base import Source
from .rates import currency_quotes, rate_table
from ..symbols import FX


class Frankfurter(Source):
    name = "frankfurter"
    summary = "the ECB's rates through Frankfurter, daily"
    classes = (FX,)
    hosts = {"api": "https://api.frankfurter.dev"}
    batch = 1000

    def code(self, i):
        return f"{i.base}/{i.quote}"

    def fetch(self, ask, instruments):
        start = datetime.datetime.fromtimestamp(now() - 10 * 86400, datetime.timezone.utc).date()
        reply = ask.http.get(f"{self.base()}/v1/{start.isoformat()}..?base=EUR")
        return self.parse(
            examine(self, reply, message=lambda t: load_json(t).get("message")), instruments
        )

    def parse(self, text, instruments):
        document = json_body(text)
        if not isinstance(document, dict) or not isinstance(document.get("rates"), dict):
            raise Failure(MALFORMED, "no rates in the answer")
        if document.get("base") not in ("EUR", None):
            raise Failure(MALFORMED, "rates against another base than EUR")
        rates = document["rates"]
        if "date" in document:  # /latest: one day
            days = {str(document["date"]): rate_table(rates.items())}
        else:
            days = {
                str(d): rate_table(r.items())
                for d, r in list(rates.items())[:400]
                if isinstance(r, dict)
            }
        return currency_quotes(self.name, days, instruments)
