"""Yahoo Finance (stocks, indices, currencies, crypto; no key).

v7 quote API: GET query1.finance.yahoo.com/v7/finance/quote?symbols=A,B&crumb=C
  {"quoteResponse": {"result": [{"symbol", "regularMarketPrice",
  "regularMarketPreviousClose", "regularMarketChange", "regularMarketTime" (epoch),
  "marketState" (PREPRE, PRE, REGULAR, POST, POSTPOST, CLOSED), "currency" (GBp for
  pence), "priceHint" (the digits meant; the numbers are doubles, 1.0863000154495239),
  "shortName", "longName"}], "error": null}}; an unknown symbol is left out.
  Since 2023 it needs a cookie (from fc.yahoo.com, which answers 404 and sets A3)
  and a crumb (GET /v1/test/getcrumb with the cookie: the crumb as text); without
  them it answers 401 {"finance": {"error": {"code": "Unauthorized", "description":
  "Invalid Crumb"}}}. In the EU fc.yahoo.com redirects to guce.yahoo.com/consent and
  then consent.yahoo.com/v2/collectConsent: a consent page (blocked; ticker-quotes
  does not agree to anything for the user).
  Since February 2025 its edge answers HTTP 429 with the text "Edge: Too Many
  Requests" (on fc.yahoo.com, which then sets no cookie, on getcrumb, which then
  gives that text for a crumb, and on both APIs) to a User-Agent that is not a
  browser's, to addresses it distrusts (data centres' more often) and to too many
  requests: rate-limited wherever it comes, one wait for the whole source.
v8 chart API, no cookie or crumb: GET /v8/finance/chart/AAPL?range=1d&interval=1d
  {"chart": {"result": [{"meta": {"symbol", "currency", "regularMarketPrice",
  "chartPreviousClose" / "previousClose", "regularMarketTime", "priceHint",
  "currentTradingPeriod": {"pre"|"regular"|"post": {"start", "end"}}, "longName"}}],
  "error": null}}; an unknown symbol: 404 {"chart": {"result": null, "error":
  {"code": "Not Found", "description": "No data found, symbol may be delisted"}}}.

Failures: blocked (the consent page, a challenge page), rate-limited (HTTP 429 or
the edge's text, at any step: one wait for the whole source), unknown (left out of
the v7 answer; 404 from the chart), malformed (not the JSON above, odd values).
Change: given (regularMarketChange), else computed from the previous close.
Headers: a current Chrome's User-Agent (browser = True: it answers others with
HTTP 429), the cookie and crumb of its session (kept in the state file).
"""

import urllib.parse
import urllib.request

from ..core import BLOCKED, Failure, MALFORMED, RATE_LIMITED, UNKNOWN
from ..http import EDGE, SECRETS, challenge, crumb_fits, examine, json_body, now
from ..numeric import load_json, number, places, quantize
from ..quote import Quote, utc_time
from .base import Source, each
from ..symbols import CRYPTO_CLASS, FX, INDEX, MARKETS, STOCK
from ..text import short


class Yahoo(Source):
    name = "yahoo"
    summary = "stocks, ETFs, indices, currencies, crypto"
    classes = (STOCK, INDEX, FX, CRYPTO_CLASS)
    hosts = {"api": "https://query1.finance.yahoo.com", "cookie": "https://fc.yahoo.com"}
    batch = 100
    browser = True
    SESSION_HOURS = 12
    STATES = {
        "PRE": "pre",
        "REGULAR": "regular",
        "POST": "post",
        "PREPRE": "closed",
        "POSTPOST": "closed",
        "CLOSED": "closed",
    }

    def code(self, i):
        if i.kind == FX:
            return f"{i.base}{i.quote}=X"
        if i.kind == CRYPTO_CLASS:
            return f"{i.base}-{i.quote}"
        if i.kind == INDEX:
            return i.base
        market = MARKETS.get(i.market)
        suffix = market[1] if market else "." + i.market
        return i.ticker("-") + suffix

    def fetch(self, ask, instruments):
        v7_down = not ask.checking and ask.state.backoff("yahoo.v7")
        if not v7_down:
            try:
                results = self.quote_v7(ask, instruments)
                ask.state.worked("yahoo.v7")
                return results
            except Failure as failure:
                if failure.kind == RATE_LIMITED:
                    raise  # Yahoo's edge refuses the chart API alike: one refusal, one wait
                first = failure
                if failure.kind != UNKNOWN:
                    ask.state.failed("yahoo.v7", failure)
                ask.http.log(
                    f"yahoo: v7 quote API: {failure.kind}: {failure.detail}; asking the v8 chart API"
                )
        else:
            first = Failure(v7_down["kind"], v7_down.get("detail", ""))
        try:
            return self.chart(ask, instruments)
        except Failure as failure:
            failure.detail = (
                f"{failure.detail} (and the v7 quote API: {first.kind}, {first.detail})"
            )
            raise

    def session(self, ask, fresh=False):
        saved = ask.state.session("yahoo")  # checked when read: cookies, crumb, time
        if saved and not fresh and now() - saved["time"] < self.SESSION_HOURS * 3600:
            SECRETS.append(saved["crumb"])
            return dict(saved["cookies"]), saved["crumb"], True
        reply = ask.http.get(self.base("cookie") + "/")
        page = challenge(reply.text())
        if page:
            raise Failure(BLOCKED, f"fc.yahoo.com answered {page}", reply.status)
        if reply.status == 429 or EDGE.match(reply.text()[:256]):
            self.step("fc.yahoo.com", reply)  # rate-limited, not "no cookie"
        if not reply.cookies:
            raise Failure(
                BLOCKED, f"fc.yahoo.com set no cookie (HTTP {reply.status})", reply.status
            )
        crumb_reply = ask.http.get(self.base() + "/v1/test/getcrumb", cookies=reply.cookies)
        text = self.step("getcrumb", crumb_reply, message=lambda t: t)
        crumb = text.strip()
        if not crumb_fits(crumb):
            raise Failure(BLOCKED, f"getcrumb gave no crumb ({short(crumb or 'nothing', 30)})")
        SECRETS.append(crumb)
        ask.state.keep_session(
            "yahoo", {"cookies": crumb_reply.cookies, "crumb": crumb, "time": now()}
        )
        return crumb_reply.cookies, crumb, False

    def step(self, where, reply, **options):
        """examine() for a step of the session, its failure saying which step."""
        try:
            return examine(self, reply, **options)
        except Failure as failure:
            failure.detail = f"{where}: {failure.detail}"
            raise

    def quote_v7(self, ask, instruments):
        cookies, crumb, saved = self.session(ask)
        for attempt in (1, 2):
            codes = ",".join(self.code(i) for i in instruments)
            query = urllib.parse.urlencode({"symbols": codes, "crumb": crumb}, safe=",^=")
            reply = ask.http.get(f"{self.base()}/v7/finance/quote?{query}", cookies=cookies)
            if reply.status == 401 and "crumb" in reply.text().lower() and saved and attempt == 1:
                ask.state.keep_session("yahoo", None)
                cookies, crumb, saved = self.session(ask, fresh=True)
                continue
            if reply.status in (401, 403):
                said = self.error_of(reply.text())
                raise Failure(
                    BLOCKED, f"HTTP {reply.status}: {short(said or 'refused', 80)}", reply.status
                )
            try:
                text = examine(self, reply, message=self.error_of)
            except Failure as failure:
                if failure.kind == RATE_LIMITED:
                    failure.detail = f"the quote API: {failure.detail}"
                raise
            return self.parse_v7(text, instruments)
        raise Failure(BLOCKED, "it refused a fresh crumb")

    @staticmethod
    def error_of(text):
        document = load_json(text)
        for top in ("finance", "chart", "quoteResponse"):
            error = (document.get(top) or {}).get("error") if isinstance(document, dict) else None
            if isinstance(error, dict):
                return str(error.get("description") or error.get("code") or "")
        return None

    def parse(self, text, instruments):
        document = json_body(text)
        if isinstance(document, dict) and "chart" in document:
            return each(instruments, lambda i: self.chart_quote(i, document))
        return self.parse_v7(text, instruments, document)

    def parse_v7(self, text, instruments, document=None):
        document = json_body(text) if document is None else document
        response = document.get("quoteResponse") if isinstance(document, dict) else None
        rows = response.get("result") if isinstance(response, dict) else None
        if not isinstance(rows, list):
            said = self.error_of(text) if isinstance(document, dict) else None
            raise Failure(
                MALFORMED, f"no quoteResponse.result{': ' + short(said, 60) if said else ''}"
            )
        by_symbol = {}
        for row in rows:
            if isinstance(row, dict) and isinstance(row.get("symbol"), str):
                by_symbol.setdefault(row["symbol"].upper(), row)

        def read(i):
            row = by_symbol.get(self.code(i).upper())
            if row is None:
                raise Failure(UNKNOWN, "it does not know it")
            return self.make(
                i,
                row,
                row.get("regularMarketPrice"),
                row.get("regularMarketPreviousClose"),
                self.STATES.get(str(row.get("marketState", "")).upper()),
                row.get("regularMarketTime"),
                self.extended(row),
            )

        return each(instruments, read)

    @staticmethod
    def extended(row):
        """The v7 row's trade before or after the regular session (preMarketPrice,
        preMarketChange, preMarketChangePercent, preMarketTime; postMarket* alike), the
        later of the two that came after the regular session's last trade: as a tuple of
        texts, or None (during the regular session, or when there is none)."""
        if str(row.get("marketState", "")).upper() == "REGULAR":
            return None
        try:
            regular = number(row.get("regularMarketTime"), "time")
        except Failure:
            regular = None
        found = None
        for session, prefix in (("pre", "preMarket"), ("post", "postMarket")):
            try:
                moment = number(row.get(prefix + "Time"), "time")
            except Failure:
                continue
            if row.get(prefix + "Price") is None or (regular and moment and moment <= regular):
                continue
            if found is None or (moment or 0) >= (found[0] or 0):
                found = (
                    moment,
                    session,
                    row.get(prefix + "Price"),
                    row.get(prefix + "Change"),
                    row.get(prefix + "ChangePercent"),
                    row.get(prefix + "Time"),
                )
        return found[1:] if found else None

    def make(self, i, row, price, previous, state, when, extended=None):
        price = number(price, "price")
        previous = number(previous, "previous close")
        # Its own change where it gives one (v7): for crypto a change over 24 hours, while
        # its previous close is UTC midnight's. The chart API gives none: computed.
        change = number(row.get("regularMarketChange"), "change")
        percent = number(row.get("regularMarketChangePercent"), "change in percent")
        hint = number(row.get("priceHint"), "price hint")
        digits = None
        if hint is not None and 0 <= hint <= 8:
            digits = int(hint)  # of the price as given (in pence for GBp)
            price, previous, change = (
                quantize(v, digits) if v is not None and places(v) > digits else v
                for v in (price, previous, change)
            )
        if extended is not None:
            session, *figures, moment = extended
            try:
                figures = [number(v, "extended-hours figure") for v in figures]
            except Failure:
                figures = [None, None, None]  # the regular quote stands without it
            if digits is not None:
                figures[:2] = (
                    quantize(v, digits) if v is not None and places(v) > digits else v
                    for v in figures[:2]
                )
            extended = (session, *figures, utc_time(moment))
        name = row.get("longName") or row.get("shortName")
        return Quote(
            i,
            self.name,
            price,
            previous=previous,
            change=change,
            percent=percent,
            currency=row.get("currency"),
            name=name,
            when=utc_time(when),
            market_state=state,
            decimals=digits,
            extended=extended,
        )

    def chart(self, ask, instruments):
        def one(i):
            path = urllib.parse.quote(self.code(i), safe="^=")
            reply = ask.http.get(f"{self.base()}/v8/finance/chart/{path}?range=1d&interval=1d")
            said = None
            if reply.status == 404:
                try:
                    said = self.error_of(reply.text())
                except Failure:
                    pass
            text = examine(
                self,
                reply,
                message=self.error_of,
                not_found=Failure(UNKNOWN, short(said or "it has no chart for it", 80)),
            )
            return self.chart_quote(i, json_body(text))

        return self.one_by_one(instruments, one)

    def chart_quote(self, i, document):
        chart = document.get("chart") if isinstance(document, dict) else None
        rows = chart.get("result") if isinstance(chart, dict) else None
        if not rows:
            error = chart.get("error") if isinstance(chart, dict) else None
            if isinstance(error, dict):
                raise Failure(UNKNOWN, short(error.get("description") or "no chart", 80))
            raise Failure(MALFORMED, "no chart.result")
        meta = rows[0].get("meta") if isinstance(rows[0], dict) else None
        if not isinstance(meta, dict):
            raise Failure(MALFORMED, "no chart.result[0].meta")
        previous = meta.get("previousClose", meta.get("chartPreviousClose"))
        return self.make(
            i,
            meta,
            meta.get("regularMarketPrice"),
            previous,
            self.chart_state(meta),
            meta.get("regularMarketTime"),
        )

    @staticmethod
    def chart_state(meta):
        periods = meta.get("currentTradingPeriod")
        if not isinstance(periods, dict):
            return None
        moment = now()
        for name in ("pre", "regular", "post"):
            period = periods.get(name)
            try:
                start = number(period.get("start"), "time")
                end = number(period.get("end"), "time")
            except (AttributeError, Failure):
                continue
            if start is not None and end is not None and start <= moment < end:
                return name
        return "closed"
