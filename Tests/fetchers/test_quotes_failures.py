"""Every failure named: each class, its message and what the server saw; --timeout
bounds the whole run; --check; keys never shown; the state folder's rules."""

import json
import os
import re
import socket
import unittest

import quotes_fixtures as fx
from loopback import Response, Server
from quotes_support import DEAD, KEYS, SOURCES, QuotesCase, sample


def stderr_for(result, source):
    """(class, detail) from the no-quote line's part about `source`."""
    for line in result.stderr.splitlines():
        if "no quote for" not in line:
            continue
        match = re.search(rf"(?:: |; ){source}: ([a-z -]+) \(", line)
        if not match:
            continue
        rest = line[match.end() :]
        ends = [rest.find(f"; {other}: ") for other in SOURCES if f"; {other}: " in rest]
        rest = rest[: min(ends)] if ends else rest
        return match.group(1), rest[:-1] if rest.endswith(")") else rest
    return None, result.stderr


class Classes(QuotesCase):
    def one(self, route, response, args, keys=None, source=None):
        with Server({route: response}) as server:
            result = self.quotes(args, server.url, keys=keys)
        self.assertEqual(result.status, 1, result)
        self.assertEqual(result.stdout, "")
        return stderr_for(result, source or args[1])

    def test_blocked(self):
        kind, detail = self.one("/q/l/", fx.stooq_puzzle(), ["--source", "stooq", "aapl.us"])
        self.assertEqual(kind, "blocked")
        self.assertIn("This site requires JavaScript to verify your browser", detail)
        # Whatever the status: the same page with 403 or 503 is still blocked.
        for status in (403, 503):
            page = Response(fx.STOOQ_PUZZLE, status, content_type="text/html")
            self.assertEqual(
                self.one("/q/l/", page, ["--source", "stooq", "aapl.us"])[0], "blocked"
            )
            os.unlink(os.path.join(self.state_dir, "quotes.json"))
        # A keyless source that answers 403: blocked, not "needs a key".
        kind, detail = self.one(
            "/api/quote/AAPL/info", Response.text("Forbidden", 403), ["--source", "nasdaq", "AAPL"]
        )
        self.assertEqual((kind, detail[:28]), ("blocked", "HTTP 403, it refuses program"))

    def test_yahoo_consent_redirect_loop(self):
        # fc.yahoo.com -> guce.yahoo.com/consent: never followed (not one of its hosts,
        # and a consent page); and the chart redirecting to the consent host too.
        routes = fx.yahoo_routes(
            **{
                "/": fx.yahoo_consent_redirect(),
                "/v8/finance/chart/AAPL": fx.yahoo_consent_redirect(),
            }
        )
        with Server(routes) as server:
            result = self.quotes(["--source", "yahoo", "AAPL"], server.url)
            self.assertEqual(server.hits(), 2)
        kind, detail = stderr_for(result, "yahoo")
        self.assertEqual(kind, "blocked")
        self.assertIn("it sends programs to a consent page (guce.yahoo.com)", detail)

    def test_needs_a_key(self):
        kind, detail = self.one(
            "/api/v1/quote",
            fx.finnhub_quote("another key"),
            ["--source", "finnhub", "AAPL"],
            keys=KEYS,
        )
        self.assertEqual(
            (kind, detail),
            (
                "needs a key",
                "HTTP 401, it refused the key: Invalid API key.; " "not asked again before 21:00",
            ),
        )
        kind, detail = self.one(
            "/query",
            fx.alphavantage_query("another key"),
            ["--source", "alphavantage", "IBM"],
            keys=KEYS,
        )
        self.assertEqual(kind, "needs a key")
        self.assertIn("the parameter apikey is invalid or missing", detail)
        kind, detail = self.one(
            "/quote",
            fx.twelvedata_quote("another key"),
            ["--source", "twelvedata", "AAPL"],
            keys=KEYS,
        )
        self.assertEqual(kind, "needs a key")
        self.assertIn("**apikey** parameter is incorrect", detail)

    def test_rate_limited(self):
        kind, detail = self.one(
            "/query",
            fx.alphavantage_query(KEYS["alphavantage"], "note"),
            ["--source", "alphavantage", "IBM"],
            keys=KEYS,
        )
        self.assertEqual(kind, "rate-limited")
        self.assertIn(
            "an error object in HTTP 200: Thank you for using Alpha Vantage! Our standard API call",
            detail,
        )
        self.assertIn("not asked again before 20:05", detail)
        kind, _ = self.one(
            "/query",
            fx.alphavantage_query(KEYS["alphavantage"], "information"),
            ["--source", "alphavantage", "IBM"],
            keys=KEYS,
        )
        self.assertEqual(kind, "rate-limited")
        kind, detail = self.one(
            "/0/public/Ticker",
            fx.kraken_ticker(["EAPI:Rate limit exceeded"]),
            ["--source", "kraken", "BTC-USD"],
        )
        self.assertEqual(
            (kind, detail[:48]),
            ("rate-limited", "an error object in HTTP 200: EAPI:Rate limit exc"),
        )
        kind, detail = self.one(
            "/quote",
            fx.js(fx.TWELVEDATA_OUT_OF_CREDITS),
            ["--source", "twelvedata", "AAPL"],
            keys=KEYS,
        )
        self.assertEqual(kind, "rate-limited")
        self.assertIn("run out of API credits", detail)
        kind, detail = self.one(
            "/q/l/",
            Response.text(
                "slow down", 429, headers={"Retry-After": "Fri, 13 Jun 2099 " "20:00:00 GMT"}
            ),
            ["--source", "stooq", "aapl.us"],
        )
        self.assertEqual(kind, "rate-limited")
        with open(os.path.join(self.state_dir, "quotes.json")) as file:
            entry = json.load(file)["sources"]["stooq"]
        self.assertEqual(entry["until"] - entry["since"], 24 * 3600)  # Retry-After, within a day

    def test_an_odd_retry_after(self):
        # A digit that is no decimal digit ("²" is a digit to str.isdigit(), not to int())
        # was a traceback; the rest waits as with no Retry-After, five minutes.
        for value in ("²", "9" * 5000, "-5", "1e9", "0x10", "Fri, 31 Dec 99999"):
            with self.subTest(value=value):
                path = os.path.join(self.state_dir, "quotes.json")
                if os.path.exists(path):
                    os.unlink(path)
                kind, detail = self.one(
                    "/q/l/",
                    Response.text("slow down", 429, headers={"Retry-After": value}),
                    ["--source", "stooq", "aapl.us"],
                )
                self.assertEqual(kind, "rate-limited")
                self.assertTrue(detail.startswith("HTTP 429 (too many requests);"), detail)
                with open(path) as file:
                    entry = json.load(file)["sources"]["stooq"]
                self.assertEqual(entry["until"] - entry["since"], 300)

    def test_unavailable(self):
        for status in (500, 502, 503):
            kind, detail = self.one(
                "/q/l/", Response.text("down", status), ["--source", "stooq", "aapl.us"]
            )
            self.assertEqual(
                (kind, detail[:30]), ("unavailable", f"HTTP {status} (the service is down)")
            )
            os.unlink(os.path.join(self.state_dir, "quotes.json"))
        # The old Frankfurter host's 404, and a Stooq 404 with its database error page.
        kind, detail = self.one(
            "/q/l/",
            Response(
                "<b>Warning</b>: mysqli_query() expects parameter 1 to be " "mysqli, null given",
                404,
            ),
            ["--source", "stooq", "aapl.us"],
        )
        self.assertEqual(
            (kind, detail[:37]), ("unavailable", "HTTP 404: its API is not where it was")
        )
        # Nothing listens.
        os.unlink(os.path.join(self.state_dir, "quotes.json"))
        result = self.quotes(["--source", "stooq", "aapl.us"], DEAD)
        self.assertEqual(
            stderr_for(result, "stooq"),
            ("unavailable", "127.0.0.1 refused the connection; not asked again before 20:01"),
        )
        self.assertIn("unavailable: check the network", result.stderr)

    def test_unknown_symbol_is_not_held_against_the_source(self):
        with Server(fx.nasdaq_routes()) as server:
            first = self.quotes(["--source", "nasdaq", "NOSUCH"], server.url)
            second = self.quotes(["--source", "nasdaq", "NOSUCH", "AAPL"], server.url)
            self.assertEqual(server.hits("/api/quote/NOSUCH/info"), 4)  # stocks, etf; twice
        self.assertEqual(
            stderr_for(first, "nasdaq"), ("unknown symbol", "rCode 400: Symbol not exists.")
        )
        self.assertEqual(second.lines, ["AAPL 196.45 -2.75"])

    def test_malformed(self):
        kind, detail = self.one(
            "/0/public/Ticker",
            fx.kraken_ticker(["EGeneral:Internal error"]),
            ["--source", "kraken", "BTC-USD"],
        )
        self.assertEqual(
            (kind, detail[:52]),
            ("malformed", "an error object in HTTP 200: EGeneral:Internal error"),
        )
        routes = fx.yahoo_routes(
            **{
                "/v7/finance/quote": Response.json('{"quoteResponse": {"result": ['),
                "/v8/finance/chart/AAPL": Response.json('{"chart": NaN}'),
            }
        )
        with Server(routes) as server:
            result = self.quotes(["--source", "yahoo", "--verbose", "AAPL"], server.url)
        self.assertIn("yahoo: v7 quote API: malformed: not JSON (Expecting value", result.stderr)
        self.assertEqual(stderr_for(result, "yahoo"), ("malformed", "no chart.result"))
        kind, detail = self.one(
            "/q/l/",
            Response.text("<html><body>maintenance</body></html>"),
            ["--source", "stooq", "aapl.us"],
        )
        self.assertEqual(
            (kind, detail),
            ("malformed", "it answered an HTML page, not CSV; not asked again before " "20:10"),
        )
        kind, detail = self.one(
            fx.FRANKFURTER_PATH, Response.json("{not json"), ["--source", "frankfurter", "usd"]
        )
        self.assertEqual(kind, "malformed")
        self.assertTrue(detail.startswith("not JSON (Expecting property name"), detail)
        kind, detail = self.one(
            "/api/quote/AAPL/info",
            fx.js(
                {
                    "data": None,
                    "message": None,
                    "status": {
                        "rCode": 500,
                        "bCodeMessage": [{"code": 9999, "errorMessage": "Internal"}],
                    },
                }
            ),
            ["--source", "nasdaq", "AAPL"],
        )
        self.assertEqual(kind, "malformed")
        self.assertIn("an error object in HTTP 200 (rCode 500: Internal)", detail)
        kind, detail = self.one(
            "/stats/eurofxref/eurofxref-hist-90d.xml",
            Response('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'),
            ["--source", "ecb", "usd"],
        )
        self.assertEqual(kind, "malformed")


class Http(QuotesCase):
    def test_gzip(self):
        routes = {"/q/l/": lambda request: fx.gzipped(fx.stooq_csv()(request))}
        with Server(routes) as server:
            result = self.quotes(["--source", "stooq", "aapl.us"], server.url)
            self.assertEqual(server.requests[0].headers["Accept-Encoding"], "gzip")
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75"])

    def test_truncated_body(self):
        body = "Symbol,Date,Time,Open,High,Low,Close,Prev\r\nAAPL.US,2025-06-13,22:00:09,199.73,200.37,195.70,19"
        with Server({"/q/l/": Response(body, truncate=500)}) as server:
            result = self.quotes(["--source", "stooq", "aapl.us"], server.url)
        self.assertEqual(stderr_for(result, "stooq")[0], "unavailable")
        self.assertIn("the answer was cut off", result.stderr)

    def test_redirects(self):
        routes = {
            # Frankfurter's old host now redirects; here the answer's own host does, in a loop.
            fx.FRANKFURTER_PATH: Response.redirect("{base}/v1/elsewhere", 301),
            "/v1/elsewhere": Response.redirect("{base}" + fx.FRANKFURTER_PATH, 301),
            # Stooq sends us to a host that is not its own: not followed.
            "/q/l/": Response.redirect("https://stooq.pl/q/l/?s=aapl.us", 302),
        }
        with Server(routes) as server:
            loop = self.quotes(["--source", "frankfurter", "usd"], server.url)
            away = self.quotes(["--source", "stooq", "aapl.us"], server.url)
            self.assertEqual(server.hits(fx.FRANKFURTER_PATH), 2)  # with its query, then without
            self.assertEqual(server.hits("/v1/elsewhere"), 1)
        self.assertEqual(stderr_for(loop, "frankfurter")[:1], ("unavailable",))
        self.assertIn("it redirects in a loop", loop.stderr)
        self.assertIn("it redirects to stooq.pl, which is not one of its hosts", away.stderr)
        # A redirect within the same host is followed.
        os.unlink(os.path.join(self.state_dir, "quotes.json"))  # stooq.pl above: backing off
        routes = {
            "/q/l/": Response.redirect("/q/l2/?s=aapl.us&f=sd2t2ohlcp&h&e=csv"),
            "/q/l2/": fx.stooq_csv(),
        }
        with Server(routes) as server:
            self.assertEqual(
                self.quotes(["--source", "stooq", "aapl.us"], server.url).lines,
                ["AAPL 196.45 -2.75"],
            )

    def test_a_redirect_to_an_address_that_is_not_one(self):
        # A server's Location that urllib.parse refuses (a broken IPv6 literal, a bad
        # port) is the server's failure, named; it was a traceback (ValueError).
        for location in ("http://[::1", "http://[zz]/", "//[::1/", "http://127.0.0.1:99999/"):
            with self.subTest(location=location):
                path = os.path.join(self.state_dir, "quotes.json")
                if os.path.exists(path):
                    os.unlink(path)
                with Server({"/q/l/": Response.redirect(location)}) as server:
                    result = self.quotes(["--source", "stooq", "aapl.us"], server.url)
                self.assertEqual(result.status, 1, result)
                kind, detail = stderr_for(result, "stooq")
                self.assertEqual(kind, "unavailable", result)
                self.assertRegex(
                    detail, r"^it redirects to (an address that is not one|127\.0\.0\.1)"
                )

    def test_an_http_proxy_is_honoured(self):
        # The host must be one /etc/hosts names as loopback, so that even a proxy ignored
        # by mistake could send nothing anywhere else (no DNS either).
        host = socket.gethostname()
        with open("/etc/hosts") as file:
            local = any(
                line.split()[0].startswith("127.") and host in line.split()[1:]
                for line in file
                if line.strip() and not line.startswith("#")
            )
        if not local:
            self.skipTest(f"{host} is not a loopback name in /etc/hosts")
        with Server({"/q/l/": fx.stooq_csv()}) as proxy:
            result = self.quotes(
                ["--source", "stooq", "aapl.us"],
                extra={
                    "TICKER_QUOTES_STOOQ_URL": f"http://{host}:1",
                    "TICKER_QUOTES_LOOPBACK_ONLY": "",
                    "http_proxy": proxy.url,
                    "HTTP_PROXY": proxy.url,
                    "no_proxy": "",
                },
            )
            self.assertEqual(result.lines, ["AAPL 196.45 -2.75"], result)
            self.assertTrue(proxy.requests[0].target.startswith(f"http://{host}:1/q/l/?s=aapl.us"))

    def test_the_whole_run_is_bounded_by_timeout(self):
        slow = Response(fx.stooq_row("aapl.us") * 40, trickle=(1, 0.05))  # 2,800 bytes over 140 s
        late = Response(b"", delay=30)
        with Server(
            {
                "/q/l/": slow,
                "/api/quote/AAPL/info": late,
                **fx.yahoo_routes(**{"/": late, "/v8/finance/chart/AAPL": late}),
            }
        ) as server:
            alone = self.quotes(["--source", "stooq", "--timeout", "1.5", "aapl.us"], server.url)
            chain = self.quotes(["--timeout", "2", "AAPL"], server.url)
        self.assertLess(alone.elapsed, 1.5 + 1.5, alone)
        self.assertEqual(
            stderr_for(alone, "stooq"),
            (
                "unavailable",
                "no answer within --timeout from 127.0.0.1; " "not asked again before 20:01",
            ),
        )
        # Three slow sources in turn share the two seconds; none is given all of it.
        self.assertLess(chain.elapsed, 2 + 1.5, chain)
        self.assertIn("yahoo: unavailable", chain.stderr)
        self.assertIn("nasdaq: unavailable", chain.stderr)


class Check(QuotesCase):
    def test_all_working(self):
        routes = fx.all_routes(sample("sample-ecb.xml"), KEYS)
        with Server(routes) as server:
            result = self.quotes(["--check"], server.url, keys=KEYS)
        self.assertEqual(result.status, 0, result)
        rows = {line.split()[0]: line for line in result.lines[1:]}
        self.assertEqual(
            sorted(rows),
            sorted(SOURCES),
        )
        self.assertTrue(result.lines[0].startswith("SOURCE       CLASS"))
        for name, line in rows.items():
            self.assertIn(" works ", line, line)
        self.assertIn("AAPL 196.45 -2.75", rows["yahoo"])
        self.assertIn("EUR/USD 1.1512 -0.0064", rows["ecb"])
        self.assertNoSecret(result)

    def test_a_class_without_a_working_source(self):
        routes = fx.all_routes(sample("sample-ecb.xml"), KEYS)
        for path in ("/products/BTC-USD/ticker", "/0/public/Ticker", "/v7/finance/quote", "/q/l/"):
            routes[path] = Response.text("down", 503)
        routes["/"] = fx.yahoo_consent_redirect()
        routes["/v8/finance/chart/AAPL"] = Response.text("down", 503)
        with Server(routes) as server:
            result = self.quotes(["--check"], server.url)
        self.assertEqual(result.status, 1, result)
        rows = {line.split()[0]: line for line in result.lines[1:-1]}
        self.assertRegex(rows["coinbase"], r"^coinbase +crypto +unavailable +\d+\.\d\ds  HTTP 503")
        self.assertRegex(rows["finnhub"], r"needs a key .*no key \(\$TICKER_QUOTES_FINNHUB_KEY\)")
        self.assertEqual(result.lines[-1], "no working source for: crypto")
        # --check asks even a source that is backing off, and remembers what it found.
        self.assertIn('"coinbase"', result.state())

    def test_without_network_every_source_is_unavailable_within_the_timeout(self):
        refused = self.quotes(["--check", "--timeout", "3"], DEAD, keys=KEYS)
        self.assertEqual(refused.status, 1)
        for line in refused.lines[1:-1]:
            self.assertRegex(line, r"^\w+ +[a-z, ]+ +unavailable ", line)
        self.assertEqual(refused.lines[-1], "no working source for: crypto, currencies, stocks")
        # A host that takes the connection and never answers.
        hole = socket.socket()
        hole.bind(("127.0.0.1", 0))
        hole.listen(64)
        self.addCleanup(hole.close)
        url = f"http://127.0.0.1:{hole.getsockname()[1]}"
        silent = self.quotes(["--check", "--timeout", "2"], url, keys=KEYS)
        self.assertEqual(silent.status, 1)
        self.assertLess(silent.elapsed, 2 + 1.5)
        self.assertEqual(
            len([line for line in silent.lines if " unavailable " in line]), 10, silent
        )

    def test_given_symbols(self):
        with Server(fx.coinbase_routes()) as server:
            result = self.quotes(["--check", "ETH/EUR"], server.url)
        self.assertEqual(result.status, 0, result)
        self.assertEqual(
            [line.split()[0] for line in result.lines[1:]],
            ["yahoo", "stooq", "coinbase", "kraken", "twelvedata"],
        )


class Keys(QuotesCase):
    def key_file(self, source, text, mode=0o600):
        folder = os.path.join(self.home, "config", "ticker-status", "keys")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, source)
        with open(path, "w") as file:
            file.write(text)
        os.chmod(path, mode)
        return path

    def test_key_from_a_private_file(self):
        self.key_file("finnhub", KEYS["finnhub"] + "\n")
        with Server({"/api/v1/quote": fx.finnhub_quote(KEYS["finnhub"])}) as server:
            result = self.quotes(["--verbose", "--source", "finnhub", "AAPL"], server.url)
            # With --source auto too, once the key is there.
            auto = self.quotes(["--verbose", "AAPL"], server.url)
            self.assertEqual(server.requests[0].headers["X-Finnhub-Token"], KEYS["finnhub"])
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75"])
        self.assertEqual(auto.lines, ["AAPL 196.45 -2.75"])
        self.assertNoSecret(result)
        self.assertNoSecret(auto)

    def test_a_key_file_others_may_read_is_refused(self):
        path = self.key_file("finnhub", KEYS["finnhub"], 0o644)
        with Server({"/api/v1/quote": fx.finnhub_quote(KEYS["finnhub"])}) as server:
            result = self.quotes(["--source", "finnhub", "AAPL"], server.url)
            self.assertEqual(server.hits(), 0)
        self.assertIn(
            f"finnhub: needs a key (the key file {path} is not used: others may read it (want mode 600))",
            result.stderr,
        )
        self.assertNoSecret(result)

    def test_a_key_file_that_is_a_symbolic_link_is_refused(self):
        target = os.path.join(self.home, "elsewhere")
        with open(target, "w") as file:
            file.write(KEYS["finnhub"])
        os.chmod(target, 0o600)
        folder = os.path.join(self.home, "config", "ticker-status", "keys")
        os.makedirs(folder)
        os.symlink(target, os.path.join(folder, "finnhub"))
        result = self.quotes(["--source", "finnhub", "AAPL"])
        self.assertIn("is not used: it is a symbolic link", result.stderr)

    def test_the_key_never_shows(self):
        # Alpha Vantage can only take its key in the URL: masked in --verbose, in every
        # message, and never in the state file (which even keeps what went wrong).
        routes = {"/query": fx.alphavantage_query(KEYS["alphavantage"], "note")}
        with Server(routes) as server:
            result = self.quotes(
                ["--verbose", "--source", "alphavantage", "IBM", "MSFT"], server.url, keys=KEYS
            )
            seen = server.requests[0].query["apikey"]
        self.assertEqual(seen, [KEYS["alphavantage"]])
        self.assertIn("apikey=****", result.stderr)
        self.assertIn('"alphavantage"', result.state())
        self.assertNoSecret(result)
        # A key the server echoes back in its error is masked too.
        echo = {
            "/api/v1/quote": lambda r: fx.js(
                {"error": f"Invalid API key {r.headers['X-Finnhub-Token']}."}, 401
            )
        }
        with Server(echo) as server:
            result = self.quotes(
                ["--verbose", "--source", "finnhub", "AAPL"], server.url, keys=KEYS
            )
        self.assertIn("Invalid API key ****.", result.stderr)
        self.assertNoSecret(result)

    def test_a_key_is_never_taken_from_the_command_line(self):
        result = self.quotes(["--key", "x", "AAPL"])
        self.assertEqual(result.status, 2)


class StateFolder(QuotesCase):
    def test_a_symbolic_link_is_not_used(self):
        real = os.path.join(self.home, "real")
        os.mkdir(real, 0o700)
        os.symlink(real, self.state_dir)
        with Server({"/q/l/": fx.stooq_puzzle()}) as server:
            result = self.quotes(["--source", "stooq", "aapl.us"], server.url)
            self.quotes(["--source", "stooq", "aapl.us"], server.url)
            self.assertEqual(server.hits(), 2)  # nothing remembered
        self.assertIn(
            "not remembering failed sources or recent prices: cannot use the state folder "
            f"'{self.state_dir}': it is a symbolic link",
            result.stderr,
        )
        self.assertEqual(os.listdir(real), [])

    def test_a_folder_others_may_enter_is_not_used(self):
        os.mkdir(self.state_dir, 0o755)
        result = self.quotes(["--source", "stooq", "aapl.us"])
        self.assertIn("others may use it (want mode 0700)", result.stderr)
        self.assertEqual(os.listdir(self.state_dir), [])

    def test_a_state_file_that_is_a_symbolic_link_is_not_followed(self):
        os.mkdir(self.state_dir, 0o700)
        target = os.path.join(self.home, "target")
        with open(target, "w") as file:
            file.write(
                '{"sources": {"stooq": {"kind": "blocked", "until": 9999999999, "detail": "old"}}}'
            )
        os.symlink(target, os.path.join(self.state_dir, "quotes.json"))
        with Server({"/q/l/": fx.stooq_puzzle()}) as server:
            result = self.quotes(["--source", "stooq", "aapl.us"], server.url)
            self.assertEqual(server.hits(), 1)  # the link's back-off was not read
        self.assertIn("quotes.json': it is a symbolic link", result.stderr)
        with open(target) as file:
            self.assertIn('"old"', file.read())  # nor written through
        self.assertFalse(os.path.islink(os.path.join(self.state_dir, "quotes.json")))

    def test_a_damaged_state_file_is_started_again(self):
        os.mkdir(self.state_dir, 0o700)
        path = os.path.join(self.state_dir, "quotes.json")
        with open(path, "w") as file:
            file.write("{" * 100000)
        os.chmod(path, 0o600)
        with Server({"/q/l/": fx.stooq_csv()}) as server:
            self.assertEqual(
                self.quotes(["--source", "stooq", "aapl.us"], server.url).lines,
                ["AAPL 196.45 -2.75"],
            )

    def test_default_folder_under_xdg_state_home(self):
        base = os.path.join(self.home, "xdg-state")
        with Server({"/q/l/": fx.stooq_puzzle()}) as server:
            self.quotes(
                ["--source", "stooq", "aapl.us"],
                server.url,
                extra={"TICKER_QUOTES_STATE_DIR": "", "XDG_STATE_HOME": base},
            )
        path = os.path.join(base, "ticker-status", "quotes.json")
        self.assertTrue(os.path.exists(path))
        self.assertEqual(os.stat(os.path.dirname(path)).st_mode & 0o777, 0o700)


class CommandLine(QuotesCase):
    def test_bad_command_lines_exit_2(self):
        for args in (
            ["--source", "nosuch", "AAPL"],
            ["AAPL MSFT"],
            ["a;b"],
            [],
            ["--timeout", "0", "AAPL"],
            ["--check", "--offline", "-"],
            ["EUR/XYZ1"],
        ):
            result = self.quotes(args)
            self.assertEqual(result.status, 2, (args, result))
            self.assertTrue(result.stderr.startswith("usage: ticker-quotes"), result)

    # TICKER_QUOTES_<SOURCE>_URL values that cannot be asked, and the words that say why.
    BAD_URLS = [
        ("http://127.0.0.1:99999", "Port out of range 0-65535"),
        ("http://[::1", "Invalid IPv6 URL"),
        ("http://[zz]", "'zz' does not appear to be an IPv4 or IPv6 address"),
        ("http://127.0.0.1:port", "Port could not be cast to integer value as 'port'"),
        ("http://127.0.0.1:-1", "Port could not be cast to integer value as '-1'"),
        ("http://127.0.0.1:0", "port 0"),
        ("ftp://127.0.0.1", "not http or https (ftp)"),
        ("file:///etc/passwd", "not http or https (file)"),
        ("javascript:alert(1)", "not http or https (javascript)"),
        ("127.0.0.1:8123", "not http or https"),
        ("http://", "no host"),
        ("http://:8123", "no host"),
        ("http://127.0.0.1 :8123", "it holds spaces or control characters"),
        ("http://127.0.0.1:8123/\x1b[2J", "it holds spaces or control characters"),
        ("http://127.0.0.1:8123/?s=x", "a query or fragment cannot be followed"),
        ("http://127.0.0.1:8123#top", "a query or fragment cannot be followed"),
        ("http://user:s3cr3t@127.0.0.1:8123", "a user name is not used"),
    ]

    def test_a_bad_source_url_is_a_bad_command_line(self):
        # It was a traceback (a port out of range, a broken IPv6 literal) or a source
        # named unavailable and backed off on every run (another scheme, no host).
        every = (
            ["--source", "stooq", "aapl.us"],
            ["EUR/USD"],
            ["--check"],
            ["--offline", os.devnull, "x"],
        )
        for n, (value, words) in enumerate(self.BAD_URLS):
            for args in every if n < 2 else every[:1]:  # whatever is asked: checked first
                with self.subTest(value=value, args=args):
                    result = self.quotes(args, extra={"TICKER_QUOTES_STOOQ_URL": value})
                    self.assertEqual(result.status, 2, result)
                    (line,) = result.stderr.splitlines()
                    self.assertTrue(
                        line.startswith("ticker-quotes: TICKER_QUOTES_STOOQ_URL='"), line
                    )
                    self.assertIn(f" cannot be used: {words}", line)
                    self.assertNotIn("s3cr3t", line)
                    self.assertIsNone(re.search("[\x00-\x1f\x7f-\x9f]", line), line)
                    self.assertEqual(result.stdout, "")
                    self.assertFalse(os.path.exists(os.path.join(self.state_dir, "quotes.json")))

    def test_good_source_urls_are_taken(self):
        with Server({"/mirror/q/l/": fx.stooq_csv(), "/q/l/": fx.stooq_csv()}) as server:
            values = (server.url, server.url + "/", server.url + "/mirror", "HTTP" + server.url[4:])
            for value in values:
                with self.subTest(value=value):
                    result = self.quotes(
                        ["--source", "stooq", "aapl.us"], extra={"TICKER_QUOTES_STOOQ_URL": value}
                    )
                    self.assertEqual(result.lines, ["AAPL 196.45 -2.75"], result)


if __name__ == "__main__":
    unittest.main()
