"""The one rule for text from outside, in both fetchers: CONTROLS, plain() and clean()
are ticker_fetch.text's, one copy that ticker-quotes and ticker-feeds both use (they
were two copies, checked to stay alike). This checks that both fetchers use that copy,
and that what the rule lets out holds no control character, over every code point. So
with url_problem(), which both ask of an address before it is asked."""

import re
import unittest

import quotes_support
import test_feeds_support

quotes = quotes_support.load_package()
feeds = test_feeds_support.load_package()
import ticker_fetch.text as shared  # noqa: E402


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
    def test_both_use_the_one_copy(self):
        # Each module that cleans text or checks an address takes the shared one.
        for module in (quotes.text, quotes.http, quotes.cli, feeds.text, feeds.output, feeds.cli):
            for name in ("plain", "clean", "url_problem", "CONTROLS"):
                if hasattr(module, name):
                    with self.subTest(module=module.__name__, name=name):
                        self.assertIs(getattr(module, name), getattr(shared, name))
        self.assertIs(quotes.sources.base.url_problem, shared.url_problem)
        self.assertIs(feeds.fetch.url_problem, shared.url_problem)
        self.assertIs(feeds.output.plain, shared.plain)
        self.assertIs(feeds.text.CONTROLS, shared.CONTROLS)

    def test_clean_bounded(self):
        for text in SAMPLES:
            for limit in (1, 2, 5, 40, 80, 200, 1000):
                with self.subTest(text=text[:20], limit=limit):
                    self.assertLessEqual(len(shared.clean(text, limit)), limit)
                    whole, cut = shared.plain(text), shared.clean(text, limit)
                    if len(whole) <= limit:
                        self.assertEqual(cut, whole)
                    else:
                        self.assertTrue(cut.endswith("…"))
                        self.assertTrue(whole.startswith(cut[:-1]))

    def test_url_problem(self):
        for url in (
            "http://127.0.0.1:8123", "https://example.org/feed?x=1#y", "HTTP://h",
            "http://127.0.0.1:99999", "http://[::1", "http://[::1]:80/", "http://[zz]/",
            "http://h:port", "http://h:-1", "http://h:0", "ftp://h", "h:80", "",
            "http://", "http://:80", "http://a b", "http://h/\x1b[2J", "http://h/\x85",
            "http://user:pw@h/",
        ):
            with self.subTest(url=url):
                problem = shared.url_problem(url)
                if problem is not None:
                    self.assertIsNone(FORBIDDEN.search(problem))
        self.assertIsNone(shared.url_problem("http://[::1]:80/"))
        self.assertEqual(shared.url_problem("http://h:0"), "port 0")

    def test_nothing_forbidden_gets_out(self):
        for start in BLOCKS:
            self.assertIsNone(FORBIDDEN.search(shared.plain(block(start))), hex(start))
        for text in SAMPLES:
            self.assertIsNone(FORBIDDEN.search(shared.clean(text, 80)))
        # The text around the controls stays, so that a message still says what it says.
        self.assertEqual(shared.plain("a\x1b]0;PWNED\x07b"), "a ]0;PWNED b")
        self.assertEqual(quotes.text.short("\x1b[2Jerror\r\n\x9bsaid"), "[2Jerror said")


if __name__ == "__main__":
    unittest.main()
