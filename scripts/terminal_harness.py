"""Real terminals under a private X display or a headless sway, each running a probe.

Imported by terminal-width-oracle.py, which runs from this folder. Needs only the
standard library; the probe and the VTE host are written out as files and run by
/usr/bin/python3 (the VTE host needs its python3-gi, gir1.2-vte-2.91, gir1.2-gtk-3.0).

A `Session` owns a scratch folder (a private HOME, XDG folders and runtime folder,
the probe's input and output) and every process started for it: each is started in a
process group of its own with TICKER_ORACLE_RUN=<token> in its environment, and at the
end (or on an exception or signal) each group, each descendant found in /proc, and
then any process still carrying the token, is sent SIGTERM and then SIGKILL; the
scratch folder is removed. X terminals run as the caller under their own Xvfb
(-displayfd picks a free display, -nolisten tcp); foot runs under a headless sway
(pixman, no input devices), both as the user nobody when the caller is root.

The probe puts its terminal in raw mode, asks for XTVERSION and the window size, and
then for each sample writes CR, EL (erase line), "L" and the sample, asks for the
cursor position (DSR 6) and records the column of the reply less 2 (the column after
the "L"); no reply within the timeout, or a reply on another row (the line wrapped),
records None. In frames mode it runs each command given, and draws what it printed
(the trailing newline dropped) after the "L" in the same way. Results go to a file,
one JSON value a line, renamed into place when the probe is done.
"""

from __future__ import annotations

import grp
import json
import os
import pwd
import secrets
import select
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

SYSTEM_PYTHON = "/usr/bin/python3"
X_SCREEN = "3000x400x24"
SWAY_OUTPUT = "3000x300"
COLUMNS = 200
ROWS = 8

PROBE = r'''
import json, os, re, select, subprocess, sys, termios, time, tty, fcntl, struct

job = json.load(open(sys.argv[1], encoding="utf-8"))
out_path = sys.argv[2]
timeout = job.get("timeout", 2.0)
try:
    fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
except OSError:
    fd = 0
saved = termios.tcgetattr(fd)
tty.setraw(fd)
buf = b""
CPR = re.compile(rb"\x1b\[(\d+);(\d+)R")
DA1 = re.compile(rb"\x1b\[\?[0-9;]*c")
XTVERSION = re.compile(rb"\x1bP>\|(.*?)\x1b\\", re.S)


def write(data):
    while data:
        data = data[os.write(fd, data):]


def fill(deadline):
    global buf
    left = deadline - time.monotonic()
    if left <= 0:
        return False
    ready, _, _ = select.select([fd], [], [], left)
    if not ready:
        return False
    chunk = os.read(fd, 4096)
    if not chunk:
        return False
    buf += chunk
    return True


def wait_for(pattern, seconds):
    global buf
    deadline = time.monotonic() + seconds
    while True:
        match = pattern.search(buf)
        if match:
            return match
        if not fill(deadline):
            return None


def drain():
    global buf
    buf = b""
    while select.select([fd], [], [], 0)[0]:
        if not os.read(fd, 4096):
            break


def position():
    global buf
    match = wait_for(CPR, timeout)
    if match is None:
        return None
    buf = buf[match.end():]
    return int(match.group(1)), int(match.group(2))


out = open(out_path + ".part", "w", encoding="utf-8")
try:
    write(b"\x1b[2J\x1b[H\x1b[>0q\x1b[c")
    da = wait_for(DA1, 5)
    version = XTVERSION.search(buf[:da.end()] if da else buf)
    rows, columns = struct.unpack("hhhh", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))[:2]
    drain()
    write(b"\r\x1b[2K\x1b[6n")
    home = position()
    out.write(json.dumps({
        "columns": columns, "rows": rows, "TERM": os.environ.get("TERM"),
        "xtversion": version.group(1).decode("utf-8", "replace") if version else None,
        "home": home}) + "\n")
    out.flush()
    row = home[0] if home else 1
    items = job["samples"] if job["mode"] == "widths" else job["commands"]
    for index, item in enumerate(items):
        extra = None
        if job["mode"] == "widths":
            text = item.encode("utf-8")
        else:
            try:
                done = subprocess.run(item, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, timeout=20)
                text = done.stdout[:-1] if done.stdout.endswith(b"\n") else done.stdout
                extra = text.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                text, extra = b"", None
        drain()
        write(b"\r\x1b[2K" + b"L" + text + b"\x1b[0m\x1b[6n")
        reply = position()
        if reply is None:
            cells = None
            write(b"\x1b[2J\x1b[H")
            time.sleep(timeout)
        elif reply[0] != row:
            cells = None
            write(b"\x1b[2J\x1b[H\x1b[6n")
            again = position()
            row = again[0] if again else 1
        else:
            cells = reply[1] - 2
        out.write(json.dumps([index, cells, extra] if extra is not None else [index, cells])
                  + "\n")
        out.flush()
    write(b"\r\x1b[2K")
finally:
    out.close()
    termios.tcsetattr(fd, termios.TCSAFLUSH, saved)
os.rename(out_path + ".part", out_path)
'''

VTE_HOST = r'''
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Vte", "2.91")
from gi.repository import GLib, Gtk, Vte

columns, rows, argv = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
window = Gtk.Window(title="ticker-oracle")
terminal = Vte.Terminal()
terminal.set_size(columns, rows)
window.add(terminal)
terminal.connect("child-exited", lambda *_: Gtk.main_quit())
window.connect("destroy", Gtk.main_quit)
window.show_all()
terminal.spawn_async(Vte.PtyFlags.DEFAULT, None, argv, None, GLib.SpawnFlags.DEFAULT,
                     None, None, -1, None, None, None)
Gtk.main()
'''


def unprivileged() -> tuple[int, int] | None:
    """nobody's uid and nogroup's gid when we are root, else None (run as ourselves)."""
    if os.getuid() != 0:
        return None
    return pwd.getpwnam("nobody").pw_uid, grp.getgrnam("nogroup").gr_gid


def as_user(argv: list[str], user: tuple[int, int] | None) -> list[str]:
    if user is None:
        return argv
    return ["setpriv", f"--reuid={user[0]}", f"--regid={user[1]}", "--clear-groups", *argv]


def _parents() -> dict[int, int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        parents[int(entry)] = int(fields[1])
    return parents


def descendants(pid: int) -> list[int]:
    """Every process below pid (children, their children, ...), from /proc."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found, frontier = [], [pid]
    while frontier:
        for child in children.get(frontier.pop(), []):
            found.append(child)
            frontier.append(child)
    return found


def _signal(pids, sig) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return state[state.rindex(")") + 2] != "Z"


class Session:
    """A scratch folder and the processes started for it; use as a context manager."""

    def __init__(self) -> None:
        self.token = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.scratch = Path(tempfile.mkdtemp(prefix="ticker-terminals-"))
        self.scratch.chmod(0o755)  # nobody passes through to its own folders
        self.processes: list[subprocess.Popen] = []
        self.user = unprivileged()
        self.home = self.folder("home")

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def folder(self, name: str, owner: tuple[int, int] | None = None, mode=0o700) -> Path:
        path = self.scratch / name
        path.mkdir(mode=mode)
        path.chmod(mode)
        if owner is not None:
            os.chown(path, *owner)
        for sub in (".config", ".cache", ".local"):
            (path / sub).mkdir(mode=0o700)
            if owner is not None:
                os.chown(path / sub, *owner)
        return path

    def environment(self, home: Path | None = None, **extra: str) -> dict[str, str]:
        """Nothing of ours but PATH: a home and runtime folder of its own, UTF-8, no
        session bus (so that nothing autolaunches one), no accessibility bus."""
        home = home or self.home
        env = {
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache"),
            "XDG_DATA_HOME": str(home / ".local"), "XDG_RUNTIME_DIR": str(home),
            "DBUS_SESSION_BUS_ADDRESS": "disabled:", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
            "LIBGL_ALWAYS_SOFTWARE": "1", "TICKER_ORACLE_RUN": self.token,
        }
        env.update(extra)
        return env

    def spawn(self, argv: list[str], env: dict[str, str], log: str,
              pass_fds: tuple[int, ...] = ()) -> subprocess.Popen:
        with open(self.scratch / log, "ab") as out:
            proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True,
                                    pass_fds=pass_fds, cwd=self.scratch)
        self.processes.append(proc)
        return proc

    def log(self, name: str) -> str:
        try:
            return (self.scratch / name).read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self, proc: subprocess.Popen) -> None:
        """Ends proc, its process group and everything below it."""
        if proc not in self.processes:
            return
        self.processes.remove(proc)
        below = descendants(proc.pid)
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
            _signal([proc.pid, *below], sig)
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                if proc.poll() is not None and not any(_alive(p) for p in below):
                    break
                time.sleep(0.05)
            else:
                continue
            break
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def marked(self) -> list[int]:
        """Processes whose environment carries this session's token."""
        mark = f"TICKER_ORACLE_RUN={self.token}".encode() + b"\0"
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                if mark in Path(f"/proc/{entry}/environ").read_bytes():
                    found.append(int(entry))
            except OSError:
                pass
        return [pid for pid in found if _alive(pid)]

    def sweep(self) -> list[int]:
        """Kills whatever still carries the token; returns what it found."""
        left = self.marked()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if not left:
                break
            _signal(left, sig)
            time.sleep(1)
            left = self.marked()
        return left

    def close(self) -> None:
        for proc in reversed(list(self.processes)):
            self.stop(proc)
        self.stray = self.sweep()
        shutil.rmtree(self.scratch, ignore_errors=True)


@dataclass
class Terminal:
    name: str
    packages: list[str]
    version_command: list[str]
    command: Callable[[list[str]], list[str]]  # the terminal's argv running argv
    font: str
    wayland: bool = False
    version_env: dict[str, str] = field(default_factory=dict)


def terminals(session: Session) -> dict[str, Terminal]:
    """The terminals by fixture name (writes the VTE host into the session's folder)."""
    vte_host = session.scratch / "vte-host.py"
    vte_host.write_text(VTE_HOST)
    vte_host.chmod(0o644)
    size = f"{COLUMNS}x{ROWS}"
    return {t.name: t for t in [
        Terminal("xterm", ["xterm"], ["xterm", "-version"],
                 lambda argv: ["xterm", "-u8", "-geometry", f"{size}+0+0", "+sb", "-e", *argv],
                 "none passed: xterm's default core font 'fixed'"),
        Terminal("urxvt", ["rxvt-unicode"], ["urxvt", "-help"],
                 lambda argv: ["urxvt", "-geometry", f"{size}+0+0", "+sb", "-e", *argv],
                 "none passed: urxvt's default"),
        Terminal("st", ["stterm"], ["stterm", "-v"],
                 lambda argv: ["stterm", "-g", f"{size}+0+0", "-e", *argv],
                 "none passed: st's default 'Liberation Mono:pixelsize=12', which fontconfig substitutes"),
        Terminal("vte", ["libvte-2.91-0", "gir1.2-vte-2.91"],
                 [SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Vte', '2.91');"
                  " from gi.repository import Vte; print('VTE %d.%d.%d' % ("
                  "Vte.get_major_version(), Vte.get_minor_version(), Vte.get_micro_version()))"],
                 lambda argv: [SYSTEM_PYTHON, str(vte_host), str(COLUMNS), str(ROWS), *argv],
                 "none passed: VTE's default 'Monospace 10'"),
        Terminal("alacritty", ["alacritty"], ["alacritty", "--version"],
                 lambda argv: ["alacritty", "-o", f"window.dimensions.columns={COLUMNS}",
                               "-o", f"window.dimensions.lines={ROWS}", "-e", *argv],
                 "none passed: alacritty's default 'monospace' 11.25"),
        Terminal("foot", ["foot"], ["foot", "--version"],
                 lambda argv: ["foot", "--app-id=ticker-oracle",
                               f"--window-size-chars={size}", *argv],
                 "none passed: foot's default 'monospace:size=8'", wayland=True),
        Terminal("konsole", ["konsole"], ["konsole", "--version"],
                 lambda argv: ["konsole", "--separate", "--hide-menubar", "--hide-tabbar",
                               "--notransparency", "-p", f"TerminalColumns={COLUMNS}",
                               "-p", f"TerminalRows={ROWS}", "-e", *argv],
                 "none passed: konsole's built-in profile font (Qt's fixed font)", version_env={"QT_QPA_PLATFORM": "offscreen"}),
        Terminal("kitty", ["kitty"], ["kitty", "--version"],
                 lambda argv: ["kitty", "--config", "NONE", "-o", "update_check_interval=0",
                               "-o", f"initial_window_width={COLUMNS}c",
                               "-o", f"initial_window_height={ROWS}c",
                               "-o", "remember_window_size=no", *argv],
                 "none passed: kitty's default 'monospace' 11"),
    ]}


def package_version(package: str) -> str | None:
    done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                          capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def terminal_version(session: Session, terminal: Terminal) -> str:
    """What the terminal says of its version (first line), and its Debian packages."""
    try:
        done = subprocess.run(terminal.version_command, capture_output=True, text=True,
                              timeout=20, check=False,
                              env=session.environment(**terminal.version_env))
        said = [line.strip() for line in (done.stdout + done.stderr).splitlines()
                if line.strip() and "QStandardPaths" not in line]
        said = said[0] if said else "?"
    except (OSError, subprocess.TimeoutExpired):
        said = "?"
    packages = ", ".join(f"{p} {package_version(p)}" for p in terminal.packages)
    return f"{said} (Debian {packages})"


class Display:
    """Xvfb on a display it picks itself; `env` for its clients."""

    def __init__(self, session: Session, screen: str = X_SCREEN) -> None:
        read, write = os.pipe()
        try:
            self.proc = session.spawn(["Xvfb", "-displayfd", str(write), "-screen", "0", screen,
                                       "-nolisten", "tcp", "-noreset"],
                                      session.environment(), "xvfb.log", pass_fds=(write,))
        finally:
            os.close(write)
        number = b""
        deadline = time.monotonic() + 15
        while not number.endswith(b"\n"):
            if not select.select([read], [], [], max(0, deadline - time.monotonic()))[0]:
                os.close(read)
                raise RuntimeError(f"Xvfb did not start: {session.log('xvfb.log')}")
            chunk = os.read(read, 16)
            if not chunk:
                os.close(read)
                raise RuntimeError(f"Xvfb did not start: {session.log('xvfb.log')}")
            number += chunk
        os.close(read)
        self.display = ":" + number.decode().strip()


class Sway:
    """A headless sway (pixman, no input devices) as nobody when we are root."""

    def __init__(self, session: Session) -> None:
        owner = session.user
        self.home = session.folder("sway-home", owner)
        config = session.scratch / "sway.conf"
        config.write_text(f"xwayland disable\noutput HEADLESS-1 resolution {SWAY_OUTPUT}\n"
                          "default_border none\n"
                          'for_window [app_id="^ticker-oracle$"] floating enable\n')
        config.chmod(0o644)
        env = session.environment(self.home, WLR_BACKENDS="headless",
                                  WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
        self.proc = session.spawn(as_user(["sway", "-c", str(config)], owner), env,
                                  "sway.log")
        deadline = time.monotonic() + 20
        while True:
            names = os.listdir(self.home)
            wayland = [n for n in names if n.startswith("wayland-") and not n.endswith(".lock")]
            if wayland:
                self.wayland = wayland[0]
                break
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"sway did not start: {session.log('sway.log')}")
            time.sleep(0.05)


def run_probe(session: Session, terminal: Terminal, job: dict,
              timeout: float) -> tuple[dict, list]:
    """Runs the probe with `job` in a new terminal; returns its header and results."""
    owner = session.user if terminal.wayland else None
    work = session.folder(f"probe-{terminal.name}-{job['mode']}", owner, 0o755)
    probe = work / "probe.py"
    probe.write_text(PROBE)
    probe.chmod(0o644)
    (work / "job.json").write_text(json.dumps(job, ensure_ascii=False))
    (work / "job.json").chmod(0o644)
    result = work / "result.jsonl"
    argv = terminal.command([SYSTEM_PYTHON, str(probe), str(work / "job.json"), str(result)])
    started = []
    try:
        if terminal.wayland:
            sway = Sway(session)
            started.append(sway.proc)
            env = session.environment(sway.home, WAYLAND_DISPLAY=sway.wayland)
            argv = as_user(argv, owner)
        else:
            display = Display(session)
            started.append(display.proc)
            env = session.environment(DISPLAY=display.display)
        log = f"{terminal.name}-{job['mode']}.log"
        proc = session.spawn(argv, env, log)
        started.append(proc)
        deadline = time.monotonic() + timeout
        while not result.exists():
            if proc.poll() is not None:
                time.sleep(0.5)  # the terminal may exit just before the rename shows
                if result.exists():
                    break
                raise RuntimeError(f"{terminal.name} exited ({proc.returncode}) before the"
                                   f" probe finished: {session.log(log)[-2000:]}")
            if time.monotonic() > deadline:
                part = Path(str(result) + ".part")
                done = len(part.read_text().splitlines()) if part.exists() else 0
                raise TimeoutError(f"{terminal.name}: the probe did not finish in {timeout:.0f} s"
                                   f" ({done} lines): {session.log(log)[-2000:]}")
            time.sleep(0.1)
        lines = [json.loads(line) for line in result.read_text(encoding="utf-8").splitlines()]
        return lines[0], lines[1:]
    finally:
        for proc in reversed(started):
            session.stop(proc)
        shutil.rmtree(work, ignore_errors=True)
