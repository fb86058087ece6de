"""Serves every quote source's recorded answers on loopback, for tests in other languages.

    python3 Tests/fetchers/serve_quotes.py

prints the server's URL on its first line (point each TICKER_QUOTES_<SOURCE>_URL at
it, with TICKER_QUOTES_NOW set to the second line, the moment the answers are of) and
serves until its standard input ends; then it stops and exits. The Swift end-to-end
test of ticker-status --quotes over ticker-quotes uses it.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import quotes_fixtures as fx  # noqa: E402
from loopback import Server  # noqa: E402

KEYS = {"finnhub": "unused", "alphavantage": "unused", "twelvedata": "unused"}


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "contrib", "quotes", "sample-ecb.xml"), encoding="utf-8") as file:
        ecb = file.read()
    with Server(fx.all_routes(ecb, KEYS)) as server:
        print(server.url, flush=True)
        print(fx.NOW, flush=True)
        while sys.stdin.buffer.read(4096):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
