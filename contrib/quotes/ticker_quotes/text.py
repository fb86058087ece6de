"""Text from outside as plain text: plain() and clean() are ticker_fetch.text's (one
copy for both fetchers); short() is ticker-quotes' way of cutting a server's words.
"""

from ticker_fetch.text import clean


# Text from outside (bodies, headers, status lines, URLs, exception texts that quote a
# server, the state file) is printed, logged and kept only as plain text: a server's
# escape sequences (an OSC title, a clear screen, a C1 CSI) and bidi overrides never
# reach the terminal. The rule (CONTROLS, plain(), clean()) is ticker_fetch.text's,
# the one copy ticker-feeds uses too. Every message goes through plain() on its way
# out, and every text of a server is cut with short() where it is taken in.


def short(text, limit=80):
    """`text` (anything: an exception, a server's words) as plain one-line text cut to
    `limit` characters, for messages and the state file."""
    return clean(str(text), limit)
