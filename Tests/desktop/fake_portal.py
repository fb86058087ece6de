#!/usr/bin/env python3
"""Fakes of the desktop for DesktopMotionTests, speaking D-Bus's wire protocol
itself (Python's standard library has no D-Bus module).

  fake_portal.py portal ADDRESS VALUE [--no-readone]
      Joins the bus at ADDRESS (unix:path= or unix:abstract=), owns
      org.freedesktop.portal.Desktop and answers Settings.ReadOne and Read of
      org.freedesktop.appearance reduced-motion with VALUE (a UINT32); with
      --no-readone, ReadOne is an UnknownMethod error. A line `set N` on standard
      input makes the value N and emits SettingChanged. Prints `ready` once the name
      is owned, and `called MEMBER` for each question.

  fake_portal.py hostile MODE SOCKET
      Listens on SOCKET as a bus that is not one: `silent` never says a word,
      `garbage` answers AUTH with OK and then random bytes, `huge` answers OK and
      then a message header of a 4 GB body followed by zeros for ever, `noline` sends
      an authentication line that never ends. Prints `ready`, and `hung up` when the
      client closes its end while being sent to.
"""
import os
import select
import socket
import struct
import sys

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
SETTINGS = "org.freedesktop.portal.Settings"


class Writer:
    def __init__(self):
        self.b = b""

    def align(self, n):
        self.b += b"\0" * (-len(self.b) % n)

    def u(self, v):
        self.align(4)
        self.b += struct.pack("<I", v)

    def s(self, v):
        e = v.encode()
        self.u(len(e))
        self.b += e + b"\0"

    def g(self, v):
        e = v.encode()
        self.b += bytes([len(e)]) + e + b"\0"


def message(kind, serial, fields, signature="", body=b""):
    f = Writer()
    if signature:
        fields = fields + [(8, "g", signature)]
    for code, kind_of, value in fields:
        f.align(8)
        f.b += bytes([code])
        f.g(kind_of)
        {"s": f.s, "o": f.s, "g": f.g, "u": f.u}[kind_of](value)
    head = b"l" + bytes([kind, 0, 1]) + struct.pack("<III", len(body), serial, len(f.b))
    whole = head + f.b
    return whole + b"\0" * (-len(whole) % 8) + body


def parse(data):
    """The fields and body of the message `data` starts with, and its length; None
    while it is not all there."""
    if len(data) < 16:
        return None
    body_length, serial, fields_length = struct.unpack("<III", data[4:16])
    total = (16 + fields_length + 7) // 8 * 8 + body_length
    if len(data) < total:
        return None
    fields, offset = {}, 16
    while offset < 16 + fields_length:
        offset += -offset % 8
        code = data[offset]
        sig_len = data[offset + 1]
        kind_of = data[offset + 2 : offset + 2 + sig_len].decode()
        offset += 3 + sig_len
        if kind_of in "so":
            offset += -offset % 4
            (length,) = struct.unpack("<I", data[offset : offset + 4])
            fields[code] = data[offset + 4 : offset + 4 + length].decode()
            offset += 5 + length
        elif kind_of == "g":
            length = data[offset]
            fields[code] = data[offset + 1 : offset + 1 + length].decode()
            offset += 2 + length
        else:
            offset += -offset % 4
            (fields[code],) = struct.unpack("<I", data[offset : offset + 4])
            offset += 4
    body = data[total - body_length : total]
    return data[1], serial, fields, body, total


def strings(body, count):
    found, offset = [], 0
    for _ in range(count):
        offset += -offset % 4
        (length,) = struct.unpack("<I", body[offset : offset + 4])
        found.append(body[offset + 4 : offset + 4 + length].decode())
        offset += 5 + length
    return found


def connect(address):
    for pair in address.split(":", 1)[1].split(","):
        key, value = pair.split("=", 1)
        if key in ("path", "abstract"):
            sock = socket.socket(socket.AF_UNIX)
            sock.connect(value if key == "path" else "\0" + value)
            return sock
    raise SystemExit("no unix address in " + address)


def portal(address, value, no_readone):
    sock = connect(address)
    sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    line = b""
    while not line.endswith(b"\r\n"):
        line += sock.recv(1)
    assert line.startswith(b"OK "), line
    bus = [(1, "o", "/org/freedesktop/DBus"), (2, "s", "org.freedesktop.DBus"),
           (6, "s", "org.freedesktop.DBus")]
    hello = message(1, 1, bus + [(3, "s", "Hello")])
    request = Writer()
    request.s(NAME)
    request.u(4)
    ask = message(1, 2, bus + [(3, "s", "RequestName")], "su", request.b)
    sock.sendall(b"BEGIN\r\n" + hello + ask)
    serial, pending, watched = 10, b"", [sock, sys.stdin]
    while True:
        ready, _, _ = select.select(watched, [], [])
        if sys.stdin in ready:
            line = sys.stdin.readline()
            if not line:
                watched = [sock]
            elif line.startswith("set "):
                value = int(line.split()[1])
                body = Writer()
                body.s("org.freedesktop.appearance")
                body.s("reduced-motion")
                body.g("u")
                body.u(value)
                serial += 1
                sock.sendall(message(4, serial, [(1, "o", PATH), (2, "s", SETTINGS),
                                                 (3, "s", "SettingChanged")], "ssv", body.b))
                print("emitted", value, flush=True)
        if sock in ready:
            chunk = sock.recv(65536)
            if not chunk:
                return
            pending += chunk
            while (parsed := parse(pending)) is not None:
                kind, their_serial, fields, body, total = parsed
                pending = pending[total:]
                if kind == 2 and fields.get(5) == 2:
                    print("ready", flush=True)
                if kind != 1 or fields.get(2) != SETTINGS:
                    continue
                member = fields.get(3)
                print("called", member, flush=True)
                serial += 1
                reply = [(5, "u", their_serial), (6, "s", fields.get(7, ""))]
                answer = Writer()
                if member == "ReadOne" and no_readone:
                    answer.s("no ReadOne here")
                    sock.sendall(message(3, serial, reply + [
                        (4, "s", "org.freedesktop.DBus.Error.UnknownMethod")], "s", answer.b))
                    continue
                if strings(body, 2) != ["org.freedesktop.appearance", "reduced-motion"]:
                    answer.s("no such key")
                    sock.sendall(message(3, serial, reply + [
                        (4, "s", "org.freedesktop.portal.Error.NotFound")], "s", answer.b))
                    continue
                if member == "Read":
                    answer.g("v")
                answer.g("u")
                answer.u(value)
                sock.sendall(message(2, serial, reply, "v", answer.b))


def hostile(mode, path):
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen(8)
    print("ready", flush=True)
    kept = []
    while True:
        client, _ = server.accept()
        kept.append(client)
        if mode == "silent":
            continue
        if mode == "noline":
            payload = b"x" * 4096
        else:
            client.recv(4096)
            client.sendall(b"OK 0123456789abcdef0123456789abcdef\r\n")
            client.recv(4096)
            if mode == "garbage":
                payload = os.urandom(4096)
            else:
                client.sendall(b"l\x02\x00\x01" + struct.pack("<III", 0xFFFFFFF0, 1, 0))
                payload = b"\0" * 65536
        try:
            for _ in range(100000):
                client.sendall(payload if mode != "garbage" else os.urandom(4096))
        except OSError:
            print("hung up", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "portal":
        portal(sys.argv[2], int(sys.argv[3]), "--no-readone" in sys.argv)
    else:
        hostile(sys.argv[2], sys.argv[3])
