"""ticker-feeds's remembered feeds read back (the fetchers' attack round: the audit of
ticker-quotes' state file done for ticker-feeds too): every value a feed's state file
holds is checked, and an odd one makes the feed fetched whole and remembered afresh,
never a traceback nor a feed that fails from then on.

The fuzz puts, in turn, every JSON value of every type in place of each field of a
feed's state file (and of each part holding fields), then runs ticker-feeds against a
loopback server that answers 304 to the remembered ETag and the feed otherwise: no
traceback, exit 0, the feed's headlines printed, no control character on standard
error. It runs the script in this process (its main(), with its environment and
standard streams replaced), so that some 350 runs take seconds."""

import contextlib
import io
import json
import os
import shutil
import tempfile
import traceback
import unittest
from unittest import mock

import test_feeds_support as support
from loopback import Response, Server
from test_feeds_support import fixture
from hostile_values import CONTROLS, odd_values, substituted

feeds = support.load_package()

RSS = "application/rss+xml"
ETAG = '"v1"'
MODIFIED = "Sun, 05 Jan 2025 13:00:00 GMT"
ODD_VALUES = odd_values(
    "If-None-Match: forged", {"title": "t", "url": "http://x/", "time": 1e300, "x": {"y": []}}
)

ITEM_FIELDS = ("title", "url", "time", "guid", "summary")
PATHS = (
    [(), ("url",), ("title",), ("saved",), ("items",), ("items", 0), ("etag",), ("last_modified",)]
    + [("items", 0, field) for field in ITEM_FIELDS]
)


def route(request):
    """The feed, or 304 to a request that names the ETag or the date it gave."""
    if request.headers.get("If-None-Match") == ETAG or (
        request.headers.get("If-Modified-Since") == MODIFIED
        and request.headers.get("If-None-Match") is None
    ):
        return Response(status=304, headers={"ETag": ETAG})
    return Response(
        fixture("rss2-bbc.xml"), content_type=RSS, headers={"ETag": ETAG, "Last-Modified": MODIFIED}
    )


class StateFuzz(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="ticker-feeds-state-")
        self.addCleanup(shutil.rmtree, self.folder, True)
        self.state = os.path.join(self.folder, "state")

    def run_in_process(self, *arguments):
        """(status, stdout, stderr) of the script's main(), a traceback in stderr."""
        out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        err = io.StringIO()
        with mock.patch.dict(os.environ, support.environment(self.state), clear=True):
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = feeds.cli.main(list(arguments))
                except SystemExit as leaving:
                    status = leaving.code
                except Exception:
                    traceback.print_exc()
                    status = None
        out.flush()
        return status, out.buffer.getvalue().decode("utf-8"), err.getvalue()

    def state_file(self):
        (name,) = os.listdir(self.state)
        return os.path.join(self.state, name)

    def write_state(self, value):
        path = self.state_file()
        os.unlink(path)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(json.dumps(value))  # NaN and Infinity as their literals

    def check_run(self, status, stdout, stderr, what, texts):
        if "Traceback" in stderr:
            self.fail(f"{what}: {stderr.strip().splitlines()[-1]}")
        self.assertEqual(status, 0, f"{what}: {stderr.strip()[:200]}")
        items = [json.loads(line) for line in stdout.splitlines()]
        self.assertEqual(len(items), len(texts), what)
        for item in items:
            self.assertTrue(item["text"], what)
        self.assertIsNone(CONTROLS.search(stderr), f"{what}: {stderr!r}")

    def test_every_odd_value_of_a_remembered_feed(self):
        failures = []
        with Server({"/rss": route}) as server:
            url = server.url + "/rss"
            status, stdout, stderr = self.run_in_process(url)  # remembered here
            self.assertEqual(status, 0, stderr)
            texts = [json.loads(line)["text"] for line in stdout.splitlines()]
            with open(self.state_file(), encoding="utf-8") as file:
                base = json.load(file)
            self.assertEqual(base["etag"], ETAG)
            self.check_run(*self.run_in_process(url), "the state as saved", texts)
            self.assertEqual(server.requests[-1].headers.get("If-None-Match"), ETAG)
            for path in PATHS:
                for value in ODD_VALUES:
                    what = f"{'/'.join(map(str, path)) or 'the whole file'} = {value!r:.60}"
                    self.write_state(substituted(base, path, value))
                    try:
                        self.check_run(*self.run_in_process(url), what, texts)
                    except AssertionError as error:
                        failures.append(str(error)[:300].replace("\n", " | "))
        self.assertEqual(failures, [], f"{len(failures)} odd states:\n" + "\n".join(failures[:40]))

    def test_an_odd_item_or_validator_is_not_asked_with(self):
        # An odd ETag is never sent (one with a line break was refused by http.client,
        # and the feed failed on every run after), and a remembered item that does not
        # check out means the feed is fetched whole and remembered again.
        with Server({"/rss": route}) as server:
            url = server.url + "/rss"
            self.run_in_process(url)
            with open(self.state_file(), encoding="utf-8") as file:
                base = json.load(file)
            for path, value in (
                (("etag",), '"v1"\r\nX-Forged: 1'),
                (("etag",), '"v1\u20ac"'),
                (("last_modified",), "\x1b[2J"),
                (("items", 0, "url"), "javascript:alert(1)"),
                (("items", 0, "time"), "not a date"),
                (("items", 0, "title"), "   "),
            ):
                with self.subTest(path=path, value=value):
                    odd = substituted(base, path, value)
                    if path[0] != "etag":
                        del odd["etag"]  # so that the date is what would be sent
                    self.write_state(odd)
                    status, stdout, stderr = self.run_in_process(url)
                    self.assertEqual(status, 0, stderr)
                    sent = server.requests[-1].headers
                    self.assertIsNone(sent.get("If-None-Match"))
                    self.assertIsNone(sent.get("If-Modified-Since"))
                    self.assertEqual(len(stdout.splitlines()), 3)
                    with open(self.state_file(), encoding="utf-8") as file:
                        self.assertEqual(json.load(file)["etag"], ETAG)  # remembered afresh


if __name__ == "__main__":
    unittest.main()
