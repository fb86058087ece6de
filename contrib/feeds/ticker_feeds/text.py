"""What a feed's strings become: plain text (the rule is ticker_fetch.text's),
text of HTML, dates (parse_date, iso) and absolute URLs (absolute_url,
feed_address_problem).
"""

import email.utils
import html
import html.entities
import html.parser
import re
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone

from ticker_fetch.text import CONTROLS, clean, url_problem
from .core import MAX_FIELD, URL_MAX


# Text


_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


# The rule for text from outside (feeds, servers, the state folder): CONTROLS,
# plain() and clean() are ticker_fetch.text's, the one copy ticker-quotes uses too.
# Every message goes through plain() on its way out (warn), every headline and name
# through clean().


class _TextOfHTML(html.parser.HTMLParser):
    BLOCKS = {
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
        "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hr", "li", "ol", "p", "pre", "section", "table", "td", "th",
        "tr", "ul",
    }
    HIDDEN = {"script", "style", "template", "noscript"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_startendtag(self, tag, attrs):
        if tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def html_to_text(markup):
    """The text of an HTML fragment: tags out, entities decoded."""
    parser = _TextOfHTML()
    try:
        parser.feed(markup[:MAX_FIELD])
        parser.close()
    except Exception:  # HTMLParser is lenient; anything it still rejects is text
        return html.unescape(re.sub(r"<[^>]*>", " ", markup))
    return "".join(parser.parts)


_LOOKS_HTML = re.compile(r"<[A-Za-z/!]|&(#\d+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);?")


_ESCAPED_AGAIN = re.compile(r"&(#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|amp|lt|gt|quot|apos|nbsp);")


def text_of(raw, kind):
    """A text construct's plain text. kind: text, html, xhtml (already text once
    parsed) or maybe-html (RSS, where titles hold escaped HTML often enough).
    A character reference still there after that was escaped twice (WordPress's
    &amp;#8217;): it is decoded once more, since no headline means it."""
    if kind == "html" or (kind == "maybe-html" and _LOOKS_HTML.search(raw)):
        raw = html_to_text(raw)
    if _ESCAPED_AGAIN.search(raw):
        raw = html.unescape(raw)
    return raw


def atom_kind(type_attribute, mode=None):
    """Atom 1.0's text/html/xhtml, or Atom 0.3's MIME type and mode, as a kind."""
    kind = (type_attribute or "text").strip().lower()
    if kind in ("html", "text/html") or mode == "escaped":
        return "html"
    if "xhtml" in kind:
        return "xhtml"
    return "text"


# Dates


_W3C_DATE = re.compile(
    r"(\d{4})(?:-?(\d\d)(?:-?(\d\d)(?:[Tt ]\s*(\d\d):?(\d\d)(?::?(\d\d)(?:[.,]\d+)?)?"
    r"\s*(Z|z|UTC|GMT|[+-]\d\d(?::?\d\d)?)?)?)?)?$"
)


def parse_date(text):
    """An aware datetime from an RFC 822 date (RSS), an RFC 3339 or W3C-DTF one
    (Atom, dc:date), or None. A date without a zone is taken as UTC."""
    text = " ".join(text.split())
    if not text:
        return None
    match = _W3C_DATE.match(text)
    if match:
        year, month, day, hour, minute, second, zone = match.groups()
        try:
            value = datetime(
                int(year), int(month or 1), int(day or 1),
                int(hour or 0), int(minute or 0), min(int(second or 0), 59),
            )
        except ValueError:
            return None
        offset = timedelta(0)
        if zone and zone[0] in "+-":
            digits = zone[1:].replace(":", "")
            offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
            if zone[0] == "-":
                offset = -offset
        try:
            return (value - offset).replace(tzinfo=timezone.utc)
        except OverflowError:
            return None
    try:
        value = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    try:
        return value.astimezone(timezone.utc)
    except (OverflowError, ValueError):
        return None


def iso(value):
    return value.strftime("%Y-%m-%dT%H:%M:%SZ")


# URLs


_URL_SAFE = "/:@!$&'()*+,;=-._~%?#[]"


def absolute_url(href, bases):
    """`href` made absolute against the chain of bases (the document's first, then
    each xml:base in force), as an http or https URL in ASCII; None when it is
    not one or is longer than URL_MAX."""
    if not href:
        return None
    href = re.sub(r"[\t\r\n]", "", href).strip()
    if not href:
        return None
    url = ""
    try:
        for base in bases:
            if base:
                url = urllib.parse.urljoin(url, re.sub(r"[\t\r\n]", "", base).strip())
        url = urllib.parse.urljoin(url, href)
        parts = urllib.parse.urlsplit(url)
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            return None
        netloc = parts.netloc
        if not netloc.isascii():
            host = parts.hostname.encode("idna").decode("ascii")
            netloc = netloc.replace(parts.hostname, host) if parts.hostname in netloc else host
            if not netloc.isascii():
                return None
        if any(c in netloc for c in " \\<>\"'`{}|^"):
            return None
        path = urllib.parse.quote(parts.path, safe=_URL_SAFE)
        query = urllib.parse.quote(parts.query, safe=_URL_SAFE)
        fragment = urllib.parse.quote(parts.fragment, safe=_URL_SAFE)
        url = urllib.parse.urlunsplit((parts.scheme.lower(), netloc, path, query, fragment))
    except (ValueError, UnicodeError):
        return None
    if len(url) > URL_MAX or CONTROLS.search(url) or " " in url:
        return None
    return url


def feed_address_problem(source):
    """What is wrong with a feed's http(s) address from the command line, as words
    naming it, or None: an address that cannot be asked is a bad command line (as a
    bad --base is), not a feed that fails on every run with a misleading reason."""
    if not source.is_url:
        return None
    problem = url_problem(source.location)
    if problem is None and urllib.parse.urlsplit(source.location).username is not None:
        problem = "a user name and password in the address are not used"
    if problem is None:
        return None
    shown = re.sub(r"//[^/@]*@", "//****@", source.given)  # never a password in a message
    return f"'{clean(shown, 80)}' is not a feed address: {problem}"
