"""The fetchers as they are shipped: `make fetchers` (packaging/make-zipapp.py) builds
ticker-quotes and ticker-feeds as one executable file each, a zipapp of the fetcher's
package and the shared ticker_fetch, which make install, the tarball and the .deb put
at bin/. These tests build them into a temporary folder and run the built files, away
from the source tree, so that what is installed is tested as well as the launchers."""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile

import quotes_fixtures as fx
import test_feeds_support
from loopback import Response, Server
from quotes_support import ROOT, QuotesCase, Result

BUILDER = os.path.join(ROOT, "packaging", "make-zipapp.py")
MOMENT = 1700000000  # SOURCE_DATE_EPOCH for these builds
QUOTES = ["contrib/quotes/ticker_quotes", "contrib/fetchers/ticker_fetch"]
FEEDS = ["contrib/feeds/ticker_feeds", "contrib/fetchers/ticker_fetch"]


def load_builder():
    spec = importlib.util.spec_from_file_location("make_zipapp", BUILDER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


builder = load_builder()
BUILT = None  # the folder setUpModule builds into


def build(out, folders, **options):
    return builder.build(out, [os.path.join(ROOT, f) for f in folders], moment=MOMENT, **options)


def setUpModule():
    """Builds both with the Makefile's target where make is at hand (else with the
    builder), into a folder of this module's own."""
    global BUILT
    BUILT = tempfile.mkdtemp(prefix="ticker-fetchers-zipapp-")
    if shutil.which("make"):
        subprocess.run(
            ["make", "--no-print-directory", "-C", ROOT, "fetchers", f"FETCHERS_DIR={BUILT}"],
            env=dict(os.environ, SOURCE_DATE_EPOCH=str(MOMENT)),
            check=True,
            capture_output=True,
        )
    else:
        build(os.path.join(BUILT, "ticker-quotes"), QUOTES)
        build(os.path.join(BUILT, "ticker-feeds"), FEEDS)


def tearDownModule():
    shutil.rmtree(BUILT, True)


def run_built(name, args, env=None, cwd=None):
    """The built file run by python3 from a folder outside the source tree, with no
    PYTHONPATH: it holds all it needs."""
    environment = dict(env if env is not None else os.environ)
    environment.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, os.path.join(BUILT, name)] + list(args),
        env=environment,
        cwd=cwd or BUILT,
        capture_output=True,
        text=True,
        timeout=60,
    )


class Built(unittest.TestCase):
    def test_one_file_each_that_runs_with_python3(self):
        for name, folders in (("ticker-quotes", QUOTES), ("ticker-feeds", FEEDS)):
            path = os.path.join(BUILT, name)
            with open(path, "rb") as file:
                self.assertEqual(file.readline(), b"#!/usr/bin/env python3\n")
            self.assertEqual(os.stat(path).st_mode & 0o777, 0o755)
            with zipfile.ZipFile(path) as archive:
                names = archive.namelist()
                self.assertIsNone(archive.testzip())
                self.assertEqual(names[0], "__main__.py")
                self.assertEqual(names[1:], sorted(names[1:]))
                self.assertTrue(all(n.endswith(".py") for n in names), names)
                packages = {os.path.basename(f) for f in folders}
                self.assertEqual({n.split("/")[0] for n in names[1:]}, packages)
                for folder in folders:
                    package = os.path.basename(folder)
                    for parent, _, files in os.walk(os.path.join(ROOT, folder)):
                        for source in files:
                            if source.endswith(".py"):
                                inside = os.path.relpath(os.path.join(parent, source), os.path.join(ROOT, folder))
                                self.assertIn(f"{package}/{inside}", names)
                self.assertEqual({i.date_time for i in archive.infolist()}, {(2023, 11, 14, 22, 13, 20)})

    def test_reproducible_and_the_same_as_the_builder_makes(self):
        with tempfile.TemporaryDirectory() as folder:
            for name, folders in (("ticker-quotes", QUOTES), ("ticker-feeds", FEEDS)):
                again = build(os.path.join(folder, name), folders)
                with open(again, "rb") as one, open(os.path.join(BUILT, name), "rb") as other:
                    self.assertEqual(one.read(), other.read(), name)

    def test_another_first_line_keeps_the_archive(self):
        # make-deb.sh turns the first line into #!/usr/bin/python3, shorter.
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "ticker-quotes")
            with open(os.path.join(BUILT, "ticker-quotes"), "rb") as file:
                data = file.read()
            with open(path, "wb") as file:
                file.write(data.replace(b"#!/usr/bin/env python3\n", b"#!/usr/bin/python3\n", 1))
            ran = subprocess.run([sys.executable, path, "--help"], capture_output=True, text=True, timeout=60)
            self.assertEqual(ran.returncode, 0, ran.stderr)
            self.assertTrue(ran.stdout.startswith("usage: ticker-quotes "))

    def test_quotes_help(self):
        ran = run_built("ticker-quotes", ["--help"])
        self.assertEqual(ran.returncode, 0, ran.stderr)
        self.assertTrue(ran.stdout.startswith("usage: ticker-quotes "), ran.stdout)
        self.assertIn("aapl.us", ran.stdout)
        for source in ("yahoo", "nasdaq", "stooq", "ecb", "frankfurter", "coinbase", "kraken",
                       "finnhub", "alphavantage", "twelvedata"):
            self.assertIn(source, ran.stdout)

    def test_feeds_help(self):
        ran = run_built("ticker-feeds", ["--help"])
        self.assertEqual(ran.returncode, 0, ran.stderr)
        self.assertTrue(ran.stdout.startswith("usage: ticker-feeds "), ran.stdout)
        self.assertIn("RSS", ran.stdout)


class BuiltQuote(QuotesCase):
    def test_a_loopback_quote(self):
        with Server(fx.yahoo_routes()) as server:
            ran = run_built("ticker-quotes", ["--source", "yahoo", "AAPL", "EUR/USD"],
                            env=self.environment(server.url))
            result = Result(ran, 0, self.state_dir)
            self.assertEqual(result.status, 0, result)
            self.assertEqual(result.lines, ["AAPL 196.45 -2.75", "EUR/USD 1.1550 -0.0034"])
            self.assertEqual(result.stderr, "")
            self.assertEqual(server.hits("/v7/finance/quote"), 1)
            self.assertIn('"yahoo"', result.state())  # its session, in the private state folder


class BuiltFeed(unittest.TestCase):
    def test_a_loopback_feed(self):
        with tempfile.TemporaryDirectory() as state:
            fixture = test_feeds_support.fixture("rss2-bbc.xml")
            with Server({"/rss.xml": Response(fixture, content_type="application/rss+xml")}) as server:
                run = test_feeds_support.run_feeds(
                    [server.url + "/rss.xml"], state,
                    prefix=[sys.executable, os.path.join(BUILT, "ticker-feeds")],
                )
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(run.stderr, "")
        self.assertEqual(run.texts, [
            "Talks resume as deadline nears",
            "Harbour bridge reopens after two-day closure",
            "Rail strike called off",
        ])


if __name__ == "__main__":
    unittest.main()
