"""Currency pairs from the ECB's reference rates, shared by ecb and frankfurter.

Currencies from the European Central Bank's reference rates (EUR = 1): pairs of two
other currencies are crossed through the euro (GBP/USD = USD / GBP), to 4 digits
(2 from 100 up); pairs with the euro keep the ECB's own digits. The change is
against the working day before.
"""

import re
from decimal import Decimal, localcontext

from ..core import Failure, MALFORMED, UNKNOWN
from ..numeric import number, quantize
from ..quote import Quote
from .base import each


def cross(rates, base, quote):
    if base == "EUR":
        return rates[quote]
    with localcontext() as context:
        context.prec = 28
        value = rates[quote] / rates[base]
    return quantize(value, 2 if value >= 100 else 4)


def currency_quotes(source, days, instruments, when_of=lambda date: date):
    """Quotes from {date: {currency: rate against EUR}}, latest day against the one before."""
    days = sorted(((d, r) for d, r in days.items() if r), reverse=True)
    if not days:
        raise Failure(MALFORMED, "no rates in the answer")
    date, latest = days[0]
    before = days[1][1] if len(days) > 1 else None

    def read(i):
        if i.base not in latest or i.quote not in latest:
            raise Failure(
                UNKNOWN, f"it has no rate for {i.base if i.base not in latest else i.quote}"
            )
        price = cross(latest, i.base, i.quote)
        previous = (
            cross(before, i.base, i.quote)
            if before and i.base in before and i.quote in before
            else None
        )
        return Quote(i, source, price, previous=previous, currency=i.quote, when=when_of(date))

    return each(instruments, read)


def rate_table(pairs):
    rates = {"EUR": Decimal(1)}
    for currency, value in pairs:
        if isinstance(currency, str) and re.fullmatch(r"[A-Z]{3}", currency):
            try:
                rate = number(value, "rate")
            except Failure:
                continue  # one odd rate loses that currency only
            if rate is not None and rate > 0:
                rates[currency] = rate
    return rates
