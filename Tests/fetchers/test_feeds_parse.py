"""ticker-feeds's parts, in this process: dates, URLs, decoding, text, JSON, the
parser on each fixture, and the failure classes of network errors."""

import json
import socket
import unittest
import urllib.error
from datetime import datetime, timezone

import test_feeds_support as support

feeds = support.load_package()
import ticker_fetch.text as shared_text  # noqa: E402  (the rule ticker-feeds uses)


def utc(*fields):
    return datetime(*fields, tzinfo=timezone.utc)


class Dates(unittest.TestCase):
    def test_rfc822_and_rfc3339_and_w3c_dates(self):
        cases = {
            "Sun, 05 Jan 2025 12:55:28 GMT": utc(2025, 1, 5, 12, 55, 28),
            "Wed, 01 Jan 2025 08:00:00 -0500": utc(2025, 1, 1, 13, 0, 0),
            "Thu, 2 Jan 2025 10:48 +0000": utc(2025, 1, 2, 10, 48),
            "2 Jan 2025 10:48:00 EST": utc(2025, 1, 2, 15, 48),
            "Thu, 02 Jan 25 10:48:00 +0100": utc(2025, 1, 2, 9, 48),
            "2025-01-05T09:30:00+01:00": utc(2025, 1, 5, 8, 30),
            "2025-01-03T08:00:00.123-05:00": utc(2025, 1, 3, 13, 0),
            "2025-01-04T23:15:00Z": utc(2025, 1, 4, 23, 15),
            "2025-01-04 23:15:00z": utc(2025, 1, 4, 23, 15),
            "2025-01-03T12:00-05:00": utc(2025, 1, 3, 17, 0),
            "2025-01-04": utc(2025, 1, 4),
            "2025-01": utc(2025, 1, 1),
            "  2025-01-04T10:00:00  ": utc(2025, 1, 4, 10),
            "2016-12-31T23:59:60Z": utc(2016, 12, 31, 23, 59, 59),  # a leap second
        }
        for text, expected in cases.items():
            with self.subTest(text=text):
                self.assertEqual(feeds.text.parse_date(text), expected)

    def test_junk_dates_are_none(self):
        for text in ["", "yesterday", "2025-13-45", "Mon, 99 Foo 2025", "9" * 400, "0000-01-01"]:
            with self.subTest(text=text):
                self.assertIsNone(feeds.text.parse_date(text))

    def test_iso_output(self):
        self.assertEqual(feeds.text.iso(utc(2025, 1, 5, 8, 30)), "2025-01-05T08:30:00Z")


class URLs(unittest.TestCase):
    def test_relative_links_against_the_bases_in_force(self):
        resolve = feeds.text.absolute_url
        self.assertEqual(resolve("a.html", ("https://x.example/feed/rss",)), "https://x.example/feed/a.html")
        self.assertEqual(
            resolve("dates.html", ("http://h.example/feeds/atom.xml", "/blog/", "2025/01/")),
            "http://h.example/blog/2025/01/dates.html",
        )
        self.assertEqual(resolve("//cdn.example/x", ("https://a.example/",)), "https://cdn.example/x")
        self.assertEqual(resolve(" \n https://a.example/x\t ", ()), "https://a.example/x")
        self.assertEqual(resolve("HTTPS://A.example/x", ()), "https://A.example/x")

    def test_only_http_and_https_and_nothing_unbounded(self):
        resolve = feeds.text.absolute_url
        for href in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "file:///etc/passwd", "data:text/html,x",
            "ftp://a.example/", "mailto:a@b.example", "relative/only", "-x", "",
            "https:///no-host", "http://a.example/" + "x" * 3000, "http://a b.example/",
        ]:
            with self.subTest(href=href):
                self.assertIsNone(resolve(href, ()))

    def test_spaces_controls_and_non_ascii_are_encoded(self):
        resolve = feeds.text.absolute_url
        self.assertEqual(resolve("/a b/ä?q=ü ", ("http://x.example/",)), "http://x.example/a%20b/%C3%A4?q=%C3%BC")
        self.assertEqual(resolve("http://bücher.example/x", ()), "http://xn--bcher-kva.example/x")
        self.assertEqual(resolve("http://x.example/%41%zz", ()), "http://x.example/%41%zz")
        url = resolve("http://x.example/a\x01b\x7f", ())
        self.assertEqual(url, "http://x.example/a%01b%7F")


class Decoding(unittest.TestCase):
    def test_the_declaration_names_the_encoding(self):
        text = feeds.parse.decode(support.fixture("latin1.xml"))
        self.assertTrue(text.startswith('<?xml version="1.0"?>'), text[:40])
        self.assertIn("Zürcher Blätter", text)
        self.assertIn("Zürcher Blätter", feeds.parse.decode(support.fixture("latin1.xml"), "utf-8"))
        self.assertIn("서울 지하철", feeds.parse.decode(support.fixture("euc-kr.xml")))

    def test_byte_order_marks_and_undeclared_bytes(self):
        document = '<?xml version="1.0" encoding="utf-16"?><rss>é</rss>'
        self.assertIn("<rss>é</rss>", feeds.parse.decode(b"\xff\xfe" + document.encode("utf-16-le")))
        self.assertIn("<rss>é</rss>", feeds.parse.decode(document.encode("utf-16-be")))
        self.assertIn("<rss>é</rss>", feeds.parse.decode(b"\xef\xbb\xbf" + document.encode("utf-8")))
        # A stale utf-16 declaration on ASCII-compatible bytes; windows-1252 bytes
        # that are not UTF-8; an unknown encoding's name.
        self.assertIn("<rss>é</rss>", feeds.parse.decode(document.encode("utf-8")))
        self.assertIn("“quoted”", feeds.parse.decode("<rss>“quoted”</rss>".encode("cp1252")))
        self.assertIn("<rss>é</rss>", feeds.parse.decode(b'<?xml version="1.0" encoding="x-nonsense"?><rss>\xc3\xa9</rss>'))

    def test_characters_xml_forbids_go(self):
        self.assertEqual(feeds.parse.decode(b"<a>x\x0by\x01z\x0cw</a>"), "<a>x yz w</a>")


class Text(unittest.TestCase):
    def test_clean_folds_strips_and_bounds(self):
        self.assertEqual(shared_text.clean(" a \n\t b\u2028c\u202ed\x85e\x00 ", 100), "a b c d e")
        self.assertEqual(len(shared_text.clean("x" * 5000, 1000)), 1000)
        self.assertTrue(shared_text.clean("x" * 5000, 1000).endswith("…"))

    def test_html_to_text(self):
        self.assertEqual(
            shared_text.clean(feeds.text.html_to_text("<p>a&amp;b</p><script>x()</script><br>c&nbsp;d"), 100),
            "a&b c d",
        )
        self.assertEqual(feeds.text.text_of("what&amp;#8217;s", "maybe-html"), "what’s")
        self.assertEqual(feeds.text.text_of("AT&T <b> in text", "text"), "AT&T <b> in text")

    def test_json_line_escapes_what_json_leaves(self):
        line = feeds.output.json_line({"text": "a\u2028b\u2029c\x7fd\x85e\x1bf\"g\\h\n"})
        self.assertNotIn("\u2028", line)
        self.assertNotIn("\x7f", line)
        self.assertNotIn("\x1b", line)
        self.assertNotIn("\n", line)
        self.assertEqual(json.loads(line)["text"], "a\u2028b\u2029c\x7fd\x85e\x1bf\"g\\h\n")

    def test_durations(self):
        self.assertEqual(feeds.cli.duration("36h"), 36 * 3600)
        self.assertEqual(feeds.cli.duration("7d"), 7 * 86400)
        self.assertEqual(feeds.cli.duration("1d12h"), 36 * 3600)
        self.assertEqual(feeds.cli.duration("90m"), 5400)
        for bad in ["", "7", "7x", "h", "0d", "-1d", "1d 2h"]:
            with self.subTest(bad=bad):
                with self.assertRaises(Exception):
                    feeds.cli.duration(bad)


class Parsing(unittest.TestCase):
    def parse(self, name, document=None, **replacements):
        """A fixture parsed as if it came from `document` (None: a file)."""
        return feeds.parse.parse_feed(support.fixture(name, **replacements), document)

    def test_each_fixture_shape(self):
        expected = {
            "rss2-bbc.xml": ("Example News - World", 4),
            "atom-xmlbase.xml": ("Example Blog", 3),
            "feedburner.xml": ("Cardiology – Example Daily Pulse", 3),
            "rss1-rdf.xml": ("RDF Example", 3),
            "latin1.xml": ("Zürcher Blätter", 1),
            "euc-kr.xml": ("예제 뉴스", 1),
            "rss091-netscape.xml": ("Outpost — News", 2),
            "lenient.xml": ("Loose Feed", 2),
        }
        for name, (title, count) in expected.items():
            with self.subTest(name=name):
                parsed = self.parse(name, "http://feed.example/x", base="http://127.0.0.1:9")
                self.assertEqual(parsed.title, title)
                self.assertEqual(len(parsed.entries), count)

    def test_atom_links_and_text_constructs(self):
        parsed = self.parse("atom-xmlbase.xml", "http://h.example/feeds/atom.xml")
        entries = parsed.entries
        self.assertEqual(
            [(e.title, e.url) for e in entries],
            [
                ("Dates <and> times", "http://h.example/blog/2025/01/dates.html"),
                ("An xhtml title", "https://other.example/a/elsewhere/x.html"),
                ("Plain <b> is text here", "http://h.example/about#me"),
            ],
        )
        self.assertEqual([feeds.text.iso(e.time) for e in entries], [
            "2025-01-05T08:30:00Z", "2025-01-04T23:15:00Z", "2025-01-03T13:00:00Z"])
        self.assertEqual(entries[0].summary, "How RFC 3339 dates work.")
        self.assertEqual(entries[1].summary, "First. Second.")
        # A file's links resolve against its rel="self" link.
        offline = self.parse("atom-xmlbase.xml")
        self.assertEqual(offline.entries[0].url, "https://blog.example/blog/2025/01/dates.html")

    def test_feedburner_original_links_and_cdata(self):
        entries = self.parse("feedburner.xml", "http://feeds.feedburner.com/ExamplePulse").entries
        self.assertEqual([e.url for e in entries], [
            "http://www.pulse.example/2025/01/02/symposium/",
            "http://www.pulse.example/2025/01/01/heart-month/",
            "http://feedproxy.google.com/~r/ExamplePulse/~3/ZzYyXx98765/",
        ])
        self.assertEqual(entries[0].title, "Symposium on 9/30: what’s planned")
        self.assertEqual(entries[1].title, "Heart month’s five talks")
        self.assertEqual(entries[1].summary, "Five talks in one day: all free, and a ]]> in text.")
        self.assertEqual(entries[2].title, "Clinic hours & holidays")
        self.assertEqual(entries[0].guid, "http://www.pulse.example/?p=6635")

    def test_refusals_raise_malformed_before_any_entity(self):
        for name in ["billion-laughs.xml", "xxe-file.xml", "xxe-url.xml", "xxe-parameter.xml"]:
            with self.subTest(name=name):
                with self.assertRaises(feeds.core.Failure) as caught:
                    self.parse("hostile/" + name, base="http://127.0.0.1:9", secret="/nonexistent")
                self.assertEqual(caught.exception.kind, feeds.core.MALFORMED)
                self.assertIn("internal subset", caught.exception.reason)

    def test_not_feeds(self):
        cases = [
            (b"<!DOCTYPE html><html><body>consent</body></html>", feeds.core.BLOCKED),
            (b'<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', feeds.core.BLOCKED),
            (b"<opml version='2.0'><body/></opml>", feeds.core.MALFORMED),
            (b"plain text", feeds.core.MALFORMED),
            (b"", feeds.core.MALFORMED),
            (b"<rss><channel><item><title>x</title>", feeds.core.MALFORMED),  # no item ends
        ]
        for body, kind in cases:
            with self.subTest(body=body):
                with self.assertRaises(feeds.core.Failure) as caught:
                    feeds.parse.parse_feed(body, None)
                self.assertEqual(caught.exception.kind, kind)


class NetworkErrors(unittest.TestCase):
    """What no test may cause for real on a machine without a network: a name
    that does not resolve, TLS failing."""

    def test_classes_of_socket_errors(self):
        import ssl

        cases = [
            (urllib.error.URLError(socket.gaierror(-2, "Name or service not known")), "does not resolve"),
            (urllib.error.URLError(ConnectionRefusedError(111, "refused")), "refused"),
            (urllib.error.URLError(socket.timeout("timed out")), "in time"),
            (urllib.error.URLError(ssl.SSLError(1, "CERTIFICATE_VERIFY_FAILED")), "TLS"),
            (ConnectionResetError(104, "reset"), "ended"),
            (OSError(101, "Network is unreachable"), "network"),
        ]
        for error, words in cases:
            with self.subTest(error=error):
                failure = feeds.fetch.network_failure(error, "http://x.example/")
                self.assertEqual(failure.kind, feeds.core.UNAVAILABLE)
                self.assertIn(words, failure.reason)

    def test_classes_of_statuses(self):
        from email.message import Message

        def headers(**values):
            message = Message()
            for name, value in values.items():
                message[name.replace("_", "-")] = value
            return message

        cases = [
            (401, headers(), feeds.core.NEEDS_KEY),
            (403, headers(), feeds.core.NEEDS_KEY),
            (403, headers(cf_mitigated="challenge"), feeds.core.BLOCKED),
            (451, headers(), feeds.core.BLOCKED),
            (429, headers(Retry_After="120"), feeds.core.RATE_LIMITED),
            (404, headers(), feeds.core.NOT_FOUND),
            (410, headers(), feeds.core.NOT_FOUND),
            (418, headers(), feeds.core.UNKNOWN),
            (310, headers(), feeds.core.UNKNOWN),
            (500, headers(), feeds.core.UNAVAILABLE),
            (503, headers(Retry_After="Wed, 21 Oct 2099 07:28:00 GMT"), feeds.core.UNAVAILABLE),
        ]
        for code, values, kind in cases:
            with self.subTest(code=code):
                self.assertEqual(feeds.fetch.http_failure(code, values, "u").kind, kind)
        self.assertIn("120 s", feeds.fetch.http_failure(429, headers(Retry_After="120"), "u").reason)


if __name__ == "__main__":
    unittest.main()
