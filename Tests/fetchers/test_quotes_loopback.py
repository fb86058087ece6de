"""The loopback server's own behaviour, which the fetchers' tests rely on."""

import gzip
import http.client
import socket
import threading
import time
import unittest
import urllib.error
import urllib.request

from loopback import InOrder, Response, Server


def get(url, headers=None, timeout=5):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class LoopbackTests(unittest.TestCase):
    def test_routes_queries_hits_and_headers(self):
        routes = {
            "/a": [
                Response.text("one", query={"s": "1"}),
                Response.text("present", query={"t": None}),
                Response.text("post", method="POST"),
                Response.text("other", 404),
            ],
            "/b": lambda request: Response.json({"path": request.path}),
        }
        with Server(routes) as server:
            self.assertTrue(server.url.startswith("http://127.0.0.1:"))
            self.assertEqual(get(server.url + "/a?s=1")[2], b"one")
            self.assertEqual(get(server.url + "/a?t=")[2], b"present")
            self.assertEqual(get(server.url + "/a?s=2")[0], 404)
            post = urllib.request.Request(server.url + "/a", data=b"x=1", method="POST")
            with urllib.request.urlopen(post, timeout=5) as response:
                self.assertEqual(response.read(), b"post")
            self.assertEqual(get(server.url + "/b")[2], b'{"path": "/b"}')
            self.assertEqual(get(server.url + "/missing")[0], 404)
            get(server.url + "/a?s=1", {"User-Agent": "probe/1", "Cookie": "A=1; B=2"})
            self.assertEqual(server.hits("/a"), 5)
            self.assertEqual(server.hits(), 7)
            last = server.requests_for("/a")[-1]
            self.assertEqual(last.headers["user-agent"], "probe/1")
            self.assertEqual(last.cookies, {"A": "1", "B": "2"})
            self.assertEqual(last.query, {"s": ["1"]})
            self.assertIn("probe/1", last.text())
            self.assertEqual(server.requests_for("/a")[3].body, b"x=1")
            server.reset()
            self.assertEqual(server.hits(), 0)

    def test_gzip_cookies_redirect_and_in_order(self):
        routes = {
            "/z": Response.text("squeezed", gzip=True, cookies={"B": "c"}),
            "/r": Response.redirect("{base}/z", 301),
            "/n": InOrder(Response.text("first"), Response.text("then")),
            "/once": InOrder(Response.text("only"), repeat_last=False),
        }
        with Server(routes) as server:
            status, headers, body = get(server.url + "/z")
            self.assertEqual(headers["Content-Encoding"], "gzip")
            self.assertEqual(gzip.decompress(body), b"squeezed")
            self.assertEqual(headers["Set-Cookie"], "B=c; Path=/")
            opener = urllib.request.build_opener(NoRedirect)
            try:
                opener.open(server.url + "/r", timeout=5)
                self.fail("no redirect")
            except urllib.error.HTTPError as error:
                self.assertEqual(error.code, 301)
                self.assertEqual(error.headers["Location"], server.url + "/z")
            self.assertEqual(
                [get(server.url + "/n")[2] for _ in range(3)], [b"first", b"then", b"then"]
            )
            self.assertEqual([get(server.url + "/once")[0] for _ in range(2)], [200, 404])

    def test_truncate_drop_and_streamed_body(self):
        routes = {
            "/t": Response.text("short", truncate=100),
            "/d": Response(drop=True),
            "/s": Response(iter([b"a" * 10, b"b" * 10])),
        }
        with Server(routes) as server:
            with self.assertRaises(http.client.IncompleteRead):
                get(server.url + "/t")
            with self.assertRaises(
                (http.client.RemoteDisconnected, urllib.error.URLError, ConnectionError)
            ):
                get(server.url + "/d")
            status, headers, body = get(server.url + "/s")
            self.assertNotIn("Content-Length", headers)
            self.assertEqual(body, b"a" * 10 + b"b" * 10)

    def test_delay_and_trickle_end_when_the_server_stops(self):
        threads_before = threading.active_count()
        routes = {
            "/slow": Response(b"x" * 100, trickle=(1, 0.2)),
            "/late": Response(b"x", delay=30),
        }
        server = Server(routes).start()
        started = time.monotonic()
        with self.assertRaises((socket.timeout, TimeoutError, urllib.error.URLError)):
            get(server.url + "/late", timeout=0.3)
        connection = socket.create_connection((server.host, server.port))
        connection.sendall(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        self.assertTrue(connection.recv(100).startswith(b"HTTP/1.1 200"))
        server.stop()
        connection.close()
        self.assertLess(time.monotonic() - started, 3)
        self.assertEqual(threading.active_count(), threads_before)
        with self.assertRaises(OSError):
            socket.create_connection((server.host, server.port), timeout=1)


if __name__ == "__main__":
    unittest.main()
