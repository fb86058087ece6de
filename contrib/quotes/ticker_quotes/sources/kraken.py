"""Kraken (crypto; no key).

GET api.kraken.com/0/public/Ticker?pair=XBTUSD,ETHUSD (Kraken says XBT for BTC and
XDG for DOGE): {"error": [], "result": {"XXBTZUSD": {"a": [ask...], "b": [bid...],
"c": ["67000.10000", "0.0001"] (last trade), "v", "p", "t", "l", "h", "o":
"66000.00000" (today's open, UTC)}}}; older pairs come back under their long names
(XXBTZUSD, XETHZUSD), newer ones as asked (SOLUSD). Errors are HTTP 200 with the
"error" array: ["EQuery:Unknown asset pair"] (which fails the whole batch),
["EGeneral:Too many requests"], ["EAPI:Rate limit exceeded"], ["EService:Unavailable"].

Failures: unknown (EQuery:Unknown asset pair), rate-limited (EGeneral:Too many
requests, EAPI:Rate limit exceeded), unavailable (EService:Unavailable), malformed.
Change: computed, the last trade against today's open ("o", UTC).
Headers: ticker-quotes' own User-Agent.
"""

from ..core import Failure, MALFORMED, MAX_REQUESTS, RATE_LIMITED, UNAVAILABLE, UNKNOWN
from ..http import examine, json_body
from ..numeric import number
from ..quote import Quote
from .base import Source, each
from ..symbols import CRYPTO_CLASS
from ..text import short


class Kraken(Source):
    name = "kraken"
    summary = "crypto, live"
    classes = (CRYPTO_CLASS,)
    hosts = {"api": "https://api.kraken.com"}
    batch = 20
    NAMES = {"BTC": "XBT", "DOGE": "XDG"}

    def code(self, i):
        return self.NAMES.get(i.base, i.base) + self.NAMES.get(i.quote, i.quote)

    def fetch(self, ask, instruments):
        try:
            return self.ask_pairs(ask, instruments)
        except Failure as failure:
            if failure.kind != UNKNOWN or len(instruments) == 1:
                raise
        # One unknown pair fails the whole batch: ask one by one.
        results = {}
        for i in instruments[:MAX_REQUESTS]:
            try:
                results.update(self.ask_pairs(ask, [i]))
            except Failure as failure:
                if failure.kind != UNKNOWN:
                    raise
                results[i.key] = failure
        return results

    def ask_pairs(self, ask, instruments):
        pairs = ",".join(self.code(i) for i in instruments)
        reply = ask.http.get(f"{self.base()}/0/public/Ticker?pair={pairs}")
        return self.parse(examine(self, reply), instruments)

    def parse(self, text, instruments):
        document = json_body(text)
        if not isinstance(document, dict) or not isinstance(document.get("error", []), list):
            raise Failure(MALFORMED, "not a Kraken answer")
        errors = [str(e) for e in document.get("error") or []]
        if errors:
            said = short("; ".join(errors), 80)
            if any("Unknown asset pair" in e for e in errors):
                raise Failure(UNKNOWN, said)
            if any("Too many requests" in e or "Rate limit" in e for e in errors):
                raise Failure(RATE_LIMITED, f"an error object in HTTP 200: {said}")
            if any(e.startswith("EService") for e in errors):
                raise Failure(UNAVAILABLE, said)
            raise Failure(MALFORMED, f"an error object in HTTP 200: {said}")
        result = document.get("result")
        if not isinstance(result, dict):
            raise Failure(MALFORMED, "no result")

        def read(i):
            b, q = self.NAMES.get(i.base, i.base), self.NAMES.get(i.quote, i.quote)
            for name in (b + q, f"X{b}Z{q}", f"X{b}X{q}", f"X{b}{q}", f"{b}Z{q}"):
                row = result.get(name)
                if isinstance(row, dict):
                    break
            else:
                if len(result) == 1 and len(instruments) == 1:
                    row = next(iter(result.values()))
                else:
                    raise Failure(UNKNOWN, "it is not in the answer")
            last = row.get("c") if isinstance(row, dict) else None
            if not isinstance(last, list) or not last:
                raise Failure(MALFORMED, "no last trade (c)")
            return Quote(
                i,
                self.name,
                number(last[0], "price"),
                previous=number(row.get("o"), "open"),
                currency=i.quote,
                market_state="regular",
            )

        return each(instruments, read)
