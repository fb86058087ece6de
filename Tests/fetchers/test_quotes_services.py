"""Quotes that are true and keep coming: who ticker-quotes says it is to each source
(Yahoo refuses programs), one name for a refusal, the source's own change, exchange
suffixes, the precision people read, and the extended-hours trade.

Each test starts a loopback server with recorded responses (quotes_fixtures.py says
where each shape comes from) and runs the script with every source pointed at it."""

import json
import os
import unittest

import quotes_fixtures as fx
from loopback import Server
from quotes_support import KEYS, QuotesCase, load_package, sample

tq = load_package()


class UserAgents(QuotesCase):
    """A browser's User-Agent for the sources that refuse programs, ticker-quotes' own
    for the others, and one place to change the browser's."""

    def test_a_yahoo_that_refuses_programs_answers_ticker_quotes(self):
        with Server(fx.yahoo_browser_only_routes()) as server:
            result = self.quotes(["AAPL", "MSFT"], server.url)
            agents = {r.headers["User-Agent"] for r in server.requests}
            self.assertEqual(server.hits("/"), 1)
            self.assertEqual(server.hits("/v1/test/getcrumb"), 1)
            self.assertEqual(server.hits("/v7/finance/quote"), 1)
        self.assertEqual(result.status, 0, result)
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75", "MSFT 474.96 -3.91"])
        self.assertEqual(result.stderr, "")
        self.assertEqual(agents, {tq.core.BROWSER_USER_AGENT})
        self.assertRegex(
            tq.core.BROWSER_USER_AGENT,
            r"^Mozilla/5\.0 \(Windows NT 10\.0; Win64; x64\) AppleWebKit/537\.36 "
            r"\(KHTML, like Gecko\) Chrome/\d{3}\.0\.0\.0 Safari/537\.36$",
        )

    def test_the_others_are_told_who_asks(self):
        routes = fx.all_routes(
            sample("sample-ecb.xml"), {"finnhub": "", "alphavantage": "", "twelvedata": ""}
        )
        with Server(routes) as server:
            self.quotes(["--source", "frankfurter", "usd"], server.url)
            self.quotes(["--source", "coinbase", "BTC-USD"], server.url)
            self.quotes(["--source", "kraken", "BTC-USD"], server.url)
            self.quotes(["--source", "nasdaq", "MSFT"], server.url)
            requests = list(server.requests)
        honest = [r for r in requests if not r.path.startswith("/api/quote/")]
        self.assertEqual(len(honest), 4)
        for request in honest:
            self.assertEqual(request.headers["User-Agent"], tq.core.USER_AGENT)
        # Nasdaq: what its own pages send, as the clients that work send it.
        nasdaq = requests[-1].headers
        self.assertEqual(nasdaq["User-Agent"], tq.core.BROWSER_USER_AGENT)
        self.assertEqual(nasdaq["Accept"], "application/json, text/plain, */*")
        self.assertEqual(nasdaq["Accept-Language"], "en-US,en;q=0.9")
        self.assertEqual(nasdaq["Origin"], "https://www.nasdaq.com")
        self.assertEqual(nasdaq["Referer"], "https://www.nasdaq.com/")

    def test_one_variable_changes_the_browsers_user_agent(self):
        firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:146.0) Gecko/20100101 Firefox/146.0"
        routes = dict(fx.yahoo_browser_only_routes(), **fx.nasdaq_routes())
        routes["/0/public/Ticker"] = fx.kraken_ticker()
        with Server(routes) as server:
            result = self.quotes(
                ["AAPL", "BTC-USD"], server.url, extra={"TICKER_QUOTES_USER_AGENT": firefox}
            )
            self.quotes(
                ["--source", "nasdaq", "MSFT"],
                server.url,
                extra={"TICKER_QUOTES_USER_AGENT": firefox},
            )
            agents = {r.path: r.headers["User-Agent"] for r in server.requests}
        self.assertEqual(result.lines[0], "AAPL 196.45 -2.75", result)
        self.assertEqual(agents["/v7/finance/quote"], firefox)
        self.assertEqual(agents["/api/quote/MSFT/info"], firefox)
        self.assertEqual(agents["/0/public/Ticker"], tq.core.USER_AGENT)
        # A value that cannot be a header's is not sent: a message, and Chrome's instead.
        with Server(fx.yahoo_browser_only_routes()) as server:
            bad = self.quotes(
                ["AAPL"], server.url, extra={"TICKER_QUOTES_USER_AGENT": "Mozilla/5.0 (\nX-A: b"}
            )
            self.assertEqual(server.requests[0].headers["User-Agent"], tq.core.BROWSER_USER_AGENT)
            self.assertIsNone(server.requests[0].headers["X-A"])
        self.assertEqual(bad.lines, ["AAPL 196.45 -2.75"])
        self.assertEqual(
            bad.stderr,
            "ticker-quotes: TICKER_QUOTES_USER_AGENT is not used: it is not one line of "
            "printable ASCII of at most 512 characters; sending a current Chrome's\n",
        )


RATE_ADVICE = (
    "ticker-quotes: rate-limited: ask less often (ticker-status --every 300 or more), and "
    "wait: ticker-quotes leaves the source alone as long as it asks (else 5 minutes and "
    "more) and asks the other sources of the class meanwhile; or choose other sources "
    "(--source), or add a key for one (finnhub, twelvedata, alphavantage; see man "
    "ticker-quotes)\n"
)


class Refusals(QuotesCase):
    """Yahoo's edge refusal, wherever it comes, is rate-limited: one name, one wait."""

    def test_a_yahoo_that_refuses_everything_is_rate_limited_only(self):
        everything = {path: fx.yahoo_edge() for path in fx.yahoo_routes()}
        with Server(everything) as server:
            result = self.quotes(["--source", "yahoo", "AAPL", "MSFT"], server.url)
            later = self.quotes(["--source", "yahoo", "AAPL"], server.url, now=fx.NOW + 299)
            self.assertEqual(server.hits(), 1)  # the cookie host's refusal; then nothing
        self.assertEqual(result.status, 1)
        self.assertEqual(
            result.stderr,
            "ticker-quotes: no quote for 'AAPL', 'MSFT': yahoo: rate-limited (fc.yahoo.com: "
            "HTTP 429 (too many requests): Edge: Too Many Requests; not asked again before "
            "20:05)\n" + RATE_ADVICE,
        )
        for word in ("blocked", "malformed", "cookie"):
            self.assertNotIn(word, result.stderr + later.stderr)
        self.assertIn("yahoo: rate-limited (not asked again before 20:05;", later.stderr)
        sources = json.loads(result.state())["sources"]
        self.assertEqual(list(sources), ["yahoo"])  # one wait, not one for v7 beside it
        self.assertEqual(sources["yahoo"]["kind"], "rate-limited")

    def test_each_step_of_yahoos_flow(self):
        cases = [
            (
                {"/v1/test/getcrumb": fx.yahoo_edge(retry_after=120)},
                "getcrumb: HTTP 429 (too many requests, retry after 120 s): Edge: Too Many "
                "Requests; not asked again before 20:02",
            ),
            # The text where the crumb would be, with HTTP 200.
            (
                {"/v1/test/getcrumb": fx.yahoo_crumb(fx.YAHOO_EDGE)},
                "getcrumb: HTTP 200 (too many requests): Edge: Too Many Requests; not asked "
                "again before 20:05",
            ),
            (
                {"/v7/finance/quote": fx.yahoo_edge()},
                "the quote API: HTTP 429 (too many requests): Edge: Too Many Requests; not "
                "asked again before 20:05",
            ),
        ]
        for changes, detail in cases:
            with self.subTest(detail[:20]), Server(fx.yahoo_routes(**changes)) as server:
                result = self.quotes(["--source", "yahoo", "AAPL"], server.url)
                self.assertEqual(server.hits("/v8/finance/chart/AAPL"), 0)
            self.assertEqual(
                result.stderr,
                f"ticker-quotes: no quote for 'AAPL': yahoo: rate-limited ({detail})\n"
                + RATE_ADVICE,
            )
            self.assertEqual(list(json.loads(result.state())["sources"]), ["yahoo"])
            os.unlink(os.path.join(self.state_dir, "quotes.json"))

    def test_the_chart_apis_refusal_too(self):
        # v7 behind a consent page (blocked), then the chart refuses: rate-limited.
        routes = fx.yahoo_routes(
            **{"/": fx.yahoo_consent_redirect(), "/v8/finance/chart/AAPL": fx.yahoo_edge()}
        )
        with Server(routes) as server:
            result = self.quotes(["--source", "yahoo", "AAPL"], server.url)
        self.assertTrue(
            result.stderr.startswith(
                "ticker-quotes: no quote for 'AAPL': yahoo: rate-limited (HTTP 429 (too many "
                "requests): Edge: Too Many Requests (and the v7 quote API: blocked,"
            ),
            result.stderr,
        )

    def test_the_next_source_answers_meanwhile(self):
        routes = {path: fx.yahoo_edge() for path in fx.yahoo_routes()}
        routes.update(fx.nasdaq_routes())
        with Server(routes) as server:
            first = self.quotes(["MSFT"], server.url)
            second = self.quotes(["MSFT"], server.url, now=fx.NOW + 60)
            self.assertEqual(server.hits("/"), 1)
            self.assertEqual(server.hits("/v8/finance/chart/MSFT"), 0)  # refused alike
            self.assertEqual(server.hits("/api/quote/MSFT/info"), 2)
        self.assertEqual(first.lines, ["MSFT 1474.96 -3.91"])
        self.assertEqual(second.lines, ["MSFT 1474.96 -3.91"])
        self.assertEqual(first.stderr + second.stderr, "")


class OwnChange(QuotesCase):
    """Where a source gives its change, that is the change shown."""

    def test_yahoos_24_hour_change_of_bitcoin(self):
        rows = {"BTC-USD": fx.YAHOO_BTC_24H}
        with Server(fx.yahoo_routes(**{"/v7/finance/quote": fx.yahoo_quote(rows)})) as server:
            text = self.quotes(["--source", "yahoo", "BTC-USD"], server.url)
            percent = self.quotes(["--source", "yahoo", "--percent", "BTC-USD"], server.url)
            as_json = self.quotes(["--source", "yahoo", "--json", "BTC-USD"], server.url)
        self.assertEqual(text.lines, ["BTC/USD 84036.00 -1621.90"])  # not +107.41
        self.assertEqual(percent.lines, ["BTC/USD 84036.00 -1.89%"])
        quote = json.loads(as_json.lines[0])
        self.assertEqual((quote["change"], quote["change_percent"]), (-1621.90, -1.89))


class ExchangeSuffixes(QuotesCase):
    """A symbol with an exchange suffix goes to each source that takes it."""

    def test_each_source_is_asked_in_its_own_suffix(self):
        spellings = {
            "SOLB.BR": {
                "yahoo": "SOLB.BR",
                "finnhub": "SOLB.BR",
                "alphavantage": "SOLB.BR",
                "nasdaq": None,
                "stooq": None,
                "twelvedata": None,
            },
            "SAP.DEX": {"yahoo": "SAP.DE", "stooq": "sap.de", "alphavantage": "SAP.DEX"},
            "SHOP.TO": {"yahoo": "SHOP.TO", "finnhub": "SHOP.TO", "alphavantage": "SHOP.TRT"},
            "RELIANCE.BSE": {"yahoo": "RELIANCE.BO", "alphavantage": "RELIANCE.BSE"},
            "600104.SS": {"yahoo": "600104.SS", "alphavantage": "600104.SHH"},
            "000002.SHZ": {"yahoo": "000002.SZ", "alphavantage": "000002.SHZ"},
            "AIR.PAR": {"yahoo": "AIR.PA", "alphavantage": "AIR.PAR"},
            "ITX.MC": {"yahoo": "ITX.MC", "finnhub": None, "alphavantage": "ITX.MC"},
            "ENI.MI": {"alphavantage": "ENI.MI", "stooq": None},
        }
        for text, expected in spellings.items():
            instrument = tq.symbols.parse_symbol(text)
            self.assertEqual(instrument.display, text)
            for name, spelling in expected.items():
                source = tq.sources.SOURCES[name]
                found = source.code(instrument) if source.covers(instrument) else None
                self.assertEqual(found, spelling, (text, name))

    def test_alpha_vantage_quotes_a_brussels_stock(self):
        folder = os.path.join(self.home, "config", "ticker-status", "keys")
        os.makedirs(folder)
        path = os.path.join(folder, "alphavantage")
        with open(path, "w") as file:
            file.write(KEYS["alphavantage"] + "\n")
        os.chmod(path, 0o600)
        with Server({"/query": fx.alphavantage_query(KEYS["alphavantage"])}) as server:
            alone = self.quotes(["--source", "alphavantage", "SOLB.BR"], server.url)
            # --source auto: Yahoo does not answer here, Stooq does not cover Brussels.
            auto = self.quotes(["--json", "SOLB.BR"], server.url)
            asked = [r.query["symbol"] for r in server.requests_for("/query")]
        self.assertEqual(alone.lines, ["SOLB.BR 29.86 -0.26"], alone)
        self.assertEqual(asked, [["SOLB.BR"], ["SOLB.BR"]])
        quote = json.loads(auto.lines[0])
        self.assertEqual(
            (quote["symbol"], quote["price"], quote["change"], quote["source"]),
            ("SOLB.BR", 29.86, -0.26, "alphavantage"),
        )
        self.assertEqual(auto.stderr, "")
        self.assertNoSecret(alone)


class Precision(QuotesCase):
    """Prices and changes at the digits the sources' own sites show."""

    TABLE = [
        # Kraken's strings (five decimals for BTC, seven for DOGE, eight for SHIB).
        ("BTC/USD", "84036.00000", "84380.00000", "BTC/USD 84036.00 -344.00"),
        ("DOGE-USD", "0.1623400", "0.1701200", "DOGE/USD 0.1623 -0.0078"),
        ("SHIB-USD", "0.00001234", "0.00001200", "SHIB/USD 0.00001234 +0.00000034"),
        # Coinbase's (as many digits as the product's quote increment) and Stooq's.
        ("BTC-USD", "105970.3", "106150.1", "BTC/USD 105970.30 -179.80"),
        ("XRP-USD", "2.1534", "2.2012", "XRP/USD 2.15 -0.05"),
        ("ETH-BTC", "0.02345678", "0.02300000", "ETH/BTC 0.02346 +0.00046"),
        ("BTC-USDT", "84036.01234", "84000", "BTC/USDT 84036.01 +36.01"),
        ("ETH-EUR", "2210.55", None, "ETH/EUR 2210.55"),
        # Currency pairs as they are quoted.
        ("EUR/USD", "1.155", "1.1584", "EUR/USD 1.1550 -0.0034"),
        ("EUR/USD", "1.1550000190734863", "1.1584000587463379", "EUR/USD 1.15500 -0.00340"),
        ("EUR/GBP", "0.85050", "0.85050", "EUR/GBP 0.85050 0"),
        ("USD/JPY", "144.0712", "143.56", "USD/JPY 144.071 +0.511"),
        ("EUR/JPY", "165.98", "165.89", "EUR/JPY 165.98 +0.09"),
        ("EUR/HUF", "402.35", "403.1", "EUR/HUF 402.35 -0.75"),
        ("JPY/USD", "0.0069444", "0.0069", "JPY/USD 0.006944 +0.000044"),
        # Stocks and indices: two decimals; a penny stock at four significant digits.
        ("AAPL", "196.4500", "199.2000", "AAPL 196.45 -2.75"),
        ("^GSPC", "5976.9", "6045.26", "^GSPC 5976.90 -68.36"),
        ("SNDL", "0.0123", "0.0125", "SNDL 0.01230 -0.00020"),
    ]

    def test_the_table(self):
        for symbol, price, previous, line in self.TABLE:
            quote = tq.quote.Quote(
                tq.symbols.parse_symbol(symbol),
                "test",
                tq.numeric.number(price),
                previous=tq.numeric.number(previous),
            )
            self.assertEqual(quote.line(False), line, (symbol, price))
            # --json keeps the source's digits.
            self.assertEqual(json.loads(quote.json(), parse_float=str)["price"], price)

    def test_the_sources_own_digits_win(self):
        # Yahoo's priceHint: EURUSD=X's doubles to 4; pence to 2, so pounds to 4.
        eurusd = tq.quote.Quote(
            tq.symbols.parse_symbol("EUR/USD"),
            "yahoo",
            tq.numeric.number("1.1550000190734863"),
            previous=tq.numeric.number("1.1584"),
            decimals=4,
        )
        self.assertEqual(eurusd.line(False), "EUR/USD 1.1550 -0.0034")
        pence = tq.quote.Quote(
            tq.symbols.parse_symbol("VOD.L"),
            "yahoo",
            tq.numeric.number("74.28"),
            previous=tq.numeric.number("73.9"),
            currency="GBp",
            decimals=2,
        )
        self.assertEqual(pence.line(False), "VOD.L 0.7428 +0.0038")

    def test_krakens_five_decimals(self):
        def ticker(request):
            row = fx.kraken_row("84036.00000", "84380.00000")
            return fx.js({"error": [], "result": {"XXBTZUSD": row}})

        with Server({"/0/public/Ticker": ticker}) as server:
            text = self.quotes(["--source", "kraken", "BTC/USD"], server.url)
            as_json = self.quotes(["--source", "kraken", "--json", "BTC/USD"], server.url)
        self.assertEqual(text.lines, ["BTC/USD 84036.00 -344.00"])
        self.assertIn('"price": 84036.00000, "change": -344.00000,', as_json.stdout)
        self.assertIn('"decimals": 2,', as_json.stdout)


class ExtendedHours(QuotesCase):
    """The trade before or after the regular session, in --json and with --extended."""

    def test_yahoo(self):
        routes = fx.yahoo_routes(**{"/v7/finance/quote": fx.yahoo_quote(fx.YAHOO_EXTENDED)})
        symbols = ["--source", "yahoo", "AAPL", "TSLA", "MSFT"]
        with Server(routes) as server:
            as_json = self.quotes(["--json"] + symbols, server.url)
            text = self.quotes(["--extended"] + symbols, server.url)
            percent = self.quotes(["--extended", "--percent"] + symbols, server.url)
            plain = self.quotes(symbols, server.url)
        quotes = {q["symbol"]: q for q in map(json.loads, as_json.lines)}
        self.assertEqual(
            quotes["AAPL"]["extended"],
            {
                "session": "post",
                "price": 197.02,
                "change": 0.57,
                "percent": 0.29,
                "time": "2025-06-13T20:30:00Z",
            },
        )
        self.assertEqual((quotes["AAPL"]["price"], quotes["AAPL"]["change"]), (196.45, -2.75))
        self.assertEqual(
            quotes["TSLA"]["extended"],
            {
                "session": "pre",
                "price": 327.9,
                "change": 2.59,
                "percent": 0.8,
                "time": "2025-06-13T19:59:00Z",
            },
        )
        self.assertIsNone(quotes["MSFT"]["extended"])
        self.assertEqual(
            text.lines,
            [
                "AAPL 196.45 -2.75",
                "AAPL(post) 197.02 +0.57",
                "TSLA 325.31 +6.20",
                "TSLA(pre) 327.90 +2.59",
                "MSFT 474.96 -3.91",
            ],
        )
        self.assertEqual(percent.lines[1], "AAPL(post) 197.02 +0.29%")
        self.assertEqual(
            plain.lines, ["AAPL 196.45 -2.75", "TSLA 325.31 +6.20", "MSFT 474.96 -3.91"]
        )

    def test_nasdaq(self):
        with Server(fx.nasdaq_routes()) as server:
            symbols = ["--source", "nasdaq", "AAPL", "TSLA", "MSFT"]
            as_json = self.quotes(["--json"] + symbols, server.url)
            text = self.quotes(["--extended"] + symbols, server.url)
        quotes = {q["symbol"]: q for q in map(json.loads, as_json.lines)}
        # Pre-market: primaryData is the pre-market trade, secondaryData the last close.
        self.assertEqual(
            quotes["AAPL"]["extended"],
            {
                "session": "pre",
                "price": 197.10,
                "change": 0.65,
                "percent": 0.33,
                "time": "2025-06-13T13:27:00Z",
            },
        )
        self.assertEqual(quotes["AAPL"]["price"], 196.45)
        self.assertEqual(
            quotes["TSLA"]["extended"],
            {
                "session": "post",
                "price": 326.00,
                "change": 0.69,
                "percent": 0.21,
                "time": "2025-06-13T20:31:00Z",
            },
        )
        self.assertIsNone(quotes["MSFT"]["extended"])
        self.assertEqual(
            text.lines,
            [
                "AAPL 196.45 -2.75",
                "AAPL(pre) 197.10 +0.65",
                "TSLA 325.31 +6.20",
                "TSLA(post) 326.00 +0.69",
                "MSFT 1474.96 -3.91",
            ],
        )

    def test_an_odd_extended_trade_loses_only_itself(self):
        rows = {"AAPL": dict(fx.YAHOO_EXTENDED["AAPL"], postMarketPrice="12x")}
        routes = fx.yahoo_routes(**{"/v7/finance/quote": fx.yahoo_quote(rows)})
        with Server(routes) as server:
            result = self.quotes(["--source", "yahoo", "--json", "AAPL"], server.url)
        quote = json.loads(result.lines[0])
        self.assertEqual((quote["price"], quote["extended"]), (196.45, None))
        self.assertEqual(result.stderr, "")


if __name__ == "__main__":
    unittest.main()
