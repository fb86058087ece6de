"""ticker-feeds against the loopback server: each feed shape, the hostile feeds
(with their time and peak memory measured), conditional requests and the state
folder, redirects, gzip, --timeout, oversize bodies, each failure class and exit
status, and the command line.

The hostile cases print their figures with TICKER_FEEDS_MEASURE=1:
    TICKER_FEEDS_MEASURE=1 python3 -m unittest discover -s Tests/fetchers \\
        -t Tests/fetchers -p test_feeds.py -k Hostile
"""

import errno
import gzip
import json
import os
import re
import shutil
import socket
import stat
import tempfile
import time
import unittest
import zlib
from datetime import datetime, timedelta, timezone

import test_feeds_support as support
from loopback import Response, Server
from test_feeds_support import fixture, max_line_bytes, run_feeds

RSS = "application/rss+xml"
ATOM = "application/atom+xml"
MIB = 1024 * 1024
MEASURE = os.environ.get("TICKER_FEEDS_MEASURE") == "1"


def rss(items, title="Generated"):
    """An RSS 2.0 feed of (title, link, date) items."""
    body = "".join(
        f"<item><title>{t}</title><link>{l}</link>"
        + (f"<pubDate>{d}</pubDate>" if d else "")
        + "</item>"
        for t, l, d in items
    )
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>{title}</title>{body}</channel></rss>'


def rfc822(moment):
    return moment.strftime("%a, %d %b %Y %H:%M:%S +0000")


class FeedTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="ticker-feeds-test-")
        self.state = os.path.join(self.folder, "state")

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def feeds(self, *arguments, **options):
        return run_feeds(list(arguments), self.state, **options)


class Shapes(FeedTest):
    """Each recorded shape, served as its site would serve it."""

    def test_rss2_cdata_newest_first_duplicates_once(self):
        with Server({"/world/rss.xml": Response(fixture("rss2-bbc.xml"), content_type=RSS)}) as server:
            run = self.feeds(server.url + "/world/rss.xml")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(run.stderr, "")
        self.assertEqual(
            run.items,
            [
                {
                    "text": "Talks resume as deadline nears",
                    "url": "https://news.example/world-africa-1002",
                    "time": "2025-01-05T13:10:02Z",
                    "tooltip": "Example News - World — Delegates meet again tonight & tomorrow.",
                },
                {
                    "text": "Harbour bridge reopens after two-day closure",
                    "url": "https://news.example/world-europe-1001",
                    "time": "2025-01-05T12:55:28Z",
                    "tooltip": "Example News - World — Engineers finished repairs a day early, the city said.",
                },
                {
                    "text": "Rail strike called off",
                    "url": "https://news.example/world-asia-1003",
                    "time": "2025-01-04T22:01:00Z",
                    "tooltip": "Example News - World — Unions accepted the offer.",
                },
            ],
        )

    def test_atom_relative_links_through_xml_base(self):
        with Server({"/feeds/atom.xml": Response(fixture("atom-xmlbase.xml"), content_type=ATOM)}) as server:
            run = self.feeds(server.url + "/feeds/atom.xml")
            base = server.url
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(
            [(i["text"], i["url"], i["time"]) for i in run.items],
            [
                ("Dates <and> times", base + "/blog/2025/01/dates.html", "2025-01-05T08:30:00Z"),
                ("An xhtml title", "https://other.example/a/elsewhere/x.html", "2025-01-04T23:15:00Z"),
                ("Plain <b> is text here", base + "/about#me", "2025-01-03T13:00:00Z"),
            ],
        )

    def test_feedburner_many_cdata_sections_and_original_links(self):
        with Server({"/ExamplePulse": Response(fixture("feedburner.xml"), content_type="text/xml; charset=UTF-8")}) as server:
            run = self.feeds("--label", server.url + "/ExamplePulse")
        self.assertEqual(run.code, 0, run.stderr)
        items = run.items
        self.assertEqual(
            [i["text"] for i in items],
            [
                "Cardiology – Example Daily Pulse: Symposium on 9/30: what’s planned",
                "Cardiology – Example Daily Pulse: Heart month’s five talks",
                "Cardiology – Example Daily Pulse: Clinic hours & holidays",
            ],
        )
        self.assertEqual(items[0]["url"], "http://www.pulse.example/2025/01/02/symposium/")
        self.assertEqual(items[1]["url"], "http://www.pulse.example/2025/01/01/heart-month/")
        self.assertNotIn("not text", run.text)  # the script in content:encoded
        self.assertNotIn("<", json.dumps([i.get("tooltip") for i in items]))

    def test_rdf(self):
        with Server({"/index.rdf": Response(fixture("rss1-rdf.xml"), content_type="application/rdf+xml")}) as server:
            run = self.feeds(server.url + "/index.rdf")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(
            [(i["text"], i["url"], i["time"]) for i in run.items],
            [
                ("One from the RDF feed", "https://rdf.example/2025/01/05/one", "2025-01-05T00:00:00Z"),
                ("Two from the RDF feed", "https://rdf.example/2025/01/04/two", "2025-01-04T00:00:00Z"),
                ("Three from the RDF feed", "https://rdf.example/2025/01/03/three", "2025-01-03T17:00:00Z"),
            ],
        )

    def test_latin1_with_white_space_before_the_declaration(self):
        # The HTTP charset says UTF-8; the declaration, which is right, wins.
        routes = {
            "/zb/rss": Response(fixture("latin1.xml"), content_type="text/xml"),
            "/zb/lying": Response(fixture("latin1.xml"), content_type="text/xml; charset=utf-8"),
        }
        with Server(routes) as server:
            for path in routes:
                with self.subTest(path=path):
                    run = self.feeds(server.url + path)
                    self.assertEqual(run.code, 0, run.stderr)
                    self.assertEqual(
                        run.items,
                        [
                            {
                                "text": "Café am See: ½ Preis für Frühaufsteher",
                                "url": server.url + "/artikel/cafe?x=1&y=%C3%A4",
                                "time": "2025-01-06T06:30:00Z",
                                "tooltip": "Zürcher Blätter — Ein schöner Morgen – für wenige.",
                            }
                        ],
                    )

    def test_euc_kr(self):
        with Server({"/rss": Response(fixture("euc-kr.xml"), content_type="text/xml")}) as server:
            run = self.feeds("--label", server.url + "/rss")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(run.texts, ["예제 뉴스: 서울 지하철 신노선 개통"])
        self.assertEqual(run.items[0]["time"], "2025-01-07T00:00:00Z")

    def test_netscape_dtd_is_never_fetched_and_its_entities_still_read(self):
        with Server() as server:
            server.routes["/news.xml"] = Response(fixture("rss091-netscape.xml", base=server.url), content_type="text/xml")
            server.routes["/rss-0.91.dtd"] = Response('<!ENTITY mdash "BAD">', content_type="application/xml-dtd")
            run = self.feeds(server.url + "/news.xml")
            self.assertEqual(server.hits("/rss-0.91.dtd"), 0)
            self.assertEqual(server.hits(), 1)
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(run.texts, ["Season two — first look…", "Season one recap"])
        self.assertEqual(run.items[0]["tooltip"], "Outpost — News — A café scene & more.")

    def test_lenient_reading_of_html_entities_and_bare_ampersands(self):
        run = self.feeds("--offline", support.FIXTURES / "lenient.xml")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(run.texts, ["Fish & chips at the café", "Second one"])
        self.assertEqual(run.items[0]["url"], "http://loose.example/?a=1&b=2")
        self.assertIn("read leniently", run.stderr)

    def test_offline_from_a_file_and_standard_input(self):
        data = fixture("atom-xmlbase.xml")
        from_file = self.feeds("--offline", support.FIXTURES / "atom-xmlbase.xml")
        from_stdin = self.feeds("--offline", "-", stdin=data)
        positional = self.feeds("-", stdin=data)
        for run in (from_file, from_stdin, positional):
            self.assertEqual(run.code, 0, run.stderr)
            self.assertEqual(run.items[0]["url"], "https://blog.example/blog/2025/01/dates.html")
        self.assertEqual(from_file.items, from_stdin.items)
        self.assertEqual(from_file.items, positional.items)
        based = self.feeds("--base", "http://other.example/x/feed", "--offline", support.FIXTURES / "latin1.xml")
        self.assertEqual(based.items[0]["url"], "http://other.example/artikel/cafe?x=1&y=%C3%A4")
        unbased = self.feeds(support.FIXTURES / "latin1.xml")
        self.assertNotIn("url", unbased.items[0])  # relative, and nothing to resolve it against


class Hostile(FeedTest):
    """Each hostile feed is refused before an entity is declared: nothing is read,
    nothing is fetched, and neither time nor memory grows with the payload."""

    # Above the peak of reading an ordinary feed (about 25 MiB for the Python
    # process here): a bomb expanded even a little would be hundreds.
    MEMORY_SLACK_KIB = 24 * 1024
    SECONDS = 5

    @classmethod
    def setUpClass(cls):
        folder = tempfile.mkdtemp(prefix="ticker-feeds-baseline-")
        try:
            runs = [run_feeds([support.FIXTURES / "rss2-bbc.xml"], folder) for _ in range(2)]
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        cls.baseline_kib = min(run.peak_kib for run in runs)
        cls.figures = [("an ordinary feed (rss2-bbc.xml), for comparison", runs[-1])]

    @classmethod
    def tearDownClass(cls):
        if MEASURE:
            print("\nticker-feeds, hostile feeds: time and peak resident memory")
            for name, run in cls.figures:
                print(f"  {name}: {run.seconds * 1000:.0f} ms, {run.peak_kib / 1024:.1f} MiB, exit {run.code}")

    def bounded(self, name, run, kind="malformed", code=1):
        self.figures.append((name, run))
        self.assertEqual(run.code, code, run.stderr)
        if kind:
            self.assertIn(f": {kind}: ", run.stderr)
        self.assertLess(run.seconds, self.SECONDS)
        self.assertLess(run.peak_kib, self.baseline_kib + self.MEMORY_SLACK_KIB, f"{name}: {run.peak_kib} KiB")

    def test_billion_laughs(self):
        with Server() as server:
            server.routes["/bomb"] = Response(fixture("hostile/billion-laughs.xml"), content_type=RSS)
            run = self.feeds(server.url + "/bomb")
        self.bounded("billion laughs (10^9 lol, 3 GB expanded)", run)
        self.assertIn("internal subset", run.stderr)
        self.assertEqual(run.stdout, b"")

    def test_quadratic_blowup(self):
        # One entity of 100,000 characters referred to 100,000 times: 10^10
        # characters expanded from a 400 KB feed, with no nesting for a limit on
        # depth to catch (the attack defusedxml and Python's documentation name).
        n = 100_000
        body = (
            '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "' + "a" * n + '">]>'
            '<rss version="2.0"><channel><item><title>' + "&a;" * n + "</title></item></channel></rss>"
        ).encode()
        with Server({"/quadratic": Response(body, content_type=RSS)}) as server:
            run = self.feeds(server.url + "/quadratic")
        self.bounded("quadratic blow-up (100,000 x 100,000 characters, 400 KB feed)", run)
        self.assertIn("internal subset", run.stderr)

    def test_external_entity_naming_a_file_is_never_opened(self):
        # The file is a named pipe: opening it to read would block until a writer
        # came, so a run that ends has not opened it; and after the run no reader
        # holds it (opening for writing without blocking fails with ENXIO). An audit
        # hook records every open() and connect of the run as well.
        secret = os.path.join(self.folder, "secret")
        os.mkfifo(secret, 0o600)
        feed = os.path.join(self.folder, "xxe-file.xml")
        with open(feed, "wb") as file:
            file.write(fixture("hostile/xxe-file.xml", secret=secret))
        log = os.path.join(self.folder, "audit.log")
        run = run_feeds([feed], self.state, prefix=support.audited_prefix(log), timeout=10)
        self.bounded("external entity naming a file (a named pipe)", run)
        with self.assertRaises(OSError) as caught:
            os.close(os.open(secret, os.O_WRONLY | os.O_NONBLOCK))
        self.assertEqual(caught.exception.errno, errno.ENXIO)
        with open(log) as file:
            events = file.read()
        self.assertIn("xxe-file.xml", events)  # the hook saw the feed being opened
        self.assertNotIn(secret, events)
        self.assertNotIn("socket.connect", events)
        self.assertNotIn("urllib.Request", events)

    def test_external_entities_naming_urls_are_never_fetched(self):
        with Server() as server:
            server.routes["/xxe"] = Response(fixture("hostile/xxe-url.xml", base=server.url), content_type=RSS)
            server.routes["/pe"] = Response(fixture("hostile/xxe-parameter.xml", base=server.url), content_type=RSS)
            server.routes["/xxe-entity"] = Response.text("the secret")
            server.routes["/evil.dtd"] = Response('<!ENTITY exfiltrate "leaked">', content_type="application/xml-dtd")
            for path, name in [
                ("/xxe", "external entity naming a loopback URL"),
                ("/pe", "parameter entity naming a loopback DTD"),
            ]:
                with self.subTest(path=path):
                    log = os.path.join(self.folder, f"audit{path.replace('/', '-')}.log")
                    run = run_feeds([server.url + path], self.state, prefix=support.audited_prefix(log))
                    self.bounded(name, run)
                    with open(log) as file:
                        requests = [line for line in file if line.startswith("urllib.Request")]
                    self.assertEqual(requests, [f"urllib.Request {server.url + path!r}\n"])
            self.assertEqual(server.hits("/xxe-entity"), 0)
            self.assertEqual(server.hits("/evil.dtd"), 0)
            self.assertEqual(server.hits(), 2)

    def test_gzip_bomb_is_cut(self):
        # 64 MiB of white space inside the channel, gzipped to about 64 KiB: read up
        # to 4 MiB, decompressed piece by piece, and cut with a warning; the items
        # before it are printed.
        head = rss([("Before the bomb", "http://bomb.example/1", None)])
        head = head[: head.index("</channel>")].encode()
        compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        chunks = [compressor.compress(head)]
        block = b" " * MIB
        for _ in range(64):
            chunks.append(compressor.compress(block))
        chunks.append(compressor.compress(b"</channel></rss>") + compressor.flush())
        body = b"".join(chunks)
        with Server({"/bomb.gz": Response(body, headers={"Content-Encoding": "gzip"}, content_type=RSS)}) as server:
            run = self.feeds(server.url + "/bomb.gz")
        self.bounded(f"gzip bomb (64 MiB in {len(body) // 1024} KiB)", run, kind=None, code=0)
        self.assertEqual(run.texts, ["Before the bomb"])
        self.assertIn("larger than 4 MiB", run.stderr)

    def test_oversize_body_is_cut(self):
        items = rss([(f"Item {i}", f"http://big.example/{i}", None) for i in range(3)])
        head = items[: items.index("</channel>")].encode()

        def body():
            yield head
            for _ in range(12):  # 12 MiB more, with no Content-Length
                yield b"<!--" + b"x" * (MIB - 7) + b"-->"
            yield b"</channel></rss>"

        with Server({"/big": Response(body(), content_type=RSS)}) as server:
            run = self.feeds(server.url + "/big")
        self.bounded("a 12 MiB body (streamed)", run, kind=None, code=0)
        self.assertEqual(run.texts, ["Item 0", "Item 1", "Item 2"])
        self.assertIn("larger than 4 MiB; only the start is read", run.stderr)

    def test_deep_nesting(self):
        body = ('<rss version="2.0"><channel>' + "<x>" * 200_000 + "</x>" * 200_000 + "</channel></rss>").encode()
        with Server({"/deep": Response(body, content_type=RSS)}) as server:
            run = self.feeds(server.url + "/deep")
        self.bounded("200,000 nested elements", run)
        self.assertIn("nest more than 64 deep", run.stderr)

    def test_huge_and_hostile_strings_are_bounded_and_plain(self):
        items = [
            ("T" * 1_000_000, "http://strings.example/long-title", None),
            ("A javascript link", "javascript:alert(document.cookie)", None),
            ("A file link", "file:///etc/passwd", None),
            ("A long link", "http://strings.example/" + "x" * 100_000, None),
            ("Controls\x1b[31m red &#x1b; \u202eevil\u2028next &#x85;", "http://strings.example/controls", None),
            ("<script>alert(1)</script>Tags &lt;img src=x onerror=alert(1)&gt;", "http://strings.example/tags", None),
        ]
        body = rss(items, title="S" * 100_000).encode()
        with Server({"/strings": Response(body, content_type=RSS)}) as server:
            run = self.feeds("--label", server.url + "/strings")
        self.bounded("a 1 MB title, a 100 KB link and a 100 KB feed title", run, kind=None, code=0)
        self.assertLess(max_line_bytes(run.stdout), 8 * 1024)
        self.assertNotIn("\u2028".encode(), run.stdout)
        self.assertNotIn(b"\x1b", run.stdout)
        by_text = {i["text"].split(": ", 1)[1]: i for i in run.items}
        self.assertEqual(len(run.items[0]["text"]), 1000)
        self.assertNotIn("url", by_text["A javascript link"])
        self.assertNotIn("url", by_text["A file link"])
        self.assertNotIn("url", by_text["A long link"])
        self.assertIn("Controls[31m red evil next", by_text)
        self.assertIn("Tags", by_text)
        for item in run.items:
            self.assertFalse(any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in json.dumps(item, ensure_ascii=False)))

    def test_a_server_text_in_messages_is_plain(self):
        # Messages quote the feed (its root's name and namespace): the C1 controls
        # and bidi overrides XML allows never reach the terminal raw.
        controls = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
        root = '<?xml version="1.0"?><opml xmlns="&#x9b;31m&#x202e;evil&#x85;next"/>'
        with Server({"/root": Response(root, content_type="text/xml")}) as server:
            for verbose in ([], ["--verbose"]):
                with self.subTest(verbose=verbose):
                    run = self.feeds(*verbose, server.url + "/root")
                    self.assertEqual(run.code, 1)
                    self.assertIn("root is opml ( 31m evil next)", run.stderr)
                    self.assertIsNone(controls.search(run.stderr), repr(run.stderr))

    def test_many_items_are_capped(self):
        body = rss([(f"N{i}", f"http://many.example/{i}", None) for i in range(20_000)]).encode()
        with Server({"/many": Response(body, content_type=RSS)}) as server:
            run = self.feeds(server.url + "/many")
        self.bounded("20,000 items", run, kind=None, code=0)
        self.assertEqual(len(run.items), 500)
        self.assertIn("more than 500 items", run.stderr)


class Conditional(FeedTest):
    ETAG = '"v1"'
    MODIFIED = "Sun, 05 Jan 2025 13:00:00 GMT"

    def route(self, request):
        if request.headers.get("If-None-Match") == self.ETAG:
            return Response(status=304, headers={"ETag": self.ETAG})
        return Response(
            fixture("rss2-bbc.xml"), content_type=RSS,
            headers={"ETag": self.ETAG, "Last-Modified": self.MODIFIED},
        )

    def test_not_modified_prints_the_remembered_headlines(self):
        with Server({"/rss": self.route}) as server:
            first = self.feeds(server.url + "/rss")
            second = self.feeds("--verbose", server.url + "/rss")
            requests = server.requests_for("/rss")
        self.assertEqual(first.code, 0, first.stderr)
        self.assertEqual(second.code, 0, second.stderr)
        self.assertEqual(len(first.items), 3)
        self.assertEqual(second.items, first.items)
        self.assertIsNone(requests[0].headers.get("If-None-Match"))
        self.assertEqual(requests[1].headers.get("If-None-Match"), self.ETAG)
        self.assertEqual(requests[1].headers.get("If-Modified-Since"), self.MODIFIED)
        self.assertIn("gzip", requests[0].headers.get("Accept-Encoding"))
        self.assertIn("ticker-feeds/", requests[0].headers.get("User-Agent"))
        self.assertIn("not modified", second.stderr)
        self.assertIn("HTTP 304", second.stderr)
        # The state: a private folder of private files, nothing left half-written.
        self.assertEqual(stat.S_IMODE(os.lstat(self.state).st_mode), 0o700)
        names = os.listdir(self.state)
        self.assertEqual(len(names), 1)
        self.assertTrue(names[0].endswith(".json"))
        self.assertEqual(stat.S_IMODE(os.lstat(os.path.join(self.state, names[0])).st_mode), 0o600)

    def test_last_modified_alone_and_check_asks_unconditionally(self):
        def route(request):
            if request.headers.get("If-Modified-Since") == self.MODIFIED:
                return Response(status=304)
            return Response(fixture("rss1-rdf.xml"), content_type=RSS, headers={"Last-Modified": self.MODIFIED})

        with Server({"/rdf": route}) as server:
            first = self.feeds(server.url + "/rdf")
            check = self.feeds("--check", server.url + "/rdf")
            second = self.feeds(server.url + "/rdf")
            requests = server.requests_for("/rdf")
        self.assertEqual(second.items, first.items)
        self.assertIsNone(requests[1].headers.get("If-Modified-Since"))  # --check
        self.assertEqual(requests[2].headers.get("If-Modified-Since"), self.MODIFIED)
        self.assertEqual(check.code, 0, check.stderr)

    def test_a_304_without_a_conditional_request_is_a_failure(self):
        with Server({"/rss": Response(status=304)}) as server:
            run = self.feeds(server.url + "/rss")
        self.assertEqual(run.code, 1)
        self.assertIn(": unknown: the server answered 304", run.stderr)

    def test_default_folder_under_xdg_state_home_is_private(self):
        home = os.path.join(self.folder, "xdg")
        with Server({"/rss": self.route}) as server:
            env = {"XDG_STATE_HOME": home, "TICKER_FEEDS_STATE_DIR": ""}
            run = self.feeds(server.url + "/rss", env=env)
        self.assertEqual(run.code, 0, run.stderr)
        folder = os.path.join(home, "ticker-status", "feeds")
        self.assertEqual(stat.S_IMODE(os.stat(folder).st_mode), 0o700)
        self.assertEqual(len(os.listdir(folder)), 1)

    def test_a_state_folder_that_is_a_link_is_not_used(self):
        target = os.path.join(self.folder, "elsewhere")
        os.mkdir(target, 0o700)
        os.symlink(target, self.state)
        with Server({"/rss": self.route}) as server:
            run = self.feeds(server.url + "/rss")
        self.assertEqual(run.code, 0, run.stderr)  # the headlines still come
        self.assertIn("not remembering feeds", run.stderr)
        self.assertIn("symbolic link", run.stderr)
        self.assertEqual(os.listdir(target), [])

    def test_a_state_folder_open_to_others_is_made_private(self):
        os.mkdir(self.state, 0o777)
        os.chmod(self.state, 0o777)
        with Server({"/rss": self.route}) as server:
            run = self.feeds(server.url + "/rss")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(stat.S_IMODE(os.stat(self.state).st_mode), 0o700)

    def test_a_damaged_state_file_is_ignored(self):
        with Server({"/rss": self.route}) as server:
            self.feeds(server.url + "/rss")
            (name,) = os.listdir(self.state)
            with open(os.path.join(self.state, name), "w") as file:
                file.write('{"url": "not this one", "items": [')
            run = self.feeds(server.url + "/rss")
            self.assertIsNone(server.requests_for("/rss")[-1].headers.get("If-None-Match"))
        self.assertEqual(len(run.items), 3)


class Transport(FeedTest):
    def test_redirects_are_followed_and_the_final_address_is_the_base(self):
        routes = {
            "/old": Response.redirect("/moved", 301),
            "/moved": Response.redirect("{base}/feeds/atom.xml", 302),
            "/feeds/atom.xml": Response(fixture("atom-xmlbase.xml"), content_type=ATOM),
        }
        with Server(routes) as server:
            run = self.feeds(server.url + "/old")
            self.assertEqual(run.code, 0, run.stderr)
            self.assertEqual(run.items[0]["url"], server.url + "/blog/2025/01/dates.html")

    def test_a_redirect_loop_ends(self):
        with Server({"/loop": Response.redirect("{base}/loop"), "/a": Response.redirect("/b"), "/b": Response.redirect("/a")}) as server:
            run = self.feeds("--verbose", server.url + "/loop", server.url + "/a")
            hits = server.hits()
        self.assertEqual(run.code, 1)
        self.assertEqual(run.stderr.count(": unknown: it redirects in a loop"), 2, run.stderr)
        self.assertLess(hits, 20)
        self.assertLess(run.seconds, 5)

    def test_a_redirect_elsewhere_than_http_is_refused(self):
        with Server({"/to-file": Response.redirect("file:///etc/passwd"), "/to-ftp": Response.redirect("ftp://127.0.0.1/x")}) as server:
            run = self.feeds(server.url + "/to-file", server.url + "/to-ftp")
        self.assertEqual(run.code, 1)
        self.assertIn("it redirects to a file: address", run.stderr)
        self.assertIn("it redirects to a ftp: address", run.stderr)
        self.assertNotIn("root:", run.stderr + run.text)

    def test_a_redirect_to_an_address_that_cannot_be_asked(self):
        routes = {
            "/ipv6": Response.redirect("http://[::1/feed"),
            "/zz": Response.redirect("http://[zz]/feed"),
            "/port": Response.redirect("http://127.0.0.1:99999/feed"),
            "/word": Response.redirect("http://127.0.0.1:port/feed"),
            "/good": Response(fixture("rss2-bbc.xml"), content_type=RSS),
        }
        with Server(routes) as server:
            run = self.feeds(*(server.url + path for path in routes))
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(len(run.items), 3)
        self.assertNotIn("Traceback", run.stderr)
        for path, words in (
            ("/ipv6", "Invalid IPv6 URL"), ("/zz", "'zz' does not appear"),
            ("/port", "Port out of range"), ("/word", "Port could not be cast"),
        ):
            (line,) = [l for l in run.stderr.splitlines() if f"{path}: " in l]
            self.assertIn(f"{path}: unknown: it redirects to an address that cannot be asked ({words}", line)

    def test_gzip(self):
        with Server({"/z": Response(fixture("rss2-bbc.xml"), gzip=True, content_type=RSS)}) as server:
            run = self.feeds(server.url + "/z")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(len(run.items), 3)

    def test_damaged_gzip_is_malformed(self):
        data = gzip.compress(fixture("rss2-bbc.xml"))
        with Server({"/z": Response(data[:40] + b"\x00" * 50 + data[90:], headers={"Content-Encoding": "gzip"})}) as server:
            run = self.feeds(server.url + "/z")
        self.assertEqual(run.code, 1)
        self.assertIn(": malformed: ", run.stderr)

    def test_timeout_bounds_the_whole_run_even_when_bytes_trickle(self):
        # 10 bytes every 0.2 s: every read succeeds, and the whole body would take
        # a minute. Also a server that never answers, and a good feed beside them.
        body = fixture("rss2-bbc.xml") + b" " * 3000
        routes = {
            "/trickle": Response(body, trickle=(10, 0.2), content_type=RSS),
            "/silent": Response(fixture("rss2-bbc.xml"), delay=60),
            "/good": Response(fixture("rss1-rdf.xml"), content_type=RSS),
        }
        with Server(routes) as server:
            run = self.feeds("--timeout", "1.5", server.url + "/trickle", server.url + "/silent", server.url + "/good")
        self.assertEqual(run.code, 0, run.stderr)
        self.assertLess(run.seconds, 3.5)
        self.assertEqual(len(run.items), 3)
        self.assertEqual(run.stderr.count(": unavailable: "), 2, run.stderr)
        alone = None
        with Server({"/trickle": Response(body, trickle=(10, 0.2), content_type=RSS)}) as server:
            alone = self.feeds("--timeout", "1", server.url + "/trickle")
        self.assertEqual(alone.code, 1)
        self.assertLess(alone.seconds, 3)


def dripped(part, body, interval=0.5):
    """A feed whose `part` comes a byte every `interval` seconds: "status" (the status
    line), "headers", "body" (with a Content-Length) or "chunks" (a chunked body whose
    first chunk-size line is 4,000 zeros long). Every recv of the client succeeds;
    only a deadline over the whole answer ends it."""
    if part in ("status", "headers"):
        return Response(body, drip=(part, interval), content_type=RSS)
    if part == "body":
        return Response(body, trickle=(1, interval), content_type=RSS)
    chunked = b"0" * 4000 + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    return Response([chunked], headers={"Transfer-Encoding": "chunked"}, trickle=(1, interval))


class SlowHeads(FeedTest):
    """The whole run ends within --timeout however slowly a server sends: a status
    line, headers, a body or a chunk size dripped a byte every 0.5 s (the fetchers' attack
    round, where it kept ticker-quotes running past 40 s with --timeout 3)."""

    PARTS = ("status", "headers", "body", "chunks")
    MARGIN = 1.5  # the interpreter's start, the messages written

    def test_each_dripped_part_ends_within_timeout(self):
        routes = {f"/{part}": dripped(part, fixture("rss2-bbc.xml")) for part in self.PARTS}
        with Server(routes) as server:
            for part in self.PARTS:
                with self.subTest(part=part):
                    run = self.feeds("--timeout", "2", f"{server.url}/{part}", timeout=10)
                    self.assertLess(run.seconds, 2 + self.MARGIN, run.stderr)
                    self.assertEqual(run.code, 1, run.stderr)
                    self.assertEqual(run.stdout, b"")
                    self.assertIn(
                        f"/{part}: unavailable: the feed did not arrive within --timeout",
                        run.stderr,
                    )

    def test_dripping_servers_beside_a_good_feed(self):
        routes = {f"/{part}": dripped(part, fixture("rss2-bbc.xml")) for part in self.PARTS}
        routes["/good"] = Response(fixture("rss1-rdf.xml"), content_type=RSS)
        with Server(routes) as server:
            urls = [f"{server.url}/{part}" for part in self.PARTS + ("good",)]
            run = self.feeds("--timeout", "3", *urls, timeout=11)
        self.assertLess(run.seconds, 3 + self.MARGIN, run.stderr)
        self.assertEqual(run.code, 0, run.stderr)
        self.assertEqual(len(run.items), 3)
        self.assertEqual(run.stderr.count(": unavailable: the feed did not arrive"), 4, run.stderr)


class Failures(FeedTest):
    CASES = [
        ("/401", Response.text("login", 401), "needs a key", "HTTP 401"),
        ("/403", Response.text("no", 403), "needs a key", "HTTP 403"),
        ("/challenge", Response("<html>robot?</html>", 403, headers={"cf-mitigated": "challenge"}, content_type="text/html"), "blocked", "HTTP 403"),
        ("/451", Response.text("legal", 451), "blocked", "HTTP 451"),
        ("/page", Response("<!DOCTYPE html>\n<html><head><title>Consent</title></head></html>", content_type="text/html"), "blocked", "HTTP 200"),
        ("/429", Response.text("slow down", 429, headers={"Retry-After": "120"}), "rate-limited", "wait 120 s"),
        ("/404", Response.text("gone", 404), "not found", "HTTP 404"),
        ("/410", Response.text("gone", 410), "not found", "HTTP 410"),
        ("/418", Response.text("teapot", 418), "unknown", "HTTP 418"),
        ("/500", Response.text("oops", 500), "unavailable", "HTTP 500"),
        ("/503", Response.text("later", 503), "unavailable", "HTTP 503"),
        ("/drop", Response(drop=True), "unavailable", "ended before"),
        ("/truncated", Response(fixture("rss2-bbc.xml"), truncate=500, content_type=RSS), "unavailable", "ended before"),
        ("/text", Response.text("just text, not XML"), "malformed", "not XML"),
        ("/opml", Response('<?xml version="1.0"?><opml version="2.0"><body/></opml>', content_type="text/xml"), "malformed", "root is opml"),
        ("/bad-xml", Response('<rss version="2.0"><channel><item><title>x</itle></item></channel></rss>', content_type=RSS), "malformed", "not well-formed"),
    ]

    def test_each_class_names_the_feed_and_what_to_do(self):
        # A port that nothing listens on, for a refused connection.
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}/feed"
        probe.close()
        routes = {path: response for path, response, _, _ in self.CASES}
        routes["/good"] = Response(fixture("rss2-bbc.xml"), content_type=RSS)
        with Server(routes) as server:
            urls = [server.url + path for path, _, _, _ in self.CASES]
            verbose = self.feeds("--verbose", "--timeout", "5", *urls, closed, server.url + "/good")
            quiet = self.feeds("--timeout", "5", *urls, closed)
            check = self.feeds("--check", "--timeout", "5", *urls[:3], server.url + "/good")
        # One good feed among the failures: its headlines, and exit 0.
        self.assertEqual(verbose.code, 0, verbose.stderr)
        self.assertEqual(len(verbose.items), 3)
        lines = verbose.stderr.splitlines()
        for (path, _, kind, detail), url in zip(self.CASES, urls):
            with self.subTest(path=path):
                (line,) = [l for l in lines if f"127.0.0.1:{server.port}{path}: " in l]
                self.assertIn(f": {kind}: ", line)
                self.assertIn(detail, line)
                self.assertIn(f"URL {url}", line)
                self.assertIn(support.load_package().core.ADVICE[kind], line)
        self.assertTrue(any(": unavailable: the connection was refused" in l for l in lines), verbose.stderr)
        # Without --verbose: no URL and no status; nothing printed, exit 1.
        self.assertEqual(quiet.code, 1)
        self.assertEqual(quiet.stdout, b"")
        self.assertNotIn("[URL ", quiet.stderr)
        self.assertEqual(len(quiet.stderr.splitlines()), len(self.CASES) + 1)
        # --check: a table, exit 1 because not every feed works.
        self.assertEqual(check.code, 1)
        table = check.text.splitlines()
        self.assertEqual(table[0].split(), ["FEED", "RESULT", "ITEMS", "TIME"])
        self.assertRegex(table[1], r"/401 +needs a key +0 +\d+\.\d\ds$")
        self.assertRegex(table[3], r"/challenge +blocked +0 ")
        self.assertRegex(table[4], r"^Example News - World +works +4 ")

    def test_an_odd_retry_after_is_no_wait(self):
        # "²" is a digit to str.isdigit(), not to int(): it was a ValueError, shown as
        # an "unknown" failure; so were 5,000 digits.
        values = ("²", "9" * 5000, "-5", "soon")
        routes = {f"/{n}": Response.text("slow", 429, headers={"Retry-After": v}) for n, v in enumerate(values)}
        with Server(routes) as server:
            run = self.feeds(*(server.url + path for path in routes))
        self.assertEqual(run.code, 1)
        lines = run.stderr.splitlines()
        self.assertEqual(len(lines), len(values), run.stderr)
        for line in lines:
            self.assertIn(": rate-limited: too many requests (429); the server asks", line)

    def test_a_missing_file_and_an_unreadable_one(self):
        run = self.feeds(os.path.join(self.folder, "nothing.xml"))
        self.assertEqual(run.code, 1)
        self.assertIn("nothing.xml: not found: there is no such file", run.stderr)


class CommandLine(FeedTest):
    def test_newest_first_across_feeds_with_limit_label_and_names(self):
        now = datetime.now(timezone.utc).replace(microsecond=0)
        first = rss(
            [
                ("A old", "http://a.example/old", rfc822(now - timedelta(days=10))),
                ("A new", "http://a.example/new", rfc822(now - timedelta(hours=1))),
                ("A mid", "http://a.example/mid", rfc822(now - timedelta(hours=30))),
                ("A undated", "http://a.example/undated", None),
                ("Shared", "http://shared.example/story", rfc822(now - timedelta(hours=2))),
            ],
            title="Feed A",
        )
        second = rss(
            [
                ("B newest", "http://b.example/1", rfc822(now - timedelta(minutes=5))),
                ("B older", "http://b.example/2", rfc822(now - timedelta(days=2))),
                ("Shared again", "http://shared.example/story", rfc822(now - timedelta(hours=3))),
            ],
            title="Feed B",
        )
        with Server({"/a": Response(first, content_type=RSS), "/b": Response(second, content_type=RSS)}) as server:
            a, b = server.url + "/a", server.url + "/b"
            everything = self.feeds(a, b)
            fresh = self.feeds("--max-age", "36h", a, b)
            limited = self.feeds("--limit", "2", "--label", a, "Bee=" + b)
        self.assertEqual(
            everything.texts,
            ["B newest", "A new", "Shared", "A mid", "B older", "A old", "A undated"],
        )
        self.assertEqual(everything.items[2]["url"], "http://shared.example/story")
        self.assertEqual(fresh.texts, ["B newest", "A new", "Shared", "A mid", "A undated"])
        self.assertEqual(limited.texts, ["Bee: B newest", "Feed A: A new", "Feed A: Shared", "Bee: B older"])
        self.assertTrue(limited.items[0]["tooltip"].startswith("Bee"))
        for run in (everything, fresh, limited):
            self.assertEqual(run.code, 0, run.stderr)
            for item in run.items:
                if "time" in item:
                    self.assertRegex(item["time"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")

    def test_exit_status_2_for_a_bad_command_line(self):
        for arguments in (
            [], ["--limit", "0", "x"], ["--limit", "two", "x"], ["--max-age", "soon", "x"],
            ["--timeout", "0", "x"], ["--timeout", "nan", "x"], ["--nonsense", "x"], ["-", "-"],
            ["--base", "file:///x", "x"],
        ):
            with self.subTest(arguments=arguments):
                run = self.feeds(*arguments)
                self.assertEqual(run.code, 2, run.stderr)
                self.assertTrue(run.stderr.startswith("usage: ticker-feeds"), run.stderr)
                self.assertEqual(run.stdout, b"")

    # Feed addresses that cannot be asked, and the words that say why.
    BAD_URLS = [
        ("http://127.0.0.1:99999/feed", "Port out of range 0-65535"),
        ("http://[::1/feed", "Invalid IPv6 URL"),
        ("http://[zz]/feed", "'zz' does not appear to be an IPv4 or IPv6 address"),
        ("http://127.0.0.1:port/feed", "Port could not be cast to integer value as 'port'"),
        ("https://127.0.0.1:-1/feed", "Port could not be cast to integer value as '-1'"),
        ("http://127.0.0.1:0/feed", "port 0"),
        ("http://", "no host"),
        ("http:///feed", "no host"),
        ("HTTP://:8123/feed", "no host"),
        ("http://127.0.0.1 /feed", "it holds spaces or control characters"),
        ("http://127.0.0.1/\x1b]0;PWNED\x07", "it holds spaces or control characters"),
        ("https://user:s3cr3t@127.0.0.1/feed", "a user name and password in the address are not used"),
        ("News=http://127.0.0.1:99999/", "Port out of range 0-65535"),
    ]

    def test_a_feed_address_that_cannot_be_asked_is_a_bad_command_line(self):
        # Each was a feed failing on every run for a misleading reason ("the answer
        # is not HTTP", "connection refused", "does not resolve"), or "unknown" with
        # urllib's words.
        for value, words in self.BAD_URLS:
            with self.subTest(value=value):
                run = self.feeds(value, os.path.join(self.folder, "other.xml"))
                self.assertEqual(run.code, 2, run.stderr)
                self.assertNotIn("Traceback", run.stderr)
                self.assertEqual(run.stdout, b"")
                last = run.stderr.splitlines()[-1]
                self.assertTrue(last.startswith("ticker-feeds: error: '"), last)
                self.assertIn(f"' is not a feed address: {words}", last)
                self.assertNotIn("s3cr3t", run.stderr)
                self.assertIsNone(re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", run.stderr), run.stderr)
        run = self.feeds("--base", "http://[::1", "x")
        self.assertEqual(run.code, 2, run.stderr)
        self.assertIn("--base: expected an http or https URL", run.stderr)

    def test_help_fits_80_columns(self):
        run = self.feeds("--help")
        self.assertEqual(run.code, 0)
        self.assertEqual(run.stderr, "")
        text = run.text
        self.assertTrue(text.startswith("usage: ticker-feeds "))
        for expected in [
            "URL_OR_FILE", "NAME=URL", "--limit N", "--max-age DURATION", "36h", "7d", "--label",
            "--timeout SECONDS", "(default: 10)", "--check", "--offline FILE", "--verbose",
            "--input json", "TICKER_FEEDS_STATE_DIR", "blocked", "rate-limited", "Exit status",
        ]:
            self.assertIn(expected, text)
        wide = [line for line in text.splitlines() if len(line) > 80]
        self.assertEqual(wide, [])

    def test_a_closed_output_ends_quietly(self):
        feed = support.FIXTURES / "rss2-bbc.xml"
        script = f'"{support.sys.executable}" "{support.FEEDS}" "{feed}" | head -n 1'
        import subprocess

        result = subprocess.run(["/bin/sh", "-c", script], capture_output=True, env=support.environment(self.state))
        self.assertEqual(result.stderr, b"")
        self.assertEqual(len(result.stdout.splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
