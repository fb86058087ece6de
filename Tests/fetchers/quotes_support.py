"""What the ticker-quotes tests share: the launcher's path, its package imported from
the source tree, a clean environment that points every source at a loopback server,
and a way to run it and see what it did."""

import contextlib
import importlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import unittest
from unittest import mock

from quotes_fixtures import NOW

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "contrib", "quotes", "ticker-quotes")
SAMPLES = os.path.join(ROOT, "contrib", "quotes")
# Where the launcher finds its packages: ticker_quotes, and ticker_fetch (shared with
# ticker-feeds).
PACKAGE_FOLDERS = [os.path.join(ROOT, "contrib", "quotes"), os.path.join(ROOT, "contrib", "fetchers")]
SOURCES = [
    "yahoo",
    "nasdaq",
    "stooq",
    "frankfurter",
    "ecb",
    "coinbase",
    "kraken",
    "finnhub",
    "alphavantage",
    "twelvedata",
]
KEYS = {
    "finnhub": "fh-SECRET-d1e2f3",
    "alphavantage": "AVSECRETKEY42",
    "twelvedata": "td-SECRET-a9b8c7",
}
# A port nothing listens on (the discard port; tests never start anything there):
# where the proxies point, so that a request for a real host could not leave.
DEAD = "http://127.0.0.1:9"


def use_packages():
    """The source tree's fetcher packages first on sys.path, as the launchers put them."""
    for folder in reversed(PACKAGE_FOLDERS):
        if folder not in sys.path:
            sys.path.insert(0, folder)


def load_package():
    """The ticker_quotes package with every module imported, for tests of its parts.
    Tests name a thing in the module that holds it (tq.numeric.number, tq.http.SECRETS),
    which is where the package's own code looks it up."""
    use_packages()
    importlib.import_module("ticker_quotes.cli")  # and with it every other module
    return importlib.import_module("ticker_quotes")


def sample(name):
    with open(os.path.join(SAMPLES, name), encoding="utf-8") as file:
        return file.read()


class Result:
    def __init__(self, completed, elapsed, state_dir):
        self.status = completed.returncode
        self.stdout = completed.stdout
        self.stderr = completed.stderr
        self.elapsed = elapsed
        self.lines = completed.stdout.splitlines()
        self.state_dir = state_dir

    def state(self):
        path = os.path.join(self.state_dir, "quotes.json")
        if not os.path.exists(path):
            return ""
        with open(path, encoding="utf-8") as file:
            return file.read()

    def __repr__(self):
        return f"<exit {self.status}\nstdout:\n{self.stdout}\nstderr:\n{self.stderr}>"


class QuotesCase(unittest.TestCase):
    """A private home (state folder, key folder) per test, removed after it."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="ticker-quotes-test-")
        self.addCleanup(shutil.rmtree, self.home, True)
        self.state_dir = os.path.join(self.home, "state")

    def environment(self, url, keys=None, now=NOW, extra=None):
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": self.home,
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "TICKER_QUOTES_STATE_DIR": self.state_dir,
            "TICKER_QUOTES_LOOPBACK_ONLY": "1",
            "TICKER_QUOTES_NOW": str(now),
            "TZ": "UTC",
            "http_proxy": DEAD,
            "https_proxy": DEAD,
            "HTTP_PROXY": DEAD,
            "HTTPS_PROXY": DEAD,
        }
        for source in SOURCES:
            environment[f"TICKER_QUOTES_{source.upper()}_URL"] = url
        for source, key in (keys or {}).items():
            environment[f"TICKER_QUOTES_{source.upper()}_KEY"] = key
        environment.update(extra or {})
        return environment

    def quotes(self, args, url=DEAD, keys=None, now=NOW, extra=None, stdin=None, limit=60):
        started = time.monotonic()
        completed = subprocess.run(
            [sys.executable, SCRIPT] + list(args),
            env=self.environment(url, keys, now, extra),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=limit,
        )
        result = Result(completed, time.monotonic() - started, self.state_dir)
        self.assertNotIn("Traceback", result.stderr, result)
        return result

    def run_in_process(self, url, args, now=NOW):
        """(status, stdout, stderr) of the script's main() run in this process, its
        environment and standard streams replaced; a traceback in stderr. Some hundred
        runs take a second or two, where each run as a program takes a tenth."""
        package = load_package()
        out, err = io.StringIO(), io.StringIO()
        with mock.patch.dict(os.environ, self.environment(url, now=now), clear=True):
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                del package.http.SECRETS[:]
                try:
                    status = package.cli.main(args)
                except SystemExit as leaving:
                    status = leaving.code
                except Exception:
                    traceback.print_exc()
                    status = None
        return status, out.getvalue(), err.getvalue()

    def assertNoSecret(self, result, *texts):
        for key in KEYS.values():
            for where in (result.stdout, result.stderr, result.state()) + texts:
                self.assertNotIn(key, where)


def run_measured(case, args, url=DEAD, keys=None, now=NOW, limit=60):
    """Runs the script, reaping it with os.wait4 to read its own peak memory (KiB)."""
    started = time.monotonic()
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    with out, err:
        process = subprocess.Popen(
            [sys.executable, SCRIPT] + list(args),
            env=case.environment(url, keys, now),
            stdout=out,
            stderr=err,
        )
        deadline = time.monotonic() + limit
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                os.wait4(process.pid, 0)
                raise AssertionError(f"{args[:4]} ran longer than {limit} s")
            time.sleep(0.01)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        completed = subprocess.CompletedProcess(
            process.args,
            process.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
        )
    result = Result(completed, time.monotonic() - started, case.state_dir)
    result.peak_kib = usage.ru_maxrss
    case.assertNotIn("Traceback", result.stderr, result)
    return result
