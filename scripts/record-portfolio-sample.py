#!/usr/bin/env python3
"""Records contrib/quotes/sample-portfolio.jsonl: what `ticker-quotes --json` prints for
a small portfolio after a trading day of runs, against the recorded Yahoo answers the
fetchers' tests serve on loopback (Tests/fetchers/quotes_fixtures.py), each run's
prices moved a little and its time ten minutes on, so that each symbol's `history`
grows as it does for a user.

    python3 scripts/record-portfolio-sample.py > contrib/quotes/sample-portfolio.jsonl

README's portfolio watcher draws it; nothing here reaches the network.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "fetchers"))

import quotes_fixtures as fx  # noqa: E402
from loopback import Server  # noqa: E402

# Symbol, previous close, state, name, and the day's prices, one a run.
PORTFOLIO = [
    ("AAPL", "199.2", "POST", "Apple Inc.",
     ["197.10", "197.85", "198.40", "199.05", "200.30", "201.12", "200.64", "201.45"]),
    ("MSFT", "478.87", "REGULAR", "Microsoft Corporation",
     ["477.50", "476.20", "474.96", "475.80", "473.10", "471.40", "472.25", "470.96"]),
    ("TSLA", "319.11", "PRE", "Tesla, Inc.",
     ["320.00", "318.40", "316.90", "312.75", "309.80", "307.15", "306.40", "304.20"]),
    ("NVDA", "145.0", "CLOSED", "NVIDIA Corporation",
     ["141.97", "142.40", "143.10", "142.85", "143.60", "144.20", "143.95", "144.31"]),
]


def main():
    runs = len(PORTFOLIO[0][4])
    with tempfile.TemporaryDirectory() as home, Server(fx.yahoo_routes()) as server:
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": home,
            "TICKER_QUOTES_STATE_DIR": os.path.join(home, "state"),
            "TICKER_QUOTES_LOOPBACK_ONLY": "1",
            "TICKER_QUOTES_YAHOO_URL": server.url,
            "TZ": "UTC",
        }
        output = ""
        for run in range(runs):
            when = fx.NOW - 60 + 600 * (run - runs + 1)
            rows = {
                symbol: fx.yahoo_row(symbol, prices[run], previous, state, name, when=when)
                for symbol, previous, state, name, prices in PORTFOLIO
            }
            server.routes["/v7/finance/quote"] = fx.yahoo_quote(rows)
            environment["TICKER_QUOTES_NOW"] = str(when + 60)
            done = subprocess.run(
                [os.path.join(ROOT, "contrib", "quotes", "ticker-quotes"), "--json", "--source",
                 "yahoo"] + [symbol for symbol, *_ in PORTFOLIO],
                env=environment, capture_output=True, text=True, timeout=60, check=True)
            output = done.stdout
        sys.stdout.write(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
