"""ticker-quotes' parts, in this process: the notation and each source's spelling of
it, numbers, lines, and --offline with the repository's samples."""

import os
import subprocess
import sys
import unittest
from decimal import Decimal
from unittest import mock

from quotes_support import SAMPLES, SCRIPT, load_package

tq = load_package()


class Notation(unittest.TestCase):
    def parse(self, text, **options):
        return tq.symbols.parse_symbol(text, **options)

    def test_kinds_and_names(self):
        cases = {
            "AAPL": ("stock", "AAPL"),
            "aapl": ("stock", "AAPL"),
            "aapl.us": ("stock", "AAPL"),
            "SAP.DE": ("stock", "SAP.DE"),
            "sap.de": ("stock", "SAP.DE"),
            "7203.T": ("stock", "7203.T"),
            "7203.jp": ("stock", "7203.JP"),
            "VOD.L": ("stock", "VOD.L"),
            "BRK.B": ("stock", "BRK.B"),
            "BRK-B": ("stock", "BRK.B"),
            "^GSPC": ("index", "^GSPC"),
            "^spx": ("index", "^SPX"),
            "EURUSD": ("fx", "EUR/USD"),
            "eurusd": ("fx", "EUR/USD"),
            "EUR/USD": ("fx", "EUR/USD"),
            "EURUSD=X": ("fx", "EUR/USD"),
            "JPY=X": ("fx", "USD/JPY"),
            "BTC-USD": ("crypto", "BTC/USD"),
            "BTC/USD": ("crypto", "BTC/USD"),
            "btcusd": ("crypto", "BTC/USD"),
            "XBT/EUR": ("crypto", "BTC/EUR"),
            "ETH-BTC": ("crypto", "ETH/BTC"),
            "USD": ("stock", "USD"),
        }
        for text, (kind, display) in cases.items():
            instrument = self.parse(text)
            self.assertEqual((instrument.kind, instrument.display), (kind, display), text)
        self.assertEqual(self.parse("usd", currencies_only=True).display, "EUR/USD")

    def test_not_symbols(self):
        for text in ("", "a b", "a;b", "^", "A" * 33, "EUR/", "EUR/US1", "A.B.C", "X=Y", "$AAPL"):
            with self.assertRaises(tq.symbols.BadSymbol, msg=text):
                self.parse(text)

    def test_each_source_spells_it_its_own_way(self):
        spellings = {
            "AAPL": {
                "yahoo": "AAPL",
                "nasdaq": "AAPL",
                "stooq": "aapl.us",
                "finnhub": "AAPL",
                "alphavantage": "AAPL",
                "twelvedata": "AAPL",
            },
            "BRK.B": {"yahoo": "BRK-B", "nasdaq": None, "stooq": "brk-b.us", "finnhub": "BRK.B"},
            "SAP.DE": {
                "yahoo": "SAP.DE",
                "nasdaq": None,
                "stooq": "sap.de",
                "finnhub": "SAP.DE",
                "alphavantage": "SAP.DEX",
                "twelvedata": None,
            },
            "vod.uk": {"yahoo": "VOD.L", "stooq": "vod.uk", "alphavantage": "VOD.LON"},
            "7203.T": {"yahoo": "7203.T", "stooq": "7203.jp"},
            "^GSPC": {"yahoo": "^GSPC", "stooq": "^spx"},
            "^spx": {"yahoo": "^GSPC", "stooq": "^spx"},
            "EUR/USD": {
                "yahoo": "EURUSD=X",
                "stooq": "eurusd",
                "ecb": "EUR/USD",
                "frankfurter": "EUR/USD",
                "twelvedata": "EUR/USD",
            },
            "BTC-USD": {
                "yahoo": "BTC-USD",
                "stooq": "btcusd",
                "coinbase": "BTC-USD",
                "kraken": "XBTUSD",
                "twelvedata": "BTC/USD",
            },
            "DOGE-USD": {"kraken": "XDGUSD"},
        }
        for text, expected in spellings.items():
            instrument = self.parse(text)
            for source, spelling in expected.items():
                covered = tq.sources.SOURCES[source].covers(instrument)
                self.assertEqual(
                    tq.sources.SOURCES[source].code(instrument) if covered else None,
                    spelling,
                    (text, source),
                )

    def test_auto_order_by_class(self):
        clean = {k: v for k, v in os.environ.items() if not k.startswith("TICKER_QUOTES_")}
        clean["XDG_CONFIG_HOME"] = "/nonexistent"  # no key files
        patcher = mock.patch.dict(os.environ, clean, clear=True)
        patcher.start()
        self.addCleanup(patcher.stop)
        instruments = [self.parse(s) for s in ("AAPL", "SAP.DE", "^GSPC", "EUR/USD", "BTC-USD")]
        orders = tq.run.orders_for(instruments, ["auto"])
        self.assertEqual(orders[0], ["yahoo", "nasdaq", "stooq"])
        self.assertEqual(orders[1], ["yahoo", "stooq"])
        self.assertEqual(orders[2], ["yahoo", "stooq"])
        self.assertEqual(orders[3], ["frankfurter", "ecb", "yahoo", "stooq"])
        self.assertEqual(orders[4], ["coinbase", "kraken", "yahoo", "stooq"])
        os.environ["TICKER_QUOTES_FINNHUB_KEY"] = "x"
        self.assertEqual(
            tq.run.orders_for(instruments[:1], ["auto"])[0], ["yahoo", "nasdaq", "stooq", "finnhub"]
        )


class Numbers(unittest.TestCase):
    def test_numbers_keep_their_digits(self):
        self.assertEqual(str(tq.numeric.number("196.450")), "196.450")
        self.assertEqual(str(tq.numeric.number(tq.numeric.JSONNumber("1.1550000190734863"))), "1.1550000190734863")
        self.assertEqual(tq.numeric.text_of(tq.numeric.number("1e2")), "100")
        self.assertIsNone(tq.numeric.number("N/D"))
        self.assertEqual(tq.numeric.money("$1,474.96"), Decimal("1474.96"))
        self.assertEqual(tq.numeric.money("-0.82%"), Decimal("-0.82"))
        self.assertEqual(tq.numeric.money("SEK 0.2465"), Decimal("0.2465"))

    def test_bounds(self):
        for text in (
            "1e30",
            "1e-30",
            "1e1500000000",
            "9" * 41,
            "NaN",
            "Infinity",
            "0x10",
            "1_000",
            "1,5",
        ):
            with self.assertRaises(tq.core.Failure, msg=text) as caught:
                tq.numeric.number(text)
            self.assertEqual(caught.exception.kind, tq.core.MALFORMED)
        for value in (True, 5, 1.5, [], {}):
            with self.assertRaises(tq.core.Failure):
                tq.numeric.number(value)

    def test_json_numbers_are_text(self):
        document = tq.numeric.load_json('{"a": 1.10, "b": 7, "c": NaN, "d": ' + "9" * 5000 + "}")
        self.assertEqual(document["a"], "1.10")
        self.assertEqual(document["d"], "9" * 5000)  # not an int: no 4300-digit limit, no work
        for text in ("[" * 50000, "{", ""):
            with self.assertRaises(tq.core.Failure):
                tq.numeric.load_json(text)


class Lines(unittest.TestCase):
    def quote(self, price, previous=None, **options):
        instrument = tq.symbols.parse_symbol("AAPL")
        return tq.quote.Quote(
            instrument, "test", Decimal(price), Decimal(previous) if previous else None, **options
        )

    def test_lines(self):
        self.assertEqual(self.quote("196.45", "199.20").line(False), "AAPL 196.45 -2.75")
        self.assertEqual(self.quote("196.45", "199.20").line(True), "AAPL 196.45 -1.38%")
        self.assertEqual(self.quote("10", "10").line(False), "AAPL 10.00 0")
        self.assertEqual(self.quote("10", "10").line(True), "AAPL 10.00 0%")
        self.assertEqual(self.quote("10.5", "10").line(True), "AAPL 10.50 +5.00%")
        self.assertEqual(self.quote("10.5").line(False), "AAPL 10.50")  # no change given
        self.assertEqual(self.quote("7428", "7390", currency="GBp").line(False), "AAPL 74.28 +0.38")

    def test_json_line(self):
        quote = self.quote(
            "196.45",
            "199.20",
            currency="USD",
            when="2025-06-13T20:00:00Z",
            market_state="post",
            name="Apple Inc.",
        )
        self.assertEqual(
            quote.json(),
            '{"symbol": "AAPL", "name": "Apple Inc.", "price": 196.45, "change": -2.75, '
            '"change_percent": -1.38, "decimals": 2, "currency": "USD", '
            '"time": "2025-06-13T20:00:00Z", "market_state": "post", "source": "test", '
            '"extended": null, "history": [196.45]}',
        )
        history = [Decimal("190"), Decimal("195.125"), Decimal("196.45")]
        self.assertTrue(quote.json(history).endswith(', "history": [190, 195.125, 196.45]}'))

    def test_rejected(self):
        for price, previous in (
            ("0", None),
            ("-1", None),
            ("2e12", None),
            ("10", "-1"),
            ("10", "0"),
        ):
            with self.assertRaises(tq.core.Failure, msg=(price, previous)):
                self.quote(price, previous)


class Offline(unittest.TestCase):
    def run_script(self, args, stdin=None):
        return subprocess.run(
            [sys.executable, SCRIPT] + args,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=30,
            env={"PATH": os.environ.get("PATH", ""), "HOME": "/nonexistent"},
        )

    def test_samples_as_before(self):
        stooq = self.run_script(
            [
                "--offline",
                os.path.join(SAMPLES, "sample-response.csv"),
                "aapl.us",
                "msft.us",
                "eurusd",
                "usdjpy",
                "nosuch.us",
            ]
        )
        self.assertEqual(
            stooq.stdout,
            "AAPL 196.45 -2.75\nMSFT 474.96 -3.91\nEUR/USD 1.1550 -0.0034\n"
            "USD/JPY 144.07 +0.51\n",
        )
        self.assertEqual(stooq.returncode, 0)
        self.assertIn("no quote for 'nosuch.us': stooq: unknown symbol", stooq.stderr)
        for source in (["--source", "ecb"], []):
            ecb = self.run_script(
                source
                + [
                    "--offline",
                    os.path.join(SAMPLES, "sample-ecb.xml"),
                    "usd",
                    "eurjpy",
                    "gbp",
                    "gbpusd",
                ]
            )
            self.assertEqual(
                ecb.stdout,
                "EUR/USD 1.1512 -0.0064\nEUR/JPY 165.98 +0.09\nEUR/GBP 0.85050 0\n"
                "GBP/USD 1.3536 -0.0075\n",
            )

    def test_saved_answers_of_other_sources(self):
        import json

        import quotes_fixtures as fx

        def body(response):
            return response.body.decode()

        cases = [
            (
                json.dumps({"quoteResponse": {"result": [fx.YAHOO_ROWS["AAPL"]], "error": None}}),
                "AAPL 196.45 -2.75",
            ),
            (json.dumps(fx.NASDAQ["MSFT"]), "MSFT 1474.96 -3.91"),
            (json.dumps(fx.FRANKFURTER), "EUR/USD 1.1512 -0.0064"),
            (
                json.dumps(
                    {"error": [], "result": {"XXBTZUSD": fx.kraken_row("105970.1", "106150.2")}}
                ),
                "BTC/USD 105970.10 -180.10",
            ),
        ]
        for text, line in cases:
            symbol = line.split()[0].replace("BTC/USD", "BTC-USD")
            result = self.run_script(["--offline", "-", symbol], stdin=text)
            self.assertEqual(result.stdout, line + "\n", (text[:60], result.stderr))
        puzzle = self.run_script(["--offline", "-", "aapl.us"], stdin=fx.STOOQ_PUZZLE)
        self.assertEqual(puzzle.returncode, 1)
        self.assertIn(
            "no quote for 'aapl.us': offline: blocked (it is a browser check", puzzle.stderr
        )
        nothing = self.run_script(["--offline", "-", "aapl.us"], stdin="<html>busy</html>\n")
        self.assertEqual(nothing.returncode, 1)
        self.assertIn("malformed (not an answer of any source ticker-quotes knows)", nothing.stderr)

    def test_help_fits_80_columns(self):
        result = subprocess.run(
            [sys.executable, SCRIPT, "--help"],
            capture_output=True,
            text=True,
            timeout=30,
            env={"PATH": os.environ.get("PATH", ""), "COLUMNS": "80"},
        )
        self.assertEqual(result.returncode, 0)
        self.assertEqual([line for line in result.stdout.splitlines() if len(line) > 80], [])
        for name in tq.sources.SOURCES:
            self.assertIn(f"{name}: ", result.stdout)


class Redaction(unittest.TestCase):
    def test_masked(self):
        tq.http.SECRETS.append("s3cr3t-KEY")
        try:
            self.assertEqual(
                tq.http.redact("https://x/query?function=F&apikey=s3cr3t-KEY&symbol=A"),
                "https://x/query?function=F&apikey=****&symbol=A",
            )
            self.assertEqual(tq.http.redact("the key s3cr3t-KEY is bad"), "the key **** is bad")
            self.assertEqual(tq.http.redact("?crumb=abc&token=def"), "?crumb=****&token=****")
        finally:
            tq.http.SECRETS.remove("s3cr3t-KEY")


if __name__ == "__main__":
    unittest.main()
