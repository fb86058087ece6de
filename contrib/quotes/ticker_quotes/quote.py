"""Quote: one price with its change, digits, currency, time and market state, and how
it is printed (a line, --percent, --json with its history); the time helpers it uses.
"""

import datetime
import json
import re

from .core import Failure, MALFORMED, MAX_NAME, MAX_PERCENT, MAX_PRICE, UNKNOWN
from .numeric import number, places, quantize, text_of
from .symbols import CRYPTO_CLASS, FIAT, FX
from .text import short


# Quotes

SUBUNITS = {"GBp": ("GBP", 100), "GBX": ("GBP", 100), "ZAc": ("ZAR", 100), "ILA": ("ILS", 100)}
STATES = ("pre", "regular", "post", "closed")
STABLECOINS = {"USDT", "USDC", "DAI"}  # crypto priced as the dollar: shown as money


def display_places(instrument, price):
    """The decimals people read `price` with where the source does not say (Yahoo's
    priceHint does), as the sources' own sites show it: a currency pair as pairs are
    quoted, to 4 or 5 decimals (2 or 3 in yen or from 100 up: USD/JPY 144.07, EUR/HUF
    402.35), its own digits kept within those; any other price of 1 or more in money
    people pay with to 2 decimals (BTC/USD 84036.00, not Kraken's 84036.00000); a
    smaller one, and crypto priced in crypto, to at least 4 significant digits (DOGE/USD
    0.1623, SHIB/USD 0.00001234, ETH/BTC 0.02346)."""
    significant = max(3 - price.adjusted(), 0)  # the decimals for 4 significant digits
    if instrument.kind == FX:
        low, high = (2, 3) if instrument.quote == "JPY" or price >= 100 else (4, 5)
        return max(min(max(places(price), low), high), significant if price < 1 else 0)
    if price < 1:
        return significant
    if instrument.kind == CRYPTO_CLASS and instrument.quote not in FIAT | STABLECOINS:
        return max(significant, 2)
    return 2


class Quote:
    """A price with what the source said about it; validated when made."""

    def __init__(
        self,
        instrument,
        source,
        price,
        previous=None,
        change=None,
        percent=None,
        currency=None,
        name=None,
        when=None,
        market_state=None,
        decimals=None,
        extended=None,
    ):
        if price is None:
            raise Failure(UNKNOWN, "it has no price for it")
        divisor = 1
        if currency in SUBUNITS:  # prices in pence: shown in pounds
            currency, divisor = SUBUNITS[currency]
            price, previous, change = (
                None if v is None else v / divisor for v in (price, previous, change)
            )
            decimals = None if decimals is None else decimals + len(str(divisor)) - 1
        if not price > 0 or price > MAX_PRICE:
            raise Failure(MALFORMED, f"an absurd price ({short(text_of(price), 24)})")
        if previous is not None and (not previous > 0 or previous > MAX_PRICE):
            raise Failure(MALFORMED, f"an absurd previous close ({short(text_of(previous), 24)})")
        if change is None and previous is not None:
            change = quantize(price - previous, max(places(price), places(previous)))
        if change is not None:
            before = price - change
            if not before > 0 or before > MAX_PRICE:
                raise Failure(MALFORMED, f"an absurd change ({short(text_of(change), 24)})")
            if percent is None:
                percent = change / before * 100
        if percent is not None:
            if abs(percent) > MAX_PERCENT:
                raise Failure(MALFORMED, "an absurd change in percent")
            percent = quantize(percent, 2)
        self.instrument = instrument
        self.symbol = instrument.display
        self.source = source
        self.price = price
        self.change = change
        self.percent = percent
        # The digits shown (the price and change themselves keep the source's, for --json).
        self.decimals = display_places(instrument, price) if decimals is None else decimals
        self.currency = currency if currency and re.fullmatch(r"[A-Za-z]{3,5}", currency) else None
        self.name = (short(name, MAX_NAME) or None) if isinstance(name, str) else None
        self.time = when
        self.market_state = market_state if market_state in STATES else None
        self.extended = self.trade(extended, divisor)

    @staticmethod
    def trade(extended, divisor):
        """The trade before or after the regular session, (session, price, change,
        percent, time), checked as a quote's figures are; None when there is none, or when
        it does not hold up (the regular quote stands without it)."""
        if extended is None:
            return None
        session, price, change, percent, when = extended
        if session not in ("pre", "post") or price is None:
            return None
        price, change = (None if v is None else v / divisor for v in (price, change))
        if not price > 0 or price > MAX_PRICE:
            return None
        if change is not None:
            before = price - change
            if not before > 0 or before > MAX_PRICE:
                return None
            if percent is None:
                percent = change / before * 100
        if percent is not None:
            if abs(percent) > MAX_PERCENT:
                return None
            percent = quantize(percent, 2)
        return session, price, change, percent, when

    def named(self, instrument):
        """This quote under the name `instrument` was asked by (^spx and ^GSPC are one)."""
        if instrument.display == self.symbol:
            return self
        copy = object.__new__(Quote)
        copy.__dict__.update(self.__dict__)
        copy.instrument, copy.symbol = instrument, instrument.display
        return copy

    def line(self, percent):
        """SYMBOL PRICE CHANGE, as ticker-status --quotes reads it: the price and change
        to `decimals`, the change in percent to 2."""
        return self.written(
            self.symbol, self.price, self.percent if percent else self.change, percent
        )

    def extended_line(self, percent):
        """The extended-hours trade as a quote line of its own, SYMBOL(pre) or
        SYMBOL(post) PRICE CHANGE (the change against the regular close), or None."""
        if self.extended is None:
            return None
        session, price, change, change_percent, _ = self.extended
        return self.written(
            f"{self.symbol}({session})", price, change_percent if percent else change, percent
        )

    def written(self, symbol, price, change, percent):
        price = text_of(quantize(price, self.decimals))
        if change is None:
            return f"{symbol} {price}"
        suffix = "%" if percent else ""
        change = change if percent else quantize(change, self.decimals)
        if change == 0:
            return f"{symbol} {price} 0{suffix}"
        sign = "+" if change > 0 else ""
        return f"{symbol} {price} {sign}{text_of(change)}{suffix}"

    def json(self, history=None):
        """One JSON object, its numbers with the source's digits; `history` the recent
        prices (remember()'s), else the price alone."""

        def raw(value):
            return "null" if value is None else text_of(value)

        fields = [
            ("symbol", json.dumps(self.symbol)),
            ("name", json.dumps(self.name)),
            ("price", raw(self.price)),
            ("change", raw(self.change)),
            ("change_percent", raw(self.percent)),
            ("decimals", str(self.decimals)),
            ("currency", json.dumps(self.currency)),
            ("time", json.dumps(self.time)),
            ("market_state", json.dumps(self.market_state)),
            ("source", json.dumps(self.source)),
            ("extended", "null"),
        ]
        if self.extended is not None:
            session, price, change, percent, when = self.extended
            trade = [
                ("session", json.dumps(session)),
                ("price", raw(price)),
                ("change", raw(change)),
                ("percent", raw(percent)),
                ("time", json.dumps(when)),
            ]
            fields[-1] = ("extended", "{" + ", ".join(f'"{k}": {v}' for k, v in trade) + "}")
        fields.append(("history", "[" + ", ".join(map(raw, history or [self.price])) + "]"))
        return "{" + ", ".join(f'"{k}": {v}' for k, v in fields) + "}"


def utc_time(epoch):
    """ISO 8601 UTC from seconds since 1970 (a JSON number's text), or None."""
    try:
        seconds = number(epoch, "time")
        if seconds is None or not 0 < seconds < 10**11:
            return None
        moment = datetime.datetime.fromtimestamp(int(seconds), datetime.timezone.utc)
    except (Failure, ValueError, OverflowError, OSError):
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def zone(name):
    try:
        import zoneinfo

        return zoneinfo.ZoneInfo(name)
    except Exception:  # no tz database: times are left without their offset
        return None


def local_time(date, clock, zone_name):
    """ISO 8601 with the offset of `zone_name` from YYYY-MM-DD and HH:MM[:SS]."""
    try:
        moment = datetime.datetime.fromisoformat(f"{date}T{clock}")
    except (TypeError, ValueError):
        return None
    tz = zone(zone_name)
    if tz is None:
        return moment.isoformat()
    return (
        moment.replace(tzinfo=tz).astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    )
