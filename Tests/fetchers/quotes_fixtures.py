"""Recorded responses for ticker-quotes' tests, one function per source and case.

Written here by hand from each service's documentation and from real responses that
public projects quote in their tests and issue threads; the comment beside each says
where its shape comes from. Nothing is copied: the numbers are made up (prices of
2025-06-13 or so), the shapes are the services'.

Every source shares one loopback server (each TICKER_QUOTES_<SOURCE>_URL points at
it): the paths and queries are the real APIs', and they do not collide.
"""

import json

from loopback import Response, resolve

# 2025-06-13 20:00:00 UTC, a Friday: 16:00 in New York (the close), 22:00 in Warsaw.
NOW = 1749844800
DAY = 86400


def js(value, status=200, **options):
    return Response.json(json.dumps(value), status, **options)


# ---------------------------------------------------------------------------
# Yahoo

# fc.yahoo.com answers 404 and sets the A1/A3 cookies (Domain=.yahoo.com): the
# headers shown in ranaroussi/yfinance pull request #1657 (thread), and the first
# step of the "basic" strategy in yfinance's yfinance/data.py.
YAHOO_COOKIE = "d=AQABBFake_Cookie_Value_0001&S=AQAAAFake"


def yahoo_cookie():
    return Response(
        "<html><body>Not Found</body></html>",
        404,
        content_type="text/html",
        cookies=[
            f"A3={YAHOO_COOKIE}; Expires=Sat, 13 Jun 2026 20:00:00 GMT; Max-Age=31557600;"
            " Domain=.yahoo.com; Path=/; SameSite=None; Secure; HttpOnly",
            f"A1={YAHOO_COOKIE}; Domain=.yahoo.com; Path=/; SameSite=Lax; Secure; HttpOnly",
        ],
    )


# GET /v1/test/getcrumb with the cookie: the crumb as plain text (11 characters such
# as "7PGf4eHpHoy" in scheb/yahoo-finance-api issue #38, "nd4hh33CCOP" in
# sstrickx/yahoofinance-api pull request #223).
YAHOO_CRUMB = "Qx7dTz1pLmN"


def yahoo_crumb(crumb=YAHOO_CRUMB):
    return Response.text(crumb, query=lambda q: True)


# The EU consent redirect: fc.yahoo.com (and finance.yahoo.com) send a browser without
# consent to guce.yahoo.com/consent, which sends it on to
# consent.yahoo.com/v2/collectConsent?sessionId=... (dpguthrie/yahooquery issue #247;
# the guce 302 with Set-Cookie GUC/A1/A3 and Location in ranaroussi/yfinance pull
# request #1657).
def yahoo_consent_redirect():
    return Response.redirect(
        "https://guce.yahoo.com/consent?brandType=eu&gcrumb=k5AbCdE&done=https%3A%2F%2Ffinance.yahoo.com%2F",
        302,
        cookies=[
            "GUC=AQEBCAFoFake&s=AQAAAFake; Expires=Sat, 13 Jun 2026 20:00:00 GMT; Domain=yahoo.com; Path=/; Secure"
        ],
    )


# v7 401 bodies: {"finance":{"result":null,"error":{"code":"Unauthorized","description":
# "Invalid Crumb"}}} (iprak/yahoofinance issue #93; sstrickx/yahoofinance-api pull
# request #223 has the longer "Invalid Crumb. For Developers - ..." form).
def yahoo_invalid_crumb():
    return js(
        {
            "finance": {
                "result": None,
                "error": {"code": "Unauthorized", "description": "Invalid Crumb"},
            }
        },
        401,
    )


# v7 rows: the fields of yahoo-finance2's quote() results (a full AAPL row in
# Globalkmaria/rorBack router/v1/stock/mock/stock-prices.md: marketState, priceHint,
# regularMarketPreviousClose, preMarketPrice ...; ^FTSE in GBP with marketState "POST"
# in smartcontractkit/external-adapters-js yahoo-finance/README.md). London stocks are
# priced in pence, currency "GBp". Currencies come as doubles with float noise
# (1.1550000190734863) and priceHint 4.
def yahoo_row(
    symbol, price, previous, state, name, currency="USD", hint=2, when=NOW - 60, kind="EQUITY"
):
    price, previous = json.loads(price), json.loads(previous)
    return {
        "language": "en-US",
        "region": "US",
        "quoteType": kind,
        "typeDisp": "Equity",
        "currency": currency,
        "marketState": state,
        "symbol": symbol,
        "shortName": name,
        "longName": name,
        "priceHint": hint,
        "regularMarketPrice": price,
        "regularMarketChange": price - previous,
        "regularMarketChangePercent": (price - previous) / previous * 100,
        "regularMarketPreviousClose": previous,
        "regularMarketTime": when,
        "exchange": "NMS",
        "fullExchangeName": "NasdaqGS",
        "exchangeDataDelayedBy": 0,
    }


YAHOO_ROWS = {
    "AAPL": yahoo_row("AAPL", "196.45", "199.2", "POST", "Apple Inc."),
    "MSFT": yahoo_row("MSFT", "474.96", "478.87", "REGULAR", "Microsoft Corporation"),
    "SAP.DE": yahoo_row(
        "SAP.DE", "251.85", "255.1", "CLOSED", "SAP SE", "EUR", when=NOW - 4 * 3600
    ),
    "TSLA": yahoo_row("TSLA", "325.31", "319.11", "PRE", "Tesla, Inc."),
    "NVDA": yahoo_row("NVDA", "141.97", "145.0", "PREPRE", "NVIDIA Corporation"),
    "VOD.L": yahoo_row("VOD.L", "74.28", "73.9", "CLOSED", "Vodafone Group Plc", "GBp"),
    "^GSPC": yahoo_row("^GSPC", "5976.97", "6045.26", "POST", "S&P 500", kind="INDEX"),
    "EURUSD=X": yahoo_row(
        "EURUSD=X",
        "1.1550000190734863",
        "1.1584000587463379",
        "REGULAR",
        "EUR/USD",
        hint=4,
        kind="CURRENCY",
    ),
    "BTC-USD": yahoo_row(
        "BTC-USD",
        "105970.3203125",
        "106150.1015625",
        "REGULAR",
        "Bitcoin USD",
        kind="CRYPTOCURRENCY",
    ),
}


# Crypto in v7: regularMarketChange is the change over 24 hours, while
# regularMarketPreviousClose is the price at UTC midnight, so the two disagree: the
# issue's BTC-USD, regularMarketChange -1621.90 where the price less the previous
# close is +107.41 (the row's other fields as yahoo_row's).
YAHOO_BTC_24H = dict(
    yahoo_row(
        "BTC-USD", "84036.00390625", "83928.59375", "REGULAR", "Bitcoin USD", kind="CRYPTOCURRENCY"
    ),
    regularMarketChange=-1621.90234375,
    regularMarketChangePercent=-1.8934648472685496,
)


# Extended hours in v7: preMarketPrice, preMarketChange, preMarketChangePercent,
# preMarketTime and the four postMarket* fields beside the regular ones (the AAPL row
# in Globalkmaria/rorBack router/v1/stock/mock/stock-prices.md has preMarketPrice and
# its kin; yahoo-finance2's quote() result types name all eight), the change against
# the regular session's close, the time in seconds. They stay in the answer after their
# session: this morning's pre-market trade is still there after hours.
YAHOO_EXTENDED = {
    # After hours (marketState POST): the post-market trade, 16:30 in New York.
    "AAPL": dict(
        YAHOO_ROWS["AAPL"],
        preMarketPrice=198.1,
        preMarketChange=-1.0999908447265625,
        preMarketChangePercent=-0.5522042512893677,
        preMarketTime=NOW - 8 * 3600,
        postMarketPrice=197.02000427246094,
        postMarketChange=0.5700042724609375,
        postMarketChangePercent=0.29015234112739563,
        postMarketTime=NOW + 1800,
    ),
    # Pre-market (PRE): the regular close is yesterday's.
    "TSLA": dict(
        YAHOO_ROWS["TSLA"],
        regularMarketTime=NOW - DAY,
        preMarketPrice=327.9,
        preMarketChange=2.5899962902069092,
        preMarketChangePercent=0.7961532473564148,
        preMarketTime=NOW - 60,
    ),
    # The regular session: the morning's pre-market trade is history.
    "MSFT": dict(
        YAHOO_ROWS["MSFT"],
        preMarketPrice=479.5,
        preMarketChange=0.6300048828125,
        preMarketChangePercent=0.1315597593784332,
        preMarketTime=NOW - 8 * 3600,
    ),
}


def yahoo_quote(rows=None, crumb=YAHOO_CRUMB):
    """The v7 route: the rows asked for (symbols=) that it knows; 401 without the crumb."""
    rows = YAHOO_ROWS if rows is None else rows

    def answer(request):
        if request.query.get("crumb") != [crumb]:
            return yahoo_invalid_crumb()
        asked = request.query.get("symbols", [""])[0].split(",")
        result = [rows[s] for s in asked if s in rows]
        return js({"quoteResponse": {"result": result, "error": None}})

    return answer


# v8 chart: meta as in mikiiiiihara/one-assets server/adapters/yahoo-finance/stock/
# response.ts and Ydixit007/stock-profit-app src/types.ts (regularMarketPrice,
# chartPreviousClose, previousClose, currentTradingPeriod pre/regular/post with
# start/end, priceHint, exchangeTimezoneName); an unknown symbol: 404 with
# {"chart":{"result":null,"error":{"code":"Not Found","description":"No data found,
# symbol may be delisted"}}} (ranaroussi/yfinance issues #2902 and #298;
# portfolio-performance/portfolio issue #5934 shows the 404 from /v8/finance/chart).
def yahoo_chart(symbol, price, previous, currency="USD", name=None, hint=2, regular=True):
    start = NOW - 6 * 3600 if regular else NOW + 3600
    meta = {
        "currency": currency,
        "symbol": symbol,
        "exchangeName": "NMS",
        "fullExchangeName": "NasdaqGS",
        "instrumentType": "EQUITY",
        "firstTradeDate": 345479400,
        "regularMarketTime": NOW - 120,
        "hasPrePostMarketData": True,
        "gmtoffset": -14400,
        "timezone": "EDT",
        "exchangeTimezoneName": "America/New_York",
        "regularMarketPrice": json.loads(price),
        "longName": name,
        "shortName": name,
        "chartPreviousClose": json.loads(previous),
        "previousClose": json.loads(previous),
        "scale": 3,
        "priceHint": hint,
        "currentTradingPeriod": {
            "pre": {
                "timezone": "EDT",
                "start": start - 5 * 3600,
                "end": start,
                "gmtoffset": -14400,
            },
            "regular": {
                "timezone": "EDT",
                "start": start,
                "end": start + 23400,
                "gmtoffset": -14400,
            },
            "post": {
                "timezone": "EDT",
                "start": start + 23400,
                "end": start + 37800,
                "gmtoffset": -14400,
            },
        },
        "dataGranularity": "1d",
        "range": "1d",
        "validRanges": ["1d", "5d", "1mo"],
    }
    return js(
        {
            "chart": {
                "result": [
                    {
                        "meta": meta,
                        "timestamp": [NOW - 120],
                        "indicators": {"quote": [{"close": [json.loads(price)]}]},
                    }
                ],
                "error": None,
            }
        }
    )


def yahoo_chart_unknown():
    return js(
        {
            "chart": {
                "result": None,
                "error": {
                    "code": "Not Found",
                    "description": "No data found, symbol may be delisted",
                },
            }
        },
        404,
    )


def yahoo_routes(**changes):
    routes = {
        "/": yahoo_cookie(),
        "/v1/test/getcrumb": yahoo_crumb(),
        "/v7/finance/quote": yahoo_quote(),
        "/v8/finance/chart/AAPL": yahoo_chart("AAPL", "196.45", "199.2", name="Apple Inc."),
        "/v8/finance/chart/MSFT": yahoo_chart(
            "MSFT", "474.96", "478.87", name="Microsoft Corporation", regular=False
        ),
        "/v8/finance/chart/NOSUCH": yahoo_chart_unknown(),
    }
    routes.update(changes)
    return routes


# Since February 2025 Yahoo's edge answers a client whose User-Agent is not a
# browser's with HTTP 429 and the plain text "Edge: Too Many Requests": on
# fc.yahoo.com (which then sets no cookie), on getcrumb (which then gives that text
# where the crumb would be) and on the quote and chart APIs (ranaroussi/yfinance
# issues #2276 and #2284 and pull request #2277; tarkah/tickrs pull request #170;
# moneymanagerex/moneymanagerex issue #7482, where an old Firefox's User-Agent was
# refused and a current Chrome's was not). Here a browser's is one that starts as
# every browser's does, "Mozilla/5.0 (" (yahoo-finance2 recorded a session that worked
# on 2026-10-03 with "Mozilla/5.0 (compatible; yahoo-finance2/0.0.1)"); ticker-quotes'
# own, Python's and curl's are refused.
YAHOO_EDGE = "Edge: Too Many Requests"


def yahoo_edge(retry_after=None):
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return Response(YAHOO_EDGE, 429, headers, content_type="text/plain;charset=utf-8")


def browser_only(route):
    """`route`, for a browser's User-Agent; Yahoo's edge refusal for any other."""

    def answer(request):
        if not request.headers.get("User-Agent", "").startswith("Mozilla/5.0 ("):
            return yahoo_edge()
        return resolve(route, request)

    return answer


def yahoo_browser_only_routes(**changes):
    return {path: browser_only(route) for path, route in yahoo_routes(**changes).items()}


# ---------------------------------------------------------------------------
# Nasdaq
#
# GET /api/quote/AAPL/info?assetclass=stocks with browser-like headers
# (ThanakornJP/Investment screener/request.nasdaq.md shows the request and headers).
# The bodies follow the four market states recorded in a public project's unittest of
# Nasdaq's info JSON (AAPL "$267.85" "Pre Market" with secondaryData "CLOSED AT 4:00 PM
# ET ON ...", "Market Open", "After Hours", "Market Closed", netChange without its sign
# and deltaIndicator "up"/"down"); "$" and "," in numbers as phuetz/code-buddy pull
# request #66 says; the unknown symbol body, HTTP 200 with rCode 400 and
# bCodeMessage [{"code":1001,"errorMessage":"Symbol not exists."}], is quoted verbatim
# in several public projects' tests (SPY with assetclass=stocks gives it too: it is
# an ETF).


def nasdaq_body(symbol, name, primary, secondary, status):
    return {
        "data": {
            "symbol": symbol,
            "companyName": name,
            "stockType": "Common Stock",
            "exchange": "NASDAQ-GS",
            "isNasdaqListed": True,
            "isNasdaq100": True,
            "isHeld": False,
            "primaryData": primary,
            "secondaryData": secondary,
            "keyStats": {"Volume": {"label": "Volume", "value": "111,677"}},
            "marketStatus": status,
            "assetClass": "STOCKS",
        },
        "message": None,
        "status": {"rCode": 200, "bCodeMessage": None, "developerMessage": None},
    }


def nasdaq_data(price, change, percent, delta, stamp, real_time=True):
    return {
        "lastSalePrice": price,
        "netChange": change,
        "percentageChange": percent,
        "deltaIndicator": delta,
        "lastTradeTimestamp": stamp,
        "isRealTime": real_time,
    }


NASDAQ_UNKNOWN = {
    "data": None,
    "message": None,
    "status": {
        "rCode": 400,
        "bCodeMessage": [{"code": 1001, "errorMessage": "Symbol not exists."}],
        "developerMessage": None,
    },
}

NASDAQ = {
    # Pre-market: primaryData is the pre-market trade, secondaryData yesterday's close.
    "AAPL": nasdaq_body(
        "AAPL",
        "Apple Inc. Common Stock",
        nasdaq_data(
            "$197.10", "0.65", "0.33%", "up", "DATA AS OF Jun 13, 2025 9:27 AM ET - PRE-MARKET"
        ),
        nasdaq_data(
            "$196.45", "2.75", "1.38%", "down", "CLOSED AT 4:00 PM ET ON Jun 12, 2025", False
        ),
        "Pre Market",
    ),
    "MSFT": nasdaq_body(
        "MSFT",
        "Microsoft Corporation Common Stock",
        nasdaq_data("$1,474.96", "-3.91", "-0.82%", "down", "DATA AS OF Jun 13, 2025 10:33 AM ET"),
        None,
        "Market Open",
    ),
    "TSLA": nasdaq_body(
        "TSLA",
        "Tesla, Inc. Common Stock",
        nasdaq_data(
            "$326.00", "0.69", "0.21%", "up", "DATA AS OF Jun 13, 2025 4:31 PM ET - AFTER HOURS"
        ),
        nasdaq_data(
            "$325.31", "6.20", "1.94%", "up", "CLOSED AT 4:00 PM ET ON Jun 13, 2025", False
        ),
        "After Hours",
    ),
    "NVDA": nasdaq_body(
        "NVDA",
        "NVIDIA Corporation Common Stock",
        nasdaq_data("$141.97", "3.03", "2.09%", "down", "DATA AS OF Jun 13, 2025", False),
        None,
        "Market Closed",
    ),
}


def nasdaq_routes(extra=None):
    routes = {}
    for symbol, body in NASDAQ.items():
        routes[f"/api/quote/{symbol}/info"] = [js(body, query={"assetclass": "stocks"})]
    routes["/api/quote/SPY/info"] = [
        js(NASDAQ_UNKNOWN, query={"assetclass": "stocks"}),
        js(
            nasdaq_body(
                "SPY",
                "SPDR S&P 500 ETF Trust",
                nasdaq_data("$597.00", "-6.74", "-1.12%", "down", "DATA AS OF Jun 13, 2025"),
                None,
                "Market Closed",
            ),
            query={"assetclass": "etf"},
        ),
    ]
    routes["/api/quote/NOSUCH/info"] = js(NASDAQ_UNKNOWN)
    routes.update(extra or {})
    return routes


# ---------------------------------------------------------------------------
# Stooq
#
# The CSV quote endpoint as contrib/quotes/sample-response.csv has it (symbol, d2, t2,
# o, h, l, c, p; N/D for an unknown symbol). The puzzle page: HTTP 200, an HTML page
# with <noscript>This site requires JavaScript to verify your browser.</noscript> and a
# script that hashes with crypto.subtle.digest and POSTs to /__verify (HKUDS/Vibe-Trading
# issue #1315 and pull request #1342; its markers as public projects' tests record
# them). The 404 with a database error for /q/l/ is described in a public project's
# operations notes (mysqli_query() ... null given).

STOOQ = {
    "aapl.us": "AAPL.US,2025-06-13,22:00:09,199.73,200.37,195.70,196.45,199.20",
    "msft.us": "MSFT.US,2025-06-13,22:00:09,473.60,478.69,470.86,474.96,478.87",
    "sap.de": "SAP.DE,2025-06-13,17:35:00,254.00,255.40,250.10,251.85,255.10",
    "eurusd": "EURUSD,2025-06-13,22:59:58,1.1583,1.1613,1.1490,1.1550,1.1584",
    "usdjpy": "USDJPY,2025-06-13,22:59:58,143.46,144.48,142.81,144.07,143.56",
    "^spx": "^SPX,2025-06-13,22:00:00,6000.50,6026.16,5963.21,5976.97,6045.26",
    "btcusd": "BTCUSD,2025-06-13,22:59:00,106150.1,106600.0,102700.0,105970.3,106150.1",
}
STOOQ_HEADER = "Symbol,Date,Time,Open,High,Low,Close,Prev"


def stooq_row(code):
    return STOOQ.get(code, f"{code.upper()},N/D,N/D,N/D,N/D,N/D,N/D,N/D")


def stooq_csv(rows=None, generated=False):
    """The /q/l/ route: a line for each symbol asked (s=a+b: '+' is an encoded space)."""

    def answer(request):
        asked = request.query.get("s", [""])[0].split()
        lines = [STOOQ_HEADER]
        for code in asked:
            if rows and code in rows:
                lines.append(rows[code])
            elif generated and code.startswith("s") and code.endswith(".us"):
                lines.append(f"{code.upper()},2025-06-13,22:00:09,10.00,11.00,9.00,10.50,10.00")
            else:
                lines.append(stooq_row(code))
        return Response("\r\n".join(lines) + "\r\n", content_type="text/csv")

    return answer


STOOQ_PUZZLE = """<!DOCTYPE html><html><head><meta charset="utf-8">
<meta name="robots" content="noindex,nofollow"><title>stooq</title></head><body>
<noscript>This site requires JavaScript to verify your browser. Please enable JavaScript and reload.</noscript>
<script nonce="rT0kF4keN0nce">(async()=>{const c="8f1e2d3c4b5a69788796a5b4c3d2e1f0",d=4;
let n=0;for(;;n++){const h=new Uint8Array(await crypto.subtle.digest("SHA-256",
new TextEncoder().encode(c+n)));if(h[0]===0&&h[1]<16)break}
await fetch("/__verify",{method:"POST",headers:{"Content-Type":"application/x-www-form-urlencoded"},
body:"c="+c+"&n="+n});location.reload()})();</script></body></html>
"""


def stooq_puzzle():
    return Response(STOOQ_PUZZLE, 200, content_type="text/html; charset=utf-8")


# ---------------------------------------------------------------------------
# Frankfurter and the ECB
#
# Frankfurter's current host api.frankfurter.dev/v1 (the move from api.frankfurter.app
# in thanhdv2811/Magento-2-Currency-Convert issue #6, and frappe/erpnext pull request
# #50734); the body {"amount":1.0,"base":"EUR","date":...,"rates":{...}} as in
# lineofflight/frankfurter issue #11; a time series (/v1/START..) has "start_date",
# "end_date" and "rates" by date (Frankfurter's documentation).

FRANKFURTER_PATH = "/v1/2025-06-03.."
FRANKFURTER = {
    "amount": 1.0,
    "base": "EUR",
    "start_date": "2025-06-03",
    "end_date": "2025-06-13",
    "rates": {
        "2025-06-11": {"USD": 1.1487, "JPY": 165.47, "GBP": 0.8478, "CHF": 0.9411},
        "2025-06-12": {"USD": 1.1576, "JPY": 165.89, "GBP": 0.8505, "CHF": 0.9387},
        "2025-06-13": {"USD": 1.1512, "JPY": 165.98, "GBP": 0.8505, "CHF": 0.9349},
    },
}


def frankfurter_routes():
    return {FRANKFURTER_PATH: js(FRANKFURTER)}


def ecb_routes(sample_text):
    # The repository's own sample (the layout of eurofxref-hist-90d.xml).
    return {
        "/stats/eurofxref/eurofxref-hist-90d.xml": Response(sample_text, content_type="text/xml")
    }


# ---------------------------------------------------------------------------
# Coinbase
#
# Exchange ticker {"ask","bid","volume","trade_id","price","size","time"} (bennycode/
# coinbase-pro-node docs/interfaces/product_productapi.productticker.md;
# mscheetz/CoinbaseProApi.NetCore Entities/Ticker.cs), stats {"open","high","low",
# "last","volume","volume_30day"} (Coinbase Exchange documentation), the v2 spot price
# {"data":{"amount":"...","base":"BTC","currency":"USD"}} (coinbase/coinbase-python
# issues #50 and #65), unknown products: 404 {"message":"NotFound"} (exchange) and
# 404 {"errors":[{"id":"not_found","message":"Invalid currency"}]} (v2).


def coinbase_routes():
    return {
        "/products/BTC-USD/ticker": js(
            {
                "ask": "105970.31",
                "bid": "105970.30",
                "volume": "8123.4567",
                "trade_id": 812345678,
                "price": "105970.30",
                "size": "0.0012",
                "time": "2025-06-13T19:59:58.123456Z",
            }
        ),
        "/products/BTC-USD/stats": js(
            {
                "open": "106150.10",
                "high": "106600.00",
                "low": "102700.00",
                "last": "105970.30",
                "volume": "8123.4567",
                "volume_30day": "250000.1",
            }
        ),
        "/products/ETH-EUR/ticker": js({"message": "NotFound"}, 404),
        "/v2/prices/ETH-EUR/spot": js(
            {"data": {"amount": "2210.55", "base": "ETH", "currency": "EUR"}}
        ),
        "/products/NOSUCH-USD/ticker": js({"message": "NotFound"}, 404),
        "/v2/prices/NOSUCH-USD/spot": js(
            {"errors": [{"id": "not_found", "message": "Invalid currency (NOSUCH)"}]}, 404
        ),
    }


# ---------------------------------------------------------------------------
# Kraken
#
# /0/public/Ticker?pair=XBTUSD: {"error":[],"result":{"XXBTZUSD":{"a":[...],"b":[...],
# "c":[...],"v","p","t","l","h","o"}}} (Kraken's REST documentation; the long result
# names XXBTZEUR/XXRPZUSD in btcpayserver/btcTransmuter issue #63 and t0mk/
# kraken-python3-cli issue #5); errors in HTTP 200: ["EQuery:Unknown asset pair"]
# (ccxt/ccxt issues #110 and #3632), ["EAPI:Rate limit exceeded"].

KRAKEN_ROWS = {
    "XBTUSD": ("XXBTZUSD", "105970.10000", "106150.20000"),
    "ETHUSD": ("XETHZUSD", "2532.41000", "2580.00000"),
    "SOLUSD": ("SOLUSD", "145.2300", "150.1100"),
}


def kraken_row(last, opened):
    return {
        "a": [last, "1", "1.000"],
        "b": [last, "2", "2.000"],
        "c": [last, "0.00100000"],
        "v": ["1234.5", "2345.6"],
        "p": [last, last],
        "t": [12345, 23456],
        "l": [last, last],
        "h": [last, opened],
        "o": opened,
    }


def kraken_ticker(errors=None):
    def answer(request):
        if errors:
            return js({"error": errors})
        pairs = request.query.get("pair", [""])[0].split(",")
        unknown = [p for p in pairs if p not in KRAKEN_ROWS]
        if unknown:
            return js({"error": ["EQuery:Unknown asset pair"]})
        result = {KRAKEN_ROWS[p][0]: kraken_row(*KRAKEN_ROWS[p][1:]) for p in pairs}
        return js({"error": [], "result": result})

    return answer


# ---------------------------------------------------------------------------
# Finnhub
#
# /api/v1/quote: {"c":..,"d":..,"dp":..,"h","l","o","pc","t"} (finnhubio/Finnhub-API
# issues #61 and #135; the d/dp meanings in Finnhub-Stock-API/finnhub-python issue
# #60); an unknown symbol gives zeros (finnhubio/Finnhub-API issue #332); 403 "You
# don't have access to this resource." (issue #362); 401 {"error":"Invalid API key."}
# and 429 {"error":"API limit reached. ..."} (Finnhub's documentation).


def finnhub_quote(key):
    def answer(request):
        if request.headers.get("X-Finnhub-Token") != key:
            return js({"error": "Invalid API key."}, 401)
        symbol = request.query.get("symbol", [""])[0]
        if symbol == "AAPL":
            return js(
                {
                    "c": 196.45,
                    "d": -2.75,
                    "dp": -1.3805,
                    "h": 200.37,
                    "l": 195.7,
                    "o": 199.73,
                    "pc": 199.2,
                    "t": NOW - 60,
                }
            )
        if symbol == "SAP.DE":
            return js({"error": "You don't have access to this resource."}, 403)
        return js({"c": 0, "d": None, "dp": None, "h": 0, "l": 0, "o": 0, "pc": 0, "t": 0})

    return answer


# ---------------------------------------------------------------------------
# Alpha Vantage
#
# GLOBAL_QUOTE as in finance-quote/finance-quote pull request #131 (the "01. symbol" ..
# "10. change percent" fields); {"Note": "Thank you for using Alpha Vantage! Our
# standard API call frequency is 5 calls per minute and 500 calls per day. ..."}
# (finance-quote pull request #104); {"Information": "... standard API rate limit is
# 25 requests per day ..."} (finance-quote issue #363, home-assistant/home-assistant.io
# pull request #31996); {"Error Message": "the parameter apikey is invalid or
# missing. ..."} and an unknown symbol's {"Global Quote": {}} (Alpha Vantage's
# documentation). Symbols of other markets take a suffix: its documentation's own
# (TSCO.LON, SHOP.TRT, MBG.DEX, RELIANCE.BSE, 600104.SHH, 000002.SHZ) and Yahoo's
# for many (SOLB.BR for Euronext Brussels, as the issue reports; .TO, .PA), the quote's
# shape the same.

AV_NOTE = (
    "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute "
    "and 500 calls per day. Please visit https://www.alphavantage.co/premium/ if you would like "
    "to target a higher API call frequency."
)
AV_INFORMATION = (
    "Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day. "
    "Please subscribe to any of the premium plans at https://www.alphavantage.co/premium/ "
    "to instantly remove all daily rate limits."
)
AV_BAD_KEY = (
    "the parameter apikey is invalid or missing. Please claim your free API key on "
    "(https://www.alphavantage.co/support/#api-key). It should take less than 20 seconds."
)


def alphavantage_query(key, mode="ok"):
    def answer(request):
        if mode == "note":
            return js({"Note": AV_NOTE})
        if mode == "information":
            return js({"Information": AV_INFORMATION})
        if request.query.get("apikey") != [key]:
            return js({"Error Message": AV_BAD_KEY})
        symbol = request.query.get("symbol", [""])[0]
        if symbol in ("IBM", "AAPL"):
            return js(
                {
                    "Global Quote": {
                        "01. symbol": symbol,
                        "02. open": "279.3800",
                        "03. high": "280.0000",
                        "04. low": "271.1000",
                        "05. price": "272.4200",
                        "06. volume": "3645612",
                        "07. latest trading day": "2025-06-13",
                        "08. previous close": "278.9800",
                        "09. change": "-6.5600",
                        "10. change percent": "-2.3514%",
                    }
                }
            )
        if symbol == "SOLB.BR":  # Euronext Brussels, in the suffix Yahoo uses too
            return js(
                {
                    "Global Quote": {
                        "01. symbol": "SOLB.BR",
                        "02. open": "30.1000",
                        "03. high": "30.2400",
                        "04. low": "29.7000",
                        "05. price": "29.8600",
                        "06. volume": "412873",
                        "07. latest trading day": "2025-06-13",
                        "08. previous close": "30.1200",
                        "09. change": "-0.2600",
                        "10. change percent": "-0.8632%",
                    }
                }
            )
        return js({"Global Quote": {}})

    return answer


# ---------------------------------------------------------------------------
# Twelve Data
#
# /quote: the fields in the Example JSON of a public Scala client
# (net.specula.twelvedata ... NDX "close": "13160.02637", "previous_close",
# "percent_change", "is_market_open": false) and TwelveDataQuoteDto in public
# TypeScript code; several symbols come keyed by symbol (Twelve Data's documentation
# on batch requests); errors {"code":429,"message":"You have run out of API credits
# for the current minute. ...","status":"error"} and {"code":401,...} (Twelve Data's
# documentation; the 8-a-minute free plan in smartcontractkit/external-adapters-js
# packages/sources/twelvedata/README.md).


def twelvedata_row(symbol, name, close, previous, currency, market_open):
    digits = len(close.partition(".")[2])
    change = float(close) - float(previous)
    return {
        "symbol": symbol,
        "name": name,
        "exchange": "NASDAQ",
        "mic_code": "XNGS",
        "currency": currency,
        "datetime": "2025-06-13",
        "timestamp": NOW - 60,
        "open": close,
        "high": close,
        "low": previous,
        "close": close,
        "volume": "51447349",
        "previous_close": previous,
        "change": f"{change:.{digits}f}",
        "percent_change": f"{change / float(previous) * 100:.5f}",
        "average_volume": "61000000",
        "is_market_open": market_open,
        "fifty_two_week": {"low": "169.21001", "high": "260.10001"},
    }


def twelvedata_quote(key):
    rows = {
        "AAPL": twelvedata_row("AAPL", "Apple Inc.", "196.45000", "199.20000", "USD", False),
        "EUR/USD": twelvedata_row(
            "EUR/USD", "Euro / US Dollar", "1.15500", "1.15840", "US Dollar", True
        ),
    }

    def answer(request):
        if request.headers.get("Authorization") != f"apikey {key}":
            return js(
                {
                    "code": 401,
                    "message": "**apikey** parameter is incorrect or not specified. "
                    "You can get your free API key instantly following this link: "
                    "https://twelvedata.com/pricing",
                    "status": "error",
                }
            )
        asked = request.query.get("symbol", [""])[0].split(",")
        found = {
            s: rows.get(
                s,
                {
                    "code": 404,
                    "message": f"**symbol** not found: {s}. Please specify it "
                    "correctly according to API Documentation.",
                    "status": "error",
                    "meta": {"symbol": s},
                },
            )
            for s in asked
        }
        return js(found[asked[0]] if len(asked) == 1 else found)

    return answer


TWELVEDATA_OUT_OF_CREDITS = {
    "code": 429,
    "message": "You have run out of API credits for the current minute. 9 API credits were used, with the "
    "current limit being 8. Wait for the next minute or consider switching to a higher tier plan "
    "at https://twelvedata.com/pricing",
    "status": "error",
}


# ---------------------------------------------------------------------------
# Everything at once


def all_routes(ecb_sample, keys):
    routes = {}
    routes.update(yahoo_routes())
    routes.update(nasdaq_routes())
    routes["/q/l/"] = stooq_csv()
    routes.update(frankfurter_routes())
    routes.update(ecb_routes(ecb_sample))
    routes.update(coinbase_routes())
    routes["/0/public/Ticker"] = kraken_ticker()
    routes["/api/v1/quote"] = finnhub_quote(keys["finnhub"])
    routes["/query"] = alphavantage_query(keys["alphavantage"])
    routes["/quote"] = twelvedata_quote(keys["twelvedata"])
    return routes


def gzipped(response):
    response.gzip = True
    return response

