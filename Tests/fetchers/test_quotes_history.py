"""Each symbol's recent prices, kept in the state folder (quotes-history.json) and
printed as --json's `history`: it grows run by run, oldest first, ending with the price
printed; it is bounded in points, symbols and bytes; the same quote again adds nothing;
the file is private, replaced whole and shared by runs at once under a lock; and a file
with anything in it (the state fuzz's odd values in every place, 10,000 points, text,
a symbolic link, another user's) never ends a run with a traceback and is written
anew. Runs against a loopback Stooq (or Kraken, which dates no quote), as programs, or
in this process where there are many."""

import datetime
import fcntl
import json
import math
import os
import stat
import subprocess
import sys
import threading
import time
import unittest
from decimal import Decimal

import quotes_fixtures as fx
from hostile_values import CONTROLS, odd_values, strict_json, strings_of, substituted
from loopback import Server, resolve
from quotes_support import DEAD, SAMPLES, SCRIPT, QuotesCase, load_package

FILE = "quotes-history.json"
LOCK = "quotes-history.lock"
MAX_POINTS = 64  # as history.py says; the tests hold the code to its documented bounds
MAX_SYMBOLS = 100
MAX_BYTES = 256 << 10


def stooq_aapl(price, n=0):
    """Stooq's answer with AAPL at `price`, traded 2n minutes after the close of the
    fixtures (its time is Warsaw's, as Stooq's is)."""
    moment = datetime.datetime(2025, 6, 13, 22, 0, 9) + datetime.timedelta(minutes=2 * n)
    row = f"AAPL.US,{moment:%Y-%m-%d},{moment:%H:%M:%S},199.73,200.37,195.70,{price},199.20"
    return fx.stooq_csv({"aapl.us": row})


def kraken_btc(price):
    """Kraken's ticker with BTC/USD at `price`; Kraken gives no time with it."""
    return fx.js({"error": [], "result": {"XXBTZUSD": fx.kraken_row(price, "106150.20000")}})


def quotes_of(stdout):
    """--json's lines by symbol, read as strictly as any JSON reader would."""
    return {q["symbol"]: q for q in map(strict_json, stdout.splitlines())}


class HistoryCase(QuotesCase):
    def setUp(self):
        super().setUp()
        self.path = os.path.join(self.state_dir, FILE)

    def history(self, stdout, symbol="AAPL"):
        """The symbol's `history`, checked as ticker-status would need it: finite
        numbers above zero, at most MAX_POINTS, the last the quote's price."""
        quote = quotes_of(stdout)[symbol]
        history = quote["history"]
        self.assertIsInstance(history, list)
        self.assertTrue(1 <= len(history) <= MAX_POINTS, history)
        for value in history:
            self.assertNotIsInstance(value, bool)
            self.assertIsInstance(value, (int, float))
            self.assertTrue(math.isfinite(value) and value > 0, history)
        self.assertEqual(history[-1], quote["price"])
        return history

    def kept(self):
        """The history file as left, read strictly and checked: only names a symbol
        can have, plain strings, each entry at most MAX_POINTS finite points."""
        with open(self.path, encoding="utf-8") as file:
            text = file.read()
        self.assertLessEqual(len(text.encode("utf-8")), MAX_BYTES)
        data = strict_json(text)
        self.assertEqual(set(data), {"symbols"})
        self.assertLessEqual(len(data["symbols"]), MAX_SYMBOLS)
        for text in strings_of(data):
            self.assertIsNone(CONTROLS.search(text), f"{text!r} kept")
        for name, entry in data["symbols"].items():
            self.assertRegex(name, r"^[A-Z0-9.^=/_-]{1,64}$")
            self.assertEqual(set(entry), {"quote_time", "points"})
            self.assertTrue(1 <= len(entry["points"]) <= MAX_POINTS)
            for seen, price in entry["points"]:
                self.assertIsInstance(seen, int)
                self.assertTrue(math.isfinite(price) and price > 0)
        return data["symbols"]

    def write_file(self, text, mode=0o600):
        os.makedirs(self.state_dir, 0o700, exist_ok=True)
        if os.path.lexists(self.path):
            os.unlink(self.path)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as file:
            file.write(text)
        os.chmod(self.path, mode)


class Growth(HistoryCase):
    """As programs: what a ticker calling ticker-quotes sees run after run."""

    def test_it_grows_oldest_first_and_ends_with_the_price(self):
        # 192.00 twice, traded at two times: a market open and flat, two points.
        prices = ["190.50", "191.25", "189.75", "192.00", "192.00"]
        with Server({}) as server:
            for n, price in enumerate(prices):
                server.routes["/q/l/"] = stooq_aapl(price, n)
                args = ["--source", "stooq", "aapl.us"]
                # A run without --json records too: the history is there when asked.
                plain = n == 2
                result = self.quotes(
                    args if plain else ["--json"] + args, server.url, now=fx.NOW + 120 * n
                )
                self.assertEqual(result.status, 0, result)
                if not plain:
                    expected = [float(p) for p in prices[: n + 1]]
                    self.assertEqual(self.history(result.stdout), expected)
        self.assertEqual(list(self.kept()), ["AAPL"])

    def test_the_same_quote_again_is_no_new_point(self):
        with Server({"/q/l/": stooq_aapl("196.45")}) as server:
            first = self.quotes(["--json", "--source", "stooq", "aapl.us"], server.url)
            written = os.stat(self.path)
            for n in range(1, 6):  # every ten minutes over a closed market: Friday's close
                again = self.quotes(
                    ["--json", "--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 600 * n
                )
                self.assertEqual(self.history(again.stdout), [196.45])
            self.assertEqual(self.history(first.stdout), [196.45])
            unchanged = os.stat(self.path)
            self.assertEqual(  # not even written again
                (unchanged.st_ino, unchanged.st_mtime_ns), (written.st_ino, written.st_mtime_ns)
            )
            # Traded again (a new time) at a new price: a point.
            server.routes["/q/l/"] = stooq_aapl("197.10", 5)
            moved = self.quotes(
                ["--json", "--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 3600
            )
            self.assertEqual(self.history(moved.stdout), [196.45, 197.10])

    def test_without_a_quote_time_a_point_is_a_new_price(self):
        prices = ["105970.10000", "105970.10000", "106001.50000", "106001.50000", "105990.00000"]
        with Server({}) as server:
            for n, price in enumerate(prices):
                server.routes["/0/public/Ticker"] = kraken_btc(price)
                result = self.quotes(
                    ["--json", "--source", "kraken", "BTC/USD"], server.url, now=fx.NOW + 300 * n
                )
                self.assertEqual(result.status, 0, result)
        self.assertEqual(self.history(result.stdout, "BTC/USD"), [105970.1, 106001.5, 105990.0])
        self.assertEqual(self.kept()["BTC/USD"]["quote_time"], None)

    def test_within_a_minute_the_last_point_takes_the_new_price(self):
        # (price, seconds after the first run, the history then)
        runs = [
            ("190.00", 0, [190.0]),
            ("190.40", 20, [190.4]),
            ("190.80", 59, [190.8]),
            ("191.00", 60, [190.8, 191.0]),  # a minute after the first point: a new one
            ("191.20", 90, [190.8, 191.2]),
        ]
        with Server({}) as server:
            for n, (price, offset, expected) in enumerate(runs):
                server.routes["/q/l/"] = stooq_aapl(price, n)
                result = self.quotes(
                    ["--json", "--source", "stooq", "aapl.us"], server.url, now=fx.NOW + offset
                )
                self.assertEqual(self.history(result.stdout), expected, offset)
        points = self.kept()["AAPL"]["points"]
        self.assertEqual(points, [[fx.NOW, 190.8], [fx.NOW + 60, 191.2]])

    def test_the_file_is_private_and_replaced_whole(self):
        with Server({"/q/l/": stooq_aapl("190.00")}) as server:
            self.quotes(["--source", "stooq", "aapl.us"], server.url)
            before = os.stat(self.path)
            server.routes["/q/l/"] = stooq_aapl("191.00", 1)
            self.quotes(["--source", "stooq", "aapl.us"], server.url, now=fx.NOW + 120)
        after = os.stat(self.path)
        self.assertEqual(stat.S_IMODE(os.stat(self.state_dir).st_mode), 0o700)
        for status in (before, after):
            self.assertTrue(stat.S_ISREG(status.st_mode))
            self.assertEqual(stat.S_IMODE(status.st_mode), 0o600)
            self.assertEqual(status.st_uid, os.getuid())
        self.assertNotEqual(after.st_ino, before.st_ino)  # a new file renamed over the old
        self.assertEqual(
            [n for n in os.listdir(self.state_dir) if n not in (FILE, LOCK, "quotes.json")], []
        )  # no temporary file left
        self.assertEqual(stat.S_IMODE(os.stat(os.path.join(self.state_dir, LOCK)).st_mode), 0o600)
        self.assertEqual(self.kept()["AAPL"]["points"], [[fx.NOW, 190.0], [fx.NOW + 120, 191.0]])

    def test_offline_and_check_keep_nothing(self):
        offline = self.quotes(
            ["--json", "--offline", os.path.join(SAMPLES, "sample-response.csv"), "aapl.us"]
        )
        self.assertEqual(self.history(offline.stdout), [196.45])  # the price alone
        self.quotes(["--check", "--timeout", "1"], DEAD)
        self.assertFalse(os.path.exists(self.path))

    def test_no_state_folder_gives_the_price_alone(self):
        os.mkdir(self.state_dir, 0o755)  # others may enter: not used
        with Server({"/q/l/": stooq_aapl("190.00")}) as server:
            result = self.quotes(["--json", "--source", "stooq", "aapl.us"], server.url)
        self.assertIn("not remembering failed sources or recent prices", result.stderr)
        self.assertEqual(self.history(result.stdout), [190.0])
        self.assertEqual(os.listdir(self.state_dir), [])


class Bounds(HistoryCase):
    """In this process, where a bound takes many runs."""

    def test_more_runs_than_points_keep_the_newest(self):
        prices = [f"{150 + n * 0.25:.2f}" for n in range(MAX_POINTS + 10)]
        with Server({}) as server:
            for n, price in enumerate(prices):
                server.routes["/q/l/"] = stooq_aapl(price, n)
                status, stdout, stderr = self.run_in_process(
                    server.url, ["--json", "--source", "stooq", "aapl.us"], now=fx.NOW + 120 * n
                )
                self.assertEqual(status, 0, stderr)
        history = self.history(stdout)
        self.assertEqual(history, [float(p) for p in prices[-MAX_POINTS:]])
        points = self.kept()["AAPL"]["points"]
        self.assertEqual([seen for seen, _ in points], [fx.NOW + 120 * n for n in range(10, 74)])

    def test_more_symbols_than_the_bound_drop_the_least_recently_updated(self):
        lines = [
            f'"S{n:03d}": {{"quote_time": null, "points": [[{fx.NOW - 100000 + n}, 10.5]]}}'
            for n in range(150)
        ]
        self.write_file('{"symbols": {' + ", ".join(lines) + "}}")
        with Server({"/q/l/": stooq_aapl("190.00")}) as server:
            status, stdout, stderr = self.run_in_process(
                server.url, ["--json", "--source", "stooq", "aapl.us"]
            )
        self.assertEqual(status, 0, stderr)
        kept = self.kept()
        self.assertEqual(len(kept), MAX_SYMBOLS)
        self.assertIn("AAPL", kept)
        # The file's 99 updated last: the 51 updated longest ago are gone.
        others = sorted(n for n in kept if n != "AAPL")
        self.assertEqual(others, [f"S{n:03d}" for n in range(51, 150)])

    def test_the_file_fits_its_bytes(self):
        tq = load_package()
        history = tq.history
        # Prices with all the digits a price may have: 250 symbols of 64 points.
        longest = Decimal("123456789012.123456789012")
        entries = {
            f"S{n:03d}": history.Entry(None, [(fx.NOW + n * 1000 + k, longest) for k in range(64)])
            for n in range(250)
        }
        text = history.document(history.bounded(entries))
        self.assertLessEqual(len(text.encode("utf-8")), MAX_BYTES)
        kept = strict_json(text)["symbols"]
        # The MAX_SYMBOLS updated last would take more: the oldest of them left out too.
        self.assertTrue(50 < len(kept) < MAX_SYMBOLS, len(kept))
        self.assertEqual(sorted(kept), [f"S{n:03d}" for n in range(250 - len(kept), 250)])
        # What a file holds of it is read back whole.
        read = history.checked_history(tq.numeric.load_json(text), fx.NOW + 10**6)
        self.assertEqual(list(read), list(kept))
        self.assertEqual(read["S249"].points, entries["S249"].points)


class RunsAtOnce(HistoryCase):
    """Two tickers (or more) asking at the same moment share the file under a lock:
    each run's points are kept, none lost to another's write."""

    def test_runs_at_once_each_keep_their_point(self):
        count = 6
        for round_ in range(2):
            barrier = threading.Barrier(count, timeout=20)

            def together(request):  # every run gets its answer at the same moment
                barrier.wait()
                return resolve(fx.stooq_csv(generated=True), request)

            symbols = [f"s{round_}{chr(97 + k)}.us" for k in range(count)]
            with Server({"/q/l/": together}) as server:
                environment = self.environment(server.url, now=fx.NOW + 120 * round_)
                runs = [
                    subprocess.Popen(
                        [sys.executable, SCRIPT, "--json", "--source", "stooq", symbol],
                        env=environment,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        text=True,
                    )
                    for symbol in symbols
                ]
                for run in runs:
                    stdout, stderr = run.communicate(timeout=60)
                    self.assertEqual(run.returncode, 0, stderr)
                    self.assertNotIn("Traceback", stderr)
        kept = self.kept()
        self.assertEqual(
            sorted(kept), sorted(f"S{r}{chr(65 + k)}" for r in range(2) for k in range(count))
        )

    def test_a_run_waits_for_the_lock(self):
        tq = load_package()
        os.mkdir(self.state_dir, 0o700)
        quote = tq.quote.Quote(tq.symbols.parse_symbol("AAPL"), "test", Decimal("190.5"))
        fd = os.open(os.path.join(self.state_dir, LOCK), os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)  # another run holds it
        answers = []
        worker = threading.Thread(
            target=lambda: answers.append(tq.history.remember(self.state_dir, [quote], print, 10))
        )
        worker.start()
        time.sleep(0.5)
        self.assertTrue(worker.is_alive())
        self.assertFalse(os.path.exists(self.path))  # nothing read or written meanwhile
        os.close(fd)  # the other run is done
        worker.join(10)
        self.assertEqual(answers, [{"AAPL": [Decimal("190.5")]}])
        self.assertEqual(self.kept()["AAPL"]["points"][0][1], 190.5)

    def test_a_lock_held_too_long_is_not_waited_for_past_a_second(self):
        os.mkdir(self.state_dir, 0o700)
        fd = os.open(os.path.join(self.state_dir, LOCK), os.O_RDWR | os.O_CREAT, 0o600)
        self.addCleanup(os.close, fd)
        fcntl.flock(fd, fcntl.LOCK_EX)  # a run stopped while holding it
        with Server({"/q/l/": stooq_aapl("190.00")}) as server:
            quick = self.quotes(["--json", "--source", "stooq", "aapl.us"], server.url)
            started = time.monotonic()
            result = self.quotes(["--json", "--source", "stooq", "aapl.us"], server.url)
        self.assertEqual(result.status, 0, result)
        self.assertLess(time.monotonic() - started, quick.elapsed + 3)
        self.assertGreater(result.elapsed, 0.9)
        self.assertEqual(self.history(result.stdout), [190.0])
        self.assertIn("AAPL", self.kept())  # written all the same, whole


# The file the fuzz starts from: AAPL's history and EUR/USD's, both good.
BASE = {
    "symbols": {
        "AAPL": {
            "quote_time": "2025-06-13T18:00:09Z",
            "points": [[fx.NOW - 3600, 195.5], [fx.NOW - 1800, 196]],
        },
        "EUR/USD": {"quote_time": "2025-06-13T19:59:58Z", "points": [[fx.NOW - 600, 1.1549]]},
    }
}
ENTRY_PATHS = [
    ("symbols", "AAPL"),
    ("symbols", "AAPL", "quote_time"),
    ("symbols", "AAPL", "points"),
    ("symbols", "AAPL", "points", 0),
    ("symbols", "AAPL", "points", 0, 0),
    ("symbols", "AAPL", "points", 0, 1),
    ("symbols", "AAPL", "points", 1, 1),
]
ODD_VALUES = odd_values("AAPL 1.00 +999", {"quote_time": "x", "points": [[1e300, "nan"]]})
ARGS = ["--json", "--source", "stooq", "aapl.us", "eurusd"]


class HostileFile(HistoryCase):
    """Whatever the file holds, the run prints its quotes with a history that holds up,
    and leaves a file that does."""

    def setUp(self):
        super().setUp()
        self.server = Server({"/q/l/": fx.stooq_csv()}).start()
        self.addCleanup(self.server.stop)

    def run_checked(self, what):
        """One run in this process; its failures in words (none: [])."""
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS, now=fx.NOW)
        if "Traceback" in stderr:
            return [f"{what}: {stderr.strip().splitlines()[-1]}"]
        try:
            self.assertEqual(status, 0, stderr)
            self.assertIsNone(CONTROLS.search(stderr), repr(stderr))
            histories = {s: self.history(stdout, s) for s in ("AAPL", "EUR/USD")}
            self.kept()
        except (AssertionError, ValueError, KeyError) as error:
            return [f"{what}: {str(error)[:200]!r}"]
        self.last = histories
        return []

    def test_every_odd_value_in_every_place(self):
        failures = []
        self.write_file(json.dumps(BASE))
        failures += self.run_checked("the good file")
        self.assertEqual(self.last["AAPL"], [195.5, 196, 196.45])
        for path in [(), ("symbols",)] + ENTRY_PATHS:
            for value in ODD_VALUES:
                what = f"{'/'.join(map(str, path)) or 'the whole file'} = {value!r:.60}"
                self.write_file(json.dumps(substituted(BASE, path, value)))
                problems = self.run_checked(what)
                # An odd value in AAPL's entry loses AAPL's history at most.
                if not problems and path in ENTRY_PATHS and self.last["EUR/USD"] != [1.1549, 1.155]:
                    problems = [f"{what}: EUR/USD's history lost: {self.last['EUR/USD']}"]
                failures += problems
        self.assertEqual(failures, [], f"{len(failures)} odd files:\n" + "\n".join(failures[:40]))

    def test_odd_names_and_texts_are_left_out(self):
        odd = json.loads(json.dumps(BASE))
        for name in ("\x1b]0;PWNED\x07", "", "aapl", "A" * 65, "EUR USD", "\u202eAAPL"):
            odd["symbols"][name] = BASE["symbols"]["AAPL"]
        odd["symbols"]["AAPL"]["quote_time"] = "\x9b31m2025"
        odd["extra"] = {"anything": [1e300]}
        self.write_file(json.dumps(odd))
        self.assertEqual(self.run_checked("odd names"), [])
        self.assertEqual(sorted(self.kept()), ["AAPL", "EUR/USD"])
        self.assertEqual(self.last["AAPL"], [196.45])  # its odd time: started again

    def test_ten_thousand_points_keep_the_newest(self):
        many = json.loads(json.dumps(BASE))
        points = [[fx.NOW - 20000 + n, 100 + n / 100] for n in range(10000)]
        many["symbols"]["AAPL"]["points"] = points
        self.write_file(json.dumps(many))
        self.assertEqual(self.run_checked("10,000 points"), [])
        self.assertEqual(len(self.last["AAPL"]), MAX_POINTS)
        self.assertEqual(self.last["AAPL"][:-1], [100 + n / 100 for n in range(9937, 10000)])

    def test_lists_of_text_odd_numbers_and_nesting_start_again(self):
        texts = {
            "10,000 points of text": [["1749844800", "196.45"]] * 10000,
            "NaN strings": [["NaN", "NaN"]],
            "text in the list": [[fx.NOW, 196.0], "AAPL 1.00 +999", [fx.NOW, 197.0]],
            "three numbers": [[fx.NOW, 196.0, 1]],
            "a fraction of a second": [[fx.NOW + 0.5, 196.0]],
            "a time far ahead": [[fx.NOW + 10**6, 196.0]],
            "zero": [[fx.NOW, 0]],
            "1e308": [[fx.NOW, 1e308]],
            "a price of 10^13": [[fx.NOW, 10**13]],
            "deeply nested": json.loads("[" * 50 + "]" * 50),
        }
        for what, points in texts.items():
            odd = json.loads(json.dumps(BASE))
            odd["symbols"]["AAPL"]["points"] = points
            self.write_file(json.dumps(odd))
            self.assertEqual(self.run_checked(what), [])
            self.assertEqual(self.last["AAPL"], [196.45], what)
            self.assertEqual(self.last["EUR/USD"], [1.1549, 1.155], what)

    def test_damaged_files_start_again(self):
        files = {
            "nested 100,000 deep": "[" * 100000,
            "objects nested 100,000 deep": '{"symbols": ' + '{"a": ' * 100000,
            "NaN literals": '{"symbols": {"AAPL": {"quote_time": null, "points": [[NaN, NaN]]}}}',
            "Infinity": '{"symbols": {"AAPL": {"quote_time": null, "points": [[1, Infinity]]}}}',
            "not UTF-8": '{"symbols": {"\udcff\udcfe": 1}}',
            "cut short": json.dumps(BASE)[:40],
            "empty": "",
            "too large": '{"symbols": {}, "x": "' + "x" * MAX_BYTES + '"}',
        }
        for what, text in files.items():
            self.write_file(text)
            self.assertEqual(self.run_checked(what), [])
            self.assertEqual(self.last["AAPL"], [196.45], what)
        self.write_file(files["too large"])
        status, _, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertIn(f"not using '{self.path}': it is too large", stderr)
        self.assertLess(os.path.getsize(self.path), 1000)  # written anew

    def test_a_symbolic_link_is_not_followed(self):
        os.makedirs(self.state_dir, 0o700)
        target = os.path.join(self.home, "elsewhere.json")
        with open(target, "w") as file:
            json.dump(BASE, file)
        os.chmod(target, 0o600)
        os.symlink(target, self.path)
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertIn(f"not using '{self.path}': it is a symbolic link", stderr)
        self.assertEqual(self.history(stdout), [196.45])  # the link's points not read
        with open(target) as file:
            self.assertEqual(json.load(file), BASE)  # nor written through
        self.assertFalse(os.path.islink(self.path))
        self.assertEqual(stat.S_IMODE(os.stat(self.path).st_mode), 0o600)

    def test_a_file_others_may_read_is_not_used(self):
        self.write_file(json.dumps(BASE), mode=0o644)
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertIn(f"not using '{self.path}': others may read it (want mode 600)", stderr)
        self.assertEqual(self.history(stdout), [196.45])
        self.assertEqual(stat.S_IMODE(os.stat(self.path).st_mode), 0o600)

    @unittest.skipUnless(os.getuid() == 0, "giving a file to another user needs root")
    def test_another_users_file_is_not_used(self):
        self.write_file(json.dumps(BASE))
        os.chown(self.path, 65534, 65534)
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertIn(f"not using '{self.path}': it belongs to another user", stderr)
        self.assertEqual(self.history(stdout), [196.45])
        self.assertEqual(os.stat(self.path).st_uid, os.getuid())

    def test_a_folder_or_a_fifo_in_its_place(self):
        os.makedirs(self.state_dir, 0o700)
        os.mkdir(self.path)
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertEqual(status, 0, stderr)
        self.assertIn("it is not a regular file", stderr)
        self.assertIn(f"could not save '{self.path}'", stderr)
        self.assertEqual(self.history(stdout), [196.45])
        os.rmdir(self.path)
        os.mkfifo(self.path, 0o600)
        # As a program, so that a run waiting on the pipe for a writer (or a reader)
        # fails the test instead of hanging the suite.
        result = self.quotes(ARGS, self.server.url, limit=20)
        self.assertLess(result.elapsed, 5)
        self.assertIn("it is not a regular file", result.stderr)
        self.assertEqual(self.history(result.stdout), [196.45])
        self.assertTrue(stat.S_ISREG(os.lstat(self.path).st_mode))

    def test_an_odd_lock_file(self):
        os.makedirs(self.state_dir, 0o700)
        lock = os.path.join(self.state_dir, LOCK)
        target = os.path.join(self.home, "not-a-lock")
        with open(target, "w") as file:
            file.write("keep")
        os.symlink(target, lock)
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertEqual(status, 0, stderr)
        self.assertEqual(self.history(stdout), [196.45])
        with open(target) as file:
            self.assertEqual(file.read(), "keep")  # neither followed nor truncated
        os.unlink(lock)
        os.mkdir(lock)
        os.unlink(self.path)
        status, stdout, stderr = self.run_in_process(self.server.url, ARGS)
        self.assertEqual(status, 0, stderr)
        self.assertIn("AAPL", self.kept())


if __name__ == "__main__":
    unittest.main()
