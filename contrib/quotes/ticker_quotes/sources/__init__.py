"""The registry of sources: SOURCES (name -> the one instance), AUTO and PRIORITY
(the order --source auto asks them in, by class) and CHECK_SYMBOLS. A new source is
one module here and one line in SOURCES (and its place in AUTO/PRIORITY).
"""

from .alphavantage import AlphaVantage
from .coinbase import Coinbase
from .ecb import Ecb
from .finnhub import Finnhub
from .frankfurter import Frankfurter
from .kraken import Kraken
from .nasdaq import Nasdaq
from .stooq import Stooq
from .twelvedata import TwelveData
from .yahoo import Yahoo
from ..symbols import CRYPTO_CLASS, FX, INDEX, STOCK


SOURCES = {
    s.name: s
    for s in (
        Yahoo(),
        Nasdaq(),
        Stooq(),
        Frankfurter(),
        Ecb(),
        Coinbase(),
        Kraken(),
        Finnhub(),
        AlphaVantage(),
        TwelveData(),
    )
}
# The order --source auto asks them in, for each class (the keyed ones only when their
# key is set).
AUTO = {
    STOCK: ["yahoo", "nasdaq", "stooq", "finnhub", "twelvedata", "alphavantage"],
    INDEX: ["yahoo", "stooq"],
    FX: ["frankfurter", "ecb", "yahoo", "stooq", "twelvedata"],
    CRYPTO_CLASS: ["coinbase", "kraken", "yahoo", "stooq", "twelvedata"],
}
PRIORITY = [
    "yahoo",
    "nasdaq",
    "frankfurter",
    "ecb",
    "coinbase",
    "kraken",
    "stooq",
    "finnhub",
    "twelvedata",
    "alphavantage",
]
CHECK_SYMBOLS = {STOCK: "AAPL", FX: "EUR/USD", CRYPTO_CLASS: "BTC-USD"}
