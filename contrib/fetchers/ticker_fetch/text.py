"""The rule for text from outside, in both fetchers.

Text from outside (bodies, headers, status lines, URLs, exception texts that quote a
server, feeds, the state folder) is printed, logged and kept only as plain text: a
server's escape sequences (an OSC title, a clear screen, a C1 CSI) and bidi overrides
never reach the terminal. Every message goes through plain() on its way out; every
headline, name and server's word through clean().
"""

import re
import urllib.parse

CONTROLS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff]"
)


def plain(text):
    """`text` on one line with no control character: C0 and C1 controls (ESC, and so
    every escape sequence, BEL, CSI), DEL, bidi embeddings, overrides and isolates,
    and non-characters become spaces; runs of white space (line breaks too) one."""
    return " ".join(CONTROLS.sub(" ", text).split())


def clean(text, limit):
    """Plain one-line text: controls and bidi overrides out, white space folded,
    at most `limit` characters (cut with an ellipsis)."""
    text = plain(text)
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


URL_SPACE = re.compile(r"[\s\x00-\x1f\x7f-\x9f]")


def url_problem(url):
    """Why `url` cannot be asked, in words: spaces or control characters, what
    urllib.parse refuses (a port out of range or that is no number, a broken IPv6
    literal), not http or https, no host, port 0. None when it can be asked."""
    if URL_SPACE.search(url):
        return "it holds spaces or control characters"
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as error:  # "Port out of range 0-65535", "Invalid IPv6 URL"
        return clean(str(error), 60)
    if parts.scheme not in ("http", "https"):
        return f"not http or https ({clean(parts.scheme or 'no scheme', 20)})"
    if not parts.hostname:
        return "no host"
    if port == 0:
        return "port 0"
    return None
