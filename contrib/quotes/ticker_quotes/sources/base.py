"""What every source is: Source (its name, classes, hosts, override URL, fetch and
parse), Ask (one source asked in one run), each() and override_problem().
"""

import os
import re
import urllib.parse
import urllib.request

from ticker_fetch.text import url_problem
from ..core import Failure, MALFORMED, MAX_REQUESTS, NOT_ASKED, UNKNOWN
from ..text import short


# The sources


class Ask:
    """One source asked for some instruments: its HTTP, key and state."""

    def __init__(self, source, http, key, state, checking=False):
        self.source = source
        self.http = http
        self.key = key
        self.state = state
        self.checking = checking  # --check: ask whatever a back-off says


class Source:
    name = ""
    summary = ""  # for --help and --check
    classes = ()
    key_env = None
    hosts = {}  # role -> the real scheme://host
    batch = 1
    browser = False  # whether it refuses programs: sent a browser's User-Agent

    @property
    def url_variable(self):
        """The environment variable that replaces the source's scheme, host and port."""
        return f"TICKER_QUOTES_{self.name.upper()}_URL"

    def override(self):
        """$TICKER_QUOTES_<NAME>_URL, or None when unset or empty (checked at the start
        by override_problem(), so that a bad one is a bad command line, exit 2)."""
        return os.environ.get(self.url_variable) or None

    def base(self, role="api"):
        override = self.override()
        if override:
            return override.rstrip("/")
        return self.hosts[role]

    def allows(self, url):
        """Whether a redirect to `url` stays on this source's hosts (or its override)."""
        parts = urllib.parse.urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}".lower()
        override = self.override()
        if override:
            o = urllib.parse.urlsplit(override)
            return origin == f"{o.scheme}://{o.netloc}".lower()
        return parts.scheme == "https" and origin in (h.lower() for h in self.hosts.values())

    def covers(self, instrument):
        return instrument.kind in self.classes and self.code(instrument) is not None

    def code(self, instrument):
        raise NotImplementedError

    def fetch(self, ask, instruments):
        """{instrument.key: Quote or Failure}; raises Failure when the whole source fails."""
        raise NotImplementedError

    def parse(self, text, instruments):
        """The same from one saved answer (--offline)."""
        raise NotImplementedError

    def one_by_one(self, instruments, ask_one, cap=MAX_REQUESTS):
        """For APIs of one symbol a request: ask_one(instrument) for each, at most `cap`.
        A Failure about the symbol (unknown, malformed, or marked symbol_only) stays
        with it; one about the source ends the loop, keeping what came before."""
        results = {}
        for count, i in enumerate(instruments):
            if count >= cap:
                results[i.key] = Failure(NOT_ASKED, f"at most {cap} requests to {self.name} a run")
                continue
            try:
                results[i.key] = ask_one(i)
            except Failure as failure:
                if failure.kind in (UNKNOWN, MALFORMED, NOT_ASKED) or getattr(
                    failure, "symbol_only", False
                ):
                    results[i.key] = failure
                else:
                    failure.partial = results
                    raise
        return results


def override_problem(source):
    """What is wrong with the source's $TICKER_QUOTES_<NAME>_URL, as one line naming
    the variable; None when it is unset or usable. It must be an http or https
    address that can be asked, with a scheme and host (a port and a path may follow)
    but no user, query or fragment, which the API's paths could not follow."""
    value = source.override()
    if value is None:
        return None
    problem = url_problem(value)
    if problem is None:
        parts = urllib.parse.urlsplit(value)
        if parts.username is not None:
            problem = "a user name is not used"
        elif parts.query or parts.fragment or value.endswith(("?", "#")):
            problem = "a query or fragment cannot be followed by the API's paths"
    if problem is None:
        return None
    shown = re.sub(r"//[^/@]*@", "//****@", value)  # never a password in a message
    return (
        f"{source.url_variable}='{short(shown, 60)}' cannot be used: {problem} "
        "(give http[s]://HOST[:PORT], such as http://127.0.0.1:8123)"
    )


def each(instruments, read):
    """{key: read(instrument)}, a Failure standing for the quote that could not be read:
    one odd value loses that one quote only."""
    results = {}
    for instrument in instruments:
        try:
            results[instrument.key] = read(instrument)
        except Failure as failure:
            results[instrument.key] = failure
    return results
