"""ticker-quotes against a loopback server that answers as each source does.

Each test starts the server with recorded responses (quotes_fixtures.py says where
each shape comes from), runs the script with every source pointed at it, and checks
the lines, the messages, and what the server was asked."""

import json
import os
import unittest

import quotes_fixtures as fx
from loopback import InOrder, Response, Server
from quotes_fixtures import DAY
from quotes_support import KEYS, QuotesCase, sample


def by_source(result):
    return {json.loads(line)["symbol"]: json.loads(line) for line in result.lines}


class Sources(QuotesCase):
    """Each source alone: normal answers, several symbols, each market state."""

    def test_yahoo_v7_with_cookie_and_crumb(self):
        with Server(fx.yahoo_routes()) as server:
            result = self.quotes(
                [
                    "--source",
                    "yahoo",
                    "AAPL",
                    "msft",
                    "SAP.DE",
                    "TSLA",
                    "NVDA",
                    "^GSPC",
                    "EUR/USD",
                    "BTC-USD",
                    "VOD.L",
                ],
                server.url,
            )
            self.assertEqual(result.status, 0, result)
            self.assertEqual(
                result.lines,
                [
                    "AAPL 196.45 -2.75",
                    "MSFT 474.96 -3.91",
                    "SAP.DE 251.85 -3.25",
                    "TSLA 325.31 +6.20",
                    "NVDA 141.97 -3.03",
                    "^GSPC 5976.97 -68.29",
                    "EUR/USD 1.1550 -0.0034",
                    "BTC/USD 105970.32 -179.78",
                    "VOD.L 0.7428 +0.0038",
                ],
            )
            self.assertEqual(server.hits("/"), 1)  # the cookie
            self.assertEqual(server.hits("/v1/test/getcrumb"), 1)
            self.assertEqual(server.hits("/v7/finance/quote"), 1)  # one batch for all nine
            crumb_request = server.requests_for("/v1/test/getcrumb")[0]
            self.assertEqual(crumb_request.cookies.get("A3"), fx.YAHOO_COOKIE)
            quote_request = server.requests_for("/v7/finance/quote")[0]
            self.assertEqual(
                quote_request.query["symbols"],
                ["AAPL,MSFT,SAP.DE,TSLA,NVDA,^GSPC,EURUSD=X,BTC-USD,VOD.L"],
            )
            self.assertTrue(quote_request.headers["User-Agent"].startswith("Mozilla/5.0 ("))
            # The crumb and cookie are kept for the next run, in the private state file.
            second = self.quotes(
                ["--source", "yahoo", "--json", "AAPL", "TSLA", "NVDA", "SAP.DE", "VOD.L"],
                server.url,
            )
            self.assertEqual(server.hits("/v1/test/getcrumb"), 1)
            self.assertEqual(server.hits("/v7/finance/quote"), 2)
        quotes = by_source(second)
        self.assertEqual(quotes["AAPL"]["market_state"], "post")
        self.assertEqual(quotes["TSLA"]["market_state"], "pre")
        self.assertEqual(quotes["NVDA"]["market_state"], "closed")  # PREPRE: before pre-market
        self.assertEqual(quotes["SAP.DE"]["market_state"], "closed")
        self.assertEqual(quotes["AAPL"]["time"], "2025-06-13T19:59:00Z")
        self.assertEqual(quotes["AAPL"]["name"], "Apple Inc.")
        self.assertEqual(quotes["AAPL"]["source"], "yahoo")
        self.assertEqual(quotes["SAP.DE"]["currency"], "EUR")
        # Pence are shown in pounds.
        self.assertEqual((quotes["VOD.L"]["price"], quotes["VOD.L"]["currency"]), (0.7428, "GBP"))
        self.assertEqual(
            set(quotes["AAPL"]),
            {
                "symbol",
                "name",
                "price",
                "change",
                "change_percent",
                "decimals",
                "currency",
                "time",
                "market_state",
                "source",
                "extended",
                "history",
            },
        )

    def test_yahoo_falls_back_to_the_chart_api(self):
        # Consent redirect (EU): v7 cannot be reached; v8 chart needs neither cookie nor crumb.
        with Server(fx.yahoo_routes(**{"/": fx.yahoo_consent_redirect()})) as server:
            result = self.quotes(
                ["--source", "yahoo", "--json", "AAPL", "MSFT", "NOSUCH"], server.url
            )
            self.assertEqual(result.status, 0, result)
            quotes = by_source(result)
            self.assertEqual(quotes["AAPL"]["price"], 196.45)
            self.assertEqual(quotes["AAPL"]["change"], -2.75)
            self.assertEqual(
                quotes["AAPL"]["market_state"], "regular"
            )  # within currentTradingPeriod
            self.assertEqual(quotes["MSFT"]["market_state"], "pre")
            self.assertIn(
                "'NOSUCH': yahoo: unknown symbol (No data found, symbol may be delisted)",
                result.stderr,
            )
            self.assertEqual(server.hits("/v1/test/getcrumb"), 0)
            self.assertEqual(server.hits("/v7/finance/quote"), 0)
            # v7 is remembered as blocked: the next run goes straight to the chart.
            self.quotes(["--source", "yahoo", "AAPL"], server.url)
            self.assertEqual(server.hits("/"), 1)
            self.assertEqual(server.hits("/v8/finance/chart/AAPL"), 2)

    def test_yahoo_invalid_crumb_falls_back_then_renews(self):
        routes = fx.yahoo_routes(
            **{"/v1/test/getcrumb": InOrder(fx.yahoo_crumb("OldCrumb123"), fx.yahoo_crumb())}
        )
        with Server(routes) as server:
            first = self.quotes(["--source", "yahoo", "--verbose", "AAPL"], server.url)
            # The crumb was refused (401 Invalid Crumb): the chart answered instead.
            self.assertEqual(first.lines, ["AAPL 196.45 -2.75"])
            self.assertIn(
                "yahoo: v7 quote API: blocked: HTTP 401: Invalid Crumb; asking the v8 chart API",
                first.stderr,
            )
            self.assertIn("crumb=****", first.stderr)  # the crumb is masked too
            self.assertNotIn(
                "OldCrumb123", first.stderr + first.state().replace('"crumb": "OldCrumb123"', "")
            )
            self.assertEqual(server.hits("/v8/finance/chart/AAPL"), 1)
            # An hour later v7 is tried again: the saved crumb is refused, a fresh one works.
            second = self.quotes(["--source", "yahoo", "AAPL"], server.url, now=fx.NOW + 3601)
            self.assertEqual(second.lines, ["AAPL 196.45 -2.75"])
            self.assertEqual(server.hits("/v1/test/getcrumb"), 2)
            self.assertEqual(server.hits("/v8/finance/chart/AAPL"), 1)

    def test_yahoo_saved_crumb_refused_then_renewed(self):
        crumbs = InOrder(fx.yahoo_crumb("FirstCrumb1"), fx.yahoo_crumb())
        routes = fx.yahoo_routes(**{"/v1/test/getcrumb": crumbs})
        routes["/v7/finance/quote"] = fx.yahoo_quote(crumb="FirstCrumb1")
        with Server(routes) as server:
            self.assertEqual(
                self.quotes(["--source", "yahoo", "AAPL"], server.url).lines, ["AAPL 196.45 -2.75"]
            )
            server.routes["/v7/finance/quote"] = fx.yahoo_quote()  # Yahoo forgot the first crumb
            result = self.quotes(["--source", "yahoo", "MSFT"], server.url)
            self.assertEqual(result.lines, ["MSFT 474.96 -3.91"])
            self.assertEqual(server.hits("/v1/test/getcrumb"), 2)  # renewed once
            self.assertEqual(server.hits("/v7/finance/quote"), 3)
            self.assertEqual(server.hits("/v8/finance/chart/MSFT"), 0)

    def test_nasdaq_each_market_state(self):
        with Server(fx.nasdaq_routes()) as server:
            result = self.quotes(
                ["--source", "nasdaq", "AAPL", "MSFT", "TSLA", "NVDA", "SPY", "NOSUCH"], server.url
            )
            self.assertEqual(result.status, 0, result)
            # Pre-market and after hours: the regular session's close (secondaryData);
            # the sign of an unsigned netChange from deltaIndicator; "$1,474.96".
            self.assertEqual(
                result.lines,
                [
                    "AAPL 196.45 -2.75",
                    "MSFT 1474.96 -3.91",
                    "TSLA 325.31 +6.20",
                    "NVDA 141.97 -3.03",
                    "SPY 597.00 -6.74",
                ],
            )
            self.assertIn(
                "'NOSUCH': nasdaq: unknown symbol (rCode 400: Symbol not exists.)", result.stderr
            )
            # SPY is an ETF: asked again with assetclass=etf.
            self.assertEqual(
                [r.query["assetclass"] for r in server.requests_for("/api/quote/SPY/info")],
                [["stocks"], ["etf"]],
            )
            headers = server.requests_for("/api/quote/AAPL/info")[0].headers
            self.assertEqual(headers["Origin"], "https://www.nasdaq.com")
            json_result = self.quotes(
                ["--source", "nasdaq", "--json", "AAPL", "MSFT", "TSLA", "NVDA"], server.url
            )
        quotes = by_source(json_result)
        self.assertEqual(
            [quotes[s]["market_state"] for s in ("AAPL", "MSFT", "TSLA", "NVDA")],
            ["pre", "regular", "post", "closed"],
        )
        self.assertEqual(quotes["MSFT"]["time"], "2025-06-13T14:33:00Z")  # 10:33 AM ET, EDT
        self.assertEqual(quotes["NVDA"]["time"], "2025-06-13")
        self.assertEqual(quotes["AAPL"]["change_percent"], -1.38)

    def test_stooq_keeps_its_csv_and_its_forms(self):
        with Server({"/q/l/": fx.stooq_csv()}) as server:
            result = self.quotes(
                [
                    "--source",
                    "stooq",
                    "aapl.us",
                    "MSFT",
                    "sap.de",
                    "eurusd",
                    "USD/JPY",
                    "^GSPC",
                    "^spx",
                    "BTC-USD",
                    "nosuch.us",
                ],
                server.url,
            )
            self.assertEqual(
                result.lines,
                [
                    "AAPL 196.45 -2.75",
                    "MSFT 474.96 -3.91",
                    "SAP.DE 251.85 -3.25",
                    "EUR/USD 1.1550 -0.0034",
                    "USD/JPY 144.07 +0.51",
                    "^GSPC 5976.97 -68.29",
                    "^SPX 5976.97 -68.29",
                    "BTC/USD 105970.30 -179.80",
                ],
            )
            self.assertIn(
                "no quote for 'nosuch.us': stooq: unknown symbol (no price for it, N/D)",
                result.stderr,
            )
            asked = server.requests_for("/q/l/")
            self.assertEqual(len(asked), 1)
            self.assertEqual(
                asked[0].query["s"], ["aapl.us msft.us sap.de eurusd usdjpy ^spx btcusd nosuch.us"]
            )
            self.assertEqual(asked[0].query["f"], ["sd2t2ohlcp"])

    def test_frankfurter_and_ecb_currencies(self):
        routes = fx.frankfurter_routes()
        routes.update(fx.ecb_routes(sample("sample-ecb.xml")))
        with Server(routes) as server:
            frankfurter = self.quotes(
                ["--source", "frankfurter", "usd", "EUR/JPY", "GBPUSD", "chf"], server.url
            )
            ecb = self.quotes(
                ["--source", "ecb", "--percent", "usd", "eurjpy", "gbp", "gbpusd"], server.url
            )
            self.assertEqual(server.hits(fx.FRANKFURTER_PATH), 1)
        self.assertEqual(
            frankfurter.lines,
            [
                "EUR/USD 1.1512 -0.0064",
                "EUR/JPY 165.98 +0.09",
                "GBP/USD 1.3536 -0.0075",
                "EUR/CHF 0.9349 -0.0038",
            ],
        )
        self.assertEqual(
            ecb.lines,
            [
                "EUR/USD 1.1512 -0.55%",
                "EUR/JPY 165.98 +0.05%",
                "EUR/GBP 0.85050 0%",
                "GBP/USD 1.3536 -0.55%",
            ],
        )

    def test_coinbase_and_kraken_crypto(self):
        routes = fx.coinbase_routes()
        routes["/0/public/Ticker"] = fx.kraken_ticker()
        with Server(routes) as server:
            coinbase = self.quotes(
                ["--source", "coinbase", "--json", "BTC-USD", "ETH/EUR", "NOSUCH-USD"], server.url
            )
            kraken = self.quotes(
                ["--source", "kraken", "BTC-USD", "ETH-USD", "SOL-USD"], server.url
            )
            kraken_unknown = self.quotes(
                ["--source", "kraken", "BTC-USD", "NOSUCH-USD"], server.url
            )
            self.assertEqual(server.hits("/0/public/Ticker"), 1 + 3)  # a batch; then one by one
        quotes = by_source(coinbase)
        self.assertEqual(
            (quotes["BTC/USD"]["price"], quotes["BTC/USD"]["change"]), (105970.30, -179.80)
        )
        self.assertEqual(quotes["BTC/USD"]["time"], "2025-06-13T19:59:58Z")
        self.assertEqual((quotes["ETH/EUR"]["price"], quotes["ETH/EUR"]["change"]), (2210.55, None))
        self.assertIn("'NOSUCH-USD': coinbase: unknown symbol", coinbase.stderr)
        self.assertEqual(
            kraken.lines,
            [
                "BTC/USD 105970.10 -180.10",
                "ETH/USD 2532.41 -47.59",
                "SOL/USD 145.23 -4.88",
            ],
        )
        self.assertEqual(kraken_unknown.lines, ["BTC/USD 105970.10 -180.10"])
        self.assertIn(
            "'NOSUCH-USD': kraken: unknown symbol (EQuery:Unknown asset pair)",
            kraken_unknown.stderr,
        )

    def test_sources_with_a_key(self):
        routes = {
            "/api/v1/quote": fx.finnhub_quote(KEYS["finnhub"]),
            "/query": fx.alphavantage_query(KEYS["alphavantage"]),
            "/quote": fx.twelvedata_quote(KEYS["twelvedata"]),
        }
        with Server(routes) as server:
            finnhub = self.quotes(
                ["--source", "finnhub", "AAPL", "NOSUCH", "SAP.DE"], server.url, keys=KEYS
            )
            alpha = self.quotes(
                ["--source", "alphavantage", "--verbose", "IBM", "NOSUCH"], server.url, keys=KEYS
            )
            twelve = self.quotes(
                ["--source", "twelvedata", "--json", "AAPL", "EUR/USD", "NOSUCH"],
                server.url,
                keys=KEYS,
            )
            requests = server.requests
        self.assertEqual(finnhub.lines, ["AAPL 196.45 -2.75"])
        self.assertIn("'NOSUCH': finnhub: unknown symbol (it gave zeros for it)", finnhub.stderr)
        self.assertIn(
            "'SAP.DE': finnhub: needs a key (HTTP 403, it refused the key: You don't have access",
            finnhub.stderr,
        )
        self.assertEqual(alpha.lines, ["IBM 272.42 -6.56"])
        self.assertIn(
            "'NOSUCH': alphavantage: unknown symbol (an empty Global Quote)", alpha.stderr
        )
        self.assertIn("apikey=****", alpha.stderr)  # --verbose shows the URL, the key masked
        quotes = by_source(twelve)
        self.assertEqual(
            (quotes["AAPL"]["price"], quotes["AAPL"]["change"], quotes["AAPL"]["market_state"]),
            (196.45000, -2.75000, "closed"),
        )
        self.assertEqual(quotes["EUR/USD"]["market_state"], "regular")
        self.assertIn(
            "'NOSUCH': twelvedata: unknown symbol (**symbol** not found: NOSUCH.", twelve.stderr
        )
        # Finnhub's and Twelve Data's keys go in a header, never in a URL.
        for request in requests:
            if request.path != "/query":
                self.assertNotIn(KEYS["finnhub"], request.target)
                self.assertNotIn(KEYS["twelvedata"], request.target)
        for result in (finnhub, alpha, twelve):
            self.assertNoSecret(result)


class Failover(QuotesCase):
    """--source auto: each symbol asks the sources of its class in turn."""

    def test_auto_takes_the_first_real_quote_in_order(self):
        routes = fx.all_routes(sample("sample-ecb.xml"), KEYS)
        routes["/"] = fx.yahoo_consent_redirect()  # Yahoo v7 blocked...
        routes["/v8/finance/chart/AAPL"] = Response.text("busy", 503)  # ...and its chart down
        routes["/api/quote/AAPL/info"] = Response(
            "<html><head><title>Access Denied</title></head></html>", 403
        )
        routes["/q/l/"] = fx.stooq_puzzle()
        routes["/products/BTC-USD/ticker"] = Response.text("down", 500)
        with Server(routes) as server:
            result = self.quotes(["AAPL", "EUR/USD", "BTC-USD"], server.url, keys=KEYS)
            order = [r.path for r in server.requests]
        self.assertEqual(result.status, 0, result)
        self.assertEqual(
            result.lines,
            ["AAPL 196.45 -2.75", "EUR/USD 1.1512 -0.0064", "BTC/USD 105970.10 -180.10"],
        )
        # yahoo (cookie, then chart) -> nasdaq -> frankfurter -> coinbase -> kraken ->
        # stooq (puzzle) -> finnhub (with its key).
        self.assertEqual(
            order,
            [
                "/",
                "/v8/finance/chart/AAPL",
                "/api/quote/AAPL/info",
                fx.FRANKFURTER_PATH,
                "/products/BTC-USD/ticker",
                "/0/public/Ticker",
                "/q/l/",
                "/api/v1/quote",
            ],
        )
        self.assertEqual(result.stderr, "")  # failures that another source made up for are quiet

    def test_a_symbol_no_source_knows_names_every_source(self):
        routes = fx.all_routes(sample("sample-ecb.xml"), KEYS)
        routes["/q/l/"] = fx.stooq_puzzle()
        with Server(routes) as server:
            result = self.quotes(["NOSUCH", "AAPL"], server.url)
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75"])
        lines = result.stderr.splitlines()
        self.assertEqual(
            lines[0],
            "ticker-quotes: no quote for 'NOSUCH': yahoo: unknown symbol (it does not know it); "
            "nasdaq: unknown symbol (rCode 400: Symbol not exists.); stooq: blocked (it answered "
            'a browser check (a JavaScript puzzle: "This site requires JavaScript to verify your '
            'browser") instead of quotes; not asked again before 21:00)',
        )
        self.assertTrue(lines[1].startswith("ticker-quotes: unknown symbol: check the spelling"))
        self.assertTrue(
            lines[2].startswith("ticker-quotes: blocked: the source turns programs away")
        )

    def test_back_off_is_remembered_across_runs(self):
        with Server({"/q/l/": fx.stooq_puzzle()}) as server:
            first = self.quotes(["--source", "stooq", "aapl.us", "msft.us"], server.url)
            self.assertEqual(first.status, 1)
            self.assertIn("no quote for 'aapl.us', 'msft.us': stooq: blocked", first.stderr)
            self.assertEqual(server.hits("/q/l/"), 1)
            # Five minutes later: not asked again.
            second = self.quotes(["--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 300)
            self.assertEqual(server.hits("/q/l/"), 1)
            self.assertIn("stooq: blocked (not asked again before 21:00;", second.stderr)
            # After the hour it is asked again, and blocked again: two hours this time.
            self.quotes(["--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 3601)
            self.assertEqual(server.hits("/q/l/"), 2)
            self.quotes(["--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 3601 + 3600)
            self.assertEqual(server.hits("/q/l/"), 2)
            # It came back: asked after the two hours, and then every time.
            server.routes["/q/l/"] = fx.stooq_csv()
            self.assertEqual(
                self.quotes(
                    ["--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 3601 + 7201
                ).lines,
                ["AAPL 196.45 -2.75"],
            )
            self.quotes(["--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 3601 + 7202)
            self.assertEqual(server.hits("/q/l/"), 4)
        state = json.loads(first.state() or "{}")
        self.assertNotIn("stooq", state.get("sources", {}))
        self.assertEqual(oct(os.stat(self.state_dir).st_mode & 0o777), "0o700")
        self.assertEqual(
            oct(os.stat(os.path.join(self.state_dir, "quotes.json")).st_mode & 0o777), "0o600"
        )

    def test_back_off_doubles_then_starts_afresh_a_day_later(self):
        with Server({"/q/l/": Response.text("down", 503)}) as server:
            waits = []
            moment = fx.NOW
            for _ in range(7):
                self.quotes(["--source", "stooq", "aapl.us"], server.url, now=moment)
                with open(os.path.join(self.state_dir, "quotes.json")) as file:
                    entry = json.load(file)["sources"]["stooq"]
                waits.append(round(entry["until"] - entry["since"]))
                moment = entry["until"] + 1
            self.assertEqual(waits, [60, 120, 240, 480, 960, 1800, 1800])  # up to the cap
            self.quotes(["--source", "stooq", "aapl.us"], server.url, now=moment + 2 * DAY)
            with open(os.path.join(self.state_dir, "quotes.json")) as file:
                entry = json.load(file)["sources"]["stooq"]
            self.assertEqual(round(entry["until"] - entry["since"]), 60)
            self.assertEqual(server.hits(), 8)

    def test_check_asks_whatever_the_back_off(self):
        routes = fx.yahoo_routes(**{"/": fx.yahoo_consent_redirect()})
        with Server(routes) as server:
            self.quotes(["--source", "yahoo", "AAPL"], server.url)  # v7 blocked: left alone
            self.quotes(["--source", "yahoo", "AAPL"], server.url)
            self.assertEqual(server.hits("/"), 1)
            server.routes["/"] = fx.yahoo_cookie()
            result = self.quotes(["--check", "AAPL"], server.url)
            self.assertEqual(server.hits("/"), 2)
            self.assertEqual(server.hits("/v7/finance/quote"), 1)
        self.assertEqual(result.status, 0, result)
        self.assertNotIn("yahoo.v7", result.state())  # it works again: forgotten

    def test_rate_limit_waits_as_retry_after_says(self):
        routes = {
            "/products/BTC-USD/ticker": Response.text(
                "Too Many Requests", 429, headers={"Retry-After": "120"}
            ),
            "/0/public/Ticker": fx.kraken_ticker(),
        }
        with Server(routes) as server:
            first = self.quotes(["BTC-USD"], server.url)
            self.assertEqual(first.lines, ["BTC/USD 105970.10 -180.10"])  # kraken next
            self.quotes(["BTC-USD"], server.url, now=fx.NOW + 60)
            self.assertEqual(server.hits("/products/BTC-USD/ticker"), 1)
            self.quotes(["BTC-USD"], server.url, now=fx.NOW + 121)
            self.assertEqual(server.hits("/products/BTC-USD/ticker"), 2)
            self.assertEqual(server.hits("/0/public/Ticker"), 3)
            alone = self.quotes(["--source", "coinbase", "BTC-USD"], server.url, now=fx.NOW + 130)
        self.assertIn(
            "coinbase: rate-limited (not asked again before 20:04; HTTP 429 (too many requests, "
            "retry after 120 s)",
            alone.stderr,
        )
        self.assertIn("rate-limited: ask less often", alone.stderr)

    def test_a_source_down_for_one_symbol_is_not_asked_for_the_next(self):
        routes = {
            "/api/quote/AAPL/info": Response.text("Service Unavailable", 503),
            "/q/l/": fx.stooq_csv(),
            "/": fx.yahoo_consent_redirect(),
            "/v8/finance/chart/AAPL": fx.yahoo_chart_unknown(),
            "/v8/finance/chart/MSFT": fx.yahoo_chart_unknown(),
        }
        with Server(routes) as server:
            result = self.quotes(["AAPL", "MSFT"], server.url)
            self.assertEqual(result.lines, ["AAPL 196.45 -2.75", "MSFT 474.96 -3.91"])
            self.assertEqual(server.hits("/api/quote/AAPL/info"), 1)
            self.assertEqual(server.hits("/api/quote/MSFT/info"), 0)
            self.assertEqual(server.hits("/q/l/"), 1)  # both in one batch

    def test_explicit_order_of_sources(self):
        routes = {"/q/l/": fx.stooq_csv(), **fx.yahoo_routes()}
        with Server(routes) as server:
            result = self.quotes(["--source", "stooq,yahoo", "--json", "AAPL"], server.url)
            self.assertEqual(json.loads(result.lines[0])["source"], "stooq")
            self.assertEqual(server.hits("/v7/finance/quote"), 0)

    def test_keyed_sources_only_with_their_key(self):
        routes = {"/q/l/": fx.stooq_puzzle(), "/api/v1/quote": fx.finnhub_quote(KEYS["finnhub"])}
        with Server(routes) as server:
            without = self.quotes(["--source", "stooq,finnhub", "AAPL"], server.url)
            self.assertEqual(server.hits("/api/v1/quote"), 0)
        self.assertIn(
            "finnhub: needs a key (no key: set $TICKER_QUOTES_FINNHUB_KEY or put it in",
            without.stderr,
        )
        self.assertIn("needs a key: set the source's key", without.stderr)


if __name__ == "__main__":
    unittest.main()
