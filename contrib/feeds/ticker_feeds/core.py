"""Version, User-Agent, limits and failure classes of ticker-feeds (Failure, ADVICE).
"""


VERSION = "0.1"
USER_AGENT = f"ticker-feeds/{VERSION} (+ticker-status)"
ACCEPT = (
    "application/atom+xml, application/rss+xml, application/rdf+xml;q=0.9, "
    "application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5"
)

MAX_BODY = 4 * 1024 * 1024  # bytes of a feed, after gzip; the rest is cut
MAX_ITEMS = 500  # items kept from one feed
MAX_DEPTH = 64  # element nesting
MAX_FIELD = 256 * 1024  # characters collected for one element's text
MAX_REDIRECTS = 5
TEXT_MAX = 1000  # characters of "text" (a headline, with its label)
TOOLTIP_MAX = 500
SUMMARY_MAX = 400
LABEL_MAX = 40
URL_MAX = 2048
STATE_MAX = 4 * 1024 * 1024  # bytes of one remembered feed
CONCURRENCY = 8


# The failure classes, as ticker-quotes has them, and what to do about each.
BLOCKED = "blocked"
NEEDS_KEY = "needs a key"
RATE_LIMITED = "rate-limited"
NOT_FOUND = "not found"
UNKNOWN = "unknown"
UNAVAILABLE = "unavailable"
MALFORMED = "malformed"
ADVICE = {
    BLOCKED: "open the address in a browser; if it shows a consent page or a robot "
    "check, the site keeps programs out; if it is a web page, look there for the "
    "feed's own address (RSS or Atom)",
    NEEDS_KEY: "the feed needs a login or a key: use the address with a token the "
    "site gives you, if it gives one",
    RATE_LIMITED: "the server asks for fewer requests: ask less often (ticker-status "
    "--every 600 or more)",
    NOT_FOUND: "check the address; the feed may have moved",
    UNKNOWN: "check the address; run with --verbose for the server's answer",
    UNAVAILABLE: "the server or the network is down or slow; it is asked again next "
    "time (--timeout gives it longer)",
    MALFORMED: "this is not a feed ticker-feeds can read; tell the site, or use "
    "another of its feeds",
}


class Failure(Exception):
    """Why a feed gave no headline: one of the classes above, and the detail."""

    def __init__(self, kind, reason, status=None, url=None):
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.status = status
        self.url = url
