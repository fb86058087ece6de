"""What the width scripts share: the pinned inputs, their venv, and glibc's wcwidth.

Imported by gen-width-tables.py, width-oracle.py and the tmux scripts, which run from
this folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

UNICODEDATA2_PIN = "17.0.1"
WCWIDTH_PIN = "0.9.4"
GLIBC_VERSION = "2.36"


def ensure_dependencies(script: str) -> None:
    """Re-run this script in a venv holding the pinned packages, unless this one has them."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        if version("unicodedata2") == UNICODEDATA2_PIN and version("wcwidth") == WCWIDTH_PIN:
            return
    except PackageNotFoundError:
        pass
    if os.environ.get("TICKER_WIDTH_BOOTSTRAPPED"):
        sys.exit(f"need unicodedata2=={UNICODEDATA2_PIN} and wcwidth=={WCWIDTH_PIN}")
    venv = Path(os.environ.get("TICKER_WIDTH_VENV", "/tmp/ticker-width-venv"))
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet",
         f"unicodedata2=={UNICODEDATA2_PIN}", f"wcwidth=={WCWIDTH_PIN}"],
        check=True,
    )
    env = dict(os.environ, TICKER_WIDTH_BOOTSTRAPPED="1")
    os.execve(str(python), [str(python), script, *sys.argv[1:]], env)


def glibc_wcwidth():
    """Return glibc's `wcwidth` under C.UTF-8, after checking the glibc version."""
    import ctypes

    libc = ctypes.CDLL("libc.so.6")
    libc.gnu_get_libc_version.restype = ctypes.c_char_p
    version = libc.gnu_get_libc_version().decode()
    if version != GLIBC_VERSION:
        sys.exit(f"glibc is {version}, the width data is for glibc {GLIBC_VERSION}")
    libc.setlocale.restype = ctypes.c_char_p
    libc.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
    lc_ctype = 0  # LC_CTYPE in glibc's <locale.h>
    if libc.setlocale(lc_ctype, b"C.UTF-8") is None:
        sys.exit("setlocale(LC_CTYPE, \"C.UTF-8\") failed")
    libc.wcwidth.restype = ctypes.c_int
    libc.wcwidth.argtypes = [ctypes.c_int32]
    return libc.wcwidth


class SplitMix64:
    """A tiny PRNG whose output does not depend on the Python version."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFF_FFFF_FFFF_FFFF

    def next(self) -> int:
        self.state = (self.state + 0x9E37_79B9_7F4A_7C15) & 0xFFFF_FFFF_FFFF_FFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9) & 0xFFFF_FFFF_FFFF_FFFF
        z = ((z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB) & 0xFFFF_FFFF_FFFF_FFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def choice(self, items):
        return items[self.below(len(items))]
