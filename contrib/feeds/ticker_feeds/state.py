"""The private state folder: each feed's validators (ETag, Last-Modified) and
headlines, remembered for conditional requests and for when a feed fails.
"""

import errno
import hashlib
import json
import os
import stat
import threading

from ticker_fetch.text import clean
from .core import MAX_ITEMS, STATE_MAX, TEXT_MAX
from .parse import Entry


# State: the remembered validators and headlines of each URL


def state_folder():
    """The private folder's path: TICKER_FEEDS_STATE_DIR, else
    $XDG_STATE_HOME/ticker-status/feeds, else ~/.local/state/ticker-status/feeds."""
    chosen = os.environ.get("TICKER_FEEDS_STATE_DIR")
    if chosen:
        return os.path.abspath(chosen), ()
    state_home = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state_home):
        state_home = os.path.join(os.path.expanduser("~"), ".local", "state")
    return state_home, ("ticker-status", "feeds")


class State:
    """The state folder, opened without following a symbolic link: 0700, the
    user's own. Files are written whole (a temporary file renamed over)."""

    def __init__(self, warn):
        self.fd = None
        self.lock = threading.Lock()
        root, names = state_folder()
        try:
            if not names:
                root, names = os.path.dirname(root), (os.path.basename(root),)
            os.makedirs(root, mode=0o700, exist_ok=True)
            fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
            for name in names:
                try:
                    os.mkdir(name, 0o700, dir_fd=fd)
                except FileExistsError:
                    pass
                try:
                    child = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
                finally:
                    os.close(fd)
                fd = child
            info = os.fstat(fd)
            if info.st_uid != os.getuid():
                os.close(fd)
                raise PermissionError("it belongs to another user")
            if stat.S_IMODE(info.st_mode) & 0o077:
                os.fchmod(fd, 0o700)
            self.fd = fd
        except OSError as error:
            path = os.path.join(root, *names)
            reason = error.strerror or str(error)
            if getattr(error, "errno", None) in (errno.ELOOP, errno.ENOTDIR):
                reason = "it is a symbolic link or not a folder"
            warn(f"not remembering feeds in {path}: {reason}")

    @staticmethod
    def name(url):
        return hashlib.sha256(url.encode("utf-8")).hexdigest()[:40] + ".json"

    def load(self, url):
        if self.fd is None:
            return None
        try:
            fd = os.open(self.name(url), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=self.fd)
        except OSError:
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_size > STATE_MAX:
                return None
            with os.fdopen(fd, "rb", closefd=False) as file:
                value = json.loads(file.read(STATE_MAX + 1).decode("utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        finally:
            os.close(fd)
        if not isinstance(value, dict) or value.get("url") != url:
            return None
        return value

    def save(self, url, value):
        if self.fd is None:
            return
        data = json.dumps(value, ensure_ascii=False).encode("utf-8")
        if len(data) > STATE_MAX:
            return
        name = self.name(url)
        temporary = f".{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            fd = os.open(
                temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600,
                dir_fd=self.fd,
            )
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except OSError:
            try:
                os.unlink(temporary, dir_fd=self.fd)
            except OSError:
                pass


def validator(value, limit):
    """An ETag or a Last-Modified date fit to send back: printable ASCII (no
    control character, no line break), at most `limit` characters; else None."""
    if isinstance(value, str) and 0 < len(value) <= limit and value.isascii() and value.isprintable():
        return value
    return None


def remembered_feed(value):
    """What a feed's state file remembers, each field checked (the file is the
    user's, but anything may have been left in it): {title, entries, etag,
    last_modified}. None when a field or an item is odd, when there is nothing
    to ask with, or no headline to print: the feed is then asked without a
    condition, fetched whole and remembered afresh."""
    if not isinstance(value, dict):
        return None
    items, title = value.get("items"), value.get("title", "")
    etag, modified = value.get("etag"), value.get("last_modified")
    if not isinstance(items, list) or not 0 < len(items) <= MAX_ITEMS or not isinstance(title, str):
        return None
    if (etag is not None and not validator(etag, 1023)) or (
        modified is not None and not validator(modified, 127)
    ):
        return None
    if etag is None and modified is None:
        return None
    entries = [Entry.from_state(item) for item in items]
    if any(entry is None for entry in entries):
        return None
    return {"title": clean(title, TEXT_MAX), "entries": entries, "etag": etag, "last_modified": modified}
