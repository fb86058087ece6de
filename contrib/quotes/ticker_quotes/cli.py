"""The command line: the argument parser, --offline, and main().
"""

import argparse
import re
import sys
import time

from ticker_fetch.text import CONTROLS, plain
from .check import check
from .core import BLOCKED, Failure, MALFORMED, MAX_BODY, UNKNOWN
from .history import name_of, remember
from .http import browser_agent, challenge, redact
from .output import report
from .quote import Quote
from .run import Attempt, Run, orders_for
from .sources import SOURCES
from .sources.base import override_problem
from .state import State
from .symbols import BadSymbol, FX, parse_symbol


# The command line

HELP_DESCRIPTION = """\
Print stock, currency and crypto quotes as SYMBOL PRICE CHANGE lines, the
lines `ticker-status --quotes` reads. --source auto (the default) asks, for
each symbol, the sources of its class in turn and takes the first real quote;
a source that is blocked, rate-limited or down is left alone for a while.
Quotes are delayed: ask every few minutes, not every second."""

HELP_SYMBOL = """\
a symbol, case ignored: AAPL, BRK.B, SAP.DE, 7203.T
(Yahoo's market suffixes), ^GSPC, EURUSD or EUR/USD,
BTC-USD; Stooq's forms too (aapl.us, sap.de, ^spx,
eurusd). With --source ecb or frankfurter, currency
codes stand for pairs with the euro (usd, jpy)."""


def sources_help():
    lines = [
        "where the quotes come from (default: auto): auto, a",
        "source, or sources to ask in turn (yahoo,stooq):",
    ]
    for name, source in SOURCES.items():
        lines.append(f"{name}: {source.summary}")
    return "\n".join(lines)


HELP_EPILOG = """\
Symbols no source knows are left out, with a message on standard error naming
each source asked and why it gave no quote: blocked, needs a key, rate-limited,
unknown symbol, unavailable or malformed.
Exit status: 0 when at least one quote was printed, 1 when none was, 2 for a
bad command line (or TICKER_QUOTES_<SOURCE>_URL); with --check, 0 when every
class has a working source.

keys (finnhub, alphavantage, twelvedata): TICKER_QUOTES_<SOURCE>_KEY, or a file
~/.config/ticker-status/keys/<source> that only you may read (chmod 600).
Failures and recent prices (--json's history) are kept in
~/.local/state/ticker-status ($XDG_STATE_HOME).
TICKER_QUOTES_<SOURCE>_URL replaces a source's scheme, host and port (tests,
mirrors). yahoo and nasdaq refuse programs: they are sent a current Chrome's
User-Agent, the others ticker-quotes'; TICKER_QUOTES_USER_AGENT replaces the
browser's (when Yahoo answers "rate-limited" to every request, try a newer one).
man ticker-quotes has the details.

examples:
  ticker-quotes AAPL SAP.DE ^GSPC EUR/USD BTC-USD
  ticker-quotes --source ecb usd jpy gbpusd
  ticker-quotes --check
  ticker-status --stream --quotes --every 300 \\
      --command 'ticker-quotes aapl.us msft.us eurusd'"""


def source_choice(text):
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if names == ["auto"]:
        return names
    unknown = [n for n in names if n not in SOURCES]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown source '{(unknown or [text])[0]}' (auto, {', '.join(SOURCES)})"
        )
    return names


def positive(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("give between 0 and 3600 seconds")
    return value


def sniff(text):
    """Which source a saved answer comes from (--offline with --source auto)."""
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    if head.startswith("<") or head.startswith("#"):
        if "eurofxref" in head or "gesmes" in head:
            return "ecb"
        if head.startswith("#") or "Symbol,Date" in head:
            return "stooq"
        return None
    if head.startswith("{"):
        for marker, name in (
            ('"quoteResponse"', "yahoo"),
            ('"chart"', "yahoo"),
            ('"rCode"', "nasdaq"),
            ('"Global Quote"', "alphavantage"),
            ('"Note"', "alphavantage"),
            ('"Information"', "alphavantage"),
            ('"Error Message"', "alphavantage"),
            ('"pc"', "finnhub"),
            ('"rates"', "frankfurter"),
            ('"trade_id"', "coinbase"),
            ('"amount"', "coinbase"),
            ('"last"', "coinbase"),
            ('"result"', "kraken"),
            ('"percent_change"', "twelvedata"),
        ):
            if marker in head:
                return name
        return None
    if re.match(r"[^,\n]+(,[^,\n]*){7}", head):
        return "stooq"
    return None


def offline(args, instruments, warn, out):
    try:
        if args.offline == "-":
            data = sys.stdin.buffer.read(MAX_BODY + 1)
        else:
            with open(args.offline, "rb") as file:
                data = file.read(MAX_BODY + 1)
    except OSError as error:
        warn(f"cannot read '{args.offline}': {error.strerror or error}")
        return 1
    text = data[:MAX_BODY].decode("utf-8", errors="replace")
    name = args.source[0] if args.source != ["auto"] else sniff(text)
    if name and args.source == ["auto"] and SOURCES[name].classes == (FX,):
        instruments = [parse_symbol(i.asked, currencies_only=True) for i in instruments]
    results = {}
    if len(data) > MAX_BODY:
        failure = Failure(MALFORMED, f"the answer is longer than {MAX_BODY >> 20} MiB")
    elif challenge(text):
        failure = Failure(BLOCKED, f"it is {challenge(text)}, not quotes")
    elif name is None:
        failure = Failure(MALFORMED, "not an answer of any source ticker-quotes knows")
    else:
        failure = None
        source = SOURCES[name]
        covered = [i for i in instruments if source.covers(i)]
        for i in instruments:
            if not source.covers(i):
                results[i.key] = Failure(UNKNOWN, f"{name} does not cover it")
        try:
            results.update(source.parse(text, covered) if covered else {})
        except Failure as error:
            failure = error
    run = Run(instruments, {n: [name or "offline"] for n in range(len(instruments))}, 0, None, warn)
    for n, instrument in enumerate(instruments):
        result = results.get(instrument.key, failure)
        if isinstance(result, Quote):
            run.quotes[n] = result.named(instrument)
        elif result is not None:
            run.attempts[n].append(Attempt(name or "offline", result.kind, result.detail))
    return finish(run, args, warn, out)


def finish(run, args, warn, out, histories=None):
    for n in range(len(run.instruments)):
        if n in run.quotes:
            quote = run.quotes[n]
            history = (histories or {}).get(name_of(quote.instrument))
            out(quote.json(history) if args.json else quote.line(args.percent))
            extended = args.extended and not args.json and run.quotes[n].extended_line(args.percent)
            if extended:
                out(extended)
    report(run, warn, args.verbose)
    return 0 if run.quotes else 1


def main(argv):
    parser = argparse.ArgumentParser(
        prog="ticker-quotes",
        description=HELP_DESCRIPTION,
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawTextHelpFormatter,
    )
    parser.add_argument(
        "--source", type=source_choice, default=["auto"], metavar="SOURCE", help=sources_help()
    )
    parser.add_argument(
        "--percent", action="store_true", help="CHANGE as a percentage (+0.66%%), not a difference"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON object a line: symbol, name, price, change,\n"
        "change_percent (as the source gave them), decimals (those\n"
        "the lines show), currency, time, market_state, source,\n"
        "extended (the trade before or after the regular session:\n"
        "session, price, change, percent, time; or null), history\n"
        "(recent prices, oldest first, ending with this one)",
    )
    parser.add_argument(
        "--extended",
        action="store_true",
        help="after a quote, the trade before or after the regular\n"
        "session where the source gives one, as a line of its\n"
        "own: AAPL(post) 197.02 +0.57 (--json always has it)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="ask every source once (SYMBOLs optional) and print\n" "a table of which work",
    )
    parser.add_argument(
        "--offline",
        metavar="FILE",
        help="parse a saved answer of the source instead of asking\n"
        "the network ('-': standard input)",
    )
    parser.add_argument(
        "--timeout",
        type=positive,
        default=10,
        metavar="SECONDS",
        help="the whole run ends within this long (default: %(default)s)",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="also say each request (keys masked), its status, and\n"
        "failures another source made up for",
    )
    parser.add_argument("symbols", nargs="*", metavar="SYMBOL", help=HELP_SYMBOL)
    args = parser.parse_args(argv)
    if not args.symbols and not args.check:
        parser.error("give at least one SYMBOL (or --check)")
    if args.check and args.offline:
        parser.error("--check asks the network; it does not go with --offline")

    def warn(message):
        print(f"ticker-quotes: {plain(redact(message))}", file=sys.stderr, flush=True)

    def log(message):
        if args.verbose:
            warn(message)

    def out(line):  # the --check table's padding kept; its words are short()'s already
        print(CONTROLS.sub(" ", redact(line)), flush=False)

    for source in SOURCES.values():  # a bad address to ask is a bad command line
        problem = override_problem(source)
        if problem:
            warn(problem)
            return 2
    currencies_only = args.source != ["auto"] and all(
        SOURCES[s].classes == (FX,) for s in args.source
    )
    instruments = []
    for text in args.symbols:
        try:
            instruments.append(parse_symbol(text, currencies_only))
        except BadSymbol as error:
            parser.error(str(error))
    if args.offline:
        return offline(args, instruments, warn, out)
    problem = browser_agent()[1]
    if problem:
        warn(problem)
    state = State(warn)
    try:
        if args.check:
            return check(instruments, args.timeout, state, log, out)
        run = Run(
            instruments,
            orders_for(instruments, args.source),
            time.monotonic() + args.timeout,
            state,
            log,
        )
        run.choice = None if args.source == ["auto"] else args.source
        run.go()
        # Recorded whatever is printed, so that a --json run later has the history.
        wait = min(max(run.deadline - time.monotonic(), 0), 1)
        histories = remember(state.folder, run.quotes.values(), warn, wait)
        return finish(run, args, warn, out, histories)
    finally:
        state.save(warn)
