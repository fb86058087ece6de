"""A tmux server whose status lines are read back through a second tmux.

Imported by tmux-width-oracle.py and tmux-status-check.py, which run from this folder.

The inner server (its own -L socket, a temporary config) has a session with five
status lines; the outer server (same binary, no status line) runs a client attached
to the inner session in a pane of the same size, and `capture-pane -p -N` on that pane
shows the inner status lines as drawn. Only the columns of ASCII text are read from a
capture, so the outer server's own idea of cell widths does not matter to the result.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from pathlib import Path

STATUS_LINES = 5


def tmux_version(binary: str) -> str:
    """What `tmux -V` prints, without the newline."""
    return subprocess.run([binary, "-V"], capture_output=True, text=True,
                          check=True).stdout.strip()


def clean_environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("TMUX", "TMUX_PANE", "LC_ALL", "LC_CTYPE", "NO_COLOR")}
    env["LANG"] = "C.UTF-8"
    env["TERM"] = "xterm-256color"
    return env


class StatusLines:
    """An inner tmux server drawn into an outer one; use as a context manager."""

    def __init__(self, binary: str, columns: int, config: str) -> None:
        self.binary = binary
        self.columns = columns
        self.rows = STATUS_LINES + 3
        tag = f"{os.getpid()}-{time.monotonic_ns() % 1_000_000}"
        self.inner = f"ticker-oracle-in-{tag}"
        self.outer = f"ticker-oracle-out-{tag}"
        self.scratch = Path(tempfile.mkdtemp(prefix="ticker-tmux-"))
        self.env = clean_environment()
        (self.scratch / "inner.conf").write_text(config)
        (self.scratch / "outer.conf").write_text("set -g status off\n")

    def __enter__(self) -> "StatusLines":
        try:
            return self._start()
        except BaseException:
            self.__exit__()
            raise

    def _start(self) -> "StatusLines":
        size = ["-x", str(self.columns), "-y", str(self.rows)]
        # The pane runs cat, not a login shell: nothing of the user's shell setup runs.
        self.run(self.inner, "-f", str(self.scratch / "inner.conf"), "new-session", "-d",
                 "-s", "in", *size, "cat")
        attach = f"{self.binary} -u -L {self.inner} attach -t in"
        self.run(self.outer, "-f", str(self.scratch / "outer.conf"), "new-session", "-d",
                 "-s", "out", *size, attach)
        deadline = time.monotonic() + 10
        while True:
            clients = self.run(self.inner, "list-clients", "-F", "#{client_name}").strip()
            if clients:
                self.client = clients.splitlines()[0]
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the inner client did not attach")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        for socket in (self.outer, self.inner):
            subprocess.run([self.binary, "-L", socket, "kill-server"], env=self.env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=10, check=False)
            folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
            for p in (folder / socket, folder / f"{socket}.lock"):
                try:
                    p.unlink()
                except FileNotFoundError:
                    pass
        for child in self.scratch.iterdir():
            child.unlink()
        self.scratch.rmdir()

    def run(self, socket: str, *args: str, timeout: float = 10) -> str:
        """Runs a tmux command; its output goes to a file, not a pipe, since a tmux
        that starts a server leaves the server holding its standard output."""
        out = self.scratch / "out"
        err = self.scratch / "err"
        with open(out, "wb") as o, open(err, "wb") as e:
            result = subprocess.run([self.binary, "-u", "-L", socket, *args], env=self.env,
                                    stdin=subprocess.DEVNULL, stdout=o, stderr=e,
                                    timeout=timeout, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"tmux {args}: {err.read_text(errors='replace').strip()}")
        return out.read_bytes().decode("utf-8", errors="surrogateescape")

    def inner_command(self, *args: str, timeout: float = 10) -> str:
        return self.run(self.inner, *args, timeout=timeout)

    def refresh(self) -> None:
        self.run(self.inner, "refresh-client", "-S", "-t", self.client)

    def status_lines(self) -> list[str]:
        """The inner status lines as the outer pane shows them, trailing spaces kept."""
        text = self.run(self.outer, "capture-pane", "-p", "-N", "-t", "out")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return lines[-STATUS_LINES:]

    def wait_for(self, tags: list[str], timeout: float = 15) -> list[str]:
        """Polls until every status line starts with its tag and two captures in a row
        agree; returns the lines."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            lines = self.status_lines()
            if len(lines) == len(tags) and all(
                    line.startswith(tag) for line, tag in zip(lines, tags)):
                if lines == last:
                    return lines
                last = lines
                continue
            last = None
            if time.monotonic() > deadline:
                raise TimeoutError(f"status lines never showed {tags}: {lines}")
            time.sleep(0.005)


def leading_marker_column(line: str, tag: str, marker: str) -> int | None:
    """The column of the first `marker` after `tag` and spaces, or None."""
    match = re.match(re.escape(tag) + r"( *)" + re.escape(marker), line)
    if match is None:
        return None
    return len(tag) + len(match.group(1))
