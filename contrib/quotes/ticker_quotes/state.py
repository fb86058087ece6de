"""The private state folder (back-offs and Yahoo's session, checked value by value
when read back; a file written whole, write_private(); a lock for two runs at once,
locked()) and the API keys (environment or a private key file).
"""

import contextlib
import fcntl
import json
import math
import os
import re
import secrets
import stat
import threading
import time

from .core import BACKOFF, Failure, MAX_COOKIES, MAX_COUNT, NEEDS_KEY, RATE_LIMITED
from .http import SECRETS, cookie_fits, crumb_fits, now, redact
from .sources import SOURCES
from .text import short


# State and keys


def private_folder(path):
    """Creates `path` (0700) if missing, then checks it: a real folder (not a symbolic
    link), this user's, that no one else may enter. The error in words, or None."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    except OSError as error:
        return error.strerror or str(error)
    try:
        status = os.lstat(path)
    except OSError as error:
        return error.strerror or str(error)
    if stat.S_ISLNK(status.st_mode):
        return "it is a symbolic link"
    if not stat.S_ISDIR(status.st_mode):
        return "it is not a folder"
    if status.st_uid != os.getuid():
        return "it belongs to another user"
    if status.st_mode & 0o077:
        return "others may use it (want mode 0700)"
    return None


def state_folder():
    """The state folder's path and why it cannot be used (None when it can)."""
    override = os.environ.get("TICKER_QUOTES_STATE_DIR")
    if override:
        return override, private_folder(override)
    base = os.environ.get("XDG_STATE_HOME", "")
    if not base.startswith("/"):
        home = os.path.expanduser("~")
        if not home.startswith("/") or home == "/":
            return None, "there is no home folder"
        base = os.path.join(home, ".local", "state")
    try:
        os.makedirs(base, 0o700, exist_ok=True)
    except OSError as error:
        return base, error.strerror or str(error)
    path = os.path.join(base, "ticker-status")
    return path, private_folder(path)


def read_private(path, limit):
    """The bytes of a regular file this user owns, opened without following a symbolic
    link; (None, reason) when it must not be used, (None, None) when missing."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        return None, None
    except OSError as error:
        if error.errno == 40:  # ELOOP
            return None, "it is a symbolic link"
        return None, error.strerror or str(error)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            return None, "it is not a regular file"
        if status.st_uid != os.getuid():
            return None, "it belongs to another user"
        if status.st_mode & 0o077:
            return None, "others may read it (want mode 600)"
        if status.st_size > limit:
            return None, "it is too large"
        return os.read(fd, limit + 1), None
    finally:
        os.close(fd)


# What the state file may hold. Each value read back is checked (its type, that it is
# finite, its range) as an answer of a source is: the file is the user's, but a bug,
# an editor or another version may have left anything in it, and one odd value must
# not end every run with a traceback (until 1e300 was an OverflowError). An entry with
# an odd value starts again, as a damaged file does.
MAX_WAIT = 25 * 3600  # the longest back-off (a day) and an hour of clock drift
SESSION_NAMES = ("yahoo",)
def seconds_in(value, low, high):
    """A JSON number (not true or false) as a float, when finite and within
    [low, high]; else None. Huge integers (10**400) are out of range, not an error."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        value = float(value)
    except OverflowError:
        return None
    return value if math.isfinite(value) and low <= value <= high else None


def checked_backoff(value, moment):
    """A source's back-off as read back, {kind, detail, since, until, count}, every
    field checked; None when one is odd (the source is then asked afresh)."""
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        return None
    if value["kind"] not in BACKOFF:
        return None
    until = seconds_in(value.get("until"), 0, moment + MAX_WAIT)
    since = seconds_in(value.get("since", until), 0, until or 0)
    count = value.get("count", 1)
    detail = value.get("detail", "")
    if until is None or since is None or not isinstance(detail, str):
        return None
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        return None
    return {
        "kind": value["kind"],
        "detail": short(detail, 200),
        "since": since,
        "until": until,
        "count": count,
    }


def checked_session(value, moment):
    """A saved session as read back, {cookies, crumb, time}, every field checked;
    None when one is odd (a fresh session is then asked for)."""
    if not isinstance(value, dict):
        return None
    cookies, crumb = value.get("cookies"), value.get("crumb")
    when = seconds_in(value.get("time"), 0, moment + 3600)
    if when is None or not crumb_fits(crumb) or not isinstance(cookies, dict):
        return None
    if len(cookies) > MAX_COOKIES or not all(cookie_fits(n, v) for n, v in cookies.items()):
        return None
    return {"cookies": dict(cookies), "crumb": crumb, "time": when}


def checked_state(data, moment):
    """The state file's document with only what checks out: each source's back-off
    and each session on its own, so that one odd value loses that entry only."""
    if not isinstance(data, dict):
        return {"sources": {}, "sessions": {}}
    names = set(SOURCES) | {"yahoo.v7"}
    sources = data.get("sources") if isinstance(data.get("sources"), dict) else {}
    sessions = data.get("sessions") if isinstance(data.get("sessions"), dict) else {}
    checked = {"sources": {}, "sessions": {}}
    for name, value in sources.items():
        entry = checked_backoff(value, moment) if name in names else None
        if entry is not None:
            checked["sources"][name] = entry
    for name, value in sessions.items():
        session = checked_session(value, moment) if name in SESSION_NAMES else None
        if session is not None:
            checked["sessions"][name] = session
    return checked


class State:
    """What ticker-quotes remembers between runs: each source's back-off, and Yahoo's
    cookie and crumb. One JSON file in the state folder, written atomically."""

    FILE = "quotes.json"

    def __init__(self, warn):
        self.lock = threading.Lock()  # --check asks the sources at the same time
        self.data = {"sources": {}, "sessions": {}}
        self.changed = False
        self.folder, problem = state_folder()
        if problem:
            warn(
                "not remembering failed sources or recent prices: cannot use the state folder "
                f"'{self.folder}': {problem}"
            )
            self.folder = None
            return
        raw, problem = read_private(os.path.join(self.folder, self.FILE), 256 << 10)
        if problem:
            warn(f"not using '{os.path.join(self.folder, self.FILE)}': {problem}")
            return
        if raw:
            try:
                data = json.loads(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError, RecursionError):
                data = None  # a damaged file: start again
            self.data = checked_state(data, now())
            self.changed = self.data != data  # what did not check out, written away

    def backoff(self, name):
        """The source's back-off while it lasts (an entry checked when read), else None."""
        entry = self.data["sources"].get(name)
        if entry is None or entry["until"] <= now():
            return None
        return entry

    def failed(self, name, failure):
        if failure.kind not in BACKOFF:
            return
        with self.lock:
            self.record(name, failure)

    def record(self, name, failure):
        entry = self.data["sources"].get(name)
        count = 1
        # Failing again soon after the last wait: wait longer; long after: afresh.
        if entry is not None and now() - entry["until"] < 24 * 3600:
            count = min(entry["count"] + 1, MAX_COUNT)
        first, cap = BACKOFF[failure.kind]
        wait = min(first * 2 ** min(count - 1, 20), cap)
        if failure.kind == RATE_LIMITED and failure.retry_after is not None:
            wait = min(max(failure.retry_after, 1), 24 * 3600)
        self.data["sources"][name] = {
            "kind": failure.kind,
            "detail": short(redact(failure.detail), 200),
            "since": now(),
            "until": now() + wait,
            "count": count,
        }
        self.changed = True

    def worked(self, name):
        with self.lock:
            if name not in self.data["sources"]:
                return
            del self.data["sources"][name]
            self.changed = True

    def session(self, name):
        """The source's saved session ({cookies, crumb, time}, checked), or None."""
        return self.data["sessions"].get(name)

    def keep_session(self, name, value):
        if value is None:
            self.data["sessions"].pop(name, None)
        else:
            self.data["sessions"][name] = value
        self.changed = True

    def save(self, warn):
        if not self.changed or not self.folder:
            return
        text = json.dumps(self.data, indent=1, sort_keys=True)
        try:
            write_private(self.folder, self.FILE, text.encode("utf-8"))
        except OSError as error:
            path = os.path.join(self.folder, self.FILE)
            warn(f"could not save '{path}': {error.strerror or error}")


def write_private(folder, name, data):
    """Puts `data` in the file `name` of the state folder whole or not at all: a new
    file (mode 0600, its name never a symbolic link followed) renamed over the old, so
    that a reader, or a run that stops half way, never sees half a file. OSError when
    it cannot; the new file is then removed."""
    path = os.path.join(folder, name)
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        fd = os.open(
            temporary,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
            0o600,
        )
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


@contextlib.contextmanager
def locked(folder, name, wait):
    """Holds the lock file `name` of the state folder (an exclusive flock) while the
    block runs, so that two runs at once (two tickers) read, change and write a file
    one after the other and neither loses what the other wrote. Waits at most `wait`
    seconds; a lock not had by then (a run stopped while holding it), a lock file that
    is not this user's regular file, or no folder: the block runs without it, and
    gives False. A write is atomic either way; without the lock one of two runs'
    changes may be lost, never the file."""
    fd = None
    if folder:
        try:
            fd = os.open(
                os.path.join(folder, name),
                os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK,
                0o600,
            )
            status = os.fstat(fd)
            if not stat.S_ISREG(status.st_mode) or status.st_uid != os.getuid():
                os.close(fd)
                fd = None
        except OSError:
            fd = None
    held = False
    if fd is not None:
        deadline = time.monotonic() + max(wait, 0)
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
                break
            except OSError:
                if time.monotonic() >= deadline:
                    break
                time.sleep(0.01)
    try:
        yield held
    finally:
        if fd is not None:
            os.close(fd)  # and with it the lock


def key_folder():
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not base.startswith("/"):
        base = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "ticker-status", "keys")


def read_key(source):
    """The source's key: from $TICKER_QUOTES_<NAME>_KEY, else from a file only the user
    may read. None when there is none; Failure(NEEDS_KEY) when it cannot be used."""
    variable = source.key_env
    value = os.environ.get(variable)
    where = f"${variable}"
    if value is None:
        path = os.path.join(key_folder(), source.name)
        raw, problem = read_private(path, 4096)
        if problem:
            raise Failure(NEEDS_KEY, f"the key file {path} is not used: {problem}")
        if raw is None:
            return None
        value = raw.decode("utf-8", errors="replace")
        where = path
    value = value.strip()
    if not value:
        return None
    if len(value) > 256 or not re.fullmatch(r"[!-~]+", value):
        raise Failure(NEEDS_KEY, f"{where} does not hold a key (spaces or odd characters)")
    SECRETS.append(value)
    return value
