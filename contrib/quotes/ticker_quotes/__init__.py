"""ticker-quotes: print stock, currency and crypto quotes as SYMBOL PRICE CHANGE lines.

The lines are what `ticker-status --quotes` reads, so the two make a live ticker:

    ticker-status --stream --quotes --every 300 \\
        --command 'ticker-quotes AAPL SAP.DE EUR/USD BTC-USD'

Sources die every year or two, so there are many, each a module of its own
(sources/NAME.py) whose docstring gives the facts of its format, and `--source auto` (the default) asks for each symbol
the sources of its class in turn, taking the first real quote (Finance::Quote's
"failover"). A source that is blocked, rate-limited or down is skipped for a while,
remembered in a private state folder, so a ticker that calls every few minutes does
not hammer a dead source. Every failure is named: blocked, needs a key, rate-limited,
unknown symbol, unavailable or malformed, with what the user can do.

The whole run is bounded by --timeout (not each request), answers by a few MiB, and
numbers by their length and exponent before any arithmetic. Only the Python 3
standard library is used; `man ticker-quotes` has the details.

Modules: core (limits, failure classes), text (short(); the rule for text is
ticker_fetch.text's, shared with ticker-feeds), numeric, symbols, quote, http, state
(and keys), history (each symbol's recent prices, --json's history), sources (base,
the registry in __init__, one module per source, rates for ecb and frankfurter), run
(failover), check (--check), output, cli (main). Run as
`python3 -m ticker_quotes` with this folder and ../fetchers on sys.path (the launcher
contrib/quotes/ticker-quotes does that), or as the zipapp `make fetchers` builds.
"""
