"""The state file read back (the fetchers' attack round): every value it holds is
checked, and an odd one starts its entry again, never a traceback. One number (until
1e300, a mode-0600 file of the user's) ended every run with an OverflowError.

The fuzz puts, in turn, every JSON value of every type in place of each field the file
holds (and of each part holding fields), then runs ticker-quotes against a loopback
server that answers: no traceback, exit 0, the quotes printed, no control character
on standard error, and a state file left that holds only what checks out. It runs the
script in this process (its main(), with its environment and standard streams
replaced) so that some 900 runs take seconds; the values reported first are also run
as a program."""

import json
import math
import os
import unittest

import quotes_fixtures as fx
from loopback import Response, Server
from quotes_support import QuotesCase, sample
from hostile_values import CONTROLS, odd_values, strict_json, strings_of, substituted

ODD_VALUES = odd_values(
    "ticker-quotes: forged", {"kind": "unavailable", "until": 1e300, "x": {"y": []}}
)

ENTRIES = ("frankfurter", "yahoo.v7")
ENTRY_FIELDS = ("kind", "detail", "since", "until", "count")
SESSION_PATHS = [
    ("sessions",),
    ("sessions", "yahoo"),
    ("sessions", "yahoo", "cookies"),
    ("sessions", "yahoo", "cookies", "A3"),
    ("sessions", "yahoo", "crumb"),
    ("sessions", "yahoo", "time"),
]
SOURCE_PATHS = (
    [(), ("sources",)]
    + [("sources", name) for name in ENTRIES]
    + [("sources", name, field) for name in ENTRIES for field in ENTRY_FIELDS]
)
EXPECTED = ["AAPL 196.45 -2.75", "EUR/USD 1.1512 -0.0064"]
ARGS = ["--verbose", "--timeout", "5", "AAPL", "EUR/USD"]


def entry(until, count=2):
    return {
        "kind": "unavailable",
        "detail": "HTTP 503 (the service is down)",
        "since": until - 600,
        "until": until,
        "count": count,
    }


def base_state(waiting):
    """A good state: frankfurter's and Yahoo v7's back-offs (lasting when `waiting`,
    else over) and Yahoo's session, which the loopback Yahoo accepts."""
    until = fx.NOW + 600 if waiting else fx.NOW - 100
    return {
        "sources": {name: entry(until) for name in ENTRIES},
        "sessions": {
            "yahoo": {
                "cookies": {"A3": fx.YAHOO_COOKIE},
                "crumb": fx.YAHOO_CRUMB,
                "time": fx.NOW - 60,
            }
        },
    }


def routes(waiting):
    """Every source of AAPL and EUR/USD answers; when the back-offs are over,
    frankfurter and Yahoo's v7 fail again (so their counts are read), and the ECB and
    Yahoo's chart answer in their place."""
    table = fx.yahoo_routes()
    table.update(fx.frankfurter_routes())
    table.update(fx.ecb_routes(sample("sample-ecb.xml")))
    if not waiting:
        table[fx.FRANKFURTER_PATH] = Response.json({"message": "down"}, 503)
        table["/v7/finance/quote"] = Response.text("down", 503)
    return table


class StateFuzz(QuotesCase):
    def setUp(self):
        super().setUp()
        os.mkdir(self.state_dir, 0o700)
        self.path = os.path.join(self.state_dir, "quotes.json")

    def write_state(self, value):
        if os.path.exists(self.path):
            os.unlink(self.path)
        text = json.dumps(value)  # NaN and Infinity as their literals
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(text)

    def check_run(self, status, stdout, stderr, what):
        if "Traceback" in stderr:
            self.fail(f"{what}: {stderr.strip().splitlines()[-1]}")
        self.assertEqual(status, 0, f"{what}\n{stderr}")
        self.assertEqual(stdout.splitlines(), EXPECTED, f"{what}\n{stderr}")
        self.assertIsNone(CONTROLS.search(stderr), f"{what}\n{stderr!r}")
        if os.path.exists(self.path):
            with open(self.path, encoding="utf-8") as file:
                try:
                    kept = strict_json(file.read())
                except ValueError as error:
                    self.fail(f"{what}: the state file left: {error}")
            for text in strings_of(kept):
                self.assertIsNone(CONTROLS.search(text), f"{what}: {text!r} kept")
            self.assertEqual(set(kept), {"sources", "sessions"}, what)

    def fuzz(self, waiting, paths):
        base = base_state(waiting)
        failures = []
        with Server(routes(waiting)) as server:
            self.write_state(base)  # the good state itself works
            self.check_run(*self.run_in_process(server.url, ARGS), "the good state")
            for path in paths:
                for value in ODD_VALUES:
                    what = f"{'/'.join(path) or 'the whole file'} = {value!r:.60}"
                    self.write_state(substituted(base, path, value))
                    try:
                        self.check_run(*self.run_in_process(server.url, ARGS), what)
                    except AssertionError as error:
                        failures.append(str(error)[:300].replace("\n", " | "))
        self.assertEqual(failures, [], f"{len(failures)} odd states:\n" + "\n".join(failures[:40]))

    def test_every_odd_value_while_the_back_offs_last(self):
        self.fuzz(True, SOURCE_PATHS)

    def test_every_odd_value_when_the_sources_fail_again(self):
        self.fuzz(False, SOURCE_PATHS + SESSION_PATHS)

    def test_odd_names_are_left_out(self):
        odd = base_state(True)
        odd["sources"]["\x1b]0;PWNED\x07"] = entry(fx.NOW + 600)
        odd["sources"][""] = entry(fx.NOW + 600)
        odd["sessions"]["\x9bx"] = odd["sessions"]["yahoo"]
        odd["extra"] = {"anything": [1e300]}
        with Server(routes(True)) as server:
            self.write_state(odd)
            self.check_run(*self.run_in_process(server.url, ARGS), "odd names")
        with open(self.path, encoding="utf-8") as file:
            kept = json.load(file)
        self.assertEqual(sorted(kept["sources"]), sorted(ENTRIES))
        self.assertEqual(sorted(kept["sessions"]), ["yahoo"])

    def test_the_values_reported_as_a_program(self):
        # Issue 28: until 1e300 an OverflowError; Infinity, 1e308 and "nan" a TypeError.
        for text in ("1e300", "Infinity", "1e308", '"nan"', "-Infinity", "NaN", "1" * 400):
            with self.subTest(until=text):
                self.write_state({})
                with open(self.path, "w", encoding="utf-8") as file:
                    file.write(
                        '{"sources":{"frankfurter":{"kind":"unavailable","until":%s}}}' % text
                    )
                with Server(fx.frankfurter_routes()) as server:
                    result = self.quotes(["--source", "frankfurter", "usd"], server.url)
                self.assertEqual(result.status, 0, result)
                self.assertEqual(result.lines, ["EUR/USD 1.1512 -0.0064"])
                kept = strict_json(result.state())
                self.assertNotIn("frankfurter", kept["sources"])  # the odd entry, gone

    def test_a_good_back_off_is_kept_as_it_was(self):
        good = base_state(True)
        with Server(routes(True)) as server:
            self.write_state(good)
            status, _, stderr = self.run_in_process(server.url, ARGS)
        self.assertEqual(status, 0, stderr)
        self.assertIn("frankfurter: skipped, unavailable: not asked again before", stderr)
        with open(self.path, encoding="utf-8") as file:
            kept = json.load(file)
        self.assertEqual(kept["sources"]["frankfurter"], good["sources"]["frankfurter"])
        self.assertTrue(math.isfinite(kept["sources"]["frankfurter"]["until"]))


if __name__ == "__main__":
    unittest.main()
