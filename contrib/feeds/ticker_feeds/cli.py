"""The command line: argument types, the parser, and main().
"""

import argparse
import re
from datetime import datetime, timedelta, timezone

from ticker_fetch.text import url_problem
from .core import VERSION
from .fetch import Source, fetch_all
from .output import check_table, headline, json_line, report, warn, write
from .state import State
from .text import feed_address_problem


_DURATION = re.compile(r"(\d+(?:\.\d+)?)([smhdw])")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def duration(text):
    """Seconds from 36h, 7d, 90m, 1d12h, 2w (argparse type)."""
    spec = text.strip().lower()
    if not spec or _DURATION.sub("", spec):
        raise argparse.ArgumentTypeError(f"'{text}' is not a duration such as 36h, 7d, 90m or 1d12h")
    seconds = sum(float(n) * _UNITS[unit] for n, unit in _DURATION.findall(spec))
    if seconds <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a duration longer than 0")
    return seconds


def positive(kind):
    def convert(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
        if not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"'{text}' is not a number larger than 0")
        return value

    return convert


HELP_DESCRIPTION = """\
Print the headlines of RSS and Atom feeds as JSON Lines, newest first: one
{"text", "url", "time", "tooltip"} object a line, the items
`ticker-status --input json` reads."""

HELP_FEED = """\
a feed's http or https URL; NAME=URL names it NAME (for
--label and messages); anything else is a file ('-':
standard input)"""

HELP_EPILOG = """\
Each feed is asked with the ETag and Last-Modified it last gave (remembered in
$XDG_STATE_HOME/ticker-status/feeds, or TICKER_FEEDS_STATE_DIR); when it has not
changed, its remembered headlines are printed. A feed that fails is named on
standard error with its class (blocked, needs a key, rate-limited, not found,
unknown, unavailable, malformed) and what to do. Exit status: 0 when at least
one headline was printed (--check: when every feed works), 1 otherwise, 2 for a
bad command line.

examples:
  ticker-feeds https://example.org/feed.xml 'News=https://example.com/atom'
  ticker-feeds --label --limit 5 --max-age 36h URL...
  ticker-status --stream --input json --every 600 \\
      --command 'ticker-feeds https://example.org/feed.xml'"""


def build_parser():
    parser = argparse.ArgumentParser(
        prog="ticker-feeds",
        description=HELP_DESCRIPTION,
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawTextHelpFormatter,
    )
    parser.add_argument("feeds", nargs="*", metavar="URL_OR_FILE", help=HELP_FEED)
    parser.add_argument(
        "--limit", type=positive(int), metavar="N",
        help="at most the N newest headlines of each feed",
    )
    parser.add_argument(
        "--max-age", type=duration, metavar="DURATION",
        help="only headlines newer than this: 36h, 7d, 90m,\n"
        "1d12h (default: any age; undated ones are kept)",
    )
    parser.add_argument(
        "--label", action="store_true",
        help="start each headline with its feed's name and a colon\n"
        "(the NAME of NAME=URL, else the feed's own title)",
    )
    parser.add_argument(
        "--timeout", type=positive(float), default=10, metavar="SECONDS",
        help="the whole run's time limit, all feeds together\n(default: %(default)s)",
    )
    parser.add_argument(
        "--check", action="store_true",
        help="fetch each feed once and print a table of what\nworks instead of the headlines",
    )
    parser.add_argument(
        "--offline", action="append", default=[], metavar="FILE",
        help="parse a saved feed ('-': standard input); may be\ngiven more than once",
    )
    parser.add_argument(
        "--base", metavar="URL",
        help="resolve a file's relative links against URL (default:\n"
        "the feed's rel=\"self\" link; else they are left out)",
    )
    parser.add_argument(
        "--verbose", action="store_true",
        help="name the URL and the HTTP status in messages",
    )
    parser.add_argument("--version", action="version", version=f"ticker-feeds {VERSION}")
    return parser


def main(argv):
    parser = build_parser()
    args = parser.parse_args(argv)
    sources = [Source(text) for text in args.feeds] + [Source(text, offline=True) for text in args.offline]
    if not sources:
        parser.error("no feed: give a URL, a file or --offline FILE")
    if sum(1 for source in sources if source.is_stdin) > 1:
        parser.error("standard input ('-') can be read only once")
    for source in sources:
        problem = feed_address_problem(source)
        if problem:
            parser.error(problem)
    if args.base and (not re.match(r"(?i)https?://", args.base) or url_problem(args.base)):
        parser.error("--base: expected an http or https URL")
    seen, unique = set(), []
    for source in sources:
        key = (source.is_url, source.location)
        if key not in seen:
            seen.add(key)
            unique.append(source)
    state = State(warn) if any(source.is_url for source in unique) else None
    results = fetch_all(unique, args.timeout, state, args.base, conditional=not args.check)
    for result in results:
        report(result, args.verbose)

    if args.check:
        write(check_table(results))
        return 0 if all(result.failure is None for result in results) else 1

    oldest = None
    if args.max_age is not None:
        oldest = datetime.now(timezone.utc) - timedelta(seconds=args.max_age)
    # Every feed's headlines, newest first (undated ones last, in their feed's
    # order); a link or guid seen already is left out; then --limit, per feed.
    chosen = []
    for feed_index, result in enumerate(results):
        for item_index, entry in enumerate(result.entries):
            if oldest is not None and entry.time is not None and entry.time < oldest:
                continue
            chosen.append((feed_index, item_index, entry, result))
    chosen.sort(
        key=lambda c: (c[2].time is None, -(c[2].time.timestamp() if c[2].time else 0), c[0], c[1])
    )
    seen_urls, seen_guids, lines = set(), set(), []
    counts = [0] * len(results)
    for feed_index, _, entry, result in chosen:
        # A guid that is not a URI (a bare number, say) is unique only within its feed.
        guid = None
        if entry.guid:
            guid = entry.guid if ":" in entry.guid else (result.source.location, entry.guid)
        if (entry.url and entry.url in seen_urls) or (guid and guid in seen_guids):
            continue
        if entry.url:
            seen_urls.add(entry.url)
        if guid:
            seen_guids.add(guid)
        if args.limit and counts[feed_index] >= args.limit:
            continue
        counts[feed_index] += 1
        lines.append(json_line(headline(entry, result.name(), args.label)) + "\n")
    if lines:
        write("".join(lines))
    return 0 if lines else 1
