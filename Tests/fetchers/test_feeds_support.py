"""What test_feeds*.py share (this module has no tests of its own): where ticker-feeds and its fixtures are, a way to run
it (with a private state folder and no proxy), and one to measure a run's time and
peak memory."""

import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FEEDS = ROOT / "contrib" / "feeds" / "ticker-feeds"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "feeds"
# Where the launcher finds its packages: ticker_feeds, and ticker_fetch (shared with
# ticker-quotes).
PACKAGE_FOLDERS = [ROOT / "contrib" / "feeds", ROOT / "contrib" / "fetchers"]


def load_package():
    """The ticker_feeds package from the source tree with every module imported. Tests
    name a thing in the module that holds it (feeds.parse.parse_feed, feeds.cli.main),
    which is where the package's own code looks it up."""
    for folder in reversed(PACKAGE_FOLDERS):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    importlib.import_module("ticker_feeds.cli")  # and with it every other module
    return importlib.import_module("ticker_feeds")


def fixture(name, **replacements):
    """A fixture's bytes, each {key} in it replaced (fixtures name {base}, the
    loopback server's URL, and {secret}, a path the test makes)."""
    data = (FIXTURES / name).read_bytes()
    for key, value in replacements.items():
        data = data.replace(b"{" + key.encode() + b"}", value.encode())
    return data


def environment(state, extra=None):
    env = {
        key: value
        for key, value in os.environ.items()
        if key.lower() not in ("http_proxy", "https_proxy", "all_proxy", "no_proxy")
        and not key.startswith(("TICKER_", "XDG_STATE_HOME"))
    }
    env["TICKER_FEEDS_STATE_DIR"] = str(state)
    env["COLUMNS"] = "80"
    env["LC_ALL"] = "C.UTF-8"
    env.update(extra or {})
    return env


class Run:
    def __init__(self, code, stdout, stderr, seconds, peak_kib=None):
        self.code = code
        self.stdout = stdout
        self.stderr = stderr.decode("utf-8", errors="replace")
        self.seconds = seconds
        self.peak_kib = peak_kib

    @property
    def text(self):
        return self.stdout.decode("utf-8")

    @property
    def items(self):
        """Each output line as JSON (every line must be valid JSON)."""
        return [json.loads(line) for line in self.text.splitlines()]

    @property
    def texts(self):
        return [item["text"] for item in self.items]


def run_feeds(arguments, state, stdin=None, env=None, timeout=30, prefix=None):
    """Run ticker-feeds to its end: the exit status, output, time and, from
    wait4, the process's own peak resident memory in KiB."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        command = (prefix or [sys.executable, str(FEEDS)]) + [str(a) for a in arguments]
        started = time.monotonic()
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            env=environment(state, env),
        )
        if stdin is not None:
            try:
                process.stdin.write(stdin)
            except BrokenPipeError:
                pass
            process.stdin.close()
        deadline = started + timeout
        status = usage = None
        while time.monotonic() < deadline:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.005)
        else:
            process.kill()
            _, status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(process.returncode, out.read(), err.read(), seconds, usage.ru_maxrss)


# Python's audit hooks see every open() and os.open() and every socket connect of
# the program they run in: run ticker-feeds under one that logs them.
AUDIT = r"""
import runpy, sys
log = open(sys.argv[1], "a", buffering=1)
def hook(event, args):
    if event == "open":
        log.write("open %r\n" % (args[0],))
    elif event in ("socket.connect", "socket.getaddrinfo", "urllib.Request"):
        log.write("%s %r\n" % (event, args[:2] if event != "urllib.Request" else args[0]))
sys.addaudithook(hook)
program = sys.argv[2]
sys.argv = [program] + sys.argv[3:]
runpy.run_path(program, run_name="__main__")
"""


def audited_prefix(log):
    return [sys.executable, "-c", AUDIT, str(log), str(FEEDS)]


def max_line_bytes(data):
    return max((len(line) for line in data.split(b"\n")), default=0)

