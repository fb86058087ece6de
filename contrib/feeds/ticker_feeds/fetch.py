"""Fetching feeds: HTTP with bounded redirects, bodies and deadlines, conditional
requests, failures named (http_failure, network_failure; Retry-After read), local
files, and fetch_all(), several feeds at once in threads.
"""

import http.client
import re
import socket
import ssl
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from datetime import datetime, timezone

from ticker_fetch.text import clean, url_problem
from .core import (
    ACCEPT, BLOCKED, CONCURRENCY, Failure, LABEL_MAX, MALFORMED, MAX_BODY,
    MAX_REDIRECTS, NEEDS_KEY, NOT_FOUND, RATE_LIMITED, UNAVAILABLE, UNKNOWN, USER_AGENT,
)
from .parse import parse_feed
from .state import remembered_feed, validator
from .text import iso, parse_date


# Fetching


class _Redirects(urllib.request.HTTPRedirectHandler):
    max_redirections = MAX_REDIRECTS
    max_repeats = 1

    def redirect_request(self, request, fp, code, message, headers, new_url):
        scheme = urllib.parse.urlsplit(new_url).scheme.lower()
        if scheme not in ("http", "https"):
            raise Failure(UNKNOWN, f"it redirects to a {scheme or 'relative'}: address, not http or https", code)
        problem = url_problem(new_url)
        if problem:
            raise Failure(UNKNOWN, f"it redirects to an address that cannot be asked ({problem})", code)
        return super().redirect_request(request, fp, code, message, headers, new_url)

    def http_error_302(self, request, fp, code, message, headers):
        """urllib's redirect, but a Location it cannot even split (a broken IPv6
        literal) is named as the server's fault, not as the feed's address."""
        location = headers.get("location") or headers.get("uri")
        if location:
            try:
                urllib.parse.urljoin(request.full_url, location)
            except ValueError as error:
                fp.close()
                raise Failure(
                    UNKNOWN, f"it redirects to an address that cannot be asked ({clean(str(error), 60)})", code
                ) from None
        return super().http_error_302(request, fp, code, message, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def retry_after(headers):
    """Seconds a Retry-After header asks to wait (a number of seconds, or a date), or
    None. Only ASCII digits are a number: str.isdigit() takes "²", which int() refuses."""
    value = (headers.get("Retry-After") or "").strip() if headers else ""
    if re.fullmatch(r"[0-9]{1,9}", value):
        return int(value)
    when = parse_date(value) if value else None
    if when:
        return max(0, int((when - datetime.now(timezone.utc)).total_seconds()))
    return None


def http_failure(code, headers, url, message=""):
    if headers is not None and (headers.get("cf-mitigated") or "").lower() == "challenge":
        return Failure(BLOCKED, f"the server answered {code} with a robot check", code, url)
    if code == 451:
        return Failure(BLOCKED, "the server refuses it for legal reasons (451)", code, url)
    if code in (401, 403):
        return Failure(NEEDS_KEY, f"the server refuses it ({code})", code, url)
    if code == 429:
        wait = retry_after(headers)
        later = f"; it asks to wait {wait} s" if wait is not None else ""
        return Failure(RATE_LIMITED, f"too many requests (429){later}", code, url)
    if code in (404, 410):
        return Failure(NOT_FOUND, f"there is no feed at this address ({code})", code, url)
    if code == 304:
        return Failure(UNKNOWN, "the server answered 304 (not modified) to a request that was not conditional", code, url)
    if 300 <= code < 400:
        if "not allowed" in message:  # urllib's refusal of a file: or other address
            where = ((headers.get("Location") or "") if headers is not None else "").split(":", 1)[0]
            where = re.sub(r"[^A-Za-z0-9+.-]", "", where)[:20] or "non-http"
            return Failure(UNKNOWN, f"it redirects to a {where}: address, not http or https", code, url)
        if "infinite loop" in message or "maximum" in message.lower():
            return Failure(UNKNOWN, f"it redirects in a loop or more than {MAX_REDIRECTS} times", code, url)
        return Failure(UNKNOWN, f"the server answered {code} without a usable redirect", code, url)
    if code >= 500:
        wait = retry_after(headers)
        later = f"; it asks to wait {wait} s" if wait is not None else ""
        return Failure(UNAVAILABLE, f"the server fails ({code}){later}", code, url)
    return Failure(UNKNOWN, f"the server answered {code}", code, url)


def network_failure(error, url, deadline=None):
    """A Failure for an exception from urllib, socket or http.client. A time-out once the
    run's deadline has passed is the run's --timeout, said as the deadline says it
    (each read's own time-out is the time left, so which one fires first is chance)."""
    reason = error.reason if isinstance(error, urllib.error.URLError) else error
    if isinstance(reason, Failure):
        return reason
    if isinstance(reason, socket.gaierror):
        return Failure(UNAVAILABLE, "its host name does not resolve (DNS)", url=url)
    if isinstance(reason, (socket.timeout, TimeoutError)):
        if deadline is not None and deadline.left() <= 0.05:
            return Failure(UNAVAILABLE, "the feed did not arrive within --timeout", url=url)
        return Failure(UNAVAILABLE, "the server did not answer in time", url=url)
    if isinstance(reason, ConnectionRefusedError):
        return Failure(UNAVAILABLE, "the connection was refused", url=url)
    if isinstance(reason, ssl.SSLError):
        return Failure(UNAVAILABLE, f"TLS failed ({getattr(reason, 'reason', None) or reason})", url=url)
    if isinstance(reason, (http.client.IncompleteRead, http.client.RemoteDisconnected, ConnectionError)):
        return Failure(UNAVAILABLE, "the connection ended before the answer did", url=url)
    if isinstance(reason, http.client.HTTPException):
        return Failure(UNAVAILABLE, f"the answer is not HTTP ({type(reason).__name__})", url=url)
    if isinstance(reason, OSError):
        return Failure(UNAVAILABLE, f"the network failed ({reason.strerror or reason})", url=url)
    return Failure(UNKNOWN, str(reason)[:200], url=url)


class Deadline:
    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self):
        return self.end - time.monotonic()

    def check(self, url):
        left = self.left()
        if left <= 0:
            raise Failure(UNAVAILABLE, "the feed did not arrive within --timeout", url=url)
        return left


def read_body(response, deadline, url):
    """The body, decompressed, at most MAX_BODY bytes: (bytes, cut)."""
    encoding = (response.headers.get("Content-Encoding") or "identity").strip().lower()
    if encoding in ("gzip", "x-gzip"):
        decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif encoding == "deflate":
        decompressor = zlib.decompressobj()
    elif encoding in ("identity", ""):
        decompressor = None
    else:
        raise Failure(MALFORMED, f"the answer is compressed with {encoding[:20]}, which ticker-feeds does not read", url=url)
    pieces, size = [], 0
    raw = getattr(getattr(response, "fp", None), "raw", None)
    sock = getattr(raw, "_sock", None)
    first_deflate = True
    while True:
        left = deadline.check(url)
        if sock is not None:
            sock.settimeout(max(0.05, left))
        chunk = response.read1(65536) if hasattr(response, "read1") else response.read(65536)
        if not chunk:
            if getattr(response, "length", None):  # fewer bytes than Content-Length said
                raise Failure(UNAVAILABLE, "the connection ended before the answer did", url=url)
            break
        if decompressor is not None:
            try:
                if first_deflate and encoding == "deflate" and chunk[:1] and (chunk[0] & 0x0F) != 8:
                    decompressor = zlib.decompressobj(-zlib.MAX_WBITS)  # raw deflate
                first_deflate = False
                chunk = decompressor.decompress(chunk, MAX_BODY + 1 - size)
            except zlib.error:
                raise Failure(MALFORMED, "its compressed answer is damaged", url=url) from None
        pieces.append(chunk)
        size += len(chunk)
        if size > MAX_BODY:
            return b"".join(pieces)[:MAX_BODY], True
    if decompressor is not None and size <= MAX_BODY:
        try:
            pieces.append(decompressor.flush())
        except zlib.error:
            pass
    body = b"".join(pieces)
    return body[:MAX_BODY], len(body) > MAX_BODY


class Source:
    """One feed from the command line: a URL (or NAME=URL), a file, or '-'."""

    def __init__(self, text, offline=False):
        self.given = text
        self.name = None
        match = re.match(r"([^=/:\\]{1,60})=((?i:https?)://.*)$", text, re.DOTALL)
        if match and not offline:
            self.name = clean(match.group(1), LABEL_MAX) or None
            text = match.group(2)
        self.location = text
        self.is_url = not offline and re.match(r"(?i)https?://", text) is not None
        self.is_stdin = text == "-"

    def shown(self):
        """How messages name the feed: its NAME, else its address, shortened."""
        if self.name:
            return self.name
        if self.is_stdin:
            return "standard input"
        text = self.location
        if self.is_url:
            text = re.sub(r"(?i)^https?://", "", text)
            text = re.sub(r"[?#].*", "", text)
        return clean(text, 60)


class Result:
    def __init__(self, source):
        self.source = source
        self.entries = []
        self.title = ""
        self.failure = None
        self.warnings = []
        self.status = None
        self.final_url = None
        self.remembered = False
        self.seconds = 0.0

    def name(self):
        return self.source.name or self.title or self.source.shown()


def fetch_url(source, deadline, state, conditional=True):
    url = source.location
    result = Result(source)
    remembered = remembered_feed(state.load(url)) if state is not None else None
    headers = {"User-Agent": USER_AGENT, "Accept": ACCEPT, "Accept-Encoding": "gzip"}
    if conditional and remembered:
        if remembered["etag"]:
            headers["If-None-Match"] = remembered["etag"]
        if remembered["last_modified"]:
            headers["If-Modified-Since"] = remembered["last_modified"]
    try:
        request = urllib.request.Request(url, headers=headers)
    except ValueError as error:
        raise Failure(UNKNOWN, f"the address is not valid ({error})", url=url) from None
    opener = urllib.request.build_opener(_Redirects)
    try:
        response = opener.open(request, timeout=max(0.05, deadline.check(url)))
    except urllib.error.HTTPError as error:
        try:
            error.close()
        except Exception:
            pass
        asked = "If-None-Match" in headers or "If-Modified-Since" in headers
        if error.code == 304 and asked:
            result.status = 304
            result.remembered = True
            result.title = remembered["title"]
            result.entries = remembered["entries"]
            return result
        raise http_failure(error.code, error.headers, url, str(error.msg or "")) from None
    except Failure:
        raise
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as error:
        if isinstance(error, ValueError) and not isinstance(error, UnicodeError):
            raise Failure(UNKNOWN, f"the address is not valid ({error})", url=url) from None
        raise network_failure(error, url, deadline) from None
    with response:
        result.status = response.status
        result.final_url = response.geturl()
        if (response.headers.get("cf-mitigated") or "").lower() == "challenge":
            raise http_failure(response.status, response.headers, url)
        try:
            body, cut = read_body(response, deadline, url)
        except Failure:
            raise
        except (OSError, http.client.HTTPException) as error:
            raise network_failure(error, url, deadline) from None
        charset = response.headers.get_content_charset()
        etag = response.headers.get("ETag")
        last_modified = response.headers.get("Last-Modified")
    if cut:
        result.warnings.append(f"is larger than {MAX_BODY // (1024 * 1024)} MiB; only the start is read")
    try:
        parsed = parse_feed(body, result.final_url or url, charset, cut)
    except Failure as failure:
        failure.status, failure.url = result.status, url
        raise
    result.title = parsed.title
    result.entries = parsed.entries
    result.warnings += parsed.warnings
    if state is not None and not deadline.left() <= 0:
        value = {
            "url": url, "title": parsed.title, "saved": iso(datetime.now(timezone.utc)),
            "items": [entry.to_state() for entry in parsed.entries],
        }
        if validator(etag, 1023):
            value["etag"] = etag
        if validator(last_modified, 127):
            value["last_modified"] = last_modified
        state.save(url, value)
    return result


def read_file(source, base):
    result = Result(source)
    try:
        if source.is_stdin:
            body = sys.stdin.buffer.read(MAX_BODY + 1)
        else:
            with open(source.location, "rb") as file:
                body = file.read(MAX_BODY + 1)
    except FileNotFoundError:
        raise Failure(NOT_FOUND, "there is no such file") from None
    except OSError as error:
        raise Failure(UNKNOWN, f"it cannot be read ({error.strerror or error})") from None
    cut = len(body) > MAX_BODY
    if cut:
        body = body[:MAX_BODY]
        result.warnings.append(f"is larger than {MAX_BODY // (1024 * 1024)} MiB; only the start is read")
    parsed = parse_feed(body, base, None, cut)
    result.title = parsed.title
    result.entries = parsed.entries
    result.warnings += parsed.warnings
    return result


def fetch_all(sources, seconds, state, base, conditional=True):
    """Every source, at most CONCURRENCY at once, all within `seconds`: a Result
    each, in order (a feed still arriving at the deadline has timed out)."""
    deadline = Deadline(seconds)
    results = [None] * len(sources)
    gate = threading.Semaphore(CONCURRENCY)

    def work(index, source):
        with gate:
            started = time.monotonic()
            try:
                if deadline.left() <= 0:
                    raise Failure(UNAVAILABLE, "the feed did not arrive within --timeout", url=source.location)
                if source.is_url:
                    result = fetch_url(source, deadline, state, conditional)
                else:
                    result = read_file(source, base)
            except Failure as failure:
                result = Result(source)
                result.failure = failure
                result.status = failure.status
            except Exception as error:  # a bug must not hide the other feeds
                result = Result(source)
                result.failure = Failure(UNKNOWN, f"{type(error).__name__}: {error}"[:200])
            result.seconds = time.monotonic() - started
            results[index] = result

    threads = [
        threading.Thread(target=work, args=(index, source), daemon=True)
        for index, source in enumerate(sources)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0, deadline.left()))
    results = list(results)  # a feed that arrives from now on is too late
    for index, source in enumerate(sources):
        if results[index] is None:
            result = Result(source)
            result.failure = Failure(
                UNAVAILABLE, "the feed did not arrive within --timeout", url=source.location
            )
            result.seconds = seconds
            results[index] = result
    return results
