"""loopback: a small threaded HTTP server on 127.0.0.1 that serves recorded responses.

The fetchers' tests (test_quotes*.py, test_feeds*.py) point a fetcher at it instead of
the real service, so nothing leaves the machine. Standard library only.

    from loopback import Server, Response, InOrder

    routes = {
        # path -> what to answer: a Response, a list of Responses (the first whose
        # `query`/`method` matcher fits the request), an InOrder (one after another,
        # hit by hit), or a callable(request) -> Response | None.
        "/v7/finance/quote": Response.json({"quoteResponse": {"result": []}}),
        "/q/l/": [
            Response(b"...", query={"s": "aapl.us"}),        # only for ?s=aapl.us
            Response(b"...", query=lambda q: "e" in q),      # any callable of the query
            Response(status=404),                            # everything else
        ],
        "/slow": Response(b"x" * 1000, trickle=(10, 0.5)),   # 10 bytes every half second
        "/drip": Response(b"...", drip=("status", 0.5)),     # the status line a byte at a time
        "/gone": Response.redirect("/elsewhere", status=301),
        "/loop": Response.redirect("{base}/loop"),           # {base} is the server's URL
    }
    with Server(routes) as server:
        url = server.url                      # "http://127.0.0.1:PORT", PORT ephemeral
        ...                                   # run the fetcher against url
        server.hits("/q/l/")                  # how many requests asked for that path
        server.requests                       # every request, in order (see Request)
        server.requests_for("/q/l/")[0].headers["user-agent"]
        server.routes["/q/l/"] = Response(...)  # change an answer between runs
        server.reset()                        # forget the hits and requests so far

Server(routes=None, default=None)
    Listens on 127.0.0.1 on an ephemeral port as soon as it is made; serves from
    `with` (or start()) until the block ends (or stop()). A path that is not in the
    table gets `default` (a 404 with a short text body unless given). `routes` stays a
    plain dict at `server.routes`: tests may add or replace entries at any time.
    stop() shuts every open connection (a trickle or delay in progress ends at once),
    then joins the serving thread and every handler thread: no thread or socket of
    the server outlives the `with` block. Errors while answering (a client that hung
    up) are kept in `server.errors`, never printed.

Response(body=b"", status=200, headers=None, *, content_type=None, query=None,
         method=None, gzip=False, delay=0, trickle=None, truncate=0, cookies=None,
         drop=False, drip=None, status_line=None)
    body          bytes, str (UTF-8), or an iterable of bytes chunks, sent as they come
                  and without Content-Length (the end is the connection's close), for
                  endless or huge bodies.
    status        the HTTP status; the reason phrase is the standard one.
    headers       a dict or a list of (name, value) pairs, sent as given; "{base}" in a
                  value becomes the server's URL. Content-Length is added unless given.
    content_type  shorthand for the Content-Type header.
    query         a dict {name: value} that the request's query must hold (value None:
                  present with any value), or a callable(query) -> bool, where query is
                  {name: [values]} as urllib.parse.parse_qs gives (blank values kept).
    method        "GET", "POST", ...: only requests with that method match.
    gzip          gzip the body and say so (Content-Encoding: gzip), whatever the
                  request's Accept-Encoding.
    delay         seconds to wait before sending the status line.
    trickle       (size, interval): send the body `size` bytes at a time, waiting
                  `interval` seconds between pieces (Content-Length is the whole body).
    truncate      send a Content-Length this many bytes larger than the body, send the
                  body, then close the connection.
    cookies       Set-Cookie headers: a dict {name: value} (each sent as
                  "name=value; Path=/") or a list of whole header values.
    drop          close the connection without answering at all.
    drip          (part, interval): send the head slowly, one byte every `interval`
                  seconds: part "status" drips the status line (the headers and body
                  then come at once), "headers" sends the status line at once and
                  drips the header lines (and the blank line after them). Every recv
                  of the client then succeeds, so only a deadline over the whole
                  answer ends it; for a slow body, use trickle.
    status_line   bytes sent as the status line instead of "HTTP/1.1 STATUS PHRASE\r\n"
                  (its line break too): a hostile version or reason phrase.
    Response.json(value, status=200, **options), Response.text(str, ...), and
    Response.redirect(location, status=302, **options) are shorthands.

InOrder(response, response, ..., repeat_last=True)
    Answers the first hit with the first response, the second with the second, and so
    on; after the last, repeats the last (or, with repeat_last=False, falls through to
    the server's default).

Request (what server.requests holds), attributes:
    method, target (the request line's path and query as sent), path, query
    ({name: [values]}), headers (a case-insensitive email.message.Message:
    headers["User-Agent"], headers.get_all("Cookie")), body (bytes), cookies ({name:
    value} from the Cookie headers), time (time.monotonic() when it arrived).
    request.text() is everything the client sent (request line, headers, body) as
    text, for checking that a secret never appears.
"""

import gzip as gzip_module
import http.server
import json as json_module
import socket
import socketserver
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.cookies import SimpleCookie

__all__ = ["Server", "Response", "InOrder", "Request"]


class Response:
    """One recorded answer; see the module's docstring for each option."""

    def __init__(
        self,
        body=b"",
        status=200,
        headers=None,
        *,
        content_type=None,
        query=None,
        method=None,
        gzip=False,
        delay=0.0,
        trickle=None,
        truncate=0,
        cookies=None,
        drop=False,
        drip=None,
        status_line=None,
    ):
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.body = body
        self.status = int(status)
        if isinstance(headers, dict):
            headers = list(headers.items())
        self.headers = list(headers or [])
        if content_type is not None:
            self.headers.append(("Content-Type", content_type))
        if isinstance(cookies, dict):
            cookies = [f"{name}={value}; Path=/" for name, value in cookies.items()]
        for cookie in cookies or []:
            self.headers.append(("Set-Cookie", cookie))
        self.query = query
        self.method = method.upper() if method else None
        self.gzip = gzip
        self.delay = float(delay)
        self.trickle = trickle
        self.truncate = int(truncate)
        self.drop = drop
        if drip is not None and drip[0] not in ("status", "headers"):
            raise ValueError(f"drip: 'status' or 'headers', not {drip[0]!r}")
        self.drip = drip
        self.status_line = status_line

    @classmethod
    def json(cls, value, status=200, **options):
        text = value if isinstance(value, (str, bytes)) else json_module.dumps(value)
        options.setdefault("content_type", "application/json;charset=utf-8")
        return cls(text, status, **options)

    @classmethod
    def text(cls, text, status=200, **options):
        options.setdefault("content_type", "text/plain; charset=utf-8")
        return cls(text, status, **options)

    @classmethod
    def redirect(cls, location, status=302, **options):
        headers = list(options.pop("headers", None) or [])
        headers.append(("Location", location))
        return cls(b"", status, headers, **options)

    def matches(self, request):
        if self.method and request.method != self.method:
            return False
        if self.query is None:
            return True
        if callable(self.query):
            return bool(self.query(request.query))
        for name, value in self.query.items():
            values = request.query.get(name)
            if values is None or (value is not None and str(value) not in values):
                return False
        return True

    def __call__(self, request):
        return self if self.matches(request) else None


class InOrder:
    """Successive responses for successive hits of one route."""

    def __init__(self, *responses, repeat_last=True):
        self.responses = list(responses)
        self.repeat_last = repeat_last
        self.count = 0
        self._lock = threading.Lock()

    def __call__(self, request):
        with self._lock:
            index = self.count
            self.count += 1
        if index >= len(self.responses):
            if not self.repeat_last or not self.responses:
                return None
            index = len(self.responses) - 1
        return resolve(self.responses[index], request)


def resolve(answer, request):
    """The Response a route's entry gives for `request`, or None."""
    if answer is None:
        return None
    if isinstance(answer, (list, tuple)):
        for candidate in answer:
            found = resolve(candidate, request)
            if found is not None:
                return found
        return None
    found = answer(request)
    if found is None or isinstance(found, Response):
        return found
    return resolve(found, request)


class Request:
    """One request the server received."""

    def __init__(self, method, target, headers, body):
        self.method = method
        self.target = target
        parts = urllib.parse.urlsplit(target)
        self.path = parts.path
        self.query = urllib.parse.parse_qs(parts.query, keep_blank_values=True)
        self.headers = headers
        self.body = body
        self.time = time.monotonic()
        self.cookies = {}
        for value in headers.get_all("Cookie") or []:
            jar = SimpleCookie()
            try:
                jar.load(value)
            except Exception:  # a malformed Cookie header is recorded, not parsed
                continue
            self.cookies.update({name: morsel.value for name, morsel in jar.items()})

    def text(self):
        head = "".join(f"{name}: {value}\n" for name, value in self.headers.items())
        body = self.body.decode("utf-8", errors="replace")
        return f"{self.method} {self.target}\n{head}\n{body}"

    def __repr__(self):
        return f"<Request {self.method} {self.target}>"


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 30  # a client that connects and says nothing cannot hold a thread forever

    def setup(self):
        super().setup()
        self.server.owner._opened(self.connection)

    def finish(self):
        try:
            super().finish()
        finally:
            self.server.owner._closed(self.connection)

    def log_message(self, format, *args):  # quiet: tests read server.requests instead
        pass

    def _serve(self):
        owner = self.server.owner
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(min(length, 16 << 20)) if length > 0 else b""
        request = Request(self.command, self.path, self.headers, body)
        owner._record(request)
        answer = resolve(owner.routes.get(request.path), request)
        if answer is None:
            answer = owner.default
        self.close_connection = True
        if answer.drop:
            return
        if answer.delay and owner._stopping.wait(answer.delay):
            return
        self._send(answer, owner)

    do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = _serve

    def _send(self, answer, owner):
        body = answer.body
        streamed = not isinstance(body, (bytes, bytearray))
        if answer.gzip:
            if streamed:
                body = b"".join(body)
                streamed = False
            body = gzip_module.compress(body)
        try:
            phrase = HTTPStatus(answer.status).phrase
        except ValueError:
            phrase = "Status"
        status_line = answer.status_line or f"HTTP/1.1 {answer.status} {phrase}\r\n".encode(
            "latin-1"
        )
        head = []
        names = set()
        for name, value in answer.headers:
            names.add(name.lower())
            value = str(value).replace("{base}", owner.url)
            head.append(f"{name}: {value}\r\n".encode("latin-1"))
        if answer.gzip and "content-encoding" not in names:
            head.append(b"Content-Encoding: gzip\r\n")
        if not streamed and "content-length" not in names:
            declared = len(body) + max(answer.truncate, 0)
            head.append(f"Content-Length: {declared}\r\n".encode("latin-1"))
        head.append(b"Connection: close\r\n\r\n")
        head = b"".join(head)
        part, interval = answer.drip or (None, 0)
        if not self._drip(status_line if part == "status" else b"", interval, owner):
            return
        if part != "status":
            self.wfile.write(status_line)
        if not self._drip(head if part == "headers" else b"", interval, owner):
            return
        if part != "headers":
            self.wfile.write(head)
        if self.command == "HEAD":
            return
        chunks = body if streamed else [body]
        for chunk in chunks:
            if answer.trickle:
                size, interval = answer.trickle
                for start in range(0, len(chunk), max(int(size), 1)):
                    if start and owner._stopping.wait(interval):
                        return
                    self.wfile.write(chunk[start : start + max(int(size), 1)])
                    self.wfile.flush()
            else:
                self.wfile.write(chunk)
            if owner._stopping.is_set():
                return

    def _drip(self, data, interval, owner):
        """Writes `data` a byte every `interval` seconds; False when the server stops
        meanwhile (the rest is then never sent)."""
        for index in range(len(data)):
            if index and owner._stopping.wait(interval):
                return False
            self.wfile.write(data[index : index + 1])
            self.wfile.flush()
        return True


class _HTTPServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = False  # tracked, so that server_close() joins every handler
    block_on_close = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        import sys

        self.owner.errors.append(sys.exc_info()[1])


class Server:
    """A loopback HTTP server serving `routes`; see the module's docstring."""

    host = "127.0.0.1"

    def __init__(self, routes=None, default=None):
        self.routes = dict(routes or {})
        self.default = default or Response.text("not found\n", 404)
        self.requests = []
        self.errors = []
        self._lock = threading.Lock()
        self._connections = set()
        self._stopping = threading.Event()
        self._httpd = _HTTPServer((self.host, 0), _Handler)
        self._httpd.owner = self
        self.port = self._httpd.server_address[1]
        self.url = f"http://{self.host}:{self.port}"
        self._thread = None

    # Lifecycle

    def start(self):
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
            )
            self._thread.start()
        return self

    def stop(self):
        self._stopping.set()
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._httpd.server_close()  # joins the handler threads
        self._thread = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False

    # What happened

    def hits(self, path=None):
        """How many requests asked for `path` (every request when None)."""
        with self._lock:
            return sum(1 for r in self.requests if path is None or r.path == path)

    def requests_for(self, path):
        with self._lock:
            return [r for r in self.requests if r.path == path]

    def reset(self):
        with self._lock:
            self.requests.clear()
            self.errors.clear()

    # For the handler

    def _record(self, request):
        with self._lock:
            self.requests.append(request)

    def _opened(self, connection):
        with self._lock:
            self._connections.add(connection)

    def _closed(self, connection):
        with self._lock:
            self._connections.discard(connection)
