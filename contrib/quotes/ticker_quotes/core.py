"""Version, User-Agents, limits and failure classes of ticker-quotes: what every
other module names (Failure, BLOCKED ... MALFORMED, ADVICE, BACKOFF, MAX_*).
"""

from decimal import Decimal


VERSION = "0.2"
# Who asks. Services that answer programs are told so; those that refuse them get what
# a current desktop Chrome sends: since February 2025 Yahoo answers any other
# User-Agent with HTTP 429 "Edge: Too Many Requests" (on fc.yahoo.com, getcrumb and its
# APIs alike; an old Firefox's is refused too, a current Chrome's is not), and Nasdaq's
# API does not answer programs at all. The one place to change the browser's is
# $TICKER_QUOTES_USER_AGENT (browser_agent()), for the day Yahoo wants a newer one.
USER_AGENT = f"ticker-quotes/{VERSION} (+ticker-status)"
BROWSER_USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/156.0.0.0 Safari/537.36"
)

# ---------------------------------------------------------------------------
# Limits

MAX_BODY = 4 << 20  # bytes read from one answer (also once unpacked)
MAX_LINE = 4096  # a CSV line longer than this is not a quote
MAX_NUMBER_TEXT = 40  # characters in one number
MAX_EXPONENT = 12  # |adjusted exponent| of any number: 1e-12 .. 1e12
MAX_PRICE = Decimal("1e12")
MAX_PERCENT = Decimal("1e6")
MAX_REDIRECTS = 5
MAX_REQUESTS = 25  # to one source in one run
MAX_NAME = 120  # characters of a name kept for --json
MAX_SYMBOL = 32
MAX_COOKIES = 20  # kept from one answer (and in the state file)
MAX_COOKIE = 4096  # characters of a cookie's value
MAX_COUNT = 10**6  # failures in a row remembered of one source

# ---------------------------------------------------------------------------
# Failure classes

BLOCKED = "blocked"
NEEDS_KEY = "needs a key"
RATE_LIMITED = "rate-limited"
UNKNOWN = "unknown symbol"
UNAVAILABLE = "unavailable"
MALFORMED = "malformed"
KINDS = (BLOCKED, NEEDS_KEY, RATE_LIMITED, UNKNOWN, UNAVAILABLE, MALFORMED)
# Not failures of a source, but why it was not asked this time.
SKIPPED = "skipped"
NOT_ASKED = "not asked"

ADVICE = {
    BLOCKED: "the source turns programs away (a puzzle, captcha or consent page); "
    "ticker-quotes waits before asking it again and tries the next source meanwhile",
    NEEDS_KEY: "set the source's key in TICKER_QUOTES_<SOURCE>_KEY or in "
    "~/.config/ticker-status/keys/<source> (mode 600); see man ticker-quotes",
    RATE_LIMITED: "ask less often (ticker-status --every 300 or more), and wait: "
    "ticker-quotes leaves the source alone as long as it asks (else 5 minutes and more) "
    "and asks the other sources of the class meanwhile; or choose other sources "
    "(--source), or add a key for one (finnhub, twelvedata, alphavantage; see man "
    "ticker-quotes)",
    UNKNOWN: "check the spelling and the market suffix (AAPL, SAP.DE, ^GSPC, "
    "EUR/USD, BTC-USD); ticker-quotes --help has the notation",
    UNAVAILABLE: "check the network (ticker-quotes --check asks every source); "
    "ticker-quotes waits a little before asking the source again",
    MALFORMED: "the source's format may have changed: please report it with the "
    "output of ticker-quotes --verbose",
}

# How long a source is left alone after each class of failure: first, then doubling
# to the cap. A rate limit with Retry-After waits what it says (within a day).
BACKOFF = {
    BLOCKED: (3600, 6 * 3600),
    NEEDS_KEY: (3600, 24 * 3600),
    RATE_LIMITED: (300, 3600),
    UNAVAILABLE: (60, 1800),
    MALFORMED: (600, 6 * 3600),
}


class Failure(Exception):
    """Why a source gave no quote: one of KINDS, and what happened in words."""

    def __init__(self, kind, detail, status=None, retry_after=None):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.status = status
        self.retry_after = retry_after

    def __repr__(self):
        return f"Failure({self.kind!r}, {self.detail!r})"
