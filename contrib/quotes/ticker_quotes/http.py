"""HTTP for the sources: http.client with every read bounded by the run's deadline
and by MAX_BODY, redirects only where a source expects them, proxies honoured,
secrets masked (redact); examine() names a refusal's failure class; retry_after().
"""

import email.utils
import functools
import http.client
import io
import os
import re
import socket
import ssl
import threading
import time
import urllib.parse
import urllib.request
import zlib

from ticker_fetch.text import url_problem
from .core import (
    BLOCKED, BROWSER_USER_AGENT, Failure, MALFORMED, MAX_BODY, MAX_COOKIE, MAX_COOKIES,
    MAX_REDIRECTS, MAX_REQUESTS, NEEDS_KEY, NOT_ASKED, RATE_LIMITED, UNAVAILABLE,
    USER_AGENT,
)
from .numeric import load_json
from .text import short


# HTTP
#
# http.client, not urllib: no redirect is followed that the source did not expect
# (never to a consent host, never off the source's hosts), every read is bounded by
# the run's deadline and by MAX_BODY (also once unpacked), and DNS is asked in a
# thread so that it too is bounded. The deadline bounds each recv of the answer
# (DeadlineReader), not only each read of its body: http.client's socket timeout is
# per recv, so a status line, headers or chunk sizes dripped a byte at a time would
# otherwise outlast --timeout by any length. Proxies from https_proxy / http_proxy /
# no_proxy are honoured.

CONSENT_HOSTS = ("guce.yahoo.com", "consent.yahoo.com")
LOOPBACK = ("127.0.0.1", "::1", "localhost")
SECRETS = []  # keys and session values: masked wherever text leaves the program


def redact(text):
    text = str(text)
    for secret in SECRETS:
        if secret:
            text = text.replace(secret, "****")
    return re.sub(r"((?:apikey|token|crumb|api_key)=)[^&\s]+", r"\1****", text, flags=re.I)


class Reply:
    def __init__(self, url, status, headers, body, elapsed):
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.elapsed = elapsed
        self.cookies = {}

    def text(self):
        return self.body.decode("utf-8", errors="replace")

    def header(self, name):
        return self.headers.get(name) if self.headers is not None else None


def browser_agent():
    """The User-Agent for the sources that refuse programs, and why
    $TICKER_QUOTES_USER_AGENT is not used when it is set and is not (None when it is,
    or is not set): it must be one line of printable ASCII, at most 512 characters."""
    given = os.environ.get("TICKER_QUOTES_USER_AGENT", "").strip()
    if not given:
        return BROWSER_USER_AGENT, None
    if len(given) > 512 or not re.fullmatch(r"[ -~]+", given):
        return BROWSER_USER_AGENT, (
            "TICKER_QUOTES_USER_AGENT is not used: it is not one line of printable ASCII "
            "of at most 512 characters; sending a current Chrome's"
        )
    return given, None


def now():
    """The time of day for back-offs and market states (TICKER_QUOTES_NOW in tests,
    used only when it is a plain time between 1970 and 5138)."""
    fixed = os.environ.get("TICKER_QUOTES_NOW")
    if fixed:
        try:
            moment = float(fixed)
        except ValueError:
            moment = None
        if moment is not None and 0 <= moment < 1e11:
            return moment
    return time.time()


def resolve(host, port, deadline):
    """getaddrinfo in a thread, so that a resolver without network cannot outlast the run."""
    try:  # a numeric address needs no resolver
        return socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM, 0, socket.AI_NUMERICHOST)
    except socket.gaierror:
        pass
    answer = []

    def ask():
        try:
            answer.append(socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM))
        except OSError as error:
            answer.append(error)

    worker = threading.Thread(target=ask, daemon=True)
    worker.start()
    worker.join(max(deadline - time.monotonic(), 0))
    if not answer:
        raise Failure(UNAVAILABLE, f"no answer from DNS for {host} (no network?)")
    if isinstance(answer[0], OSError):
        raise Failure(UNAVAILABLE, f"cannot resolve {host} (no network?)")
    return answer[0]


def bounded_connect(deadline):
    def connect(address, timeout=None, source_address=None):
        host, port = address
        last = None
        for family, kind, proto, _, sockaddr in resolve(host, port, deadline):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            sock = socket.socket(family, kind, proto)
            try:
                sock.settimeout(remaining)
                sock.connect(sockaddr)
                sock.settimeout(max(deadline - time.monotonic(), 0.001))
                return sock
            except OSError as error:
                sock.close()
                last = error
        raise last or socket.timeout("timed out")

    return connect


class DeadlineReader(io.RawIOBase):
    """A connection's socket (plain or TLS) read against one deadline: each recv
    waits at most the time left, and none starts once it is up (socket.timeout), so
    that however slowly a server sends, its answer ends by `deadline`. It reads
    through a file of the socket's own (makefile), which keeps the socket open
    until the response is done, as http.client's file would."""

    def __init__(self, sock, deadline):
        super().__init__()
        self.sock = sock
        self.deadline = deadline
        self.file = sock.makefile("rb", buffering=0)

    def readable(self):
        return True

    def readinto(self, buffer):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout("timed out")
        self.sock.settimeout(left)
        return self.file.readinto(buffer)

    def close(self):
        if not self.closed:
            self.file.close()
        super().close()


class BoundedResponse(http.client.HTTPResponse):
    """An HTTPResponse whose every read (status line, headers, chunk sizes, body)
    goes through a DeadlineReader: the whole answer, not each recv, is bounded."""

    def __init__(self, sock, *args, deadline, **kwargs):
        super().__init__(sock, *args, **kwargs)
        reader = io.BufferedReader(DeadlineReader(sock, deadline))
        self.fp.close()  # http.client's own file, unread: ours reads in its place
        self.fp = reader


class Http:
    """Requests for one source in one run, all within `deadline` (time.monotonic())."""

    def __init__(self, source, deadline, log):
        self.source = source
        self.deadline = deadline
        self.log = log
        self.requests = 0

    def get(self, url, headers=None, data=None, cookies=None, max_redirects=MAX_REDIRECTS):
        seen = set()
        jar = dict(cookies or {})
        for _ in range(max_redirects + 1):
            if url in seen:
                raise Failure(UNAVAILABLE, "it redirects in a loop")
            seen.add(url)
            reply = self.once(url, headers, data, jar)
            jar.update(reply.cookies)
            reply.cookies = jar
            location = reply.header("Location")
            if reply.status not in (301, 302, 303, 307, 308) or not location:
                return reply
            try:
                target = urllib.parse.urljoin(url, location.strip())
                host = (urllib.parse.urlsplit(target).hostname or "").lower()
            except ValueError as error:  # a broken IPv6 literal, a port that is no number
                raise Failure(
                    UNAVAILABLE,
                    f"it redirects to an address that is not one ({short(error, 60)})",
                    reply.status,
                ) from None
            if host in CONSENT_HOSTS or (host.endswith(".yahoo.com") and "consent" in target):
                raise Failure(
                    BLOCKED, f"it sends programs to a consent page ({host})", reply.status
                )
            if not self.source.allows(target):
                raise Failure(
                    UNAVAILABLE,
                    f"it redirects to {short(host or target, 40)}, which is not one of its hosts",
                    reply.status,
                )
            if reply.status == 303:
                data = None
            url = target
        raise Failure(UNAVAILABLE, f"more than {max_redirects} redirects (a redirect loop)")

    def once(self, url, headers, data, jar):
        if self.requests >= MAX_REQUESTS * 3:
            raise Failure(NOT_ASKED, f"at most {MAX_REQUESTS * 3} requests to one source a run")
        self.requests += 1
        problem = url_problem(url)
        if problem:
            raise Failure(
                UNAVAILABLE, f"not an address to ask ({problem}): {short(redact(url), 60)}"
            )
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname
        loopback_only = os.environ.get("TICKER_QUOTES_LOOPBACK_ONLY") == "1"
        if loopback_only and host not in LOOPBACK:
            raise Failure(
                UNAVAILABLE, f"not asked: {host} is not loopback (TICKER_QUOTES_LOOPBACK_ONLY)"
            )
        port = parts.port or (443 if parts.scheme == "https" else 80)
        target = parts.path or "/"
        if parts.query:
            target += "?" + parts.query
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise Failure(UNAVAILABLE, "out of time (--timeout) before it was asked")
        proxy = None
        if host not in LOOPBACK and not loopback_only and not urllib.request.proxy_bypass(host):
            proxy = urllib.request.getproxies().get(parts.scheme)
        started = time.monotonic()
        method = "POST" if data is not None else "GET"
        conn = None
        try:
            if proxy:
                p = urllib.parse.urlsplit(proxy if "//" in proxy else "http://" + proxy)
                if parts.scheme == "https":
                    conn = http.client.HTTPSConnection(
                        p.hostname, p.port or 8080, timeout=remaining
                    )
                    conn.set_tunnel(host, port)
                else:
                    conn = http.client.HTTPConnection(p.hostname, p.port or 8080, timeout=remaining)
                    target = url
            elif parts.scheme == "https":
                conn = http.client.HTTPSConnection(host, port, timeout=remaining)
            else:
                conn = http.client.HTTPConnection(host, port, timeout=remaining)
            conn._create_connection = bounded_connect(self.deadline)
            conn.response_class = functools.partial(BoundedResponse, deadline=self.deadline)
            conn.putrequest(method, target, skip_accept_encoding=True)
            agent = browser_agent()[0] if self.source.browser else USER_AGENT
            sent = {"User-Agent": agent, "Accept": "*/*", "Accept-Encoding": "gzip"}
            sent.update(headers or {})
            if jar:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
            for name, value in sent.items():
                conn.putheader(name, value)
            body = urllib.parse.urlencode(data).encode() if data is not None else None
            if body is not None:
                conn.putheader("Content-Type", "application/x-www-form-urlencoded")
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            response = conn.getresponse()
            raw = self.read(response)
            reply = Reply(url, response.status, response.headers, b"", time.monotonic() - started)
            reply.body = self.unpack(raw, response.headers.get("Content-Encoding"))
            for cookie in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = cookie.partition("=")
                name, value = name.strip(), rest.split(";")[0].strip()
                if cookie_fits(name, value) and len(reply.cookies) < MAX_COOKIES:
                    reply.cookies[name] = value
        except Failure as failure:
            self.note(method, url, failure.detail, started)
            raise
        except ssl.SSLCertVerificationError:
            self.note(method, url, "certificate", started)
            raise Failure(UNAVAILABLE, f"the certificate of {host} is not trusted") from None
        except (socket.timeout, TimeoutError):
            self.note(method, url, "timeout", started)
            raise Failure(UNAVAILABLE, f"no answer within --timeout from {host}") from None
        except ConnectionRefusedError:
            self.note(method, url, "refused", started)
            raise Failure(UNAVAILABLE, f"{host} refused the connection") from None
        except http.client.IncompleteRead as error:
            self.note(method, url, "cut off", started)
            raise Failure(
                UNAVAILABLE, f"the answer was cut off ({len(error.partial)} bytes of more)"
            ) from None
        except (http.client.HTTPException, OSError) as error:
            self.note(method, url, type(error).__name__, started)
            what = str(error) or type(error).__name__
            raise Failure(UNAVAILABLE, f"{host}: {short(what, 60)}") from None
        finally:
            if conn is not None:
                conn.close()
        self.note(method, url, f"HTTP {reply.status}, {len(reply.body)} bytes", started)
        return reply

    @staticmethod
    def read(response):
        """The body as sent, at most MAX_BODY bytes; each read is bounded by the
        deadline through the response's DeadlineReader."""
        chunks = []
        size = 0
        while True:
            chunk = response.read1(65536)
            if not chunk:
                if response.length:  # the connection ended before Content-Length did
                    raise Failure(
                        UNAVAILABLE,
                        f"the answer was cut off ({size} bytes of " f"{size + response.length})",
                    )
                return b"".join(chunks)
            size += len(chunk)
            if size > MAX_BODY:
                raise Failure(MALFORMED, f"the answer is longer than {MAX_BODY >> 20} MiB")
            chunks.append(chunk)

    @staticmethod
    def unpack(raw, encoding):
        encoding = (encoding or "identity").strip().lower()
        if encoding in ("identity", ""):
            return raw
        if encoding not in ("gzip", "x-gzip"):
            raise Failure(MALFORMED, f"the answer is packed as {short(encoding, 20)}")
        unpacker = zlib.decompressobj(wbits=31)
        try:
            body = unpacker.decompress(raw, MAX_BODY + 1)
        except zlib.error:
            raise Failure(MALFORMED, "the gzip answer is damaged") from None
        if len(body) > MAX_BODY or unpacker.unconsumed_tail:
            raise Failure(MALFORMED, f"the answer is longer than {MAX_BODY >> 20} MiB unpacked")
        return body

    def note(self, method, url, what, started):
        self.log(
            f"{self.source.name}: {method} {redact(url)} -> {what} ({time.monotonic() - started:.2f} s)"
        )


CHALLENGES = [
    (
        re.compile(
            r"requires JavaScript to verify your browser|/__verify|crypto\.subtle\.digest", re.I
        ),
        'a browser check (a JavaScript puzzle: "This site requires JavaScript to verify your browser")',
    ),
    (re.compile(r"guce\.yahoo\.com|consent\.yahoo\.com|collectConsent", re.I), "a consent page"),
    (re.compile(r"captcha", re.I), "a captcha"),
    (
        re.compile(r"cf-browser-verification|challenge-platform|<title>Just a moment", re.I),
        "a browser check (Cloudflare)",
    ),
    (re.compile(r"<title>\s*Access Denied", re.I), 'an "Access Denied" page'),
]


def looks_like_html(text):
    head = text[:2048].lstrip().lower()
    return head.startswith("<!doctype html") or head.startswith("<html") or "<html" in head


def challenge(text):
    """What kind of page for browsers `text` is (a puzzle, captcha, consent), or None."""
    if not looks_like_html(text):
        return None
    head = text[:16384]
    for pattern, what in CHALLENGES:
        if pattern.search(head):
            return what
    return None


def retry_after(value):
    """Seconds a Retry-After header asks to wait (a number of seconds, or a date), or
    None. Only ASCII digits are a number: str.isdigit() takes "²", which int() refuses."""
    if not value:
        return None
    value = value.strip()
    if re.fullmatch(r"[0-9]{1,8}", value):
        return int(value)
    try:
        moment = email.utils.parsedate_to_datetime(value)
        return max(int(moment.timestamp() - time.time()), 0)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


# Yahoo's edge refuses with this text, with HTTP 429 (and might without): a refusal
# for asking too much, whatever the step or status.
EDGE = re.compile(r"\s*Edge:\s*Too Many Requests\b", re.I)


def examine(source, reply, message=None, not_found=None):
    """The failure a reply shows by its status or page, or None when it may hold data.

    `message` reads the source's own error text from the body; `not_found` is the
    Failure a 404 means for this request (None: the API has moved)."""
    text = reply.text()
    page = challenge(text)
    if page:
        raise Failure(BLOCKED, f"it answered {page} instead of quotes", reply.status)
    said = None
    if message is not None and reply.status != 200:
        try:
            said = message(text)
        except Exception:  # no message of its own: the status says enough
            said = None
    own = f": {short(said, 100)}" if said else ""
    status = reply.status
    edge = EDGE.match(text[:256])
    if status == 429 or edge:
        own = ": Edge: Too Many Requests" if edge else own
        wait = retry_after(reply.header("Retry-After"))
        hint = f", retry after {wait} s" if wait is not None else ""
        raise Failure(RATE_LIMITED, f"HTTP {status} (too many requests{hint}){own}", status, wait)
    if status in (401, 403):
        if source.key_env:
            raise Failure(NEEDS_KEY, f"HTTP {status}, it refused the key{own}", status)
        raise Failure(BLOCKED, f"HTTP {status}, it refuses programs{own}", status)
    if status == 404:
        if not_found is not None:
            raise not_found
        raise Failure(UNAVAILABLE, f"HTTP 404: its API is not where it was{own}", status)
    if status >= 500:
        raise Failure(UNAVAILABLE, f"HTTP {status} (the service is down){own}", status)
    if status != 200:
        raise Failure(UNAVAILABLE, f"HTTP {status}{own}", status)
    return text


def json_body(text, what="JSON"):
    if looks_like_html(text):
        raise Failure(MALFORMED, f"it answered an HTML page, not {what}")
    return load_json(text)


# What a session's cookies and crumb may be: Http keeps only cookies that fit, and the
# state file and Yahoo check theirs with the same rule.
COOKIE_NAME = re.compile(r"[!#-+\-.0-:<>-~]{1,256}")  # a token: no = ; , or spaces
COOKIE_VALUE = re.compile(r"[ -:<-~]*")  # printable ASCII without a semicolon


def cookie_fits(name, value):
    """Whether a cookie may be sent back and kept: a plain name and a value of
    printable ASCII (no control character, none of a server's escape sequences)."""
    return (
        isinstance(name, str)
        and isinstance(value, str)
        and COOKIE_NAME.fullmatch(name) is not None
        and len(value) <= MAX_COOKIE
        and COOKIE_VALUE.fullmatch(value) is not None
    )


def crumb_fits(crumb):
    """Whether `crumb` is one (Yahoo's are 11 printable characters; never markup)."""
    return (
        isinstance(crumb, str)
        and re.fullmatch(r"[!-~]{1,64}", crumb) is not None
        and "<" not in crumb
    )
