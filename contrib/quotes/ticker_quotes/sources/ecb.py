"""The European Central Bank's reference rates (currencies; no key).

GET www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml: a gesmes:Envelope with
<Cube time="YYYY-MM-DD"> per working day of the last 90, each holding
<Cube currency="USD" rate="1.1512"/>. Published at about 16:00 CET.

Change: computed, against the working day before (rates.currency_quotes).
Failures: unavailable (HTTP, network), malformed (not the XML above), unknown (a
currency it does not publish).
Headers: ticker-quotes' own User-Agent.
"""

import xml.etree.ElementTree as ElementTree

from ..core import BLOCKED, Failure, MALFORMED
from ..http import challenge, examine
from .base import Source
from .rates import currency_quotes, rate_table
from ..symbols import FX
from ..text import short


class Ecb(Source):
    name = "ecb"
    summary = "the European Central Bank's euro rates, daily"
    classes = (FX,)
    hosts = {"api": "https://www.ecb.europa.eu"}
    batch = 1000
    NAMESPACE = "{http://www.ecb.int/vocabulary/2002-08-01/eurofxref}"

    def code(self, i):
        return f"{i.base}/{i.quote}"

    def fetch(self, ask, instruments):
        reply = ask.http.get(f"{self.base()}/stats/eurofxref/eurofxref-hist-90d.xml")
        return self.parse(examine(self, reply), instruments)

    def parse(self, text, instruments):
        if "<!DOCTYPE" in text[:4096].upper() or "<!ENTITY" in text.upper():
            if challenge(text):
                raise Failure(BLOCKED, f"it answered {challenge(text)} instead of rates")
            raise Failure(MALFORMED, "not the ECB's XML (a DOCTYPE or an entity)")
        try:
            root = ElementTree.fromstring(text)
        except ElementTree.ParseError as error:
            raise Failure(MALFORMED, f"not XML ({short(error, 40)})") from None
        days = {}
        for cube in root.iter(self.NAMESPACE + "Cube"):
            if "time" in cube.attrib and len(days) < 400:
                days[cube.get("time")] = rate_table(
                    (c.get("currency"), c.get("rate")) for c in cube
                )
        return currency_quotes(self.name, days, instruments)
