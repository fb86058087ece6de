"""Quotes that are true and keep coming: who ticker-quotes says it is to each source
(Yahoo refuses programs), one name for a refusal, the source's own change, exchange
suffixes, the precision people read, and the extended-hours trade.

Each test starts a loopback server with recorded responses (quotes_fixtures.py says
where each shape comes from) and runs the script with every source pointed at it."""

import unittest

import quotes_fixtures as fx
from loopback import Server
from quotes_support import QuotesCase, load_module, sample

tq = load_module()


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
        self.assertEqual(agents, {tq.BROWSER_USER_AGENT})
        self.assertRegex(
            tq.BROWSER_USER_AGENT,
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
            self.assertEqual(request.headers["User-Agent"], "ticker-quotes/0.2 (+ticker-status)")
        # Nasdaq: what its own pages send, as the clients that work send it.
        nasdaq = requests[-1].headers
        self.assertEqual(nasdaq["User-Agent"], tq.BROWSER_USER_AGENT)
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
        self.assertEqual(agents["/0/public/Ticker"], "ticker-quotes/0.2 (+ticker-status)")
        # A value that cannot be a header's is not sent: a message, and Chrome's instead.
        with Server(fx.yahoo_browser_only_routes()) as server:
            bad = self.quotes(
                ["AAPL"], server.url, extra={"TICKER_QUOTES_USER_AGENT": "Mozilla/5.0 (\nX-A: b"}
            )
            self.assertEqual(server.requests[0].headers["User-Agent"], tq.BROWSER_USER_AGENT)
            self.assertIsNone(server.requests[0].headers["X-A"])
        self.assertEqual(bad.lines, ["AAPL 196.45 -2.75"])
        self.assertEqual(
            bad.stderr,
            "ticker-quotes: TICKER_QUOTES_USER_AGENT is not used: it is not one line of "
            "printable ASCII of at most 512 characters; sending a current Chrome's\n",
        )


if __name__ == "__main__":
    unittest.main()
