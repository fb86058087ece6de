"""The one rule for text from outside, in both fetchers: ticker-quotes' CONTROLS,
plain() and clean() are ticker-feeds' _CONTROLS, plain() and clean() (each script is a
standalone file, so each has its copy); this checks that the copies stay alike, over
every code point, and that what the rule lets out holds no control character. So
with url_problem(), which both ask of an address before it is asked."""

import re
import unittest

import quotes_support
import test_feeds_support

quotes_support.load_package()
from ticker_fetch import text as quotes  # noqa: E402  (ticker-quotes' rule)
from ticker_quotes.text import short  # noqa: E402
feeds = test_feeds_support.load_module()


def block(start):
    """The 65,536 code points from `start`, but the surrogates. A block at a time: a
    list of every one of them would grow this process by some 90 MiB, which the
    programs the later tests start would inherit in their peak memory (fork)."""
    return "".join(map(chr, (c for c in range(start, start + 65536) if not 0xD800 <= c <= 0xDFFF)))


BLOCKS = range(0, 0x110000, 65536)
# What must never reach a terminal: C0 and C1 controls, DEL, bidi embeddings,
# overrides and isolates.
FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SAMPLES = [
    "",
    "plain words",
    "\x1b]0;PWNED\x07\x1b[2J",
    "\x9b31m\u202eevil\u2066x\u2069\x00tail",
    "line\r\nticker-quotes: forged\u2028next\x85end",
    "  spaces\tand\x0btabs\x0c  ",
    "\ufffe\uffff\u200e\u200f\u061c",
    "x" * 300,
    "word " * 100,
    "\x1b" * 50 + "a",
]


class SharedRule(unittest.TestCase):
    def test_the_same_characters(self):
        self.assertEqual(quotes.CONTROLS.pattern, feeds._CONTROLS.pattern)

    def test_plain_alike_over_every_code_point(self):
        for start in BLOCKS:
            text = block(start)
            self.assertEqual(quotes.plain(text), feeds.plain(text), hex(start))

    def test_clean_alike(self):
        for text in SAMPLES:
            for limit in (1, 2, 5, 40, 80, 200, 1000):
                with self.subTest(text=text[:20], limit=limit):
                    self.assertEqual(quotes.clean(text, limit), feeds.clean(text, limit))
                    self.assertLessEqual(len(quotes.clean(text, limit)), limit)

    def test_url_problem_alike(self):
        for url in (
            "http://127.0.0.1:8123", "https://example.org/feed?x=1#y", "HTTP://h",
            "http://127.0.0.1:99999", "http://[::1", "http://[::1]:80/", "http://[zz]/",
            "http://h:port", "http://h:-1", "http://h:0", "ftp://h", "h:80", "",
            "http://", "http://:80", "http://a b", "http://h/\x1b[2J", "http://h/\x85",
            "http://user:pw@h/",
        ):
            with self.subTest(url=url):
                self.assertEqual(quotes.url_problem(url), feeds.url_problem(url))
        self.assertIsNone(quotes.url_problem("http://[::1]:80/"))
        self.assertEqual(quotes.url_problem("http://h:0"), "port 0")

    def test_nothing_forbidden_gets_out(self):
        for module in (quotes, feeds):
            for start in BLOCKS:
                self.assertIsNone(FORBIDDEN.search(module.plain(block(start))), module.__name__)
            for text in SAMPLES:
                self.assertIsNone(FORBIDDEN.search(module.clean(text, 80)))
        # The text around the controls stays, so that a message still says what it says.
        self.assertEqual(quotes.plain("a\x1b]0;PWNED\x07b"), "a ]0;PWNED b")
        self.assertEqual(short("\x1b[2Jerror\r\n\x9bsaid"), "[2Jerror said")


if __name__ == "__main__":
    unittest.main()
