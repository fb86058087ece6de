"""One notation for symbols across sources (AAPL, SAP.DE, ^GSPC, EUR/USD, BTC-USD):
parse_symbol() makes an Instrument; each source maps it to its own spelling.
"""

import re

from .core import MAX_SYMBOL
from .text import short


# Symbols
#
# One notation across sources: AAPL, BRK.B, SAP.DE (the exchange suffixes Yahoo uses,
# which users know), ^GSPC, EURUSD or EUR/USD, BTC-USD or BTC/USD. The Stooq forms in
# use before (aapl.us, sap.de, 7203.jp, ^spx, eurusd) keep working. Each source maps
# an Instrument to its own spelling.

FIAT = set(
    "USD EUR JPY GBP CHF AUD CAD NZD SEK NOK DKK PLN CZK HUF RON BGN ISK TRY ILS ZAR "
    "MXN BRL CNY HKD SGD KRW INR IDR MYR PHP THB RUB HRK AED SAR ARS CLP COP TWD VND "
    "EGP NGN KES PKR QAR KWD".split()
)
CRYPTO = set(
    "BTC XBT ETH SOL XRP DOGE XDG ADA LTC DOT BCH LINK AVAX MATIC POL XLM UNI ATOM ETC "
    "XMR TRX SHIB USDT USDC DAI BNB TON NEAR APT ARB OP SUI PEPE".split()
)

# Markets: what users write after the point -> (display suffix, Yahoo, Stooq,
# Finnhub, Alpha Vantage). None: the source does not cover that market (or we do not
# know its spelling). Alpha Vantage answers its own suffixes (SAP.DEX, TSCO.LON,
# SHOP.TRT, RELIANCE.BSE, 600104.SHH, 000002.SHZ) and Yahoo's for many markets
# (SOLB.BR, SHOP.TO, AIR.PA): a market it has None for, or one not in the table, is
# passed to it as written. Its suffixes are also read as the markets they name.
MARKETS = {
    "US": ("", "", "us", "", ""),
    "DE": ("DE", ".DE", "de", ".DE", ".DEX"),
    "F": ("F", ".F", None, ".F", ".FRK"),
    "L": ("L", ".L", "uk", ".L", ".LON"),
    "T": ("T", ".T", "jp", ".T", None),
    "HK": ("HK", ".HK", "hk", ".HK", None),
    "PA": ("PA", ".PA", None, ".PA", ".PAR"),
    "AS": ("AS", ".AS", None, ".AS", ".AMS"),
    "MI": ("MI", ".MI", None, ".MI", None),
    "SW": ("SW", ".SW", None, ".SW", None),
    "TO": ("TO", ".TO", None, ".TO", ".TRT"),
    "AX": ("AX", ".AX", None, ".AX", None),
    "BD": ("BD", ".BD", "hu", None, None),
    "WA": ("WA", ".WA", None, None, None),
    "BR": ("BR", ".BR", None, ".BR", ".BR"),
    "BO": ("BO", ".BO", None, ".BO", ".BSE"),
    "SS": ("SS", ".SS", None, ".SS", ".SHH"),
    "SZ": ("SZ", ".SZ", None, ".SZ", ".SHZ"),
}
MARKET_ALIASES = {
    "UK": "L",
    "LON": "L",
    "JP": "T",
    "HU": "BD",
    "XETRA": "DE",
    "DEX": "DE",
    "FRK": "F",
    "TRT": "TO",
    "PAR": "PA",
    "AMS": "AS",
    "BSE": "BO",
    "SHH": "SS",
    "SHZ": "SZ",
}

# Indices: Yahoo's name <-> Stooq's name (either may be written).
INDICES = [
    ("^GSPC", "^spx"),
    ("^DJI", "^dji"),
    ("^IXIC", "^ndq"),
    ("^NDX", "^ndx"),
    ("^FTSE", "^ukx"),
    ("^GDAXI", "^dax"),
    ("^N225", "^nkx"),
    ("^FCHI", "^cac"),
    ("^HSI", "^hsi"),
]
YAHOO_INDEX = {stooq.upper(): yahoo for yahoo, stooq in INDICES}
STOOQ_INDEX = {yahoo: stooq for yahoo, stooq in INDICES}

STOCK, INDEX, FX, CRYPTO_CLASS = "stock", "index", "fx", "crypto"
CLASS_NAMES = {STOCK: "stocks", INDEX: "stocks", FX: "currencies", CRYPTO_CLASS: "crypto"}


class BadSymbol(ValueError):
    pass


class Instrument:
    """One symbol as asked, and what it means: kind, ticker or base, quote currency,
    market (for stocks)."""

    user_suffix = None  # the market suffix as written (.UK for London), kept for the name

    def __init__(self, asked, kind, base, quote=None, market="US", share_class=None):
        self.asked = asked
        self.kind = kind
        self.base = base
        self.quote = quote
        self.market = market
        self.share_class = share_class
        if kind in (FX, CRYPTO_CLASS):
            self.display = f"{base}/{quote}"
        elif kind == INDEX:
            self.display = asked.upper()
        else:
            self.display = self.ticker("." if share_class else "")
            suffix = MARKETS.get(market, (market,))[0]
            if suffix:
                self.display += "." + (self.user_suffix or suffix)
        self.key = (kind, base, quote, market, share_class)

    def ticker(self, joiner):
        return self.base + (joiner + self.share_class if self.share_class else "")

    def __repr__(self):
        return f"<{self.kind} {self.display}>"


SYMBOL_CHARACTERS = re.compile(r"[A-Za-z0-9.^=/_-]+")


def parse_symbol(text, currencies_only=False):
    """The Instrument `text` names; BadSymbol when it cannot be a symbol at all."""
    asked = text
    text = text.strip()
    if not text or len(text) > MAX_SYMBOL or not SYMBOL_CHARACTERS.fullmatch(text):
        raise BadSymbol(f"'{short(asked, 40)}' is not a symbol")
    upper = text.upper()
    if upper.startswith("^"):
        if len(upper) < 2:
            raise BadSymbol(f"'{asked}' is not a symbol")
        return Instrument(asked, INDEX, YAHOO_INDEX.get(upper, upper))
    if upper.endswith("=X"):  # Yahoo's currency form: EURUSD=X, JPY=X (= USD/JPY)
        pair = upper[:-2]
        if len(pair) == 3 and pair.isalpha():
            return Instrument(asked, FX, "USD", pair)
        if len(pair) == 6 and pair.isalpha():
            return Instrument(asked, FX, pair[:3], pair[3:])
        raise BadSymbol(f"'{asked}' is not a currency pair")
    for separator in ("/", "-"):
        if separator in upper:
            base, _, quote = upper.partition(separator)
            if base.isalpha() and quote.isalpha() and 2 <= len(base) <= 10:
                if base in FIAT and quote in FIAT:
                    return Instrument(asked, FX, base, quote)
                if quote in FIAT or quote in CRYPTO:
                    return Instrument(asked, CRYPTO_CLASS, "BTC" if base == "XBT" else base, quote)
            if separator == "/":
                raise BadSymbol(f"'{asked}' is not a currency pair")
    if upper.isalpha() and len(upper) == 6 and upper[3:] in FIAT:
        if upper[:3] in FIAT:
            return Instrument(asked, FX, upper[:3], upper[3:])
        if upper[:3] in CRYPTO:
            return Instrument(asked, CRYPTO_CLASS, upper[:3], upper[3:])
    if currencies_only and upper.isalpha() and len(upper) == 3:
        return Instrument(asked, FX, "EUR", upper)  # the ECB's form: usd = EUR/USD
    ticker, _, suffix = upper.partition(".")
    if not ticker or "." in suffix or not re.fullmatch(r"[A-Z0-9-]+", ticker):
        raise BadSymbol(f"'{asked}' is not a symbol")
    share_class = None
    if "-" in ticker:  # BRK-B, Yahoo's spelling of a share class
        ticker, _, share_class = ticker.partition("-")
        if not ticker or not share_class.isalpha() or len(share_class) > 2:
            raise BadSymbol(f"'{asked}' is not a symbol")
    if not suffix:
        return Instrument(asked, STOCK, ticker, share_class=share_class)
    if len(suffix) == 1 and suffix not in MARKETS and not share_class:
        return Instrument(asked, STOCK, ticker, share_class=suffix)  # BRK.B
    market = MARKET_ALIASES.get(suffix, suffix)
    instrument = Instrument(asked, STOCK, ticker, market=market, share_class=share_class)
    if market != "US":
        instrument.user_suffix = suffix
        instrument.display = instrument.ticker(".") + "." + suffix
    return instrument
