"""Hostile answers (issue 28's attack round and issue 24's list): one odd number loses
one quote only; no traceback on a 128 KiB field; 1e1500000000 never expanded; answers
bounded; 10,000 symbols; a status line, headers, chunk sizes or body dripped a byte at
a time still end within --timeout; a server's text (bodies, headers, status lines,
redirects) never reaches the terminal or the state file with its escapes. Each prints
what it measured (time, peak memory) with -v."""

import json
import os
import subprocess
import sys
import unittest
import zlib

import quotes_fixtures as fx
from loopback import Response, Server
from quotes_support import QuotesCase, run_measured, sample
from hostile_values import CONTROLS, strings_of

MEASURED = []


def note(name, result):
    MEASURED.append(f"{name}: {result.elapsed:.2f} s, peak {result.peak_kib / 1024:.1f} MiB")


def tearDownModule():
    if MEASURED and "-v" in sys.argv or "--verbose" in sys.argv:
        print("\nmeasured:\n  " + "\n  ".join(MEASURED), file=sys.stderr)


def yahoo_with(rows):
    return fx.yahoo_routes(**{"/v7/finance/quote": fx.yahoo_quote(rows)})


def raw_row(symbol, price_text, previous="100.0", **extra):
    """A v7 row with its price written as `price_text` (any JSON text at all)."""
    row = dict(fx.YAHOO_ROWS["AAPL"], symbol=symbol, regularMarketPreviousClose=previous, **extra)
    row["regularMarketPrice"] = "@PRICE@"
    return json.dumps(row).replace('"@PRICE@"', price_text)


def yahoo_raw(rows_text):
    def answer(request):
        if request.query.get("crumb") != [fx.YAHOO_CRUMB]:
            return fx.yahoo_invalid_crumb()
        return Response.json(
            '{"quoteResponse": {"result": [' + ",".join(rows_text) + '], "error": null}}'
        )

    return answer


class OddNumbers(QuotesCase):
    def test_one_odd_number_loses_that_quote_only(self):
        rows = [
            raw_row("AAPL", "196.45", "199.2"),
            raw_row("MSFT", "1e30"),
            raw_row("TSLA", "-5"),
            raw_row("NVDA", "NaN"),
            raw_row("AMZN", "Infinity"),
            raw_row("META", "0"),
            raw_row("GOOG", '"12x"'),
            raw_row("NFLX", "1e1500000000"),
            raw_row("INTC", "20.5", "1e-1500000000"),
        ]
        with Server(fx.yahoo_routes(**{"/v7/finance/quote": yahoo_raw(rows)})) as server:
            result = run_measured(
                self,
                [
                    "--source",
                    "yahoo",
                    "AAPL",
                    "MSFT",
                    "TSLA",
                    "NVDA",
                    "AMZN",
                    "META",
                    "GOOG",
                    "NFLX",
                    "INTC",
                ],
                server.url,
            )
        note("odd numbers in one answer", result)
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75"])
        for symbol, detail in (
            ("MSFT", "the price is absurd (1e30)"),
            ("TSLA", "an absurd price (-5)"),
            ("NVDA", "the price is not a plain number (NaN)"),
            ("AMZN", "the price is not a plain number (Infinity)"),
            ("META", "an absurd price (0)"),
            ("GOOG", "the price is not a plain number (12x)"),
            ("NFLX", "the price is absurd (1e1500000000)"),
            ("INTC", "the previous close is absurd (1e-1500000000)"),
        ):
            self.assertIn(f"'{symbol}': yahoo: malformed ({detail})", result.stderr)
        self.assertIn("malformed: the source's format may have changed", result.stderr)
        self.assertLess(result.elapsed, 5)

    def test_an_absurd_change_or_previous_close(self):
        rows = {
            "AAPL": dict(fx.YAHOO_ROWS["AAPL"], regularMarketPreviousClose=5e12),
            "MSFT": fx.YAHOO_ROWS["MSFT"],
        }
        with Server(yahoo_with(rows)) as server:
            result = run_measured(self, ["--source", "yahoo", "AAPL", "MSFT"], server.url)
        self.assertEqual(result.lines, ["MSFT 474.96 -3.91"])
        self.assertIn(
            "'AAPL': yahoo: malformed (an absurd previous close (5000000000000.0))", result.stderr
        )

    def test_the_same_in_a_csv(self):
        text = (
            fx.STOOQ_HEADER
            + "\r\n"
            + fx.STOOQ["aapl.us"]
            + "\r\n"
            + "MSFT.US,2025-06-13,22:00:09,1,1,1,1e30,1\r\n"
            + "SAP.DE,2025-06-13,22:00:09,1,1,1,1e1500000000,1\r\n"
            + "NVDA.US,2025-06-13,22:00:09,1,1,1,"
            + "9" * (128 << 10)
            + ",1\r\n"
            + fx.STOOQ["eurusd"]
            + "\r\n"
        )
        with Server({"/q/l/": Response(text)}) as server:
            result = run_measured(
                self,
                ["--source", "stooq", "aapl.us", "msft.us", "sap.de", "nvda.us", "eurusd"],
                server.url,
            )
        note("odd numbers and a 128 KiB field in a CSV", result)
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75", "EUR/USD 1.1550 -0.0034"])
        self.assertIn("'msft.us': stooq: malformed (the price is absurd (1e30))", result.stderr)
        self.assertIn(
            "'sap.de': stooq: malformed (the price is absurd (1e1500000000))", result.stderr
        )
        self.assertIn(
            "'nvda.us': stooq: malformed (a line longer than 4096 characters)", result.stderr
        )


class LongFields(QuotesCase):
    def test_128_kib_fields_in_json(self):
        digits = "7" * (128 << 10)
        rows = [
            raw_row("AAPL", "196.45", "199.2", longName="A" * (128 << 10)),
            raw_row("MSFT", digits),
            raw_row("TSLA", "1." + digits),
            raw_row("X" * (128 << 10), "1"),
        ]
        with Server(fx.yahoo_routes(**{"/v7/finance/quote": yahoo_raw(rows)})) as server:
            result = run_measured(
                self, ["--source", "yahoo", "--json", "AAPL", "MSFT", "TSLA"], server.url
            )
        note("128 KiB fields in JSON", result)
        self.assertEqual(result.status, 0, result)
        quote = json.loads(result.lines[0])
        self.assertEqual(len(quote["name"]), 120)
        self.assertIn(
            "'MSFT': yahoo: malformed (the price is 131072 characters long)", result.stderr
        )
        self.assertIn(
            "'TSLA': yahoo: malformed (the price is 131074 characters long)", result.stderr
        )
        self.assertLess(len(result.stderr), 2000)

    def test_a_128_kib_symbol_and_error_text(self):
        with Server({"/0/public/Ticker": fx.kraken_ticker(["E" * (128 << 10)])}) as server:
            result = run_measured(self, ["--source", "kraken", "BTC-USD"], server.url)
        self.assertLess(len(result.stderr), 2000)
        self.assertIn("kraken: malformed (an error object in HTTP 200: EEEE", result.stderr)


class Bounds(QuotesCase):
    def test_an_endless_body_is_cut(self):
        endless = Response(
            (b"x" * 65536 for _ in range(20 * 16)), content_type="text/csv"
        )  # 20 MiB
        with Server({"/q/l/": endless}) as server:
            result = run_measured(self, ["--source", "stooq", "aapl.us"], server.url)
        note("a 20 MiB answer", result)
        self.assertIn("stooq: malformed (the answer is longer than 4 MiB", result.stderr)
        self.assertLess(result.peak_kib, 64 << 10)

    def test_a_gzip_bomb_is_cut(self):
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        bomb = (
            b"".join(packer.compress(b"\0" * (1 << 20)) for _ in range(200)) + packer.flush()
        )  # 200 MiB
        with Server({"/q/l/": Response(bomb, headers={"Content-Encoding": "gzip"})}) as server:
            result = run_measured(self, ["--source", "stooq", "aapl.us"], server.url)
        note(f"a gzip bomb ({len(bomb) >> 10} KiB -> 200 MiB)", result)
        self.assertIn("stooq: malformed (the answer is longer than 4 MiB unpacked", result.stderr)
        self.assertLess(result.peak_kib, 64 << 10)

    def test_deep_nesting(self):
        with Server({fx.FRANKFURTER_PATH: Response.json("[" * 100000 + "]" * 100000)}) as server:
            result = run_measured(self, ["--source", "frankfurter", "usd"], server.url)
        self.assertIn("frankfurter: malformed (the JSON is nested too deeply", result.stderr)

    def test_entities_in_xml(self):
        laughs = (
            '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
            + "".join(
                f'<!ENTITY lol{n} "{("&lol%s;" % (n - 1 if n > 1 else "")) * 10}">'
                for n in range(1, 10)
            )
            + "]><Cube>&lol9;</Cube>"
        )
        with Server({"/stats/eurofxref/eurofxref-hist-90d.xml": Response(laughs)}) as server:
            result = run_measured(self, ["--source", "ecb", "usd"], server.url)
        self.assertIn("ecb: malformed (not the ECB's XML (a DOCTYPE or an entity)", result.stderr)
        self.assertLess(result.peak_kib, 64 << 10)

    def test_many_cookies(self):
        cookie = Response("", 404, cookies=[f"C{n}={'v' * 100}; Path=/" for n in range(60)])
        with Server(fx.yahoo_routes(**{"/": cookie})) as server:
            result = run_measured(self, ["--source", "yahoo", "AAPL"], server.url)
            sent = server.requests_for("/v1/test/getcrumb")[0].headers.get("Cookie", "")
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75"])
        self.assertEqual(sent.count("="), 20)
        # More headers than http.client takes (100): named, and the chart asked instead.
        os.unlink(os.path.join(self.state_dir, "quotes.json"))  # the crumb saved above
        cookie = Response("", 404, cookies=[f"C{n}={'v' * 3000}; Path=/" for n in range(200)])
        with Server(fx.yahoo_routes(**{"/": cookie})) as server:
            result = run_measured(self, ["--source", "yahoo", "--verbose", "AAPL"], server.url)
        self.assertEqual(result.lines, ["AAPL 196.45 -2.75"])
        self.assertIn(
            "yahoo: v7 quote API: unavailable: 127.0.0.1: got more than 100 headers", result.stderr
        )


# How much longer than --timeout a run may take: the interpreter's start, the state
# saved, the messages written.
MARGIN = 1.5


def dripped(part, interval=0.5, body=None):
    """A Stooq answer whose `part` comes a byte every `interval` seconds: "status" (the
    status line), "headers", "body" (with a Content-Length) or "chunks" (a chunked body
    whose first chunk-size line is 4,000 zeros long). Every recv of the client succeeds;
    only a deadline over the whole answer ends it."""
    body = body or fx.stooq_row("aapl.us") * 40
    if part in ("status", "headers"):
        return Response(body, drip=(part, interval))
    if part == "body":
        return Response(body, trickle=(1, interval))
    chunked = b"0" * 4000 + b"%x\r\n" % len(body) + body.encode() + b"\r\n0\r\n\r\n"
    return Response([chunked], headers={"Transfer-Encoding": "chunked"}, trickle=(1, interval))


class SlowHeads(QuotesCase):
    """The whole run ends within --timeout however slowly a server sends (the fetchers'
    attack round: a status line dripped at a byte every 0.5 s kept --timeout 3 running
    past 40 s, since http.client's socket timeout bounds each recv, not the answer)."""

    def bounded(self, args, url, timeout):
        """The run, which must end within `timeout` + MARGIN (killed at + 8 s)."""
        try:
            result = self.quotes(["--timeout", str(timeout)] + args, url, limit=timeout + 8)
        except subprocess.TimeoutExpired:
            self.fail(f"--timeout {timeout} still running at {timeout + 8} s; killed")
        self.assertLess(result.elapsed, timeout + MARGIN, result)
        return result

    def test_a_dripped_status_line_ends_within_timeout(self):
        with Server({"/q/l/": dripped("status")}) as server:
            result = self.bounded(["--source", "stooq", "aapl.us"], server.url, 3)
        self.assertEqual(result.status, 1, result)
        self.assertEqual(result.lines, [])
        self.assertIn(
            "'aapl.us': stooq: unavailable (no answer within --timeout from 127.0.0.1",
            result.stderr,
        )
        self.assertIn('"kind": "unavailable"', result.state())  # backed off, as any outage

    def test_dripped_headers_end_within_timeout(self):
        with Server({"/q/l/": dripped("headers")}) as server:
            result = self.bounded(["--source", "stooq", "aapl.us"], server.url, 3)
        self.assertEqual(result.status, 1, result)
        self.assertIn(
            "'aapl.us': stooq: unavailable (no answer within --timeout from 127.0.0.1",
            result.stderr,
        )

    def test_a_dripped_body_or_chunk_size_ends_within_timeout(self):
        for part in ("body", "chunks"):
            with self.subTest(part=part), Server({"/q/l/": dripped(part)}) as server:
                result = self.bounded(["--source", "stooq", "aapl.us"], server.url, 2)
                self.assertEqual(result.status, 1, result)
                self.assertIn("stooq: unavailable (no answer within --timeout", result.stderr)
            if os.path.exists(os.path.join(self.state_dir, "quotes.json")):
                os.unlink(os.path.join(self.state_dir, "quotes.json"))  # the back-off it left

    def test_a_slow_source_is_left_for_the_next_within_timeout(self):
        # Frankfurter drips its headers: it is abandoned with half the time, and the
        # ECB, next for currencies, answers within the rest.
        routes = {fx.FRANKFURTER_PATH: Response.json(fx.FRANKFURTER, drip=("headers", 0.5))}
        routes.update(fx.ecb_routes(sample("sample-ecb.xml")))
        with Server(routes) as server:
            result = self.bounded(["--verbose", "EUR/USD"], server.url, 3)
        self.assertEqual(result.status, 0, result)
        self.assertEqual(result.lines, ["EUR/USD 1.1512 -0.0064"])
        self.assertIn(
            "EUR/USD from ecb after frankfurter: unavailable (no answer within --timeout",
            result.stderr,
        )


ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x9b31m\u202eevil"
STATUS_LINE = f"HTTP/9{ESCAPES} 200 OK\r\n".encode("latin-1", "replace")  # "?" for U+202E


class ServerText(QuotesCase):
    """A server's words are shown (they say what went wrong) but never with their
    escape sequences: the fetchers' attack round had an error body's OSC title and
    clear-screen printed raw, with or without --verbose, kept in quotes.json and
    printed again on every run while the back-off lasted."""

    def forget(self):
        """No back-off left from the run before."""
        path = os.path.join(self.state_dir, "quotes.json")
        if os.path.exists(path):
            os.unlink(path)

    def assertPlain(self, result, what):
        for name, text in (("stderr", result.stderr), ("stdout", result.stdout)):
            found = CONTROLS.search(text)
            self.assertIsNone(found, f"{what}: {name} holds {found and found.group(0)!r}\n{text}")
        state = result.state()
        if state:
            for text in strings_of(json.loads(state)):
                self.assertIsNone(CONTROLS.search(text), f"{what}: the state holds {text!r}")

    def test_an_error_body_with_escapes_now_and_from_the_state(self):
        body = json.dumps({"message": ESCAPES})  # \u001b in the JSON text, as reported
        routes = {fx.FRANKFURTER_PATH: Response.json(body, 404)}
        with Server(routes) as server:
            for verbose in ([], ["--verbose"]):
                with self.subTest(verbose=verbose):
                    self.forget()
                    args = verbose + ["--source", "frankfurter", "usd"]
                    first = self.quotes(args, server.url)
                    self.assertEqual(first.status, 1, first)
                    self.assertIn("HTTP 404: its API is not where it was: ]0;PWNED", first.stderr)
                    self.assertPlain(first, "the first run")
                    self.assertIn("PWNED", first.state())  # kept, as plain text
                    again = self.quotes(args, server.url)  # the back-off, from the state
                    self.assertIn("not asked again before", again.stderr)
                    self.assertIn("]0;PWNED", again.stderr)
                    self.assertPlain(again, "the run from the state")

    def test_escapes_in_headers_status_lines_and_redirects(self):
        cases = [
            (
                "a status line's version",
                Response("x", status_line=STATUS_LINE),
                "HTTP/9",
            ),
            (
                "a Content-Encoding",
                Response("x", headers={"Content-Encoding": "\x1b[2Jbr\x9b"}),
                "the answer is packed as",
            ),
            (
                "a redirect's host",
                Response.redirect("http://\x1bc\x9b31m\x07evil.example/q/l/"),
                "which is not one of its hosts",
            ),
            (
                "a cookie and a crumb",
                None,
                "getcrumb gave no crumb",
            ),
        ]
        for what, response, words in cases:
            if response is None:
                routes = fx.yahoo_routes(
                    **{
                        "/": Response("", 404, cookies=["A3=\x1b]0;PWNED\x07; Path=/", "B=ok"]),
                        "/v1/test/getcrumb": Response.text("\x1b]0;PWNED\x07\x1b[2J"),
                        "/v8/finance/chart/AAPL": Response.text("down", 503),
                    }
                )
                args = ["--source", "yahoo", "AAPL"]
            else:
                routes = {"/q/l/": response}
                args = ["--source", "stooq", "aapl.us"]
            for verbose in ([], ["--verbose"]):
                with self.subTest(what, verbose=verbose), Server(routes) as server:
                    self.forget()
                    result = self.quotes(verbose + args, server.url)
                    self.assertEqual(result.status, 1, result)
                    self.assertIn(words, result.stderr)
                    self.assertPlain(result, what)

    def test_check_shows_a_server_text_plain(self):
        routes = {fx.FRANKFURTER_PATH: Response.json(json.dumps({"message": ESCAPES}), 404)}
        with Server(routes) as server:
            result = self.quotes(["--check", "--timeout", "5", "EUR/USD"], server.url)
        self.assertIn("]0;PWNED", result.stdout)
        self.assertPlain(result, "--check")


class ManySymbols(QuotesCase):
    def test_10000_symbols(self):
        symbols = [f"s{n:05d}.us" for n in range(10000)]
        with Server({"/q/l/": fx.stooq_csv(generated=True)}) as server:
            result = run_measured(self, ["--source", "stooq"] + symbols, server.url)
            hits = server.hits("/q/l/")
        note("10,000 symbols from stooq", result)
        self.assertEqual(hits, 25)  # batches of 50, at most 25 requests a run
        self.assertEqual(len(result.lines), 1250)
        self.assertEqual(result.lines[0], "S00000 10.50 +0.50")
        # One line for the 8,750 left, not 8,750 lines.
        self.assertEqual(
            result.stderr.splitlines()[0],
            "ticker-quotes: no quote for 's01250.us', 's01251.us', 's01252.us', 's01253.us', "
            "'s01254.us', and 8745 more: stooq: not asked (at most 1250 symbols from stooq a run)",
        )
        self.assertLess(result.elapsed, 20)

    def test_10000_symbols_in_one_answer(self):
        rows = {
            f"S{n}": {
                "symbol": f"S{n}",
                "regularMarketPrice": 1.5,
                "regularMarketPreviousClose": 1.25,
                "marketState": "REGULAR",
                "currency": "USD",
            }
            for n in range(10000)
        }
        rows.update(fx.YAHOO_ROWS)
        answer = {"quoteResponse": {"result": list(rows.values()), "error": None}}
        body = json.dumps(answer)
        with Server(
            fx.yahoo_routes(
                **{"/v7/finance/quote": Response.json(body, query={"crumb": fx.YAHOO_CRUMB})}
            )
        ) as server:
            result = run_measured(self, ["--source", "yahoo", "AAPL", "MSFT", "TSLA"], server.url)
        note(f"10,000 quotes in one answer ({len(body) >> 20} MiB)", result)
        self.assertEqual(
            result.lines, ["AAPL 196.45 -2.75", "MSFT 474.96 -3.91", "TSLA 325.31 +6.20"]
        )

    def test_10000_unknown_symbols_in_auto(self):
        symbols = [f"Z{n}" for n in range(10000)]
        routes = fx.yahoo_routes()
        routes["/q/l/"] = fx.stooq_csv()
        with Server(routes) as server:
            result = run_measured(self, symbols, server.url)
            hits = server.hits()
        note("10,000 unknown symbols, --source auto", result)
        self.assertEqual(result.status, 1)
        self.assertLess(hits, 3 + 25 + 12 * 2 + 25)  # bounded by the per-source limits
        self.assertLess(len(result.stderr.splitlines()), 12)
        self.assertLess(result.elapsed, 20)


if __name__ == "__main__":
    unittest.main()
